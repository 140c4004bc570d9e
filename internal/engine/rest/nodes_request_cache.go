package rest

import (
	"bytes"
	"sort"
	"strings"
	"sync"

	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
)

// maxRequestCacheKeys bounds the keys the request cache statistics remember
// (the real cache evicts by size; past the bound the fake forgets them all).
const maxRequestCacheKeys = 10000

// requestCacheKeys are the shard-level requests the shard request cache
// holds results for: a search the cache takes is a hit when the same
// request already ran on the same shard since its last change, else a miss.
type requestCacheKeys struct {
	mu   sync.Mutex
	seen map[requestCacheKey]bool
}

type requestCacheKey struct {
	shard  nodestats.ShardKey
	maxDoc int   // the refresh point: the reader the result was computed on
	seqNo  int64 // (a refresh with no change keeps the reader)
	req    string
}

// lookup records a lookup of key and reports whether it was a hit.
func (c *requestCacheKeys) lookup(k requestCacheKey) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.seen[k] {
		return true
	}
	if c.seen == nil || len(c.seen) >= maxRequestCacheKeys {
		c.seen = map[requestCacheKey]bool{}
	}
	c.seen[k] = true
	return false
}

// recordRequestCache counts the shard request cache lookups of a search, as
// IndicesService.canCache decides: no scroll, query_then_fetch, and either
// request_cache=true or (no request_cache and the index setting on) a
// search of size 0; a query reading the clock ("now") or running a script
// is not cacheable.
func (a *NodesAPI) recordRequestCache(r *Request, spec *searchSpec) {
	if _, scroll := r.Param("scroll"); scroll || spec.dfs || spec.scroll || spec.pit != nil {
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
	key := "" // built for the first shard the cache takes
	for _, n := range names {
		x, ok := a.b.Indices.Get(n)
		if !ok {
			continue
		}
		if !set {
			if v, ok := x.Settings().Get("index.requests.cache.enable"); (ok && v == "false") || spec.size != 0 {
				continue
			}
		}
		if key == "" {
			key = requestCacheRequest(r)
		}
		for _, sh := range x.Shards {
			sk := nodestats.ShardKey{IndexUUID: x.UUID, Shard: sh.Num}
			v := sh.MaybeRefresh(a.b.Clock.Now(), 0)
			hit := a.cache.lookup(requestCacheKey{shard: sk, maxDoc: v.MaxDoc, seqNo: v.SeqNo, req: key})
			a.reg.Shard(sk).RecordRequestCache(hit)
		}
	}
}

// requestCacheRequest is what identifies a request to the cache: its body
// and the parameters that shape the shard request.
func requestCacheRequest(r *Request) string {
	keys := make([]string, 0, len(r.Params))
	for k := range r.Params {
		switch k {
		case "pretty", "human", "filter_path", "error_trace", "rest_total_hits_as_int", "typed_keys":
			continue // only the rendering
		}
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(k + "=" + r.Params[k] + "&")
	}
	b.WriteString("\n")
	b.Write(r.Body)
	return b.String()
}
