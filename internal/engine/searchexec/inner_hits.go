package searchexec

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// renderInnerHits is a hit's inner_hits object: its nested inner hits and
// its collapse groups, keyed by name in the order of the HashMap OpenSearch
// keeps them in; nil when there are none.
func (ex Executor) renderInnerHits(h *search.Hit, spec *searchreq.Spec) jsonout.Object {
	if spec.Inner == nil {
		return nil
	}
	var out jsonout.Object
	for i := range h.InnerHits {
		out = append(out, ex.renderNestedInnerHits(h, &h.InnerHits[i], spec.Inner, spec.TotalAsInt))
	}
	for _, g := range spec.Inner.Expanded[h] {
		// A collapse group replaces a nested entry of the same name, as
		// ExpandSearchPhase puts it into the same map.
		f := jsonout.Field{Key: g.Name, Value: jsonout.Object{{Key: "hits", Value: g.Hits}}}
		if i := slices.IndexFunc(out, func(x jsonout.Field) bool { return x.Key == g.Name }); i >= 0 {
			out[i] = f
		} else {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return search.HashOrdered(out)
}

// renderNestedInnerHits renders one definition's inner hits of a hit.
func (ex Executor) renderNestedInnerHits(h *search.Hit, ih *search.InnerHits, st *searchreq.InnerHits, totalAsInt bool) jsonout.Field {
	hits := jsonout.Object{}
	if totalAsInt {
		hits = append(hits, jsonout.Field{Key: "total", Value: ih.Total})
	} else {
		hits = append(hits, jsonout.Field{Key: "total", Value: jsonout.Object{{Key: "value", Value: ih.Total}, {Key: "relation", Value: "eq"}}})
	}
	hits = append(hits, jsonout.Field{Key: "max_score", Value: scoreOrNull(ih.MaxScore)})
	list := make([]any, 0, len(ih.Hits))
	o := st.Render[ih.Def]
	for i := range ih.Hits {
		if jh := ih.Hits[i].Join; jh != nil {
			// A parent-join inner hit is a document of the hit's shard.
			hit := *jh
			hit.Target = h.Target
			list = append(list, ex.renderHit(&hit, o.Spec))
			continue
		}
		list = append(list, ex.renderNestedInnerHit(h, &ih.Hits[i], o, st, totalAsInt))
	}
	hits = append(hits, jsonout.Field{Key: "hits", Value: list})
	return jsonout.Field{Key: ih.Def.Key(), Value: jsonout.Object{{Key: "hits", Value: hits}}}
}

// renderNestedInnerHit renders one nested document as SearchHit does: the
// root's index and id, the _nested identity, and the nested object as
// _source (filtered with full paths, in HashMap order as the fetch phase
// rebuilds it).
func (ex Executor) renderNestedInnerHit(h *search.Hit, ih *search.InnerHit, o *searchreq.InnerHitsOpts, st *searchreq.InnerHits, totalAsInt bool) jsonout.Object {
	spec := o.Spec
	out := make(jsonout.Object, 0, 10)
	if ih.Explanation != nil {
		out = append(out, jsonout.Field{Key: "_shard", Value: "[" + h.Target.Index.Name + "][" + strconv.Itoa(h.Target.Shard) + "]"},
			jsonout.Field{Key: "_node", Value: ex.NodeOf(h.Target.Shard)})
	}
	out = append(out, jsonout.Field{Key: "_index", Value: h.Target.Index.Name}, jsonout.Field{Key: "_id", Value: h.Doc.ID},
		jsonout.Field{Key: "_nested", Value: search.NestedIdentity(ih.Nested)})
	if spec.Version {
		out = append(out, jsonout.Field{Key: "_version", Value: h.Doc.Version})
	}
	out = append(out, jsonout.Field{Key: "_score", Value: scoreOrNull(ih.Score)})
	wrapped := search.WrapNested(ih.Source, ih.Nested)
	// With _source disabled in the mapping there is no source to cut the
	// nested object from.
	if m := h.Target.Index.Mapping(); spec.WantsSource() && !spec.Source.Disabled && (m == nil || m.SourceEnabled == nil || *m.SourceEnabled) {
		out = append(out, jsonout.Field{Key: "_source", Value: search.NestedSource(wrapped, ih.Nested, spec.Source)})
	}
	if len(ih.DocValues) > 0 || len(ih.ScriptFields) > 0 || len(spec.FetchFields) > 0 || len(spec.StoredFields) > 0 {
		src, _ := jsonout.Marshal(wrapped)
		fh := &search.Hit{Target: h.Target, Doc: shard.Doc{Source: src}, DocValues: ih.DocValues, ScriptFields: ih.ScriptFields}
		if fields := hitFields(fh, spec); len(fields) > 0 {
			out = append(out, jsonout.Field{Key: "fields", Value: fields})
		}
	}
	if len(ih.Highlight) > 0 {
		hl := make(jsonout.Object, 0, len(ih.Highlight))
		for _, f := range ih.Highlight {
			hl = append(hl, jsonout.Field{Key: f.Field, Value: f.Fragments})
		}
		out = append(out, jsonout.Field{Key: "highlight", Value: search.HashOrdered(hl)})
	}
	if ih.SortValues != nil {
		out = append(out, jsonout.Field{Key: "sort", Value: ih.SortValues})
	}
	if ih.Explanation != nil {
		out = append(out, jsonout.Field{Key: "_explanation", Value: json.RawMessage(ih.Explanation.AppendJSON(nil))})
	}
	if len(ih.InnerHits) > 0 {
		var inner jsonout.Object
		for i := range ih.InnerHits {
			inner = append(inner, ex.renderNestedInnerHits(h, &ih.InnerHits[i], st, totalAsInt))
		}
		out = append(out, jsonout.Field{Key: "inner_hits", Value: search.HashOrdered(inner)})
	}
	return out
}

// expandCollapse runs the collapse inner hits (ExpandSearchPhase): for
// every hit and definition, a search of the same indexes for the hit's
// group, the original query required and the collapse value filtered on.
func (ex Executor) expandCollapse(expr string, o indices.Options, spec *searchreq.Spec, routing string, res *search.Result) *apierr.Error {
	st := spec.Inner
	if st == nil || len(st.Collapse) == 0 || len(res.Hits) == 0 {
		return nil
	}
	st.Expanded = map[*search.Hit][]searchreq.ExpandedGroup{}
	for i := range res.Hits {
		h := &res.Hits[i]
		group, err := search.CollapseGroupQuery(spec.Query, spec.Collapse, h)
		if err != nil {
			return err
		}
		for _, opts := range st.Collapse {
			gs := *opts.Spec
			gs.Query, gs.PostFilter, gs.Collapse, gs.Inner = group, spec.PostFilter, opts.Collapse, nil
			gs.TotalAsInt, gs.DFS, gs.ShardsPref, gs.Profile = spec.TotalAsInt, spec.DFS, spec.ShardsPref, false
			if gs.TotalAsInt {
				gs.TrackTotal = math.MaxInt32
			}
			if err := gs.ExtractInnerHits(); err != nil {
				return err.(*apierr.Error)
			}
			start := time.Now()
			req, gres, gerr := ex.Exec(expr, o, &gs, routing)
			if gerr != nil {
				return search.ExpandFailed(gerr)
			}
			body := ex.Render(req, &gs, gres, start)
			hits, _ := body.Get("hits")
			st.Expanded[h] = append(st.Expanded[h], searchreq.ExpandedGroup{Name: opts.Name, Hits: hits})
		}
	}
	return unnamedCollapseInnerHits(st.Collapse)
}
