package rest

import (
	"math"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// parseCollapseInnerHits reads collapse.inner_hits (an object or an array of
// objects) and collapse.max_concurrent_group_searches.
func (s *searchSpec) parseCollapseInnerHits(m *xcontent.Member) error {
	failed := func(cause *apierr.Error) error {
		e := apierr.New(apierr.TypeXContentParse, xcontent.Loc(m.Line, m.Col)+" [collapse] failed to parse field ["+m.Key+"]")
		if cause != nil {
			e = e.WithCause(cause)
		}
		return e
	}
	st := s.innerState()
	if m.Key == "max_concurrent_group_searches" {
		n, err := intOf(m)
		if err != nil {
			return failed(err.(*apierr.Error))
		}
		if n < 1 {
			return failed(apierr.IllegalArgument("maxConcurrentGroupRequests` must be positive"))
		}
		st.collapseMax = n
		return nil
	}
	v := &m.Value
	items := []*xcontent.Value{v}
	switch v.Kind {
	case xcontent.Object:
	case xcontent.Array:
		items = items[:0]
		for i := range v.Items {
			it := &v.Items[i]
			if it.Kind != xcontent.Object {
				return failed(&apierr.Error{Status: 400, Type: apierr.TypeParsing, Reason: "Invalid token in inner_hits array",
					Meta: []apierr.Meta{{Key: "line", Value: it.Line}, {Key: "col", Value: it.Col}}})
			}
			items = append(items, it)
		}
	default:
		return apierr.New(apierr.TypeXContentParse, xcontent.Loc(v.Line, v.Col)+" [collapse] inner_hits doesn't support values of type: "+v.Token())
	}
	st.collapse = nil
	for _, it := range items {
		o, err := parseInnerHitsOpts(it)
		if err != nil {
			if ae, ok := err.(*apierr.Error); ok && ae.Type != apierr.TypeUnsupportedOperation {
				return failed(ae)
			}
			return err
		}
		st.collapse = append(st.collapse, o)
	}
	return nil
}

// expandCollapse runs the collapse inner hits (ExpandSearchPhase): for
// every hit and definition, a search of the same indexes for the hit's
// group, the original query required and the collapse value filtered on.
func (b *Backend) expandCollapse(expr string, o indices.Options, spec *searchSpec, routing string, res *search.Result) *apierr.Error {
	st := spec.inner
	if st == nil || len(st.collapse) == 0 || len(res.Hits) == 0 {
		return nil
	}
	st.expanded = map[*search.Hit][]innerHitsResult{}
	for i := range res.Hits {
		h := &res.Hits[i]
		group, err := search.CollapseGroupQuery(spec.query, spec.collapse, h)
		if err != nil {
			return err
		}
		for _, opts := range st.collapse {
			gs := *opts.spec
			gs.query, gs.postFilter, gs.collapse, gs.inner = group, spec.postFilter, opts.collapse, nil
			gs.totalAsInt, gs.dfs, gs.shardsPref, gs.profile = spec.totalAsInt, spec.dfs, spec.shardsPref, false
			if gs.totalAsInt {
				gs.trackTotal = math.MaxInt32
			}
			if err := gs.extractInnerHits(); err != nil {
				return err.(*apierr.Error)
			}
			start := time.Now()
			req, gres, gerr := b.execSearch(expr, o, &gs, routing)
			if gerr != nil {
				return search.ExpandFailed(gerr)
			}
			body := b.renderSearch(req, &gs, gres, start)
			hits, _ := body.Get("hits")
			st.expanded[h] = append(st.expanded[h], innerHitsResult{name: opts.name, hits: hits})
		}
	}
	return unnamedCollapseInnerHits(st.collapse)
}
