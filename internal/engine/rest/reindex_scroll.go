package rest

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
	"github.com/clustersearch/clustersearch-go/internal/engine/reindex"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// scrolled is what a bulk-by-scroll request's scroll found.
type scrolled struct {
	hits    []search.Hit
	targets []search.Target
	// slices is the slice count slices=auto means for these sources.
	slices int
	// failed are the shards that failed while others answered: the request
	// then stops before writing (AbstractAsyncBulkByScrollAction.onScrollResponse).
	failed []failedShard
}

// failedShard is one shard the scroll failed on, with its index's shard
// count (which slices read it).
type failedShard struct {
	reindex.SearchFailure
	shards int
}

// scroll finds the documents: the query over the source indices at their
// last refresh, in _doc order (or the requested sort), restricted to the
// shards a _shards preference names, to hits scoring min_score or more and
// to those the post_filter matches.
// A failure on every shard is the search's error; a failure on some is
// reported in failed.
func (d *DocOps) scroll(expr string, o indices.Options, routingValue string, spec *searchSpec, p *scrollParams) (*scrolled, *apierr.Error) {
	b, ms := d.b, p.slice
	names, e := b.Indices.Resolve(expr, o)
	if e != nil {
		return nil, e
	}
	if e := b.readBlocked(names); e != nil {
		return nil, e
	}
	plan, e := search.PlanAliases(b.Indices, expr, o, routingValue)
	if e != nil {
		return nil, e
	}
	req := &search.Request{Service: b.Indices, Query: spec.query, TrackTotalHits: -1, Similarity: b.similarity(), Now: b.Clock.Now(), MinScore: spec.minScore, Scripts: searchScripts{b},
		DisallowExpensive: !b.clusterSettings().Values().AllowExpensiveQueries}
	if ms != nil {
		req.Slice, req.Scroll, ms.searched = &search.Slice{Field: ms.field, ID: ms.id, Max: ms.max}, true, true
	}
	for _, n := range names {
		x, ok := b.Indices.Get(n)
		if !ok {
			continue
		}
		for _, sh := range plan.Shards(x) {
			if spec.shardsPref != nil && !spec.shardsPref[sh] {
				continue
			}
			req.Targets = append(req.Targets, search.Target{Index: x, Shard: sh, Filter: plan.Filter(n)})
		}
	}
	search.OrderTargets(req.Targets)
	if cause := scrollRefusal(spec, p.keepAlive, b.clusterSettings().Values().MaxKeepAlive); cause != nil && len(req.Targets) > 0 {
		fails := make([]search.ShardFailure, len(req.Targets))
		for i, t := range req.Targets {
			fails[i] = search.ShardFailure{Index: t.Index.Name, Shard: t.Shard, Err: cause}
		}
		return nil, b.searchFailed(fails)
	}
	out := &scrolled{targets: req.Targets, slices: autoSlices(req.Targets)}
	var fails []search.ShardFailure
	if len(spec.sort) > 0 {
		live := 0
		for _, t := range req.Targets {
			n, _ := t.Index.Shards[t.Shard].Stats()
			live += n
		}
		req.Sort, req.Size, req.PostFilter = spec.sort, live, spec.postFilter
		res := search.Run(req)
		out.hits, fails = res.Hits, res.Failures
	} else {
		order := map[search.Target]int{}
		for i, t := range req.Targets {
			order[t] = i
			keep, err := postFiltered(req, t, spec)
			if err != nil {
				fails = append(fails, search.ShardFailure{Index: t.Index.Name, Shard: t.Shard, Err: err})
				continue
			}
			k := int32(0)
			if err := search.Match(req, t, func(doc *shard.Doc, score float32) bool {
				if (spec.minScore == nil || score >= *spec.minScore) && (keep == nil || keep[doc.ID]) {
					out.hits = append(out.hits, search.Hit{Target: t, Slot: k, Doc: *doc})
				}
				k++
				return true
			}); err != nil {
				fails = append(fails, search.ShardFailure{Index: t.Index.Name, Shard: t.Shard, Err: err})
			}
		}
		sortedByDoc(out.hits, order)
	}
	if len(fails) > 0 && len(fails) == len(req.Targets) {
		return nil, b.searchFailed(fails)
	}
	for _, f := range fails {
		shards := 1
		if x, ok := b.Indices.Get(f.Index); ok {
			shards = len(x.Shards)
		}
		out.failed = append(out.failed, failedShard{SearchFailure: reindex.SearchFailure{Index: f.Index, Shard: f.Shard, Node: b.nodeOf(f.Shard), Cause: f.Err}, shards: shards})
	}
	return out, nil
}

// sliceFailures gives each of n slices the failed shards it reads, as
// sliceHits splits shards between slices.
func sliceFailures(failed []failedShard, n int) [][]reindex.SearchFailure {
	parts := make([][]reindex.SearchFailure, n)
	for _, f := range failed {
		for s := range parts {
			reads := s%f.shards == f.Shard
			if n <= f.shards {
				reads = f.Shard%n == s
			}
			if reads {
				parts[s] = append(parts[s], f.SearchFailure)
			}
		}
	}
	return parts
}

// searchFailures drops the shard counts.
func searchFailures(failed []failedShard) []reindex.SearchFailure {
	var out []reindex.SearchFailure
	for _, f := range failed {
		out = append(out, f.SearchFailure)
	}
	return out
}

// postFiltered is the set of ids of target t that the body's post_filter
// matches (nil without one): the scroll's hits, and so its total, are
// restricted to them.
func postFiltered(req *search.Request, t search.Target, spec *searchSpec) (map[string]bool, *apierr.Error) {
	if spec.postFilter == nil {
		return nil, nil
	}
	pf := *req
	pf.Query, pf.MinScore = spec.postFilter, nil
	keep := map[string]bool{}
	err := search.Match(&pf, t, func(doc *shard.Doc, _ float32) bool {
		keep[doc.ID] = true
		return true
	})
	return keep, err
}

// scrollRefusal is what every shard answers (SearchService) to a scroll
// search with search_after or collapse, or kept alive longer than
// search.max_keep_alive; nil when it runs.
func scrollRefusal(spec *searchSpec, keepAlive, maxKeepAlive time.Duration) *apierr.Error {
	switch {
	case keepAlive > maxKeepAlive:
		return apierr.IllegalArgument("Keep alive for request (%s) is too large. It must be less than (%s). This limit can be set by changing the [search.max_keep_alive] cluster level setting.",
			nodestats.Duration(keepAlive), nodestats.Duration(maxKeepAlive))
	case len(spec.searchAfter) > 0:
		return apierr.New("search_exception", "`search_after` cannot be used in a scroll context.")
	case spec.collapse != "":
		return apierr.New("search_exception", "cannot use `collapse` in a scroll context")
	}
	return nil
}
