package rest

import (
	"encoding/json"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/cursor"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// searchParams are the URL parameters of _search.
var searchParams = []string{"_source", "_source_excludes", "_source_includes", "allow_no_indices", "allow_partial_search_results",
	"analyze_wildcard", "analyzer", "batched_reduce_size", "cancel_after_time_interval", "ccs_minimize_roundtrips", "default_operator",
	"df", "docvalue_fields", "expand_wildcards", "explain", "from", "ignore_throttled", "ignore_unavailable", "include_named_queries_score",
	"lenient", "max_concurrent_shard_requests", "phase_took", "pre_filter_shard_size", "preference", "q", "request_cache",
	"rest_total_hits_as_int", "routing", "scroll", "search_pipeline", "search_type", "seq_no_primary_term", "size", "sort", "stats",
	"stored_fields", "suggest_field", "suggest_mode", "suggest_size", "suggest_text", "terminate_after", "timeout", "track_scores",
	"track_total_hits", "typed_keys", "version"}

// SearchRoutes returns the search routes (_search, scroll, _explain,
// _msearch) with a fresh store of search contexts.
func (b *Backend) SearchRoutes() []Route { return b.SearchRoutesWith(cursor.NewStore(b.Clock)) }

// SearchRoutesWith returns the search routes serving scrolls from st (keep
// st to read its OpenContexts).
func (b *Backend) SearchRoutesWith(st *cursor.Store) []Route {
	explainParams := []string{"_source", "_source_excludes", "_source_includes", "analyze_wildcard", "analyzer", "default_operator",
		"df", "lenient", "preference", "q", "routing", "stored_fields"}
	msearchParams := []string{"cancel_after_time_interval", "ccs_minimize_roundtrips", "max_concurrent_searches", "max_concurrent_shard_requests",
		"pre_filter_shard_size", "rest_total_hits_as_int", "search_type", "typed_keys"}
	scrollParams := []string{"rest_total_hits_as_int", "scroll", "scroll_id"}
	out := []Route{
		{Op: "clear_scroll", Method: "DELETE", Path: "/_search/scroll", Params: scrollParams, Body: true, Handler: b.clearScrollHandler(st)},
		{Op: "clear_scroll", Method: "DELETE", Path: "/_search/scroll/{scroll_id}", Params: scrollParams, Body: true, Handler: b.clearScrollHandler(st)},
		{Op: "indices.forcemerge", Method: "POST", Path: "/_forcemerge", Params: forceMergeParams, Handler: expiringFirst(st, b.forceMerge)},
		{Op: "indices.forcemerge", Method: "POST", Path: "/{index}/_forcemerge", Params: forceMergeParams, Handler: expiringFirst(st, b.forceMerge)},
	}
	out = append(out, b.pitRoutes(st)...)
	out = append(out, b.templateRoutes(st)...)
	for _, m := range []string{"GET", "POST"} {
		out = append(out,
			Route{Op: "search", Method: m, Path: "/_search", Params: searchParams, Body: true, Handler: b.searchHandler(st)},
			Route{Op: "search", Method: m, Path: "/{index}/_search", Params: searchParams, Body: true, Handler: b.searchHandler(st)},
			Route{Op: "scroll", Method: m, Path: "/_search/scroll", Params: scrollParams, Body: true, Handler: b.scrollHandler(st)},
			Route{Op: "scroll", Method: m, Path: "/_search/scroll/{scroll_id}", Params: scrollParams, Body: true, Handler: b.scrollHandler(st)},
			Route{Op: "explain", Method: m, Path: "/{index}/_explain/{id}", Params: explainParams, Body: true, Handler: b.explainHandler},
			Route{Op: "msearch", Method: m, Path: "/_msearch", Params: msearchParams, Body: true, Handler: b.msearchWith(st)},
			Route{Op: "msearch", Method: m, Path: "/{index}/_msearch", Params: msearchParams, Body: true, Handler: b.msearchWith(st)},
		)
	}
	return out
}

func (b *Backend) similarity() similarity.BM25 {
	return similarity.NewBM25(b.Cluster.Version.Major < 3)
}

func (b *Backend) searchHandler(st *cursor.Store) Handler {
	return func(r *Request) (*Response, error) {
		start := time.Now()
		o, err := indicesOptions(r, indices.DefaultOptions())
		if err != nil {
			return nil, err
		}
		spec, err := parseSearch(r, r.Body)
		if err != nil {
			return nil, err
		}
		r.facts.search = spec.Facts
		if spec.Cancel, err = b.newSearchRun(r); err != nil {
			return nil, err
		}
		if spec.PIT != nil {
			return b.searchPIT(st, r, spec, start)
		}
		v, scroll := r.Param("scroll")
		if problems := b.shardDocProblems(spec, scroll); len(problems) > 0 {
			return nil, apierr.Validation(problems...)
		}
		if !scroll {
			body, aerr := b.runSearch(r.PathParam("index"), o, spec, r.Params["routing"])
			if aerr != nil {
				return nil, aerr
			}
			return OK(body), nil
		}
		ka, aerr := cursor.ParseKeepAlive(v, b.clusterSettings().Values().MaxKeepAlive)
		if aerr != nil {
			return nil, aerr
		}
		if e := searchreq.ScrollProblems(r.Params, spec); e != nil {
			return nil, e
		}
		spec.Scroll, spec.TrackTotal = true, math.MaxInt32
		req, res, aerr := b.execSearch(r.PathParam("index"), o, spec, r.Params["routing"])
		if aerr != nil {
			return nil, aerr
		}
		id := st.OpenScroll(res.Scroll(), spec, ka)
		spec.Facts.ScrollID = id
		body := b.renderSearch(req, spec, res, start)
		return OK(append(jsonout.Object{{Key: "_scroll_id", Value: id}}, body...)), nil
	}
}

// parseSearch reads a search request's parameters and body (nil for none);
// a search's parsed body describes its task.
func parseSearch(r *Request, body []byte) (*searchreq.Spec, error) {
	o := searchreq.Options{Warn: r.Warn}
	if r.Op == "search" {
		o.OnBody = func(v *xcontent.Value) { describeParsedBody(r, v) }
	}
	return searchreq.Parse(r.Params, body, o)
}

// runSearch resolves the indexes, runs the search and renders the body.
func (b *Backend) runSearch(expr string, o indices.Options, spec *searchreq.Spec, routing string) (jsonout.Object, *apierr.Error) {
	start := time.Now()
	req, res, err := b.execSearch(expr, o, spec, routing)
	if err != nil {
		return nil, err
	}
	return b.renderSearch(req, spec, res, start), nil
}

// execSearch resolves the indexes and runs the search; a failure on every
// shard is the search_phase_execution_exception.
func (b *Backend) execSearch(expr string, o indices.Options, spec *searchreq.Spec, routing string) (*search.Request, *search.Result, *apierr.Error) {
	names, e := b.Indices.Resolve(expr, o)
	if e != nil {
		return nil, nil, e
	}
	if e := b.readBlocked(names); e != nil {
		return nil, nil, e
	}
	plan, e := search.PlanAliases(b.Indices, expr, o, routing)
	if e != nil {
		return nil, nil, e
	}
	req := &search.Request{Service: b.Indices, Query: spec.Query, From: spec.From, Size: spec.Size, Sort: spec.Sort,
		TrackTotalHits: spec.TrackTotal, TrackScores: spec.TrackScores, PrimaryScoreMax: b.Cluster.Version.AtLeast(3, 2), MinScore: spec.MinScore, TerminateAfter: spec.TerminateAfter,
		DFS: spec.DFS, Explain: spec.Explain, SearchAfter: spec.SearchAfter, Similarity: b.similarity(), Now: b.Clock.Now(), Scroll: spec.Scroll,
		PostFilter: spec.PostFilter, Highlight: spec.Highlight, Collapse: spec.Collapse, Slice: spec.Slice, Rescore: spec.Rescore,
		DisallowExpensive: !b.clusterSettings().Values().AllowExpensiveQueries, Profile: spec.Profile}
	for _, f := range spec.DocValues {
		req.DocValueFields = append(req.DocValueFields, f.Field)
	}
	for _, f := range spec.FetchFields {
		req.FetchFields = append(req.FetchFields, search.FetchField{Field: f.Field, Format: f.Format})
	}
	if e := spec.ApplyInnerHits(req); e != nil {
		return nil, nil, e
	}
	boosts, e := b.resolveIndexBoosts(spec.IndexBoosts, o)
	if e != nil {
		return nil, nil, e
	}
	window := 10000
	for _, n := range names {
		x, ok := b.Indices.Get(n)
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
		return nil, nil, b.searchFailed(fails)
	}
	if e := mixedUnsignedSort(req); e != nil {
		return nil, nil, e
	}
	req.Scripts, req.ScriptFields = searchScripts{b}, spec.ScriptFields
	req.Derived, req.DerivedErr = spec.Derived, spec.DerivedErr
	req.Aggs, req.MaxBuckets = spec.Aggs, b.clusterSettings().Values().MaxBuckets
	b.bindTopHits(spec)
	req.Cancel = spec.Cancel
	res, serr := b.runWithSuggest(req, spec)
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
		return nil, nil, b.searchFailed(res.Failures)
	}
	if len(res.Failures) > 0 && spec.NoPartial {
		e := b.searchFailed(res.Failures)
		e.Reason = "Partial shards failure"
		return nil, nil, e
	}
	if e := cancelledFetch(res); e != nil {
		return nil, nil, e
	}
	if e := b.expandCollapse(expr, o, spec, routing, res); e != nil {
		return nil, nil, e
	}
	return req, res, nil
}

// searchFailed is search_phase_execution_exception over the shard
// failures (grouped by cause, as OpenSearch prints them).
func (b *Backend) searchFailed(fails []search.ShardFailure) *apierr.Error {
	first := fails[0].Err
	e := apierr.New(apierr.TypeSearchPhaseExecution, "all shards failed")
	e.Status = first.Status
	e.Meta = []apierr.Meta{{Key: "phase", Value: "query"}, {Key: "grouped", Value: true},
		{Key: "failed_shards", Value: b.shardFailures(fails, true)}}
	e.Cause = first
	seen := map[string]bool{}
	for _, f := range fails {
		key := f.Index + "\x00" + f.Err.Type + "\x00" + f.Err.Reason
		if !seen[key] {
			seen[key] = true
			e.RootCauses = append(e.RootCauses, f.Err)
		}
	}
	return e
}

// shardFailures renders failures; grouped keeps one per index and cause.
func (b *Backend) shardFailures(fails []search.ShardFailure, grouped bool) []any {
	var out []any
	seen := map[string]bool{}
	for _, f := range fails {
		key := f.Index + "\x00" + f.Err.Type + "\x00" + f.Err.Reason
		if grouped && seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, jsonout.Object{{Key: "shard", Value: f.Shard}, {Key: "index", Value: f.Index},
			{Key: "node", Value: b.nodeOf(f.Shard)}, {Key: "reason", Value: f.Err.Inline()}})
	}
	return out
}

func (b *Backend) renderSearch(req *search.Request, spec *searchreq.Spec, res *search.Result, start time.Time) jsonout.Object {
	total := len(req.Targets)
	shards := jsonout.Object{{Key: "total", Value: total}, {Key: "successful", Value: total - len(res.Failures)},
		{Key: "skipped", Value: 0}, {Key: "failed", Value: len(res.Failures)}}
	if len(res.Failures) > 0 {
		shards = append(shards, jsonout.Field{Key: "failures", Value: b.shardFailures(res.Failures, true)})
	}
	hits := jsonout.Object{}
	switch {
	case spec.TotalAsInt && spec.TrackTotal == -1:
		hits = append(hits, jsonout.Field{Key: "total", Value: -1})
	case spec.TotalAsInt:
		hits = append(hits, jsonout.Field{Key: "total", Value: res.Total})
	case spec.TrackTotal != -1:
		hits = append(hits, jsonout.Field{Key: "total", Value: jsonout.Object{{Key: "value", Value: res.Total}, {Key: "relation", Value: res.Relation}}})
	}
	hits = append(hits, jsonout.Field{Key: "max_score", Value: scoreOrNull(res.MaxScore)})
	list := make([]jsonout.Object, 0, len(res.Hits))
	slab := newHitSlab(len(res.Hits))
	for i := range res.Hits {
		list = append(list, b.renderHitIn(slab, &res.Hits[i], spec))
	}
	hits = append(hits, jsonout.Field{Key: "hits", Value: list})
	if spec.Facts != nil {
		spec.Facts.Hits = len(list) > 0
	}
	out := jsonout.Object{{Key: "took", Value: time.Since(start).Milliseconds()}, {Key: "timed_out", Value: false}}
	if spec.TerminateAfter > 0 {
		out = append(out, jsonout.Field{Key: "terminated_early", Value: res.TerminatedEarly})
	}
	out = append(out, jsonout.Field{Key: "_shards", Value: shards}, jsonout.Field{Key: "hits", Value: hits})
	if res.Aggs != nil && !res.Aggs.Empty() {
		out = append(out, jsonout.Field{Key: "aggregations", Value: res.Aggs.RenderWith(spec.TypedKeys, spec.TotalAsInt)})
	}
	out = appendSuggest(out, spec)
	if res.Profiles != nil {
		out = append(out, jsonout.Field{Key: "profile", Value: search.RenderProfiles(res.Profiles, spec.Human, b.nodeOf)})
	}
	return out
}

func scoreOrNull(f float32) any {
	if math.IsNaN(float64(f)) {
		return nil
	}
	return search.Score(f)
}

func (b *Backend) renderHit(h *search.Hit, spec *searchreq.Spec) jsonout.Object {
	return b.renderHitIn(nil, h, spec)
}

// renderHitIn renders a hit with its parts kept in slab (nil: allocated
// for this hit alone).
func (b *Backend) renderHitIn(slab *hitSlab, h *search.Hit, spec *searchreq.Spec) jsonout.Object {
	o := slab.object()
	if h.Explanation != nil {
		o = append(o, jsonout.Field{Key: "_shard", Value: "[" + h.Target.Index.Name + "][" + strconv.Itoa(h.Target.Shard) + "]"},
			jsonout.Field{Key: "_node", Value: b.nodeOf(h.Target.Shard)})
	}
	o = append(o, jsonout.Field{Key: "_index", Value: slab.indexName(h.Target.Index)}, jsonout.Field{Key: "_id", Value: slab.str(h.Doc.ID)})
	if spec.Version {
		o = append(o, jsonout.Field{Key: "_version", Value: h.Doc.Version})
	}
	if spec.SeqNo {
		o = append(o, jsonout.Field{Key: "_seq_no", Value: h.Doc.SeqNo}, jsonout.Field{Key: "_primary_term", Value: h.Doc.PrimaryTerm})
	}
	o = append(o, jsonout.Field{Key: "_score", Value: slab.score(h.Score)})
	if h.Doc.Routing != "" {
		o = append(o, jsonout.Field{Key: "_routing", Value: h.Doc.Routing})
	}
	if len(h.Ignored) > 0 {
		o = append(o, jsonout.Field{Key: "_ignored", Value: h.Ignored})
	}
	if m := h.Target.Index.Mapping(); spec.WantsSource() && (m == nil || m.SourceEnabled == nil || *m.SourceEnabled) {
		var raw any // the source as sent, kept in the slab
		if spec.Source.Unfiltered() {
			raw = slab.source(h.Doc.Source)
		}
		if raw != nil {
			o = append(o, jsonout.Field{Key: "_source", Value: raw})
		} else if src, ok, err := spec.Source.Apply(h.Doc.Source); err == nil && ok {
			o = append(o, jsonout.Field{Key: "_source", Value: src})
		}
	}
	if fields := hitFields(h, spec); len(fields) > 0 {
		o = append(o, jsonout.Field{Key: "fields", Value: fields})
	}
	if len(h.Highlight) > 0 {
		hl := make(jsonout.Object, 0, len(h.Highlight))
		for _, f := range h.Highlight {
			hl = append(hl, jsonout.Field{Key: f.Field, Value: f.Fragments})
		}
		o = append(o, jsonout.Field{Key: "highlight", Value: search.HashOrdered(hl)})
	}
	if h.SortValues != nil {
		o = append(o, jsonout.Field{Key: "sort", Value: h.SortValues})
	}
	if mq := renderMatchedQueries(h.MatchedQueries, spec.NamedScores); mq != nil {
		o = append(o, jsonout.Field{Key: "matched_queries", Value: mq})
	}
	if h.Explanation != nil {
		o = append(o, jsonout.Field{Key: "_explanation", Value: json.RawMessage(h.Explanation.AppendJSON(nil))})
	}
	if ih := b.renderInnerHits(h, spec); ih != nil {
		o = append(o, jsonout.Field{Key: "inner_hits", Value: ih})
	}
	return o
}

// explainHandler is GET|POST /{index}/_explain/{id}.
func (b *Backend) explainHandler(r *Request) (*Response, error) {
	spec, err := searchreq.ParseExplain(r.Params, r.Body)
	if err != nil {
		return nil, err
	}
	if spec.Query == nil {
		return nil, apierr.Validation("query is missing")
	}
	o := indices.Options{ResourceType: apierr.ResourceIndexExpression}
	names, e := b.Indices.Resolve(r.PathParam("index"), o)
	if e != nil {
		return nil, e
	}
	if len(names) != 1 {
		return nil, apierr.IllegalArgument("explain can only be performed on a single index")
	}
	if e := b.readBlocked(names); e != nil {
		return nil, e
	}
	x, _ := b.Indices.Get(names[0])
	id := r.PathParam("id")
	routing := r.Params["routing"]
	plan, e := search.PlanAliases(b.Indices, r.PathParam("index"), o, "")
	if e != nil {
		return nil, e
	}
	if _, aliasRouting, _ := b.Indices.ReadTarget(r.PathParam("index")); aliasRouting != "" {
		if routing, e = indices.IndexRouting(r.PathParam("index"), aliasRouting, routing); e != nil {
			return nil, e
		}
	}
	sh := x.Routing.Shard(id, routing)
	req := &search.Request{Service: b.Indices, Query: spec.Query, Similarity: b.similarity(), Now: b.Clock.Now(), Scripts: searchScripts{b},
		DisallowExpensive: !b.clusterSettings().Values().AllowExpensiveQueries}
	req.Targets = []search.Target{{Index: x, Shard: sh, Filter: plan.Filter(x.Name)}}
	ex, doc, found, aerr := search.ExplainDoc(req, id)
	if aerr != nil {
		return nil, aerr
	}
	body := jsonout.Object{{Key: "_index", Value: x.Name}, {Key: "_id", Value: id}, {Key: "matched", Value: found && ex.Matched}}
	r.facts.index = x.Name
	if !found {
		return &Response{Status: http.StatusNotFound, Body: body}, nil
	}
	body = append(body, jsonout.Field{Key: "explanation", Value: json.RawMessage(ex.AppendJSON(nil))})
	// The document comes back as "get" when its source (or stored fields)
	// were asked for (TransportExplainAction).
	v, hasSource := r.Param("_source")
	wantGet := (hasSource && v != "false") || hasParam(r, "_source_includes") || hasParam(r, "_source_excludes") || hasParam(r, "stored_fields")
	if wantGet {
		get := jsonout.Object{{Key: "_seq_no", Value: doc.SeqNo}, {Key: "_primary_term", Value: doc.PrimaryTerm}}
		if doc.Routing != "" {
			get = append(get, jsonout.Field{Key: "_routing", Value: doc.Routing})
		}
		get = append(get, jsonout.Field{Key: "found", Value: true})
		f, ferr := searchreq.SourceParams(r.Params)
		if ferr != nil {
			return nil, ferr
		}
		if !hasParam(r, "stored_fields") || hasSource {
			if src, ok, serr := f.Apply(doc.Source); serr == nil && ok {
				get = append(get, jsonout.Field{Key: "_source", Value: src})
			}
		}
		body = append(body, jsonout.Field{Key: "get", Value: get})
		r.facts.fetched = true
	}
	return OK(body), nil
}

// resolveIndexBoosts resolves each indices_boost expression to concrete
// indexes with the search's index options, in request order; the first entry
// that names an index sets its boost (TransportSearchAction.resolveIndexBoosts),
// and an expression that names a missing index fails the search unless the
// options ignore unavailable indexes.
func (b *Backend) resolveIndexBoosts(entries []searchreq.IndexBoost, o indices.Options) (map[string]float32, *apierr.Error) {
	if len(entries) == 0 {
		return nil, nil
	}
	out := map[string]float32{}
	for _, ib := range entries {
		names, e := b.Indices.Resolve(ib.Expr, o)
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

// reduceFailed wraps a failure of the coordinating reduce (too many
// buckets) as SearchPhaseController reports it: a search_phase_execution_exception
// of the fetch phase with no shard failures and an empty reason; other
// request-wide errors pass through.
func reduceFailed(e *apierr.Error) *apierr.Error {
	if e.Type != "too_many_buckets_exception" {
		return e
	}
	out := apierr.New(apierr.TypeSearchPhaseExecution, "")
	out.Status = e.Status
	out.Meta = []apierr.Meta{{Key: "phase", Value: "fetch"}, {Key: "grouped", Value: true}, {Key: "failed_shards", Value: []any{}}}
	out.RootCauses = []*apierr.Error{}
	out.Cause = e
	return out
}

// mixedUnsignedSort is the failure of merging sorted hits when a sort field
// is unsigned_long in one index and another type in another (OpenSearch
// raises it in the fetch phase, after the shards answered).
func mixedUnsignedSort(req *search.Request) *apierr.Error {
	for _, s := range req.Sort {
		if s.Kind != search.SortField || s.Field == "" {
			continue
		}
		unsigned, other := false, false
		for _, t := range req.Targets {
			f := t.Index.Mapping().Lookup(s.Field)
			switch {
			case f == nil:
			case f.Type == mapping.TypeUnsignedLong:
				unsigned = true
			default:
				other = true
			}
		}
		if unsigned && other {
			cause := apierr.IllegalArgument("Can't do sort across indices, as a field has [unsigned_long] type in one index, and different type in another index!")
			e := apierr.New(apierr.TypeSearchPhaseExecution, "")
			e.Status = cause.Status
			e.Meta = []apierr.Meta{{Key: "phase", Value: "fetch"}, {Key: "grouped", Value: true}, {Key: "failed_shards", Value: []any{}}}
			e.Cause = cause
			e.RootCauses = []*apierr.Error{cause}
			return e
		}
	}
	return nil
}

// renderMatchedQueries is SearchHit's matched_queries: the names, or with
// include_named_queries_score each name with its score; nothing when none
// matched.
func renderMatchedQueries(mq []search.MatchedQuery, scores bool) any {
	if len(mq) == 0 {
		return nil
	}
	if scores {
		o := make(jsonout.Object, 0, len(mq))
		for _, m := range mq {
			o = append(o, jsonout.Field{Key: m.Name, Value: search.Score(m.Score)})
		}
		return o
	}
	names := make([]string, len(mq))
	for i, m := range mq {
		names[i] = m.Name
	}
	return names
}
