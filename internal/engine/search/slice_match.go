package search

import "github.com/clustersearch/clustersearch-go/internal/engine/apierr"

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
