package search

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// emitted runs a definition's script on a document and returns what it
// emitted (a geo point as [lat, lon]).
func (ds *derivedState) emitted(d *mapping.DerivedField, slot int32) ([]any, *apierr.Error) {
	if d.Script == nil {
		return nil, apierr.IllegalArgument("script must not be null for derived field [%s]", d.Name)
	}
	if ds.c.m.SourceEnabled != nil && !*ds.c.m.SourceEnabled {
		return nil, apierr.IllegalArgument("DerivedFieldQuery error: unable to fetch fields from _source field: _source is disabled in the mappings for index [%s]", ds.c.idx.Name)
	}
	ss, err := ds.script(d)
	if err != nil {
		return nil, err
	}
	var out []any
	size := 0
	ss.opts.Emit = func(args []any) *painless.Thrown {
		if len(args) == 2 {
			out = append(out, [2]float64{args[0].(float64), args[1].(float64)})
			size += 16
		} else {
			n, ok := emitSize(args[0])
			if !ok {
				return &painless.Thrown{Class: "IllegalArgumentException", Msg: fmt.Sprintf("Unsupported object type passed in emit() - %v", args[0])}
			}
			out = append(out, args[0])
			size += n
		}
		if size > maxEmitBytes {
			return &painless.Thrown{Class: "IllegalStateException", Msg: "Exceeded maximum allowed byte size for emitted values"}
		}
		return nil
	}
	// the script reads the stored source even where the overlay is in place
	saved := ds.c.r
	ds.c.r = ds.base
	_, rerr := ss.run(slot, 0)
	ds.c.r = saved
	if rerr != nil {
		return nil, rerr
	}
	return out, nil
}

// emitSize is the size DerivedFieldScript counts for an emitted value; ok is
// false for a type emit does not take.
func emitSize(v any) (int, bool) {
	switch x := v.(type) {
	case string:
		return len(x), true
	case int32, float32:
		return 4, true
	case int64, float64:
		return 8, true
	case bool:
		return 1, true
	case nil:
		return 0, true
	}
	return 0, false
}

// script compiles a definition's script for this shard (cached by the
// REST layer's script cache).
func (ds *derivedState) script(d *mapping.DerivedField) (*searchScript, *apierr.Error) {
	ds.mu.Lock()
	ss, ok := ds.scripts[d]
	ds.mu.Unlock()
	if ok {
		return ss, nil
	}
	s := &dsl.Script{Source: d.Script.Source, ID: d.Script.ID, Lang: d.Script.Lang}
	if len(d.Script.Params) > 0 {
		b, _ := jsonout.Marshal(d.Script.Params)
		v, err := xcontent.Parse(b)
		if err != nil {
			return nil, apierr.IllegalArgument("%s", err.Error())
		}
		s.Params = v
	}
	if len(d.Script.Options) > 0 {
		s.Options = map[string]string{}
		for _, o := range d.Script.Options {
			s.Options[o.Key] = fmt.Sprint(o.Value)
		}
	}
	ss, err := ds.c.compileScript(s, derivedContext)
	if err != nil {
		return nil, err
	}
	ds.mu.Lock()
	if ds.scripts == nil {
		ds.scripts = map[*mapping.DerivedField]*searchScript{}
	}
	ds.scripts[d] = ss
	ds.mu.Unlock()
	return ss, nil
}

// objectValues extracts a sub-field from the JSON objects an object derived
// field emitted (malformed JSON fails unless ignore_malformed).
func objectValues(d *mapping.DerivedField, sub string, emitted []any) ([]any, *apierr.Error) {
	var out []any
	for _, e := range emitted {
		if e == nil {
			continue
		}
		s, ok := e.(string)
		if !ok {
			return nil, apierr.New("class_cast_exception", fmt.Sprintf("class %s cannot be cast to class java.lang.String", javaClass(e)))
		}
		obj, err := decodeLeadingObject(s)
		if err != nil {
			if d.IgnoreMalformed {
				continue
			}
			return nil, apierr.New(apierr.TypeParse, "Failed to parse content to map").WithCause(apierr.New("json_parse_exception", err.Error()))
		}
		v := nestedValue(obj, sub)
		if l, ok := v.([]any); ok {
			out = append(out, l...)
		} else if v != nil {
			out = append(out, v)
		}
	}
	return out, nil
}

// decodeLeadingObject reads the JSON object a string starts with; what
// follows it is ignored, as a parser reading one object leaves it.
func decodeLeadingObject(s string) (jsonout.Object, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return nil, err
	}
	v, err := jsonout.Decode(raw)
	if err != nil {
		return nil, err
	}
	o, ok := v.(jsonout.Object)
	if !ok {
		return nil, fmt.Errorf("not an object")
	}
	return o, nil
}

// nestedValue follows a dotted path through objects.
func nestedValue(o jsonout.Object, path string) any {
	parts := strings.Split(path, ".")
	for _, p := range parts[:len(parts)-1] {
		next, ok := o.Get(p)
		if !ok {
			return nil
		}
		if o, ok = next.(jsonout.Object); !ok {
			return nil
		}
	}
	v, _ := o.Get(parts[len(parts)-1])
	return v
}
