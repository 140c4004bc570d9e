package rest

import (
	"bytes"

	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"

	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
)

// recordRequestCache counts the shard request cache lookups of a search, as
// IndicesService.canCache decides: no scroll, query_then_fetch, and either
// request_cache=true or (no request_cache and the index setting on) a
// search of size 0; a query reading the clock ("now") or running a script
// is not cacheable.
func (a *NodesAPI) recordRequestCache(r *Request, spec *searchreq.Spec) {
	if _, scroll := r.Param("scroll"); scroll || spec.DFS || spec.Scroll || spec.PIT != nil {
		return
	}
	explicit, set := r.Params["request_cache"]
	if set && explicit != "true" {
		return
	}
	if bytes.Contains(r.Body, []byte(`"now`)) || bytes.Contains(r.Body, []byte(`"script"`)) || bytes.Contains(r.Body, []byte(`"script_score"`)) {
		return
	}
	names, err := a.b.Indices.Resolve(r.PathParam("index"), indices.DefaultOptions())
	if err != nil {
		return
	}
	var xs []*indices.Index
	for _, n := range names {
		x, ok := a.b.Indices.Get(n)
		if !ok {
			continue
		}
		if !set {
			if v, ok := x.Settings().Get("index.requests.cache.enable"); (ok && v == "false") || spec.Size != 0 {
				continue
			}
		}
		xs = append(xs, x)
	}
	if len(xs) == 0 {
		return // no shard takes the cache: no key to build
	}
	a.cache.Record(a.reg, xs, nodestats.RequestCacheKey(r.Params, r.Body), a.b.Clock.Now())
}
