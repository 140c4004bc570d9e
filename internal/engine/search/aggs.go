package search

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/aggs"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// newShardAggs prepares the request's aggregations on the shard; their
// filters (filter, filters aggregations) compile in filter context.
func (c *shardCtx) newShardAggs(t *aggs.Tree, maxBuckets, target int, n node) (*aggs.Shard, *apierr.Error) {
	return t.NewShard(aggs.ShardContext{Reader: c.r, Mapping: c.m, Index: c.idx.Name, Now: c.now, MaxBuckets: maxBuckets, TopHits: c.topHitsHook(target, n), DocLookup: c.aggDocLookup,
		Profile: c.qprof != nil, Query: c.queryShape,
		Filter: func(q dsl.Query) (aggs.Matcher, *apierr.Error) {
			n, err := c.compile(q, 1, false)
			if err != nil {
				return nil, err
			}
			return matcherOf(n), nil
		},
		Script: c.aggScript,
	})
}

// aggsContext is AggregationScript's context: doc, _score and, for value
// scripts, _value.
var aggsContext = scriptContext{"aggs", []string{"doc", "_score", "_value"}, ""}

// aggScript compiles an aggregation's script on the shard.
func (c *shardCtx) aggScript(ds *dsl.Script) (aggs.ScriptFunc, *apierr.Error) {
	ss, err := c.compileScript(ds, aggsContext)
	if err != nil {
		return nil, err
	}
	return func(slot int32, score float32, value any) (any, *apierr.Error) {
		ss.vars["_value"] = value
		return ss.run(slot, score)
	}, nil
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

// aggDocLookup is the doc variable of a scripted_metric map script on this
// shard, with the function that points it at a document.
func (c *shardCtx) aggDocLookup() (*painless.DocLookup, func(slot int32)) {
	ss := &searchScript{c: c}
	return painless.NewDocLookup(ss.docField), func(slot int32) { ss.slot = slot }
}

// aggsOnlyMatchAll reports whether a shard's search is a match_all that
// keeps no hits and only feeds aggregations (no alias filter, slice,
// min_score, post filter or terminate_after), which collectAllSlots runs
// without the query iterator.
func aggsOnlyMatchAll(req *Request, t Target, c *shardCtx, sa *aggs.Shard, k int) bool {
	return sa != nil && k == 0 && req.Query == nil && t.Filter == nil && req.Slice == nil && req.MinScore == nil &&
		req.PostFilter == nil && c.aggPost == nil && req.TerminateAfter == 0 && !req.Profile
}

// collectAllSlots feeds every live document of the shard to the
// aggregations with match_all's score (the index boost), polling the
// canceller as the query loop does; it returns how many matched.
func collectAllSlots(req *Request, r *shard.Reader, sa *aggs.Shard, boost float32, scores, allLive bool) (int, *apierr.Error) {
	var sc float32
	if scores {
		sc = boost
	}
	count := 0
	maxDoc := r.MaxDoc()
	// Blocks of cancelMask+1 slots: the canceller is polled once a block,
	// as the query loop polls it.
	block := make([]int32, 0, cancelMask+1)
	for start := int32(0); start < maxDoc; start += cancelMask + 1 {
		if start > 0 && req.Cancel != nil {
			if c, reason := req.Cancel.Cancelled(); c {
				return count, cancelledWhileRunning(reason)
			}
		}
		block = block[:0]
		for d := start; d < min(start+cancelMask+1, maxDoc); d++ {
			if allLive || r.Live(d) {
				block = append(block, d)
			}
		}
		sa.CollectBlock(block, sc)
		count += len(block)
	}
	return count, nil
}
