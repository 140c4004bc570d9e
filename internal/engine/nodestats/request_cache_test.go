package nodestats

import (
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/version"
)

// The rendering parameters do not change what the cache keys a search by.
func TestRequestCacheKey(t *testing.T) {
	a := RequestCacheKey(map[string]string{"size": "0", "pretty": "true", "typed_keys": "true"}, []byte(`{"aggs":{}}`))
	b := RequestCacheKey(map[string]string{"size": "0"}, []byte(`{"aggs":{}}`))
	if a != b || a != "size=0&\n{\"aggs\":{}}" {
		t.Errorf("keys %q %q", a, b)
	}
	if RequestCacheKey(map[string]string{"size": "1"}, []byte(`{"aggs":{}}`)) == b {
		t.Error("size shapes the shard request")
	}
}

// A repeated search hits until a write and a refresh move the shard's
// reader; the store size is measured again only then.
func TestRequestCacheAndStoreSizes(t *testing.T) {
	clk := clock.NewManual(time.UnixMilli(0))
	v, _ := version.Parse(version.Default)
	svc := indices.New(clk, v)
	x, _, e := svc.GetOrCreate("i")
	if e != nil {
		t.Fatal(e)
	}
	reg := NewRegistry(1, clk.Now())
	var c RequestCache
	hits := func() (int64, int64) {
		var h, m int64
		for _, sh := range x.Shards {
			ops := reg.Shard(ShardKey{IndexUUID: x.UUID, Shard: sh.Num})
			h, m = h+ops.cacheHits.Load(), m+ops.cacheMisses.Load()
		}
		return h, m
	}
	c.Record(reg, []*indices.Index{x}, "k", clk.Now())
	c.Record(reg, []*indices.Index{x}, "k", clk.Now())
	n := int64(len(x.Shards))
	if h, m := hits(); h != n || m != n {
		t.Fatalf("after two searches: %d hits, %d misses over %d shards", h, m, n)
	}
	var sizes StoreSizes
	sh := x.Shards[0]
	if got := sizes.Bytes(ShardKey{IndexUUID: x.UUID, Shard: sh.Num}, sh); got != 0 {
		t.Fatalf("empty shard store %d", got)
	}
	if _, conflict := sh.Index(&shard.Write{ID: "a", Source: []byte(`{"f":1}`), IfSeqNo: shard.NoSeqNo, Now: clk.Now()}); conflict != nil {
		t.Fatal(conflict)
	}
	sh.Refresh(clk.Now())
	if got := sizes.Bytes(ShardKey{IndexUUID: x.UUID, Shard: sh.Num}, sh); got != 7 {
		t.Fatalf("store after a refresh %d", got)
	}
	c.Record(reg, []*indices.Index{x}, "k", clk.Now())
	if h, m := hits(); h != 2*n-1 || m != n+1 {
		t.Fatalf("after the write: %d hits, %d misses", h, m)
	}
}
