package rest

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/cursor"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchexec"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
)

// msearchEntry is one header/body pair of a multi-search.
type msearchEntry = search.MultiSearchEntry

// msearchWith is GET|POST [/{index}]/_msearch, its point-in-time searches
// served from st.
func (b *Backend) msearchWith(st *cursor.Store) Handler {
	return func(r *Request) (*Response, error) { return b.msearchHandler(st, r) }
}

// msearchHandler is GET|POST [/{index}]/_msearch.
func (b *Backend) msearchHandler(st *cursor.Store, r *Request) (*Response, error) {
	start := time.Now()
	if _, err := r.Int("max_concurrent_searches", 0); err != nil {
		return nil, err
	}
	if n, _ := r.Int("max_concurrent_searches", 0); hasParam(r, "max_concurrent_searches") && n < 1 {
		return nil, apierr.Validation("maxConcurrentSearches must be positive")
	}
	totalAsInt, err := r.Bool("rest_total_hits_as_int", false)
	if err != nil {
		return nil, err
	}
	if _, err := r.Duration("cancel_after_time_interval", -1); err != nil {
		return nil, err
	}
	entries, perr := search.ParseMultiSearch(r.Body, r.PathParam("index"))
	if perr != nil {
		return nil, perr
	}
	if len(entries) == 0 {
		return nil, apierr.Validation("no requests added")
	}
	// Bodies parse before anything runs: a bad body fails the whole request,
	// as it does while OpenSearch reads the NDJSON.
	specs := make([]*searchreq.Spec, len(entries))
	for i, e := range entries {
		if e.Err != nil {
			continue
		}
		spec, err := b.msearchSpec(r, e, totalAsInt)
		if err != nil {
			return nil, err
		}
		specs[i] = spec
	}
	responses := make([]any, 0, len(entries))
	r.facts.Searches = make([]*searchreq.Facts, len(entries))
	for i, e := range entries {
		var body jsonout.Object
		aerr := e.Err
		switch {
		case aerr == nil && specs[i].PIT != nil:
			body, aerr = b.exec().MsearchPIT(st, specs[i])
		case aerr == nil:
			body, aerr = b.runChildSearch(r, e, specs[i])
		}
		if searchexec.FailsRendering(aerr) {
			return nil, aerr
		}
		if aerr != nil {
			responses = append(responses, jsonout.Object{{Key: "error", Value: aerr.Object(false)}, {Key: "status", Value: aerr.Status}})
			continue
		}
		specs[i].Facts.Index = e.Index
		r.facts.Searches[i] = specs[i].Facts
		responses = append(responses, append(body, jsonout.Field{Key: "status", Value: 200}))
	}
	return OK(jsonout.Object{{Key: "took", Value: time.Since(start).Milliseconds()}, {Key: "responses", Value: responses}}), nil
}

// msearchSpec parses one entry's body with the entry's and the request's
// parameters.
func (b *Backend) msearchSpec(r *Request, e msearchEntry, totalAsInt bool) (*searchreq.Spec, error) {
	sub := &Request{Params: e.Params, PathParams: map[string]string{}}
	if totalAsInt {
		sub.Params["rest_total_hits_as_int"] = "true"
	}
	if tk, ok := r.Param("typed_keys"); ok {
		sub.Params["typed_keys"] = tk
	}
	if st, ok := r.Param("search_type"); ok {
		if _, set := sub.Params["search_type"]; !set {
			sub.Params["search_type"] = st
		}
	}
	spec, err := parseSearch(sub, e.Body)
	if err == nil && spec.PIT != nil {
		err = msearchPITProblems(r, e, spec)
	}
	return spec, err
}
