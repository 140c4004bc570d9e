package search

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// checkSliceLimit is DefaultSearchContext.preProcess's bound on a scroll's
// slices: index.max_slices_per_scroll (1024 by default).
func checkSliceLimit(s *Slice, t Target) *apierr.Error {
	limit := settings.IntOr(t.Index.Settings(), "index.max_slices_per_scroll", 1024)
	if s.Max > limit {
		return apierr.IllegalArgument("The number of slices [%d] is too large. It must be less than [%d]. "+
			"This limit can be set by changing the [index.max_slices_per_scroll] index level setting.", s.Max, limit)
	}
	return nil
}

// withSlice keeps the part of n in req.Slice for target t, the shard being
// numbered among the request's targets of its index (by-query scrolls).
func (c *shardCtx) withSlice(n node, req *Request, t Target) (node, *apierr.Error) {
	if req.Slice == nil {
		return n, nil
	}
	i := 0
	for j, o := range req.Targets {
		if o == t {
			i = j
			break
		}
	}
	if err := checkSliceLimit(req.Slice, t); err != nil {
		return nil, err // by-query requests read by scroll
	}
	ord, count := shardOrdinal(req.Targets, i)
	if err := c.sliceLimit(req.Slice, req.Scroll); err != nil {
		return nil, err
	}
	sn, err := c.slice(req.Slice, ord, count)
	if err != nil {
		return nil, err
	}
	return &postFilterNode{main: n, filter: sn}, nil
}

// IDSliceHash is TermsSliceQuery's hash of a document's _id: a shard
// holding several slices gives the document to slice floorMod(hash, n).
func IDSliceHash(id string) int32 { return murmur3(encodeID(id), termsSliceSeed) }
