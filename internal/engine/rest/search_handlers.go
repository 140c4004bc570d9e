package rest

import (
	"encoding/json"
	"math"
	"net/http"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/cursor"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
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
		r.facts.Search = spec.Facts
		if spec.Cancel, err = b.newSearchRun(r); err != nil {
			return nil, err
		}
		if spec.PIT != nil {
			return b.searchPIT(st, r, spec, start)
		}
		v, scroll := r.Param("scroll")
		ex := b.exec()
		if problems := ex.ShardDocProblems(spec, scroll); len(problems) > 0 {
			return nil, apierr.Validation(problems...)
		}
		if !scroll {
			body, aerr := ex.Run(r.PathParam("index"), o, spec, r.Params["routing"])
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
		req, res, aerr := ex.Exec(r.PathParam("index"), o, spec, r.Params["routing"])
		if aerr != nil {
			return nil, aerr
		}
		id := st.OpenScroll(res.Scroll(), spec, ka)
		spec.Facts.ScrollID = id
		body := ex.Render(req, spec, res, start)
		return OK(append(jsonout.Object{{Key: "_scroll_id", Value: id}}, body...)), nil
	}
}

// parseSearch reads a search request's parameters and body (nil for none);
// a search's parsed body describes its task.
func parseSearch(r *Request, body []byte) (*searchreq.Spec, error) {
	return searchreq.Parse(r.Params, body, r.Warn, func(v *xcontent.Value) { describeParsedBody(r, v) })
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
	id := r.PathParam("id")
	res, aerr := b.exec().Explain(r.PathParam("index"), id, r.Params["routing"], spec)
	if aerr != nil {
		return nil, aerr
	}
	x, ex, doc, found := res.Index, res.Explanation, res.Doc, res.Found
	body := jsonout.Object{{Key: "_index", Value: x.Name}, {Key: "_id", Value: id}, {Key: "matched", Value: found && ex.Matched}}
	r.facts.Index = x.Name
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
		r.facts.Fetched = true
	}
	return OK(body), nil
}
