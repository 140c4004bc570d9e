package search

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/aggs"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
)

// newShardAggs prepares the request's aggregations on the shard; their
// filters (filter, filters aggregations) compile in filter context.
func (c *shardCtx) newShardAggs(t *aggs.Tree, target int, n node) (*aggs.Shard, *apierr.Error) {
	return t.NewShard(aggs.ShardContext{Reader: c.r, Mapping: c.m, Index: c.idx.Name, Now: c.now, TopHits: c.topHitsHook(target, n),
		Filter: func(q dsl.Query) (aggs.Matcher, *apierr.Error) {
			n, err := c.compile(q, 1, false)
			if err != nil {
				return nil, err
			}
			return matcherOf(n), nil
		}})
}

// matcherOf tests documents against a compiled query with one iterator,
// advanced as the slots grow; a slot before the last one asked (a nested
// aggregation's documents) starts a fresh iterator.
func matcherOf(n node) aggs.Matcher {
	it := n.iter()
	last := int32(-1)
	return func(slot int32) bool {
		if slot < last {
			it = n.iter()
		}
		last = slot
		d := it.doc()
		if d < slot {
			d = it.advance(slot)
		}
		return d == slot
	}
}
