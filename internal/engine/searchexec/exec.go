package searchexec

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
	"github.com/clustersearch/clustersearch-go/internal/engine/suggest"
)

// Similarity is the default similarity of the cluster's version: BM25, with
// 2.x's legacy (1+k1) factor before 3.0.
func (ex Executor) Similarity() similarity.BM25 {
	return similarity.NewBM25(ex.Cluster.Version.Major < 3)
}

// Run resolves the indexes, runs the search and renders the body.
func (ex Executor) Run(expr string, o indices.Options, spec *searchreq.Spec, routing string) (jsonout.Object, *apierr.Error) {
	start := time.Now()
	req, res, err := ex.Exec(expr, o, spec, routing)
	if err != nil {
		return nil, err
	}
	return ex.Render(req, spec, res, start), nil
}

// Exec resolves the indexes and runs the search; a failure on every
// shard is the search_phase_execution_exception.
func (ex Executor) Exec(expr string, o indices.Options, spec *searchreq.Spec, routing string) (*search.Request, *search.Result, *apierr.Error) {
	names, e := ex.Indices.Resolve(expr, o)
	if e != nil {
		return nil, nil, e
	}
	if e := ex.ReadBlocked(names); e != nil {
		return nil, nil, e
	}
	plan, e := search.PlanAliases(ex.Indices, expr, o, routing)
	if e != nil {
		return nil, nil, e
	}
	req := &search.Request{Service: ex.Indices, Query: spec.Query, From: spec.From, Size: spec.Size, Sort: spec.Sort,
		TrackTotalHits: spec.TrackTotal, TrackScores: spec.TrackScores, PrimaryScoreMax: ex.Cluster.Version.AtLeast(3, 2), MinScore: spec.MinScore, TerminateAfter: spec.TerminateAfter,
		DFS: spec.DFS, Explain: spec.Explain, SearchAfter: spec.SearchAfter, Similarity: ex.Similarity(), Now: ex.Clock.Now(), Scroll: spec.Scroll,
		PostFilter: spec.PostFilter, Highlight: spec.Highlight, Collapse: spec.Collapse, Slice: spec.Slice, Rescore: spec.Rescore,
		DisallowExpensive: !ex.Settings.Values().AllowExpensiveQueries, Profile: spec.Profile}
	for _, f := range spec.DocValues {
		req.DocValueFields = append(req.DocValueFields, f.Field)
	}
	for _, f := range spec.FetchFields {
		req.FetchFields = append(req.FetchFields, search.FetchField{Field: f.Field, Format: f.Format})
	}
	if e := spec.ApplyInnerHits(req); e != nil {
		return nil, nil, e
	}
	boosts, e := ex.resolveIndexBoosts(spec.IndexBoosts, o)
	if e != nil {
		return nil, nil, e
	}
	window := 10000
	for _, n := range names {
		x, ok := ex.Indices.Get(n)
		if !ok {
			continue
		}
		if w := settings.IntOr(x.Settings(), "index.max_result_window", 10000); w < window || n == names[0] {
			window = w
		}
		for _, sh := range plan.Shards(x) {
			if spec.ShardsPref != nil && !spec.ShardsPref[sh] {
				continue
			}
			req.Targets = append(req.Targets, search.Target{Index: x, Shard: sh, IndexBoost: boosts[n], Filter: plan.Filter(n)})
		}
	}
	search.OrderTargets(req.Targets)
	applyPIT(req, spec)
	var cause *apierr.Error
	limit := func(key string, def int) int {
		n := def
		for _, t := range req.Targets {
			n = settings.IntOr(t.Index.Settings(), key, def)
			break
		}
		return n
	}
	switch {
	case len(req.Targets) == 0:
	case len(spec.DocValues) > limit("index.max_docvalue_fields_search", 100):
		cause = apierr.IllegalArgument("Trying to retrieve too many docvalue_fields. Must be less than or equal to: [%d] but was [%d]. This limit can be set by changing the [index.max_docvalue_fields_search] index level setting.", limit("index.max_docvalue_fields_search", 100), len(spec.DocValues))
	case spec.ScriptFieldCount > limit("index.max_script_fields", 32):
		cause = apierr.IllegalArgument("Trying to retrieve too many script_fields. Must be less than or equal to: [%d] but was [%d]. This limit can be set by changing the [index.max_script_fields] index level setting.", limit("index.max_script_fields", 32), spec.ScriptFieldCount)
	case scrollCollapseCause(spec) != nil:
		cause = scrollCollapseCause(spec)
	case rescoreCollapseCause(spec) != nil:
		cause = rescoreCollapseCause(spec)
	case spec.Scroll && spec.Size > window:
		cause = apierr.IllegalArgument("Batch size is too large, size must be less than or equal to: [%d] but was [%d]. Scroll batch sizes cost as much memory as result windows so they are controlled by the [index.max_result_window] index level setting.", window, spec.Size)
	case !spec.Scroll && spec.From+spec.Size > window:
		cause = apierr.IllegalArgument("Result window is too large, from + size must be less than or equal to: [%d] but was [%d]. See the scroll api for a more efficient way to request large data sets. This limit can be set by changing the [index.max_result_window] index level setting.", window, spec.From+spec.Size)
	default:
		cause = rescoreCause(spec, limit("index.max_rescore_window", window))
	}
	if cause != nil {
		var fails []search.ShardFailure
		for _, t := range req.Targets {
			fails = append(fails, search.ShardFailure{Index: t.Index.Name, Shard: t.Shard, Err: cause})
		}
		return nil, nil, ex.SearchFailed(fails)
	}
	if e := mixedUnsignedSort(req); e != nil {
		return nil, nil, e
	}
	req.Scripts, req.ScriptFields = ex.Scripts, spec.ScriptFields
	req.Derived, req.DerivedErr = spec.Derived, spec.DerivedErr
	req.Aggs, req.MaxBuckets = spec.Aggs, ex.Settings.Values().MaxBuckets
	ex.bindTopHits(spec)
	req.Cancel = spec.Cancel
	res, serr := ex.runWithSuggest(req, spec)
	if serr != nil {
		return nil, nil, serr
	}
	if spec.Warn != nil {
		for _, w := range res.Warnings {
			spec.Warn(w)
		}
	}
	if res.Err != nil {
		return nil, nil, reduceFailed(res.Err)
	}
	if len(res.Failures) > 0 && len(res.Failures) == len(req.Targets) {
		return nil, nil, ex.SearchFailed(res.Failures)
	}
	if len(res.Failures) > 0 && spec.NoPartial {
		e := ex.SearchFailed(res.Failures)
		e.Reason = "Partial shards failure"
		return nil, nil, e
	}
	if e := cancelledFetch(res); e != nil {
		return nil, nil, e
	}
	if e := ex.expandCollapse(expr, o, spec, routing, res); e != nil {
		return nil, nil, e
	}
	return req, res, nil
}

// resolveIndexBoosts resolves each indices_boost expression to concrete
// indexes with the search's index options, in request order; the first entry
// that names an index sets its boost (TransportSearchAction.resolveIndexBoosts),
// and an expression that names a missing index fails the search unless the
// options ignore unavailable indexes.
func (ex Executor) resolveIndexBoosts(entries []searchreq.IndexBoost, o indices.Options) (map[string]float32, *apierr.Error) {
	if len(entries) == 0 {
		return nil, nil
	}
	out := map[string]float32{}
	for _, ib := range entries {
		names, e := ex.Indices.Resolve(ib.Expr, o)
		if e != nil {
			return nil, e
		}
		for _, n := range names {
			if _, set := out[n]; !set {
				out[n] = ib.Boost
			}
		}
	}
	return out, nil
}

// ReadBlocked is the search-side block check (TransportSearchAction
// buildPerIndexAliasFilter): each index in turn, the first blocked one fails
// the request with a message naming only that index.
func (ex Executor) ReadBlocked(names []string) *apierr.Error {
	for _, n := range names {
		if e := ex.Indices.Blocked(indices.BlockRead, n); e != nil {
			return e
		}
	}
	return nil
}

// NodeOf is the node holding a primary: shards are spread round-robin.
func (ex Executor) NodeOf(shardNum int) string {
	return ex.Cluster.Nodes[shardNum%len(ex.Cluster.Nodes)].ID
}

// runWithSuggest runs the search and its suggestions (search.RunWithSuggest)
// and keeps the suggestions in spec for rendering.
func (ex Executor) runWithSuggest(req *search.Request, spec *searchreq.Spec) (*search.Result, *apierr.Error) {
	var sreq *suggest.Request
	if spec.Suggest != nil {
		sreq = spec.Suggest.Req
	}
	run, err := search.RunWithSuggest(req, sreq, spec.Query == nil, spec.Scroll)
	if err != nil {
		return nil, err
	}
	if run.Failed != nil {
		return nil, ex.SearchFailed(run.Failed)
	}
	if run.Ran {
		spec.Suggest.Results, spec.Suggest.Ran = run.Suggestions, true
	}
	return run.Result, nil
}
