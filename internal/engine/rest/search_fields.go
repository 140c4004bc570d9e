package rest

import (
	"encoding/json"
	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"
	"slices"
	"strconv"
	"strings"
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
	// A field requested several times (with different formats) gets its
	// values once per request, in request order, under one key.
	formats := map[string][]string{}
	for _, f := range spec.docValues {
		formats[f.field] = append(formats[f.field], f.format)
	}
	seenDV := map[string]int{}
	for _, fv := range h.DocValues {
		format := ""
		if fs := formats[fv.Field]; len(fs) > 0 {
			format = fs[min(seenDV[fv.Field], len(fs)-1)]
		}
		seenDV[fv.Field]++
		m := h.Target.Index.Mapping()
		f := m.Resolve(m.Lookup(fv.Field)) // an alias formats as its target
		vals := make([]any, 0, len(fv.Values))
		for _, v := range fv.Values {
			vals = append(vals, formatDocValue(f, v, format))
		}
		merged := false
		for i := range out {
			if out[i].Key == fv.Field {
				out[i].Value = append(out[i].Value.([]any), vals...)
				merged = true
			}
		}
		if !merged {
			out = append(out, jsonout.Field{Key: fv.Field, Value: vals})
		}
	}
	out = scriptFieldsJSON(out, h)
	for _, fv := range h.DerivedFields {
		out = putField(out, fv.Field, fv.Values)
	}
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
		for _, leaf := range sourceLeavesOf(doc, m) {
			if seen[leaf.path] || !wildcard.Simple(ff.field, leaf.path) {
				continue
			}
			f := m.Lookup(leaf.path)
			if f == nil || f.IsObject() {
				continue
			}
			seen[leaf.path] = true
			if f.Type == mapping.TypeTokenCount {
				// token_count fetches from doc values: the count, or nothing.
				if f.Params["doc_values"] == false {
					continue
				}
				counts := make([]any, 0, len(leaf.values))
				for _, v := range leaf.values {
					if t, ok := v.(string); ok {
						counts = append(counts, h.Target.Index.TokenCount(f, t))
					}
				}
				out = putField(out, leaf.path, counts)
				continue
			}
			values := leaf.values
			if slices.Contains(h.Ignored, leaf.path) {
				// ignore_malformed kept the document without these values;
				// the field's value fetcher skips them too.
				values = wellFormed(f, values)
				if len(values) == 0 {
					continue // nothing left: the field is absent
				}
			}
			out = putField(out, leaf.path, fetchValues(f, values, ff.format))
		}
	}
	out = aliasFields(out, fetch, m, doc, seen)
	return hashOrdered(out)
}

// aliasFields adds the fields API values of requested alias fields: their
// target's values under the alias name.
func aliasFields(out jsonout.Object, fetch []fieldFormat, m *mapping.Mapping, doc any, seen map[string]bool) jsonout.Object {
	var aliases []*mapping.Field
	var walk func(fs map[string]*mapping.Field)
	walk = func(fs map[string]*mapping.Field) {
		for _, f := range fs {
			if f.IsObject() {
				walk(f.Props)
			} else if f.Type == mapping.TypeAlias {
				aliases = append(aliases, f)
			}
		}
	}
	walk(m.Root.Props)
	if len(aliases) == 0 {
		return out
	}
	leaves := sourceLeavesOf(doc, m)
	for _, ff := range fetch {
		for _, a := range aliases {
			if seen[a.Path] || !wildcard.Simple(ff.field, a.Path) {
				continue
			}
			target := m.Resolve(a)
			for _, leaf := range leaves {
				if leaf.path == target.Path {
					seen[a.Path] = true
					out = putField(out, a.Path, fetchValues(target, leaf.values, ff.format))
				}
			}
		}
	}
	return out
}

// putField sets a hit field, replacing an earlier entry of the same name
// (fetched fields overwrite doc value fields, as in SearchHit's map).
func putField(o jsonout.Object, key string, v any) jsonout.Object {
	for i := range o {
		if o[i].Key == key {
			o[i].Value = v
			return o
		}
	}
	return append(o, jsonout.Field{Key: key, Value: v})
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
func sourceLeaves(v any, prefix string) []sourceLeaf { return sourceLeavesWith(v, prefix, nil) }

// sourceLeavesOf is sourceLeaves where the mapping says which paths hold
// values made of objects or arrays (a geo_point's {"lat","lon"} or [lon, lat]).
func sourceLeavesOf(v any, m *mapping.Mapping) []sourceLeaf {
	return sourceLeavesWith(v, "", func(path string, v any) bool {
		f := m.Lookup(path)
		if f != nil && mapping.IsRange(f.Type) {
			_, isObj := v.(jsonout.Object)
			return isObj
		}
		if f == nil || f.Type != mapping.TypeGeoPoint {
			return false
		}
		if a, ok := v.([]any); ok {
			_, isNum := firstOf(a).(interface{ Float64() (float64, error) })
			return isNum
		}
		return true
	})
}

func firstOf(a []any) any {
	if len(a) == 0 {
		return nil
	}
	return a[0]
}

func sourceLeavesWith(v any, prefix string, whole func(path string, v any) bool) []sourceLeaf {
	var out []sourceLeaf
	index := map[string]int{}
	var walk func(v any, path string)
	walk = func(v any, path string) {
		if _, scalar := v.(string); !scalar && whole != nil && path != "" && v != nil && whole(path, v) {
			i, ok := index[path]
			if !ok {
				i = len(out)
				index[path] = i
				out = append(out, sourceLeaf{path: path})
			}
			out[i].values = append(out[i].values, v)
			return
		}
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
		default:
			if fv, ok := fetchExtra(f, v, format); ok {
				out = append(out, fv)
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
	case mapping.TypeDateRange:
		typ = mapping.TypeDate
	}
	switch typ {
	case mapping.TypeDateNanos:
		ns, _ := v.(int64)
		return formatNanos(f, ns, format)
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

// wellFormed keeps the source values the field's type can parse (the
// others are the malformed ones ignore_malformed dropped at index time).
func wellFormed(f *mapping.Field, values []any) []any {
	out := make([]any, 0, len(values))
	for _, v := range values {
		text, _ := v.(string)
		if n, ok := v.(json.Number); ok {
			text = n.String()
		}
		ok := true
		switch f.Type {
		case mapping.TypeLong, mapping.TypeInteger, mapping.TypeShort, mapping.TypeByte,
			mapping.TypeDouble, mapping.TypeFloat, mapping.TypeHalfFloat, mapping.TypeScaledFloat:
			_, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
			ok = err == nil
		case mapping.TypeUnsignedLong:
			_, err := mapping.ParseUnsigned(text)
			ok = err == nil
		case mapping.TypeDate:
			_, err := mapping.ParseDate(text, f.DateFormat())
			ok = err == nil
		case mapping.TypeDateNanos:
			_, err := mapping.ParseDateNanos(text, f.DateFormat())
			ok = err == nil
		case mapping.TypeIP:
			_, ok = mapping.ParseIP(text)
		case mapping.TypeGeoPoint:
			_, err := mapping.ParseGeoPoint(v, true)
			ok = err == nil
		}
		if ok {
			out = append(out, v)
		}
	}
	return out
}
