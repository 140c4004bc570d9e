package cluster

import (
	"context"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/allocation"
	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/version"
)

func TestParseWaitForNodes(t *testing.T) {
	for _, c := range []struct {
		v    string
		have int
		want bool
	}{
		{"2", 2, true}, {"2", 3, false}, {">=2", 2, true}, {"ge(2)", 1, false}, {"<=2", 2, true}, {"le(2)", 3, false},
		{">2", 3, true}, {"gt(2)", 2, false}, {"<2", 1, true}, {"lt(2)", 2, false},
	} {
		f, err := ParseWaitForNodes(c.v)
		if err != nil {
			t.Fatalf("%s: %v", c.v, err)
		}
		if got := f(c.have); got != c.want {
			t.Errorf("wait_for_nodes=%s with %d nodes: %v, want %v", c.v, c.have, got, c.want)
		}
	}
	for _, v := range []string{"x", ">=", "ge(2", "lt()", "2.5"} {
		if _, err := ParseWaitForNodes(v); err == nil {
			t.Errorf("wait_for_nodes=%s accepted", v)
		}
	}
}

func FuzzParseWaitForNodes(f *testing.F) {
	for _, s := range []string{"3", ">=1", "ge(2)", "<=4", "le(1)", ">0", "gt(9)", "<5", "lt(3)", "", "x", "ge(", ">=-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		if fn, err := ParseWaitForNodes(v); err == nil {
			fn(3) // must not panic
		}
	})
}

func TestParseActiveShardCount(t *testing.T) {
	for v, want := range map[string]int{"": 1, "all": -1, "0": 0, "3": 3} {
		if n, err := ParseActiveShardCount(v); err != nil || n != want {
			t.Errorf("ParseActiveShardCount(%q) = %d, %v", v, n, err)
		}
	}
	for v, reason := range map[string]string{"x": "cannot parse ActiveShardCount[x]", "-2": "shard count cannot be a negative value"} {
		if _, err := ParseActiveShardCount(v); err == nil || err.Reason != reason || err.Status != 400 {
			t.Errorf("ParseActiveShardCount(%q) error %v", v, err)
		}
	}
}

// One node holds the primaries alone: an index with a replica is yellow,
// its writes asking for all copies fail at once with the 503 that names the
// shard request, and health waits time out unless yellow is enough.
func TestOneNodeCopiesAndHealth(t *testing.T) {
	v, _ := version.Parse(version.Default)
	clk := clock.NewManual(time.UnixMilli(0))
	o := &Observer{Cluster: New("c", 1, v), Indices: indices.New(clk, v), Clock: clk}
	x, _, e := o.Indices.GetOrCreate("i")
	if e != nil {
		t.Fatal(e)
	}
	if c := o.copies(x); !EnoughCopies(c, 1, x.Replicas()) || EnoughCopies(c, -1, x.Replicas()) {
		t.Fatalf("copies with %d replicas on one node", x.Replicas())
	}
	err := o.CheckActiveShards(x, 0, "all", 90*time.Second, "req")
	want := "[i][0] Not enough active copies to meet shard count of [ALL] (have 1, needed 2). Timeout: [90s], request: [req]"
	if err == nil || err.Status != 503 || err.Type != TypeUnavailableShards || err.Reason != want {
		t.Fatalf("CheckActiveShards: %v", err)
	}
	if err := o.CheckActiveShards(x, 0, "1", time.Second, "req"); err != nil {
		t.Fatalf("one copy: %v", err)
	}
	opts := indices.Options{IgnoreUnavailable: true, AllowNoIndices: true, ExpandOpen: true}
	body, timedOut, herr := o.Health(context.Background(), &HealthRequest{Level: "cluster", Options: opts, WaitStatus: "green"})
	if herr != nil || !timedOut {
		t.Fatalf("green on one node: timed out %v, %v", timedOut, herr)
	}
	if got, _ := body.Get("status"); got != "yellow" {
		t.Errorf("status %v", got)
	}
	if _, timedOut, _ := o.Health(context.Background(), &HealthRequest{Level: "cluster", Options: opts, WaitStatus: "yellow", Timeout: time.Minute}); timedOut {
		t.Error("yellow is met")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := o.Health(ctx, &HealthRequest{Level: "cluster", Options: opts, WaitStatus: "green", Timeout: time.Minute}); err != context.Canceled {
		t.Errorf("a cancelled wait: %v", err)
	}
}

// With its primaries unassigned (cluster.routing.allocation.enable: none
// when it was created) an index is red, and a write fails on its primary
// whatever it asks for.
func TestUnassignedPrimaryIsRedAndRefusesWrites(t *testing.T) {
	v, _ := version.Parse(version.Default)
	clk := clock.NewManual(time.UnixMilli(0))
	o := &Observer{Cluster: New("c", 1, v), Indices: indices.New(clk, v), Clock: clk,
		Copies: func(*indices.Index) allocation.Copies { return allocation.Copies{UnassignedReplicas: 1} }}
	x, _, e := o.Indices.GetOrCreate("i")
	if e != nil {
		t.Fatal(e)
	}
	err := o.CheckActiveShards(x, 0, "", time.Minute, "req")
	if want := "[i][0] primary shard is not active Timeout: [1m], request: [req]"; err == nil || err.Status != 503 || err.Reason != want {
		t.Fatalf("CheckActiveShards: %v", err)
	}
	if EnoughCopies(o.copies(x), 0, 1) {
		t.Error("no copy is active")
	}
	opts := indices.Options{IgnoreUnavailable: true, AllowNoIndices: true, ExpandOpen: true}
	body, _, _ := o.Health(context.Background(), &HealthRequest{Level: "cluster", Options: opts})
	for k, want := range map[string]any{"status": "red", "active_primary_shards": 0, "unassigned_shards": 2} {
		if got, _ := body.Get(k); got != want {
			t.Errorf("%s %v, want %v", k, got, want)
		}
	}
}
