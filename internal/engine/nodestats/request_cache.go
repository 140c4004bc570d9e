package nodestats

import (
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
)

// maxRequestCacheKeys bounds the keys the request cache statistics remember
// (the real cache evicts by size; past the bound the fake forgets them all).
const maxRequestCacheKeys = 10000

// RequestCache follows what the shard request cache holds, for its hit and
// miss counts: a search the cache takes is a hit when the same request
// already ran on the same shard since its last change, else a miss. The
// zero value is ready; it is safe for concurrent use.
type RequestCache struct {
	mu   sync.Mutex
	seen map[requestCacheKey]bool
}

type requestCacheKey struct {
	shard  ShardKey
	maxDoc int   // the refresh point: the reader the result was computed on
	seqNo  int64 // (a refresh with no change keeps the reader)
	req    string
}

// lookup records a lookup of key and reports whether it was a hit.
func (c *RequestCache) lookup(k requestCacheKey) bool {
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

// Record counts the lookups of one cacheable search, identified by key
// (RequestCacheKey), on every shard of xs at their current refresh point.
func (c *RequestCache) Record(reg *Registry, xs []*indices.Index, key string, now time.Time) {
	for _, x := range xs {
		for _, sh := range x.Shards {
			sk := ShardKey{IndexUUID: x.UUID, Shard: sh.Num}
			v := sh.MaybeRefresh(now, 0)
			hit := c.lookup(requestCacheKey{shard: sk, maxDoc: v.MaxDoc, seqNo: v.SeqNo, req: key})
			reg.Shard(sk).RecordRequestCache(hit)
		}
	}
}

// RequestCacheKey is what identifies a search to the cache: its body and
// the URL parameters that shape the shard request (not those that only
// shape the rendering).
func RequestCacheKey(params map[string]string, body []byte) string {
	keys := make([]string, 0, len(params))
	for k := range params {
		switch k {
		case "pretty", "human", "filter_path", "error_trace", "rest_total_hits_as_int", "typed_keys":
			continue // only the rendering
		}
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(k + "=" + params[k] + "&")
	}
	b.WriteString("\n")
	b.Write(body)
	return b.String()
}
