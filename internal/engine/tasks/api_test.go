package tasks

import (
	"context"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/cluster"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// The nodes parameter selects by id, name, wildcard, _local and _all.
func TestSelectNodes(t *testing.T) {
	nodes := []cluster.Node{{ID: "aaa", Name: "node-0"}, {ID: "bbb", Name: "node-1"}, {ID: "ccc", Name: "other"}}
	for _, c := range []struct {
		list []string
		want string
	}{
		{nil, "aaa,bbb,ccc"}, {[]string{"_all"}, "aaa,bbb,ccc"}, {[]string{"_local"}, "aaa"},
		{[]string{"node-*"}, "aaa,bbb"}, {[]string{"ccc", "node-1"}, "bbb,ccc"}, {[]string{"nope"}, ""},
	} {
		sel := SelectNodes(nodes, c.list)
		got := ""
		for _, n := range nodes {
			if sel[n.ID] {
				if got != "" {
					got += ","
				}
				got += n.ID
			}
		}
		if got != c.want {
			t.Errorf("%q: got %s, want %s", c.list, got, c.want)
		}
	}
}

func TestParseGroupBy(t *testing.T) {
	if g, err := ParseGroupBy(""); err != nil || g != "nodes" {
		t.Errorf("default: %q %v", g, err)
	}
	_, err := ParseGroupBy("tree")
	if err == nil || err.Reason != "[group_by] must be one of [nodes], [parents] or [none] but was [tree]" {
		t.Errorf("bad value: %v", err)
	}
}

// Grouped by parents, a child task is listed under its parent only.
func TestRenderListParents(t *testing.T) {
	m := New(clock.NewManual(time.UnixMilli(0)), "n")
	parent := m.Register(Spec{Action: "p"})
	child := m.Register(Spec{Action: "c", Parent: parent.ID()})
	out := m.RenderList(m.List(Filter{}), "parents", false, nil, cluster.Node{ID: "n"})
	tv, _ := out.Get("tasks")
	top := tv.(jsonout.Object)
	if len(top) != 1 || top[0].Key != parent.ID().String() {
		t.Fatalf("roots: %v", top)
	}
	kids, _ := top[0].Value.(jsonout.Object).Get("children")
	if list, _ := kids.([]any); len(list) != 1 {
		t.Fatalf("children: %v", kids)
	}
	cancelled, failures := m.CancelMatching(context.Background(), CancelRequest{ByID: true, ID: child.ID(), Nodes: map[string]bool{"n": true}}, false)
	if len(cancelled) != 0 || len(failures) != 1 {
		t.Fatalf("a task that is not cancellable: cancelled %v, failures %v", cancelled, failures)
	}
	b, _ := jsonout.Marshal(failures[0])
	want := `{"type":"failed_node_exception","reason":"Failed node [n]","node_id":"n","caused_by":{"type":"illegal_argument_exception","reason":"task [` +
		child.ID().String() + `] doesn't support cancellation"}}`
	if string(b) != want {
		t.Errorf("got %s\nwant %s", b, want)
	}
}
