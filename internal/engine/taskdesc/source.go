package taskdesc

import (
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/javafmt"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// sourceOrder is the order SearchSourceBuilder.innerToXContent prints the
// options the fake normalizes.
var sourceOrder = []string{"from", "size", "timeout", "terminate_after", "query", "post_filter", "min_score", "version",
	"seq_no_primary_term", "explain", "profile", "_source", "stored_fields", "docvalue_fields", "fields", "sort", "track_scores",
	"track_total_hits", "search_after", "slice", "indices_boost", "stats", "collapse"}

// searchSource prints the search's SearchSourceBuilder from its body and
// the URL parameters RestSearchAction copies into it.
func searchSource(body Body, params map[string]string) string {
	parts := map[string][]byte{}
	if body.Invalid {
		return "{}"
	}
	if v := body.Value; v != nil {
		if v.Kind != xcontent.Object {
			return "{}"
		}
		for i := range v.Members {
			m := &v.Members[i]
			out, ok := sourcePart(m)
			if !ok {
				return string(v.AppendJSON(nil)) // an option the fake does not normalize
			}
			if out != nil {
				parts[m.Key] = out
			} else {
				delete(parts, m.Key)
			}
		}
	}
	if !sourceParams(parts, params) {
		if body.Value == nil {
			return "{}"
		}
		return string(body.Value.AppendJSON(nil))
	}
	b := []byte{'{'}
	for _, k := range sourceOrder {
		if p, ok := parts[k]; ok {
			if len(b) > 1 {
				b = append(b, ',')
			}
			b = jsonout.AppendString(b, k)
			b = append(b, ':')
			b = append(b, p...)
		}
	}
	return string(append(b, '}'))
}

// sourcePart prints one top-level option; nil means the option prints
// nothing (its default), !ok that the fake does not normalize it.
func sourcePart(m *xcontent.Member) (out []byte, ok bool) {
	v := &m.Value
	switch m.Key {
	case "from", "size", "terminate_after":
		n, err := intOf(m)
		if err != nil || (m.Key != "terminate_after" && n == -1) || (m.Key == "terminate_after" && n == 0) {
			return nil, err == nil
		}
		return strconv.AppendInt(nil, int64(n), 10), true
	case "timeout":
		if v.Text() == "-1" {
			return nil, true
		}
		return jsonout.AppendString(nil, v.Text()), true
	case "query", "post_filter":
		return appendQuery(nil, v), true
	case "min_score":
		f, fok := v.Float64()
		if !fok {
			return nil, false
		}
		return []byte(javafmt.Float(f, 32)), true
	case "version", "seq_no_primary_term", "explain":
		bv, err := boolOf(m)
		return strconv.AppendBool(nil, bv), err == nil
	case "track_scores", "profile":
		bv, err := boolOf(m)
		if err != nil || !bv {
			return nil, err == nil
		}
		return []byte("true"), true
	case "track_total_hits":
		if v.Kind == xcontent.Bool {
			if v.Bool {
				return []byte("2147483647"), true
			}
			return []byte("-1"), true
		}
		n, err := intOf(m)
		return strconv.AppendInt(nil, int64(n), 10), err == nil
	case "_source":
		return appendFetchSource(nil, v)
	case "sort":
		return appendSorts(nil, v)
	case "stored_fields":
		return appendStoredFields(nil, textList(v)), true
	case "docvalue_fields", "fields":
		return appendFieldFormats(nil, v, nil)
	case "search_after":
		if v.Kind != xcontent.Array {
			return nil, false
		}
		b := []byte{'['}
		for i := range v.Items {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendScalar(b, &v.Items[i])
		}
		return append(b, ']'), true
	case "indices_boost":
		return appendIndexBoosts(nil, v)
	case "stats":
		if v.Kind != xcontent.Array {
			return nil, false
		}
		return appendStrings(nil, textList(v)), true
	case "collapse":
		// CollapseBuilder prints the field, then a positive
		// max_concurrent_group_searches (inner_hits are not supported).
		f := v.Get("field")
		if v.Kind != xcontent.Object || f == nil || v.Get("inner_hits") != nil {
			return nil, false
		}
		b := append([]byte(`{"field":`), jsonout.AppendString(nil, f.Text())...)
		if n := v.Get("max_concurrent_group_searches"); n != nil {
			if k, ok := n.Int64(); ok && k > 0 {
				b = appendIntField(b, "max_concurrent_group_searches", int(k))
			}
		}
		return append(b, '}'), true
	case "slice":
		// SliceBuilder prints field (_id by default), id and max.
		sl, err := search.ParseSlice(v) // a slice SliceBuilder refuses is printed as sent
		if err != nil {
			return nil, false
		}
		b := append([]byte(`{"field":`), jsonout.AppendString(nil, sl.Field)...)
		b = appendIntField(b, "id", sl.ID)
		b = appendIntField(b, "max", sl.Max)
		return append(b, '}'), true
	}
	return nil, false
}

// textList reads a string or an array of strings.
func textList(v *xcontent.Value) []string {
	if v.Kind != xcontent.Array {
		return []string{v.Text()}
	}
	out := make([]string, 0, len(v.Items))
	for i := range v.Items {
		out = append(out, v.Items[i].Text())
	}
	return out
}

// appendStoredFields prints StoredFieldsContext: _none_, one name, or a list.
func appendStoredFields(b []byte, names []string) []byte {
	if len(names) == 1 {
		return jsonout.AppendString(b, names[0])
	}
	return appendStrings(b, names)
}

// appendFieldFormats prints docvalue_fields or fields as FieldAndFormat
// objects, then extra names added by a URL parameter.
func appendFieldFormats(b []byte, v *xcontent.Value, extra []string) ([]byte, bool) {
	b = append(b, '[')
	n := 0
	field := func(name string, format *xcontent.Value) {
		if n > 0 {
			b = append(b, ',')
		}
		n++
		b = append(b, `{"field":`...)
		b = jsonout.AppendString(b, name)
		if format != nil && format.Kind != xcontent.Null {
			b = appendStringField(b, "format", format.Text())
		}
		b = append(b, '}')
	}
	if v != nil {
		items := []xcontent.Value{*v}
		if v.Kind == xcontent.Array {
			items = v.Items
		}
		for i := range items {
			it := &items[i]
			switch it.Kind {
			case xcontent.String:
				field(it.Str, nil)
			case xcontent.Object:
				name := it.Get("field")
				if name == nil || len(it.Members) > 2 || (len(it.Members) == 2 && it.Get("format") == nil) {
					return nil, false
				}
				field(name.Text(), it.Get("format"))
			default:
				return nil, false
			}
		}
	}
	for _, name := range extra {
		field(name, nil)
	}
	return append(b, ']'), true
}

// appendIndexBoosts prints indices_boost as a list of {index: boost}.
func appendIndexBoosts(b []byte, v *xcontent.Value) ([]byte, bool) {
	items := []xcontent.Value{*v}
	if v.Kind == xcontent.Array {
		items = v.Items
	}
	b = append(b, '[')
	n := 0
	for i := range items {
		for _, m := range items[i].Members {
			f, ok := m.Value.Float64()
			if !ok {
				return nil, false
			}
			if n > 0 {
				b = append(b, ',')
			}
			n++
			b = append(b, '{')
			b = jsonout.AppendString(b, m.Key)
			b = append(b, ':')
			b = append(b, javafmt.Float(float64(float32(f)), 32)...)
			b = append(b, '}')
		}
	}
	return append(b, ']'), true
}

// sourceParams applies the URL parameters RestSearchAction copies into the
// source; !ok for one the fake does not normalize (q, sort, stored and
// docvalue fields as parameters).
func sourceParams(parts map[string][]byte, params map[string]string) bool {
	for _, k := range []string{"from", "size", "terminate_after"} {
		if v, ok := params[k]; ok {
			// terminate_after is set only when positive.
			if n, err := strconv.Atoi(v); err == nil && (k != "terminate_after" || n > 0) {
				parts[k] = strconv.AppendInt(nil, int64(n), 10)
			}
		}
	}
	for _, k := range []string{"explain", "version", "seq_no_primary_term"} {
		if v, ok := params[k]; ok && (v == "true" || v == "false") {
			parts[k] = []byte(v)
		}
	}
	if v, ok := params["timeout"]; ok {
		parts["timeout"] = jsonout.AppendString(nil, v)
	}
	switch params["track_scores"] {
	case "true":
		parts["track_scores"] = []byte("true")
	case "false":
		delete(parts, "track_scores")
	}
	if v, ok := params["track_total_hits"]; ok {
		switch v {
		case "true":
			parts["track_total_hits"] = []byte("2147483647")
		case "false":
			parts["track_total_hits"] = []byte("-1")
		default:
			parts["track_total_hits"] = []byte(v)
		}
	} else if _, set := parts["track_total_hits"]; !set && params["rest_total_hits_as_int"] == "true" {
		parts["track_total_hits"] = []byte("2147483647")
	}
	src, hasSource := params["_source"]
	inc, hasInc := params["_source_includes"]
	exc, hasExc := params["_source_excludes"]
	if hasSource || hasInc || hasExc {
		// FetchSourceContext.parseFromRestRequest: _source is a flag or an
		// includes list, which _source_includes replaces.
		var includes []string
		if src != "true" && src != "false" {
			includes = splitNonEmpty(src)
		}
		if hasInc {
			includes = splitNonEmpty(inc)
		}
		if src == "false" {
			parts["_source"] = []byte("false")
		} else {
			parts["_source"] = appendIncludesExcludes(nil, includes, splitNonEmpty(exc))
		}
	}
	if q, ok := params["q"]; ok {
		parts["query"] = appendURLQuery(nil, q, params)
	}
	if v, ok := params["stats"]; ok {
		parts["stats"] = appendStrings(nil, splitNonEmpty(v))
	}
	if v, ok := params["stored_fields"]; ok {
		parts["stored_fields"] = appendStoredFields(nil, strings.Split(v, ","))
	}
	if v, ok := params["docvalue_fields"]; ok && v != "" {
		// The parameter's fields are added after the body's.
		var body *xcontent.Value
		if p, set := parts["docvalue_fields"]; set {
			if pv, err := xcontent.Parse(p); err == nil {
				body = pv
			}
		}
		out, _ := appendFieldFormats(nil, body, strings.Split(v, ","))
		parts["docvalue_fields"] = out
	}
	_, sorted := params["sort"]
	return !sorted
}

// appendFetchSource prints FetchSourceContext: false, or its includes and
// excludes.
func appendFetchSource(b []byte, v *xcontent.Value) ([]byte, bool) {
	list := func(x *xcontent.Value) []string {
		if x.Kind == xcontent.String {
			return []string{x.Str}
		}
		var out []string
		for i := range x.Items {
			out = append(out, x.Items[i].Text())
		}
		return out
	}
	switch v.Kind {
	case xcontent.Bool:
		if !v.Bool {
			return append(b, "false"...), true
		}
		return appendIncludesExcludes(b, nil, nil), true
	case xcontent.String, xcontent.Array:
		return appendIncludesExcludes(b, list(v), nil), true
	case xcontent.Object:
		var inc, exc []string
		for i := range v.Members {
			switch v.Members[i].Key {
			case "includes", "include":
				inc = list(&v.Members[i].Value)
			case "excludes", "exclude":
				exc = list(&v.Members[i].Value)
			default:
				return nil, false
			}
		}
		return appendIncludesExcludes(b, inc, exc), true
	}
	return nil, false
}

func appendIncludesExcludes(b []byte, inc, exc []string) []byte {
	b = append(b, `{"includes":`...)
	b = appendStrings(b, inc)
	b = append(b, `,"excludes":`...)
	b = appendStrings(b, exc)
	return append(b, '}')
}

func appendStrings(b []byte, list []string) []byte {
	b = append(b, '[')
	for i, s := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonout.AppendString(b, s)
	}
	return append(b, ']')
}

// appendSorts prints the sort list as the sort builders do: a field (or
// _doc) with its order (ascending by default), missing, unmapped_type and
// mode as FieldSortBuilder prints them, or _score with its order
// (descending by default). Sorts with other options are not normalized.
func appendSorts(b []byte, v *xcontent.Value) ([]byte, bool) {
	items := []xcontent.Value{*v}
	if v.Kind == xcontent.Array {
		items = v.Items
	}
	b = append(b, '[')
	for i := range items {
		it := &items[i]
		var field, order string
		var opts map[string]*xcontent.Value
		switch it.Kind {
		case xcontent.String:
			field = it.Str
		case xcontent.Object:
			if len(it.Members) != 1 {
				return nil, false
			}
			m := &it.Members[0]
			field = m.Key
			switch m.Value.Kind {
			case xcontent.String:
				order = m.Value.Str
			case xcontent.Object:
				opts = map[string]*xcontent.Value{}
				for j := range m.Value.Members {
					o := &m.Value.Members[j]
					switch o.Key {
					case "order":
						if o.Value.Kind != xcontent.String {
							return nil, false
						}
						order = o.Value.Str
					case "missing", "unmapped_type", "mode":
						if field == "_score" || !o.Value.IsScalar() {
							return nil, false
						}
						opts[o.Key] = &o.Value
					default:
						return nil, false
					}
				}
			default:
				return nil, false
			}
		default:
			return nil, false
		}
		if order == "" {
			order = "asc"
			if field == "_score" {
				order = "desc"
			}
		}
		order = strings.ToLower(order)
		if order != "asc" && order != "desc" {
			return nil, false
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '{')
		b = jsonout.AppendString(b, field)
		b = append(b, `:{"order":`...)
		b = jsonout.AppendString(b, order)
		if m := opts["missing"]; m != nil {
			b = append(b, `,"missing":`...)
			b = appendScalar(b, m)
		}
		if u := opts["unmapped_type"]; u != nil {
			b = appendStringField(b, "unmapped_type", u.Text())
		}
		if mode := opts["mode"]; mode != nil {
			b = appendStringField(b, "mode", strings.ToLower(mode.Text()))
		}
		b = append(b, "}}"...)
	}
	return append(b, ']'), true
}

// appendQuery prints a query object: normalized when the fake knows its
// builder's printing, else as sent.
func appendQuery(b []byte, v *xcontent.Value) []byte {
	q, err := dsl.Parse(v)
	if err != nil {
		return v.AppendJSON(b)
	}
	if out, ok := appendNormalQuery(b, q, v); ok {
		return out
	}
	return v.AppendJSON(b)
}

// appendURLQuery prints the query_string query of a q= parameter.
func appendURLQuery(b []byte, q string, params map[string]string) []byte {
	return appendURLQueryString(b, q, params)
}
