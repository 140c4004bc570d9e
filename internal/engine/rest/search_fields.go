package rest

import (
	"strconv"
	"time"
	"unicode/utf16"

	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/javafmt"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
)

// wantsSource reports whether hits carry _source: not with stored_fields
// unless _source is among them.
func (s *searchSpec) wantsSource() bool {
	if s.storedFields == nil {
		// script_fields alone fetch no source (FetchPhase asks for it only
		// without script fields or with an explicit _source)
		return s.scriptFields == 0 || s.sourceGiven
	}
	for _, f := range s.storedFields {
		if f == "_source" {
			return true
		}
	}
	return false
}

// hitFields renders a hit's "fields": docvalue_fields from doc values, then
// fields from _source, each formatted by its mapping (or the given format).
func hitFields(h *search.Hit, spec *searchSpec) jsonout.Object {
	var out jsonout.Object
	formats := map[string]string{}
	for _, f := range spec.docValues {
		formats[f.field] = f.format
	}
	for _, fv := range h.DocValues {
		vals := make([]any, 0, len(fv.Values))
		for _, v := range fv.Values {
			vals = append(vals, formatDocValue(h.Target.Index.Mapping().Lookup(fv.Field), v, formats[fv.Field]))
		}
		out = append(out, jsonout.Field{Key: fv.Field, Value: vals})
	}
	out = scriptFieldsJSON(out, h)
	if spec.collapse != "" {
		vals := []any{}
		if h.CollapseValue != nil {
			vals = append(vals, formatDocValue(h.Target.Index.Mapping().Lookup(spec.collapse), h.CollapseValue, ""))
		} else {
			vals = nil
		}
		if vals != nil {
			out = append(out, jsonout.Field{Key: spec.collapse, Value: vals})
		}
	}
	fetch := spec.fetchFields
	// Stored fields (mapped with store: true) come back from the stored
	// values, which are the source's.
	for _, name := range spec.storedFields {
		if name == "_source" || name == "_none_" {
			continue
		}
		if f := h.Target.Index.Mapping().Lookup(name); f != nil && f.Params["store"] == true {
			fetch = append(fetch, fieldFormat{field: name})
		}
	}
	if len(fetch) == 0 {
		return hashOrdered(out)
	}
	doc, err := jsonout.Decode(h.Doc.Source)
	if err != nil {
		return out
	}
	m := h.Target.Index.Mapping()
	seen := map[string]bool{}
	for _, ff := range fetch {
		for _, leaf := range sourceLeaves(doc, "") {
			if seen[leaf.path] || !globPath(ff.field, leaf.path) {
				continue
			}
			f := m.Lookup(leaf.path)
			if f == nil || f.IsObject() {
				continue
			}
			seen[leaf.path] = true
			out = append(out, jsonout.Field{Key: leaf.path, Value: fetchValues(f, leaf.values, ff.format)})
		}
	}
	return hashOrdered(out)
}

// hashOrdered puts fields in the iteration order of the java.util.HashMap
// SearchHit keeps them in (capacity 16 doubling past 0.75 load, buckets by
// the spread String.hashCode, insertion order within a bucket).
func hashOrdered(o jsonout.Object) jsonout.Object {
	if len(o) < 2 {
		return o
	}
	capacity := 16
	for float64(len(o)) > 0.75*float64(capacity) {
		capacity *= 2
	}
	buckets := make([]jsonout.Object, capacity)
	for _, f := range o {
		var h int32
		for _, u := range utf16.Encode([]rune(f.Key)) {
			h = 31*h + int32(u)
		}
		h ^= int32(uint32(h) >> 16)
		b := uint32(h) & uint32(capacity-1)
		buckets[b] = append(buckets[b], f)
	}
	out := make(jsonout.Object, 0, len(o))
	for _, b := range buckets {
		out = append(out, b...)
	}
	return out
}

type sourceLeaf struct {
	path   string
	values []any
}

// sourceLeaves flattens a source document into leaf paths with their values
// (arrays flattened), in document order.
func sourceLeaves(v any, prefix string) []sourceLeaf {
	var out []sourceLeaf
	index := map[string]int{}
	var walk func(v any, path string)
	walk = func(v any, path string) {
		switch x := v.(type) {
		case jsonout.Object:
			for _, f := range x {
				p := f.Key
				if path != "" {
					p = path + "." + f.Key
				}
				walk(f.Value, p)
			}
		case []any:
			for _, e := range x {
				walk(e, path)
			}
		case nil:
		default:
			i, ok := index[path]
			if !ok {
				i = len(out)
				index[path] = i
				out = append(out, sourceLeaf{path: path})
			}
			out[i].values = append(out[i].values, x)
		}
	}
	walk(v, prefix)
	return out
}

// fetchValues converts source values as the field type reads them.
func fetchValues(f *mapping.Field, values []any, format string) []any {
	out := make([]any, 0, len(values))
	for _, v := range values {
		switch f.Type {
		case mapping.TypeDate:
			s, _ := v.(string)
			if n, ok := v.(interface{ String() string }); ok && s == "" {
				s = n.String()
			}
			if ms, err := mapping.ParseDate(s, f.DateFormat()); err == nil {
				out = append(out, formatDocValue(f, ms, format))
				continue
			}
		case mapping.TypeBoolean:
			if s, ok := v.(string); ok {
				out = append(out, s == "true")
				continue
			}
		}
		out = append(out, v)
	}
	return out
}

// formatDocValue renders one doc value as OpenSearch's DocValueFormat does.
func formatDocValue(f *mapping.Field, v any, format string) any {
	typ := ""
	if f != nil {
		typ = f.Type
	}
	switch typ {
	case mapping.TypeDate:
		spec := format
		if spec == "" {
			spec = f.DateFormat()
		}
		df, err := dsl.ParseDateFormat(spec)
		ms, _ := v.(int64)
		if err != nil {
			return strconv.FormatInt(ms, 10)
		}
		return df.Format(time.UnixMilli(ms).UTC(), time.UTC)
	case mapping.TypeBoolean:
		n, _ := v.(int64)
		return n == 1
	case mapping.TypeFloat:
		if d, ok := v.(float64); ok && format == "" {
			return float64(float32(d))
		}
	}
	if format != "" {
		switch x := v.(type) {
		case int64:
			return javafmt.Decimal(float64(x), format)
		case float64:
			return javafmt.Decimal(x, format)
		}
	}
	return v
}
