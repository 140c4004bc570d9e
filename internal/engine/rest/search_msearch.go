package rest

import (
	"bytes"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/cursor"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// msearchEntry is one header/body pair of a multi-search.
type msearchEntry struct {
	index   string
	opts    indices.Options
	routing string
	params  map[string]string
	body    []byte
	err     *apierr.Error // a bad header or body fails only this entry
}

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
	entries, perr := parseMsearch(r, r.Body)
	if perr != nil {
		return nil, perr
	}
	if len(entries) == 0 {
		return nil, apierr.Validation("no requests added")
	}
	// Bodies parse before anything runs: a bad body fails the whole request,
	// as it does while OpenSearch reads the NDJSON.
	specs := make([]*searchSpec, len(entries))
	for i, e := range entries {
		if e.err != nil {
			continue
		}
		spec, err := b.msearchSpec(r, e, totalAsInt)
		if err != nil {
			return nil, err
		}
		specs[i] = spec
	}
	responses := make([]any, 0, len(entries))
	r.facts.searches = make([]*searchFacts, len(entries))
	for i, e := range entries {
		var body jsonout.Object
		aerr := e.err
		switch {
		case aerr == nil && specs[i].pit != nil:
			body, aerr = b.msearchPIT(st, specs[i])
		case aerr == nil:
			body, aerr = b.runChildSearch(r, e, specs[i])
		}
		if failsRendering(aerr) {
			return nil, aerr
		}
		if aerr != nil {
			responses = append(responses, jsonout.Object{{Key: "error", Value: aerr.Object(false)}, {Key: "status", Value: aerr.Status}})
			continue
		}
		specs[i].facts.index = e.index
		r.facts.searches[i] = specs[i].facts
		responses = append(responses, append(body, jsonout.Field{Key: "status", Value: 200}))
	}
	return OK(jsonout.Object{{Key: "took", Value: time.Since(start).Milliseconds()}, {Key: "responses", Value: responses}}), nil
}

// msearchSpec parses one entry's body with the entry's and the request's
// parameters.
func (b *Backend) msearchSpec(r *Request, e msearchEntry, totalAsInt bool) (*searchSpec, error) {
	sub := &Request{Params: e.params, PathParams: map[string]string{}}
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
	spec, err := parseSearch(sub, e.body)
	if err == nil && spec.pit != nil {
		err = msearchPITProblems(r, e, spec)
	}
	return spec, err
}

func asAPI(err error) *apierr.Error {
	if ae, ok := err.(*apierr.Error); ok {
		return ae
	}
	return apierr.Internal(err.Error())
}

// parseMsearch splits the NDJSON body into entries as
// MultiSearchRequest.readMultiLineFormat does.
func parseMsearch(r *Request, body []byte) ([]msearchEntry, *apierr.Error) {
	if len(body) > 0 && body[len(body)-1] != '\n' {
		return nil, apierr.IllegalArgument("The msearch request must be terminated by a newline [\n]")
	}
	lines := bytes.Split(body, []byte("\n"))
	lines = lines[:len(lines)-1] // the part after the final newline
	var out []msearchEntry
	for i := 0; i < len(lines); i++ {
		header := bytes.TrimSpace(lines[i])
		if len(header) == 0 && i == len(lines)-1 {
			break
		}
		e := msearchEntry{index: r.PathParam("index"), opts: indices.DefaultOptions(), params: map[string]string{}}
		if len(header) > 0 {
			v, err := xcontent.Parse(header)
			if err != nil {
				return nil, asAPI(xerr(err))
			}
			if v.Kind != xcontent.Object {
				return nil, apierr.IllegalArgument("Malformed action/metadata line [%d], expected START_OBJECT but found [%s]", i+1, v.Token())
			}
			if aerr := e.readHeader(v); aerr != nil {
				return nil, aerr
			}
		}
		i++
		if i >= len(lines) {
			break
		}
		e.body = lines[i]
		out = append(out, e)
	}
	return out, nil
}

func (e *msearchEntry) readHeader(v *xcontent.Value) *apierr.Error {
	for _, m := range v.Members {
		val := &m.Value
		text := func() string {
			if val.Kind == xcontent.Array {
				s := ""
				for i, it := range val.Items {
					if i > 0 {
						s += ","
					}
					s += it.Text()
				}
				return s
			}
			return val.Text()
		}
		switch m.Key {
		case "index", "indices":
			e.index = text()
		case "search_type", "request_cache", "preference", "cancel_after_time_interval", "phase_took", "ccs_minimize_roundtrips", "allow_partial_search_results":
			e.params[m.Key] = text()
		case "routing":
			e.routing = text()
		case "expand_wildcards":
			if err := e.opts.ParseExpandWildcards(text()); err != nil {
				return err
			}
		case "ignore_unavailable":
			e.opts.IgnoreUnavailable = text() == "true"
		case "allow_no_indices":
			e.opts.AllowNoIndices = text() == "true"
		case "ignore_throttled":
		default:
			return apierr.IllegalArgument("key [%s] is not supported in the metadata section", m.Key)
		}
	}
	return nil
}
