package search

import (
	"encoding/json"
	"fmt"
	"math"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Derived fields (OpenSearch 2.15+) are computed at search time by a
// Painless script that emits values from the document's _source. A shard's
// search sees the index mapping's definitions and the request's (which win)
// through its mapping (WithSearchFields) and indexes the values of the ones
// it reads into a reader overlay, the fake's counterpart of the memory
// index DerivedFieldQuery builds per document: queries and aggregations
// then run on them as on any field. Sorts, docvalue_fields and doc[...] in
// scripts read the field's (absent) doc values, as OpenSearch does.

// derivedContext is DerivedFieldScript's context: params (with _source) and doc.
var derivedContext = scriptContext{"derived_field", []string{"doc"}, ""}

// maxEmitBytes bounds what one document's script may emit (1 MB).
const maxEmitBytes = 1024 * 1024

// inferenceSample is how many documents type inference reads at most.
const inferenceSample = 100

// derivedState is one shard search's derived fields.
type derivedState struct {
	c      *shardCtx
	base   *shard.Reader // the reader without the overlay
	defs   map[string]*mapping.DerivedField
	mu     sync.Mutex
	fields map[string]*mapping.Field // resolved paths (nil: not a derived field)
	// scripts are the definitions' scripts compiled for the shard.
	scripts map[*mapping.DerivedField]*searchScript
	// err is the first failure while computing values: it fails the shard.
	err *apierr.Error
}

// prepareDerived sets up the derived fields of each shard that has some:
// its reader becomes one with the overlay (readers is updated), and the
// returned context (nil for a shard without derived fields) carries the
// mapping and the state the shard's search context takes over. The state
// runs its scripts through that context.
func prepareDerived(req *Request, readers []*shard.Reader, lookups map[*dsl.Terms][]xcontent.Value, warnings *[]string) []*shardCtx {
	out := make([]*shardCtx, len(readers))
	for i, r := range readers {
		t := req.Targets[i]
		c := &shardCtx{lookups: lookups, r: r, idx: t.Index, m: t.Index.Mapping(), sim: req.Similarity, now: req.Now, shard: t.Shard,
			scripts: req.Scripts, warnings: warnings}
		c.setupDerived(req.Derived)
		if c.derived != nil {
			readers[i] = c.r
			out[i] = c
		}
	}
	return out
}

// setupDerived makes the index mapping's and the request's derived fields
// visible to the shard's search.
func (c *shardCtx) setupDerived(request map[string]*mapping.DerivedField) {
	defs := c.m.Derived
	if len(request) > 0 {
		merged := make(map[string]*mapping.DerivedField, len(defs)+len(request))
		for n, d := range defs {
			merged[n] = d
		}
		for n, d := range request {
			merged[n] = d
		}
		defs = merged
	}
	if len(defs) == 0 {
		return
	}
	ds := &derivedState{c: c, base: c.r, defs: defs, fields: map[string]*mapping.Field{}}
	c.derived = ds
	c.m = c.m.WithSearchFields(ds.lookup)
	c.r = c.r.WithOverlay(&shard.Overlay{Build: ds.build})
}

// fail records the first failure of the shard's derived values.
func (ds *derivedState) fail(e *apierr.Error) {
	if ds.err == nil {
		ds.err = e
	}
}

// lookup resolves a path to a derived field as DerivedFieldResolver does: a
// definition by name, else a sub-field of an object definition, typed by
// its properties or inferred from the first value the documents hold.
func (ds *derivedState) lookup(path string) *mapping.Field {
	ds.mu.Lock()
	f, done := ds.fields[path]
	ds.mu.Unlock()
	if done {
		return f
	}
	f = ds.resolve(path)
	ds.mu.Lock()
	ds.fields[path] = f
	ds.mu.Unlock()
	return f
}

func (ds *derivedState) resolve(path string) *mapping.Field {
	if d, ok := ds.defs[path]; ok {
		if d.Type == mapping.TypeObject {
			// queries on the object itself reach a keyword that is not indexed
			return &mapping.Field{Name: path, Path: path, Type: mapping.TypeKeyword, Params: map[string]any{"index": false, "doc_values": false}, Derived: d}
		}
		return ds.field(path, d.Type, d)
	}
	parent, sub, ok := strings.Cut(path, ".")
	d, found := ds.defs[parent]
	if !ok || !found || d.Type != mapping.TypeObject {
		return nil
	}
	typ := d.PropertyType(sub)
	if typ == "" {
		typ = ds.infer(d, sub)
	}
	if typ == "" || !mapping.DerivedTypes[typ] || typ == mapping.TypeObject {
		return nil
	}
	return ds.field(path, typ, d)
}

// field is the mapped field a derived path reads as.
func (ds *derivedState) field(path, typ string, d *mapping.DerivedField) *mapping.Field {
	f := &mapping.Field{Name: path[strings.LastIndexByte(path, '.')+1:], Path: path, Type: typ, Params: map[string]any{}, Derived: d}
	if typ == mapping.TypeText {
		if _, ok := ds.c.idx.Analyzer("default"); ok {
			f.Params["analyzer"] = "default" // the index's default analyzer
		}
	}
	return f
}

// infer types an object's sub-field from the first of the sampled
// documents that has a value for it, as dynamic mapping would map it.
func (ds *derivedState) infer(d *mapping.DerivedField, sub string) string {
	r := ds.base
	seen := 0
	for slot := int32(0); slot < r.MaxDoc() && seen < inferenceSample; slot++ {
		if !r.Live(slot) {
			continue
		}
		seen++
		vals, err := ds.emitted(d, slot)
		if err != nil {
			return ""
		}
		vals, err = objectValues(d, sub, vals)
		if err != nil {
			return ""
		}
		for _, v := range vals {
			if t := inferType(v); t != "" {
				return t
			}
		}
	}
	return ""
}

// inferType is the type dynamic mapping gives a JSON value.
func inferType(v any) string {
	switch x := v.(type) {
	case bool:
		return mapping.TypeBoolean
	case json.Number:
		if _, err := x.Int64(); err == nil {
			return mapping.TypeLong
		}
		return mapping.TypeFloat
	case string:
		if _, ok := mapping.DetectDate(x); ok {
			return mapping.TypeDate
		}
		return mapping.TypeText
	case []any:
		for _, e := range x {
			if t := inferType(e); t != "" {
				return t
			}
		}
	}
	return ""
}

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

// values returns a derived field's values for a document: the script's
// emitted values, or an object's sub-field values.
func (ds *derivedState) values(f *mapping.Field, slot int32) ([]any, *apierr.Error) {
	d := f.Derived
	vals, err := ds.emitted(d, slot)
	if err != nil || f.Path == d.Name {
		return vals, err
	}
	return objectValues(d, f.Path[len(d.Name)+1:], vals)
}

// build computes an overlay field: every live document's values, read as
// the field's type, in the shard's indexable form.
func (ds *derivedState) build(path string) ([]int32, []*shard.Fields, bool) {
	f := ds.lookup(path)
	if f == nil || f.Derived == nil || f.Params["index"] == false {
		return nil, nil, false
	}
	var m *mapping.Mapping
	def := jsonout.Object{{Key: "type", Value: f.Type}}
	if a, ok := f.Params["analyzer"]; ok {
		def = append(def, jsonout.Field{Key: "analyzer", Value: a})
	}
	props := jsonout.Object{{Key: f.Name, Value: def}}
	parts := strings.Split(path, ".")
	for i := len(parts) - 2; i >= 0; i-- {
		props = jsonout.Object{{Key: parts[i], Value: jsonout.Object{{Key: "properties", Value: props}}}}
	}
	m, merr := mapping.ParseMappings(jsonout.Object{{Key: "dynamic", Value: "false"}, {Key: "properties", Value: props}})
	if merr != nil {
		ds.fail(merr)
		return nil, nil, true
	}
	r := ds.base
	var slots []int32
	var fields []*shard.Fields
	for slot := int32(0); slot < r.MaxDoc(); slot++ {
		if !r.Live(slot) {
			continue
		}
		vals, err := ds.values(f, slot)
		if err == nil {
			vals, err = indexable(f, vals)
		}
		if err != nil {
			ds.fail(err)
			return nil, nil, true
		}
		if len(vals) == 0 {
			continue
		}
		var doc any = vals
		for i := len(parts) - 1; i >= 0; i-- {
			doc = jsonout.Object{{Key: parts[i], Value: doc}}
		}
		fs, perr := ds.c.idx.DerivedFields(m, doc.(jsonout.Object))
		if perr != nil {
			if f.Derived.IgnoreMalformed {
				continue
			}
			ds.fail(perr)
			return nil, nil, true
		}
		slots = append(slots, slot)
		fields = append(fields, fs)
	}
	return slots, fields, true
}

// indexable reads emitted values as the field's type, as the derived field
// types build their Lucene fields; a value that cannot be read fails unless
// ignore_malformed, which skips it.
func indexable(f *mapping.Field, vals []any) ([]any, *apierr.Error) {
	out := make([]any, 0, len(vals))
	sub := f.Path != f.Derived.Name
	for _, v := range vals {
		if v == nil {
			continue
		}
		x, err := readAs(f.Type, v, sub)
		if err != nil {
			if f.Derived.IgnoreMalformed {
				continue
			}
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}

// readAs converts one value for the synthetic source of a type.
func readAs(typ string, v any, sub bool) (any, *apierr.Error) {
	str := javaString(v)
	switch typ {
	case mapping.TypeKeyword, mapping.TypeText:
		if _, ok := v.(string); !ok {
			return nil, classCast(v, "java.lang.String")
		}
		return v, nil
	case mapping.TypeLong:
		if _, err := strconv.ParseInt(strings.TrimPrefix(str, "+"), 10, 64); err != nil {
			return nil, derivedNumberFormat(str)
		}
		return json.Number(strings.TrimPrefix(str, "+")), nil
	case mapping.TypeDouble, mapping.TypeFloat:
		x, err := strconv.ParseFloat(strings.TrimSpace(str), 64)
		if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
			return nil, derivedNumberFormat(str)
		}
		return json.Number(strconv.FormatFloat(x, 'g', -1, 64)), nil
	case mapping.TypeBoolean:
		if b, ok := v.(bool); ok {
			return b, nil
		}
		if str != "true" && str != "false" {
			return nil, apierr.IllegalArgument("Failed to parse value [%s] as only [true] or [false] are allowed.", str)
		}
		return str == "true", nil
	case mapping.TypeDate:
		if s, ok := v.(string); ok && sub {
			return s, nil // an object's dates parse with the default format
		}
		if n, ok := v.(int64); ok {
			return json.Number(strconv.FormatInt(n, 10)), nil
		}
		return nil, classCast(v, "java.lang.Long")
	case mapping.TypeIP:
		if _, err := netip.ParseAddr(str); err != nil {
			return nil, apierr.IllegalArgument("'%s' is not an IP string literal.", str)
		}
		return str, nil
	case mapping.TypeGeoPoint:
		p, ok := v.([2]float64)
		if !ok {
			return nil, apierr.New("class_cast_exception", "geo_point should be in format emit(double lat, double lon) for derived fields")
		}
		return jsonout.Object{{Key: "lat", Value: json.Number(jsonFloat(p[0]))}, {Key: "lon", Value: json.Number(jsonFloat(p[1]))}}, nil
	}
	return nil, apierr.IllegalArgument("Type [%s] isn't supported in Derived field context.", typ)
}

func jsonFloat(x float64) string { return string(jsonout.AppendFloat(nil, x)) }

func derivedNumberFormat(s string) *apierr.Error {
	return apierr.New("number_format_exception", "For input string: \""+s+"\"")
}

func classCast(v any, to string) *apierr.Error {
	return apierr.New("class_cast_exception", fmt.Sprintf("class %s cannot be cast to class %s", javaClass(v), to))
}

// javaClass names the Java class of an emitted value.
func javaClass(v any) string {
	switch v.(type) {
	case string:
		return "java.lang.String"
	case int32:
		return "java.lang.Integer"
	case int64:
		return "java.lang.Long"
	case float32:
		return "java.lang.Float"
	case float64:
		return "java.lang.Double"
	case bool:
		return "java.lang.Boolean"
	case [2]float64:
		return "org.opensearch.common.collect.Tuple"
	case json.Number:
		return "java.lang.Integer"
	}
	return "java.lang.Object"
}

// javaString is an emitted value's toString.
func javaString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return string(jsonout.AppendFloat(nil, x))
	case float32:
		return string(jsonout.AppendFloat(nil, float64(x)))
	case json.Number:
		return x.String()
	}
	return fmt.Sprint(v)
}

// displayValues renders a derived field's values as the fields option
// shows them: dates formatted, geo points as lat/lon objects, the rest as
// emitted.
func displayValues(f *mapping.Field, vals []any) ([]any, *apierr.Error) {
	out := make([]any, 0, len(vals))
	sub := f.Path != f.Derived.Name
	for _, v := range vals {
		switch f.Type {
		case mapping.TypeDate:
			x, err := readAs(mapping.TypeDate, v, sub)
			if err != nil {
				return nil, err
			}
			ms, ok := dateMillis(x)
			if !ok {
				return nil, apierr.New(apierr.TypeParse, fmt.Sprintf("failed to parse date field [%v] with format [%s]", v, mapping.DefaultDateFormat))
			}
			format := f.Derived.Format
			if format == "" {
				format = mapping.DefaultDateFormat
			}
			df, ferr := dsl.ParseDateFormat(format)
			if ferr != nil {
				return nil, apierr.IllegalArgument("%s", ferr.Reason)
			}
			out = append(out, df.Format(time.UnixMilli(ms).UTC(), time.UTC))
		case mapping.TypeGeoPoint:
			p, ok := v.([2]float64)
			if !ok {
				return nil, apierr.New("class_cast_exception", "geo_point should be in format emit(double lat, double lon) for derived fields")
			}
			out = append(out, jsonout.Object{{Key: "lat", Value: p[0]}, {Key: "lon", Value: p[1]}})
		default:
			out = append(out, displayScalar(v))
		}
	}
	return out, nil
}

// dateMillis reads a date value (epoch millis or a date string).
func dateMillis(v any) (int64, bool) {
	switch x := v.(type) {
	case json.Number:
		n, err := x.Int64()
		return n, err == nil
	case string:
		df, err := dsl.ParseDateFormat(mapping.DefaultDateFormat)
		if err != nil {
			return 0, false
		}
		t, perr := df.Parse(x, time.UTC, false)
		if perr != nil {
			return 0, false
		}
		return t.UnixMilli(), true
	}
	return 0, false
}

// displayScalar renders an emitted scalar as JSON does it (a Double keeps
// its ".0").
func displayScalar(v any) any {
	switch x := v.(type) {
	case float32:
		return json.Number(string(jsonout.AppendFloat(nil, float64(x))))
	case float64:
		return json.Number(string(jsonout.AppendFloat(nil, x)))
	case int32:
		return int64(x)
	}
	return v
}
