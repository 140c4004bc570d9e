package reindex

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// Scrolled is what a bulk-by-scroll request's scroll found.
type Scrolled struct {
	Hits    []search.Hit
	Targets []search.Target
	// Slices is the slice count slices=auto means for these sources.
	Slices int
	// Failed are the shards that failed while others answered: the request
	// then stops before writing (AbstractAsyncBulkByScrollAction.onScrollResponse).
	Failed []FailedShard
}

// FailedShard is one shard the scroll failed on, with its index's shard
// count (which slices read it).
type FailedShard struct {
	SearchFailure
	Shards int
}

// ScrollSearch is the search a job's scroll runs over local indices.
type ScrollSearch struct {
	// Request holds the query, the targets (in search order), min_score and
	// a manual slice.
	Request *search.Request
	// Sort is the requested sort; none reads in _doc order.
	Sort []search.Sort
	// PostFilter restricts the hits, and so the total, when set.
	PostFilter dsl.Query
	// NodeOf names the node a shard number lives on, for failure reports.
	NodeOf func(shard int) string
}

// Run finds the documents: the query over the targets at their last
// refresh, in _doc order (or the requested sort), restricted to hits scoring
// min_score or more and to those the post_filter matches. When every shard
// failed it returns the failures (the search's error) and no result; a
// failure on some is reported in Scrolled.Failed.
func (s *ScrollSearch) Run() (*Scrolled, []search.ShardFailure) {
	req := s.Request
	out := &Scrolled{Targets: req.Targets, Slices: AutoSlices(req.Targets)}
	var fails []search.ShardFailure
	if len(s.Sort) > 0 {
		live := 0
		for _, t := range req.Targets {
			n, _ := t.Index.Shards[t.Shard].Stats()
			live += n
		}
		req.Sort, req.Size, req.PostFilter = s.Sort, live, s.PostFilter
		res := search.Run(req)
		out.Hits, fails = res.Hits, res.Failures
	} else {
		order := map[search.Target]int{}
		for i, t := range req.Targets {
			order[t] = i
			keep, err := s.postFiltered(t)
			if err != nil {
				fails = append(fails, search.ShardFailure{Index: t.Index.Name, Shard: t.Shard, Err: err})
				continue
			}
			k := int32(0)
			if err := search.Match(req, t, func(doc *shard.Doc, score float32) bool {
				if (req.MinScore == nil || score >= *req.MinScore) && (keep == nil || keep[doc.ID]) {
					out.Hits = append(out.Hits, search.Hit{Target: t, Slot: k, Doc: *doc})
				}
				k++
				return true
			}); err != nil {
				fails = append(fails, search.ShardFailure{Index: t.Index.Name, Shard: t.Shard, Err: err})
			}
		}
		sortedByDoc(out.Hits, order)
	}
	if len(fails) > 0 && len(fails) == len(req.Targets) {
		return nil, fails
	}
	for _, f := range fails {
		shards := 1
		if x, ok := req.Service.Get(f.Index); ok {
			shards = len(x.Shards)
		}
		out.Failed = append(out.Failed, FailedShard{SearchFailure: SearchFailure{Index: f.Index, Shard: f.Shard, Node: s.NodeOf(f.Shard), Cause: f.Err}, Shards: shards})
	}
	return out, nil
}

// sliceFailures gives each of n slices the failed shards it reads, as
// SliceHits splits shards between slices.
func sliceFailures(failed []FailedShard, n int) [][]SearchFailure {
	parts := make([][]SearchFailure, n)
	for _, f := range failed {
		for s := range parts {
			reads := s%f.Shards == f.Shard
			if n <= f.Shards {
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
func searchFailures(failed []FailedShard) []SearchFailure {
	var out []SearchFailure
	for _, f := range failed {
		out = append(out, f.SearchFailure)
	}
	return out
}

// postFiltered is the set of ids of target t that the post_filter matches
// (nil without one): the scroll's hits, and so its total, are restricted
// to them.
func (s *ScrollSearch) postFiltered(t search.Target) (map[string]bool, *apierr.Error) {
	if s.PostFilter == nil {
		return nil, nil
	}
	pf := *s.Request
	pf.Query, pf.MinScore = s.PostFilter, nil
	keep := map[string]bool{}
	err := search.Match(&pf, t, func(doc *shard.Doc, _ float32) bool {
		keep[doc.ID] = true
		return true
	})
	return keep, err
}
