package search

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
	"time"
)

// shardQuery compiles what target i runs as its query, as
// DefaultSearchContext.preProcess builds it: the request's query (match_all
// when nil) with the target's alias filter, then the post filter and the
// slice. The first page and every later scroll page compile it alike, so
// highlight and explain read the same query.
func (c *shardCtx) shardQuery(req *Request, i int, scores bool) (node, *apierr.Error) {
	t := req.Targets[i]
	var n node
	var err *apierr.Error
	if req.Query == nil {
		start := time.Now()
		n = c.matchAll(1)
		if c.qprof != nil {
			c.qprof.weights[n] = time.Since(start).Nanoseconds()
		}
	} else {
		// The query is in query context even when the sort makes scores
		// unnecessary: only the leaves skip the scoring work.
		c.skipScores = !scores
		n, err = c.compile(req.Query, 1, true)
	}
	if err == nil {
		n, err = c.withAliasFilter(n, t)
	}
	if err == nil && req.PostFilter != nil {
		var pf node
		if pf, err = c.compile(req.PostFilter, 1, false); err == nil {
			if req.Aggs != nil {
				// Aggregations see the query's matches: the post filter
				// is tested per document after they collect (aggs.go).
				c.aggPost = matcherOf(pf)
			} else {
				n = &postFilterNode{main: n, filter: pf}
			}
		}
	}
	if err == nil && req.Slice != nil {
		if !req.Scroll && !req.PIT {
			err = apierr.New("search_exception", "`slice` cannot be used outside of a scroll context or PIT context")
		} else {
			var sn node
			ord, count := shardOrdinal(req.Targets, i)
			if req.PIT {
				// No routing or preference reaches a point-in-time search.
				ord, count = t.Shard, len(t.Index.Shards)
			}
			if err = c.sliceLimit(req.Slice, req.Scroll); err != nil {
				return n, err
			}
			if sn, err = c.slice(req.Slice, ord, count); err == nil {
				n = &postFilterNode{main: n, filter: sn}
			}
		}
	}
	return n, err
}

// fetchHit is the fetch phase of one collected entry on its shard (c and n
// are the shard's context and compiled query; rs its rescorers, or nil):
// the document, doc values, sort values, collapse key, highlight, inner
// hits and explanation. Script fields follow for the whole page
// (fetchScriptFields). An error (highlighting the hit or its inner hits)
// fails the hit's shard, as a fetch-phase failure does.
func fetchHit(req *Request, r *shard.Reader, c *shardCtx, n node, e entry, scores bool, rs *shardRescore) (Hit, *apierr.Error) {
	if !c.fetchChecked {
		c.fetchChecked = true
		if err := c.checkFetchFields(req.FetchFields); err != nil {
			return Hit{}, err
		}
	}
	h := materialize(req, r, e, scores)
	if req.Collapse != "" {
		h.CollapseValue = collapseKey(c, req.Collapse, e.slot)
	}
	if req.Highlight != nil {
		var err *apierr.Error
		if h.Highlight, err = c.highlight(req.Highlight, n, &h.Doc, e.slot); err != nil {
			return h, err
		}
	}
	if len(req.InnerHits) > 0 {
		if h.InnerHits = c.innerHitsOf(req.InnerHits, e.slot); c.fetchErr != nil {
			return h, c.fetchErr
		}
	}
	var err *apierr.Error
	if h.MatchedQueries, err = c.matchedQueries(req, e.slot); err != nil {
		return h, err
	}
	if req.Explain {
		ex := n.explain(e.slot)
		if b := req.Targets[e.target].IndexBoost; b != 0 && b != 1 {
			ex = similarity.Match(ex.Value*b, "product of:", ex, similarity.Match(b, "index boost"))
		}
		if rs != nil {
			ex = rs.explain(ex, e.slot)
		}
		h.Explanation = &ex
	}
	return h, nil
}

// failFetches drops the page's hits of the shards whose fetch failed
// (errs by target; all[i] is the entry of res.Hits[i]) and reports those
// shards as failed, in target order.
func failFetches(req *Request, all []entry, res *Result, errs map[int]*apierr.Error) {
	for ti, t := range req.Targets {
		if err := errs[ti]; err != nil {
			res.Failures = append(res.Failures, ShardFailure{Index: t.Index.Name, Shard: t.Shard, Err: err})
		}
	}
	kept := res.Hits[:0]
	for i, e := range all {
		if errs[e.target] == nil {
			kept = append(kept, res.Hits[i])
		}
	}
	res.Hits = kept
}
