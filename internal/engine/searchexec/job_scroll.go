package searchexec

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
	"github.com/clustersearch/clustersearch-go/internal/engine/reindex"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
)

// JobScroll is the scroll of a bulk-by-scroll request (reindex, update and
// delete by query) over local indices: it plans the search as a search
// request would (blocks, aliases and their filters and routing, a _shards
// preference) and lets the job's scroll search run it. A failure on every
// shard is the search's error.
func (ex Executor) JobScroll(expr string, o indices.Options, routingValue string, spec *searchreq.Spec, p *reindex.Params) (*reindex.Scrolled, *apierr.Error) {
	ms := p.Slice
	names, e := ex.Indices.Resolve(expr, o)
	if e != nil {
		return nil, e
	}
	if e := ex.ReadBlocked(names); e != nil {
		return nil, e
	}
	plan, e := search.PlanAliases(ex.Indices, expr, o, routingValue)
	if e != nil {
		return nil, e
	}
	req := &search.Request{Service: ex.Indices, Query: spec.Query, TrackTotalHits: -1, Similarity: ex.Similarity(), Now: ex.Clock.Now(), MinScore: spec.MinScore, Scripts: ex.Scripts,
		DisallowExpensive: !ex.Settings.Values().AllowExpensiveQueries}
	if ms != nil {
		req.Slice, req.Scroll, ms.Searched = &search.Slice{Field: ms.Field, ID: ms.ID, Max: ms.Max}, true, true
	}
	for _, n := range names {
		x, ok := ex.Indices.Get(n)
		if !ok {
			continue
		}
		for _, sh := range plan.Shards(x) {
			if spec.ShardsPref != nil && !spec.ShardsPref[sh] {
				continue
			}
			req.Targets = append(req.Targets, search.Target{Index: x, Shard: sh, Filter: plan.Filter(n)})
		}
	}
	search.OrderTargets(req.Targets)
	if cause := scrollRefusal(spec, p.KeepAlive, ex.Settings.Values().MaxKeepAlive); cause != nil && len(req.Targets) > 0 {
		fails := make([]search.ShardFailure, len(req.Targets))
		for i, t := range req.Targets {
			fails[i] = search.ShardFailure{Index: t.Index.Name, Shard: t.Shard, Err: cause}
		}
		return nil, ex.SearchFailed(fails)
	}
	ss := &reindex.ScrollSearch{Request: req, PostFilter: spec.PostFilter, NodeOf: ex.NodeOf}
	if len(spec.Sort) > 0 {
		ss.Sort = spec.Sort
	}
	out, fails := ss.Run()
	if out == nil {
		return nil, ex.SearchFailed(fails)
	}
	return out, nil
}

// scrollRefusal is what every shard answers (SearchService) to a scroll
// search with search_after or collapse, or kept alive longer than
// search.max_keep_alive; nil when it runs.
func scrollRefusal(spec *searchreq.Spec, keepAlive, maxKeepAlive time.Duration) *apierr.Error {
	switch {
	case keepAlive > maxKeepAlive:
		return apierr.IllegalArgument("Keep alive for request (%s) is too large. It must be less than (%s). This limit can be set by changing the [search.max_keep_alive] cluster level setting.",
			nodestats.Duration(keepAlive), nodestats.Duration(maxKeepAlive))
	case len(spec.SearchAfter) > 0:
		return apierr.New("search_exception", "`search_after` cannot be used in a scroll context.")
	case spec.Collapse != "":
		return apierr.New("search_exception", "cannot use `collapse` in a scroll context")
	}
	return nil
}
