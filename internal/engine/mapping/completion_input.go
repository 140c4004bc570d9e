package mapping

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// completionInput is one input of a document with its metadata.
type completionInput struct {
	weight   int
	contexts map[int][]string // by mapping index
}

// completion parses a completion field's value (CompletionFieldMapper.parse):
// a string, an object {"input", "weight", "contexts"}, or an array of those.
// Each distinct input is indexed once, with the highest weight of its objects.
func (p *docParser) completion(fld *Field, v any) *apierr.Error {
	inputs := map[string]*completionInput{}
	var order []string
	put := func(in string, meta *completionInput, keepHigher bool) {
		old, seen := inputs[in]
		if !seen {
			order = append(order, in)
		} else if keepHigher && old.weight >= meta.weight {
			return
		}
		inputs[in] = meta
	}
	mappings := fld.CompletionContexts()
	one := func(e any, inArray bool) *apierr.Error {
		switch x := e.(type) {
		case string:
			put(x, &completionInput{weight: 1}, false)
			return nil
		case jsonout.Object:
			ins, meta, err := parseCompletionObject(fld, mappings, x)
			if err != nil {
				return err
			}
			for _, in := range ins {
				put(in, meta, true)
			}
			return nil
		}
		name := fld.Name
		if inArray {
			name = "null" // Jackson has no current name inside an array
		}
		return apierr.New(apierr.TypeParsing, "failed to parse ["+name+"]: expected text or object, but got "+tokenName(e))
	}
	if arr, ok := v.([]any); ok {
		for _, e := range arr {
			if err := one(e, true); err != nil {
				return apierr.MapperParsing("failed to parse").WithCause(err)
			}
		}
	} else if err := one(v, false); err != nil {
		return apierr.MapperParsing("failed to parse").WithCause(err)
	}
	maxLen, _ := fld.Params["max_input_length"].(int)
	if maxLen <= 0 {
		maxLen = completionMaxInputLength
	}
	for _, in := range order {
		meta := inputs[in]
		if javaBlank(in) {
			continue // ignored, as the server adds the field to _ignored
		}
		in = truncateUTF16(in, maxLen)
		entry := CompletionEntry{Input: in, Weight: meta.weight}
		for i := range mappings {
			for _, c := range meta.contexts[i] {
				entry.Contexts = append(entry.Contexts, CompletionContext{Mapping: i, Value: c})
			}
		}
		p.out.Values = append(p.out.Values, Value{Field: fld, Kind: KindCompletion, Str: EncodeCompletion(&entry)})
		for _, mf := range fld.Multi {
			if mf.Type == TypeCompletion {
				// A completion sub-field indexes the same input with its
				// weight and contexts (the parsed input metadata is its
				// external value), its contexts matched by name.
				p.out.Values = append(p.out.Values, Value{Field: mf, Kind: KindCompletion, Str: EncodeCompletion(subEntry(entry, mappings, mf.CompletionContexts()))})
				continue
			}
			if err := p.emit(mf, in); err != nil {
				return err
			}
		}
	}
	return nil
}

// parseCompletionObject reads {"input": ..., "weight": ..., "contexts": ...}.
func parseCompletionObject(fld *Field, mappings []ContextMapping, o jsonout.Object) ([]string, *completionInput, *apierr.Error) {
	var ins []string
	meta := &completionInput{weight: 1}
	for _, kv := range o {
		switch kv.Key {
		case "input":
			switch x := kv.Value.(type) {
			case string:
				ins = append(ins, x)
			case []any:
				for _, e := range x {
					s, ok := e.(string)
					if !ok {
						return nil, nil, apierr.IllegalArgument("input array must have string values, but was [%s]", tokenName(e))
					}
					ins = append(ins, s)
				}
			default:
				return nil, nil, apierr.IllegalArgument("input must be a string or array, but was [%s]", tokenName(kv.Value))
			}
		case "weight":
			w, err := completionWeight(kv.Value)
			if err != nil {
				return nil, nil, err
			}
			meta.weight = w
		case "contexts":
			if len(mappings) == 0 {
				return nil, nil, apierr.IllegalArgument("contexts field is not supported for field: [%s]", fld.Path)
			}
			ctx, ok := kv.Value.(jsonout.Object)
			if !ok {
				return nil, nil, apierr.IllegalArgument("contexts must be an object or an array , but was [%s]", tokenName(kv.Value))
			}
			meta.contexts = map[int][]string{}
			for _, c := range ctx {
				i := contextIndex(mappings, c.Key)
				if i < 0 {
					return nil, nil, unknownContext(mappings, c.Key)
				}
				var vals []string
				var err *apierr.Error
				if mappings[i].Type == "GEO" {
					vals, err = geoContextValues(c.Value, mappings[i].Precision)
				} else {
					vals, err = categoryValues(c.Value)
				}
				if err != nil {
					return nil, nil, err
				}
				meta.contexts[i] = vals
			}
		default:
			return nil, nil, apierr.IllegalArgument("unknown field name [%s], must be one of %s", kv.Key, completionFieldNames)
		}
	}
	return ins, meta, nil
}

// completionWeight checks an input's weight: an integer (or integer
// string) in [0, Integer.MAX_VALUE].
func completionWeight(v any) (int, *apierr.Error) {
	var n int64
	switch x := v.(type) {
	case string:
		var err error
		if n, err = strconv.ParseInt(x, 10, 64); err != nil {
			return 0, apierr.IllegalArgument("weight must be an integer, but was [%s]", x)
		}
	case json.Number:
		s := x.String()
		var err error
		if strings.ContainsAny(s, ".eE") {
			f, _ := x.Float64()
			return 0, apierr.IllegalArgument("weight must be an integer, but was [%s]", javaDouble(f))
		}
		if n, err = strconv.ParseInt(s, 10, 64); err != nil {
			return 0, apierr.IllegalArgument("weight must be an integer, but was [%s]", s)
		}
	default:
		return 0, apierr.IllegalArgument("weight must be a number or string, but was [%s]", tokenName(v))
	}
	if n < 0 || n > 1<<31-1 {
		return 0, apierr.IllegalArgument("weight must be in the interval [0..2147483647], but was [%d]", n)
	}
	return int(n), nil
}

// javaDouble prints a double as Java's Double.toString does for the usual
// magnitudes (always a fraction digit).
func javaDouble(f float64) string {
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if f >= 1e7 || f <= -1e7 || (f != 0 && f < 1e-3 && f > -1e-3) {
		m := strconv.FormatFloat(f, 'E', -1, 64)
		mant, exp, _ := strings.Cut(m, "E")
		if !strings.Contains(mant, ".") {
			mant += ".0"
		}
		return mant + "E" + strings.TrimPrefix(strings.TrimPrefix(exp, "+"), "0")
	}
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

// categoryValues is CategoryContextMapping.parseContext: a string, number
// or boolean, or an array of them.
func categoryValues(v any) ([]string, *apierr.Error) {
	if s, ok := scalarText(v); ok {
		return []string{s}, nil
	}
	arr, ok := v.([]any)
	if !ok {
		return nil, apierr.Parse("contexts must be a string, number or boolean or a list of string, number or boolean, but was [%s]", tokenName(v))
	}
	out := make([]string, 0, len(arr))
	for _, e := range arr {
		s, ok := scalarText(e)
		if !ok {
			return nil, apierr.Parse("context array must have string, number or boolean values, but was [%s]", tokenName(e))
		}
		out = append(out, s)
	}
	return out, nil
}

// finishCompletion adds the contexts read from other fields ("path") to
// the document's completion entries and enforces that a field with context
// mappings gets at least one context per input (TypedContextField).
func (p *docParser) finishCompletion() *apierr.Error {
	for i := range p.out.Values {
		v := &p.out.Values[i]
		if v.Kind != KindCompletion {
			continue
		}
		mappings := v.Field.CompletionContexts()
		if len(mappings) == 0 {
			continue
		}
		e, _ := DecodeCompletion(v.Str)
		for mi, m := range mappings {
			if m.Path == "" {
				continue
			}
			if m.Type == "GEO" {
				for _, h := range p.geoPathContexts(m.Path, m.Precision) {
					e.Contexts = append(e.Contexts, CompletionContext{Mapping: mi, Value: h})
				}
				continue
			}
			for _, o := range p.out.Values {
				if o.Field.Path == m.Path && (o.Kind == KindText || o.Kind == KindKeyword) {
					e.Contexts = append(e.Contexts, CompletionContext{Mapping: mi, Value: o.Str})
				}
			}
		}
		if len(e.Contexts) == 0 {
			return apierr.IllegalArgument("Contexts are mandatory in context enabled completion field [%s]", v.Field.Path)
		}
		v.Str = EncodeCompletion(&e)
	}
	return nil
}

// tokenName names a JSON value's parser token, as the server's messages do.
func tokenName(v any) string {
	switch v.(type) {
	case nil:
		return "VALUE_NULL"
	case string:
		return "VALUE_STRING"
	case json.Number:
		return "VALUE_NUMBER"
	case bool:
		return "VALUE_BOOLEAN"
	case []any:
		return "START_ARRAY"
	}
	return "START_OBJECT"
}

// javaBlank reports whether Java's String.trim leaves nothing: every char
// is at most U+0020.
func javaBlank(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] > ' ' {
			return false
		}
	}
	return true
}

// truncateUTF16 cuts s to n UTF-16 units, never inside a surrogate pair.
func truncateUTF16(s string, n int) string {
	units := 0
	for i, r := range s {
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if units >= n {
			return s[:i]
		}
		units += w
	}
	return s
}

// subEntry is a parent completion entry for a completion sub-field: the
// contexts whose mapping name the sub-field also declares.
func subEntry(e CompletionEntry, parent, sub []ContextMapping) *CompletionEntry {
	out := CompletionEntry{Input: e.Input, Weight: e.Weight}
	for _, c := range e.Contexts {
		for j, m := range sub {
			if m.Name == parent[c.Mapping].Name {
				out.Contexts = append(out.Contexts, CompletionContext{Mapping: j, Value: c.Value})
			}
		}
	}
	return &out
}
