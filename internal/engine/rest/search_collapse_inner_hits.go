package rest

import (
	"math"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
)

// expandCollapse runs the collapse inner hits (ExpandSearchPhase): for
// every hit and definition, a search of the same indexes for the hit's
// group, the original query required and the collapse value filtered on.
func (b *Backend) expandCollapse(expr string, o indices.Options, spec *searchreq.Spec, routing string, res *search.Result) *apierr.Error {
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
			req, gres, gerr := b.execSearch(expr, o, &gs, routing)
			if gerr != nil {
				return search.ExpandFailed(gerr)
			}
			body := b.renderSearch(req, &gs, gres, start)
			hits, _ := body.Get("hits")
			st.Expanded[h] = append(st.Expanded[h], searchreq.ExpandedGroup{Name: opts.Name, Hits: hits})
		}
	}
	return unnamedCollapseInnerHits(st.Collapse)
}
