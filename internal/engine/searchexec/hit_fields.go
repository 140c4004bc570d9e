package searchexec

import (
	"slices"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"
)

// hitFields renders a hit's "fields": docvalue_fields from doc values, then
// fields from _source, each formatted by its mapping (or the given format).
func hitFields(h *search.Hit, spec *searchreq.Spec) jsonout.Object {
	var out jsonout.Object
	// A field requested several times (with different formats) gets its
	// values once per request, in request order, under one key.
	formats := map[string][]string{}
	for _, f := range spec.DocValues {
		formats[f.Field] = append(formats[f.Field], f.Format)
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
			vals = append(vals, search.FormatDocValue(f, v, format))
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
	if spec.Collapse != "" {
		vals := []any{}
		if h.CollapseValue != nil {
			vals = append(vals, search.FormatDocValue(h.Target.Index.Mapping().Lookup(spec.Collapse), h.CollapseValue, ""))
		} else {
			vals = nil
		}
		if vals != nil {
			out = append(out, jsonout.Field{Key: spec.Collapse, Value: vals})
		}
	}
	fetch := spec.FetchFields
	// Stored fields (mapped with store: true) come back from the stored
	// values, which are the source's.
	for _, name := range spec.StoredFields {
		if name == "_source" || name == "_none_" {
			continue
		}
		if f := h.Target.Index.Mapping().Lookup(name); f != nil && f.Params["store"] == true {
			fetch = append(fetch, searchreq.FieldFormat{Field: name})
		}
	}
	if len(fetch) == 0 {
		return search.HashOrdered(out)
	}
	doc, err := jsonout.Decode(h.Doc.Source)
	if err != nil {
		return out
	}
	m := h.Target.Index.Mapping()
	seen := map[string]bool{}
	for _, ff := range fetch {
		for _, leaf := range search.SourceLeavesOf(doc, m) {
			if seen[leaf.Path] || !wildcard.Simple(ff.Field, leaf.Path) {
				continue
			}
			f := m.Lookup(leaf.Path)
			if f == nil || f.IsObject() {
				continue
			}
			seen[leaf.Path] = true
			if f.Type == mapping.TypeTokenCount {
				// token_count fetches from doc values: the count, or nothing.
				if f.Params["doc_values"] == false {
					continue
				}
				counts := make([]any, 0, len(leaf.Values))
				for _, v := range leaf.Values {
					if t, ok := v.(string); ok {
						counts = append(counts, h.Target.Index.TokenCount(f, t))
					}
				}
				out = putField(out, leaf.Path, counts)
				continue
			}
			values := leaf.Values
			if slices.Contains(h.Ignored, leaf.Path) {
				// ignore_malformed kept the document without these values;
				// the field's value fetcher skips them too.
				values = search.WellFormed(f, values)
				if len(values) == 0 {
					continue // nothing left: the field is absent
				}
			}
			out = putField(out, leaf.Path, search.FetchValues(f, values, ff.Format))
		}
	}
	out = aliasFields(out, fetch, m, doc, seen)
	return search.HashOrdered(out)
}

// aliasFields adds the fields API values of requested alias fields: their
// target's values under the alias name.
func aliasFields(out jsonout.Object, fetch []searchreq.FieldFormat, m *mapping.Mapping, doc any, seen map[string]bool) jsonout.Object {
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
	leaves := search.SourceLeavesOf(doc, m)
	for _, ff := range fetch {
		for _, a := range aliases {
			if seen[a.Path] || !wildcard.Simple(ff.Field, a.Path) {
				continue
			}
			target := m.Resolve(a)
			for _, leaf := range leaves {
				if leaf.Path == target.Path {
					seen[a.Path] = true
					out = putField(out, a.Path, search.FetchValues(target, leaf.Values, ff.Format))
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

// scriptFieldsJSON appends a hit's script fields to its "fields"; a name a docvalue
// field already took keeps that value, as ScriptFieldsPhase leaves existing fields.
func scriptFieldsJSON(out jsonout.Object, h *search.Hit) jsonout.Object {
	for _, sf := range h.ScriptFields {
		taken := false
		for _, e := range out {
			if e.Key == sf.Field {
				taken = true
				break
			}
		}
		if !taken {
			out = append(out, jsonout.Field{Key: sf.Field, Value: sf.Values})
		}
	}
	return out
}
