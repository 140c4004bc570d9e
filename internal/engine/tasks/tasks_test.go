package tasks

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

func TestParseID(t *testing.T) {
	for in, want := range map[string]string{"n1:5": "n1:5", "abc:0": "abc:0"} {
		id, err := ParseID(in)
		if err != nil || id.String() != want {
			t.Errorf("ParseID(%q) = %v, %v", in, id, err)
		}
	}
	for in, reason := range map[string]string{"x": "malformed task id x", "x:y": "malformed task id x:y", ":1": "malformed task id :1", "a:1:2": "malformed task id a:1:2"} {
		if _, err := ParseID(in); err == nil || err.Reason != reason || err.Status != 400 {
			t.Errorf("ParseID(%q) error = %v, want %q", in, err, reason)
		}
	}
	if id, err := ParseID(""); err != nil || !id.IsZero() {
		t.Errorf("empty id: %v %v", id, err)
	}
}

func TestManagerLifecycle(t *testing.T) {
	clk := clock.NewManual(time.UnixMilli(1000))
	m := New(clk, "node")
	parent := m.Register(Spec{Action: "indices:data/write/reindex", Cancellable: true, Headers: map[string]string{"X-Opaque-Id": "me"}})
	child := m.Register(Spec{Action: "indices:data/write/reindex", Parent: parent.ID(), Cancellable: true})
	other := m.Register(Spec{Action: "indices:data/read/search"})
	if got := len(m.List(Filter{Actions: []string{"indices:data/write/*"}})); got != 2 {
		t.Errorf("write tasks: %d", got)
	}
	if got := m.List(Filter{Parent: parent.ID()}); len(got) != 1 || got[0] != child {
		t.Errorf("children: %v", got)
	}
	clk.Advance(1500 * time.Millisecond)
	info, _ := jsonout.Marshal(parent.Info(false, clk.Now()))
	if want := `{"node":"node","id":1,"type":"transport","action":"indices:data/write/reindex","start_time_in_millis":1000,"running_time_in_nanos":1500000000,"cancellable":true,"cancelled":false,"headers":{"X-Opaque-Id":"me"}}`; string(info) != want {
		t.Errorf("info\n got %s\nwant %s", info, want)
	}
	if err := m.Cancel(other, "by user request"); err == nil || err.Reason != "task [node:3] doesn't support cancellation" {
		t.Errorf("cancel non-cancellable: %v", err)
	}
	if err := m.Cancel(parent, "by user request"); err != nil {
		t.Fatal(err)
	}
	select {
	case <-child.CancelledCh():
	default:
		t.Error("child not cancelled with its parent")
	}
	// A child registered after the cancel starts cancelled.
	late := m.Register(Spec{Action: "x", Parent: parent.ID(), Cancellable: true})
	if c, reason := late.Cancelled(); !c || reason != "by user request" {
		t.Errorf("late child: %v %q", c, reason)
	}
	parent.KeepResult()
	parent.SetStatus(func() jsonout.Object { return jsonout.Object{{Key: "total", Value: 3}} })
	m.Finish(parent, jsonout.Object{{Key: "took", Value: 1}}, nil)
	m.Finish(other, nil, nil)
	if tk, res := m.Lookup(parent.ID()); tk != nil || res == nil || !m.StoreExists() {
		t.Fatalf("stored result: %v %v", tk, res)
	}
	if tk, res := m.Lookup(other.ID()); tk != nil || res != nil {
		t.Errorf("unstored task still known: %v %v", tk, res)
	}
	_, res := m.Lookup(parent.ID())
	out, _ := jsonout.Marshal(res.Task)
	if want := `{"node":"node","id":1,"type":"transport","action":"indices:data/write/reindex","status":{"total":3},"description":"","start_time_in_millis":1000,"running_time_in_nanos":1500000000,"cancellable":true,"cancelled":true,"cancellation_time_millis":2500,"headers":{"X-Opaque-Id":"me"}}`; string(out) != want { // a stored result has no resource_stats (Task.result)
		t.Errorf("stored task\n got %s\nwant %s", out, want)
	}
}

func TestSimpleMatch(t *testing.T) {
	for _, c := range []struct {
		p, s string
		want bool
	}{
		{"*", "indices:data/write/reindex", true},
		{"indices:*/reindex", "indices:data/write/reindex", true},
		{"*byquery", "indices:data/write/delete/byquery", true},
		{"cluster:monitor/tasks/lists", "cluster:monitor/tasks/lists[n]", false},
		{"cluster:monitor/tasks/lists*", "cluster:monitor/tasks/lists[n]", true},
		{"a?", "ab", false},
	} {
		if got := wildcard.Simple(c.p, c.s); got != c.want {
			t.Errorf("wildcard.Simple(%q, %q) = %v", c.p, c.s, got)
		}
	}
}

func FuzzParseID(f *testing.F) {
	for _, s := range []string{"a:1", "", "unset", "x", ":", "a:-1", "a:99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := ParseID(s)
		if err == nil && !id.IsZero() {
			back, err2 := ParseID(id.String())
			if err2 != nil || back != id {
				t.Fatalf("round trip of %q: %v %v", s, back, err2)
			}
		}
	})
}
