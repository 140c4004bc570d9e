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
		st.CollapseMax = n
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
	st.Collapse = nil
	for _, it := range items {
		o, err := parseInnerHitsOpts(it)
		if err != nil {
			if ae, ok := err.(*apierr.Error); ok && ae.Type != apierr.TypeUnsupportedOperation {
				return failed(ae)
			}
			return err
		}
		st.Collapse = append(st.Collapse, o)
	}
	return nil
}

// expandCollapse runs the collapse inner hits (ExpandSearchPhase): for
// every hit and definition, a search of the same indexes for the hit's
// group, the original query required and the collapse value filtered on.
func (b *Backend) expandCollapse(expr string, o indices.Options, spec *searchSpec, routing string, res *search.Result) *apierr.Error {
	st := spec.Inner
	if st == nil || len(st.Collapse) == 0 || len(res.Hits) == 0 {
		return nil
	}
	st.Expanded = map[*search.Hit][]ExpandedGroup{}
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
			req, gres, gerr := b.execSearch(expr, o, &gs, routing)
			if gerr != nil {
				return search.ExpandFailed(gerr)
			}
			body := b.renderSearch(req, &gs, gres, start)
			hits, _ := body.Get("hits")
			st.Expanded[h] = append(st.Expanded[h], ExpandedGroup{Name: opts.Name, Hits: hits})
		}
	}
	return unnamedCollapseInnerHits(st.Collapse)
}
