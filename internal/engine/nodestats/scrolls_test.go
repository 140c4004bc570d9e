package nodestats

import (
	"reflect"
	"testing"
	"time"
)

func TestScrollsLifecycle(t *testing.T) {
	reg := NewRegistry(1, time.UnixMilli(0))
	a := reg.Shard(ShardKey{IndexUUID: "u", Shard: 0})
	b := reg.Shard(ShardKey{IndexUUID: "u", Shard: 1})
	s := reg.Scrolls()
	t0 := time.UnixMilli(1000)
	state := func() []int64 {
		return []int64{a.scrollCurrent.Load() + b.scrollCurrent.Load(), a.scrollTotal.Load() + b.scrollTotal.Load(),
			time.Duration(a.scrollNanos.Load() + b.scrollNanos.Load()).Milliseconds()}
	}
	s.Expire(t0) // nothing open: a no-op
	s.Open("x", []*ShardOps{a, b}, []int{0, 0}, t0, time.Minute)
	s.Open("y", []*ShardOps{a}, []int{0}, t0, time.Second)
	if got := state(); !reflect.DeepEqual(got, []int64{3, 0, 0}) {
		t.Fatalf("after opening: current, total, ms = %v", got)
	}
	if got, nodes := s.Continue("x", t0.Add(50*time.Second), time.Minute); len(got) != 2 || len(nodes) != 2 {
		t.Fatalf("continue x: %d shards, %d nodes", len(got), len(nodes))
	}
	if got, nodes := s.Continue("nope", t0, time.Minute); got != nil || nodes != nil {
		t.Fatalf("continue of an unknown scroll: %v %v", got, nodes)
	}
	// y expired at t0+1s; x was renewed at t0+50s for a minute.
	s.Expire(t0.Add(100 * time.Second))
	if got := state(); !reflect.DeepEqual(got, []int64{2, 1, 1000}) {
		t.Fatalf("after y expired: current, total, ms = %v", got)
	}
	s.Clear(nil, true, t0.Add(101*time.Second))
	if got := state(); !reflect.DeepEqual(got, []int64{0, 3, 1000 + 2*101000}) {
		t.Fatalf("after clearing all: current, total, ms = %v", got)
	}
	s.Clear([]string{"x"}, false, t0) // already freed: nothing changes
	if got := state(); got[1] != 3 {
		t.Fatalf("clearing a freed scroll counted it again: %v", got)
	}
}
