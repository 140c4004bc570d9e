package reindex

import (
	"strconv"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// hitsOn makes n hits spread over the shards of an index with that many shards.
func hitsOn(shards, n int) []search.Hit {
	x := &indices.Index{Name: "i", Shards: make([]*shard.Shard, shards)}
	out := make([]search.Hit, n)
	for i := range out {
		out[i] = search.Hit{Target: search.Target{Index: x, Shard: i % shards}, Doc: shard.Doc{ID: strconv.Itoa(i)}}
	}
	return out
}

// The slices split as SliceBuilder does: whole shards when there are no
// more slices than shards, hashed ids within a shard otherwise.
func TestSliceHits(t *testing.T) {
	parts := SliceHits(hitsOn(5, 50), 2)
	for s, part := range parts {
		for _, h := range part {
			if h.Target.Shard%2 != s {
				t.Errorf("5 shards, 2 slices: shard %d in slice %d", h.Target.Shard, s)
			}
		}
	}
	if len(parts[0]) != 30 || len(parts[1]) != 20 {
		t.Errorf("sizes %d %d", len(parts[0]), len(parts[1]))
	}
	// 2 shards, 3 slices: shard 0 is read by slices 0 and 2, shard 1 by slice 1 alone.
	parts = SliceHits(hitsOn(2, 200), 3)
	total := 0
	for s, part := range parts {
		total += len(part)
		for _, h := range part {
			if want := s % 2; h.Target.Shard != want {
				t.Errorf("2 shards, 3 slices: shard %d in slice %d", h.Target.Shard, s)
			}
		}
	}
	if total != 200 || len(parts[1]) != 100 || len(parts[0]) == 0 || len(parts[2]) == 0 {
		t.Errorf("sizes %d %d %d", len(parts[0]), len(parts[1]), len(parts[2]))
	}
}

func TestAutoSlices(t *testing.T) {
	small := &indices.Index{Name: "a", Shards: make([]*shard.Shard, 3)}
	big := &indices.Index{Name: "b", Shards: make([]*shard.Shard, 40)}
	if n := AutoSlices([]search.Target{{Index: big}, {Index: small}}); n != 3 {
		t.Errorf("least shards: %d", n)
	}
	if n := AutoSlices([]search.Target{{Index: big}}); n != 20 {
		t.Errorf("ceiling: %d", n)
	}
	if n := AutoSlices(nil); n != 1 {
		t.Errorf("no targets: %d", n)
	}
}
