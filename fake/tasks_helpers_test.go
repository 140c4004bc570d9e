package fake

import (
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/tasks"
)

func TestTasksDirectHelpers(t *testing.T) {
	clk := NewManualClock(time.UnixMilli(1700000000000))
	s := New(t, WithClock(clk))
	seed(t, s, "t", 4, "")
	id := startTask(t, s, "/t/_delete_by_query?scroll_size=1&requests_per_second=1&wait_for_completion=false", `{"query":{"match_all":{}}}`)
	waitStatus(t, s, id, func(st map[string]any) bool { return st["deleted"] == 1.0 })
	list := s.Tasks()
	if len(list) != 1 || list[0] != (Task{ID: id, Action: "indices:data/write/delete/byquery", Description: "delete-by-query [t]", Cancellable: true}) {
		t.Fatalf("Tasks() = %+v", list)
	}
	if err := s.CancelTask(id); err != nil {
		t.Fatal(err)
	}
	res := taskGet(t, s, id, "?wait_for_completion=true")
	if resp := res["response"].(map[string]any); resp["deleted"] != 1.0 || resp["canceled"] != "by user request" {
		t.Errorf("response %v", resp)
	}
	if len(s.Tasks()) != 0 {
		t.Errorf("tasks left: %+v", s.Tasks())
	}
	if err := s.CancelTask(id); err == nil {
		t.Error("cancelling a finished task succeeded")
	}
	if err := s.CancelTask("bad"); err == nil {
		t.Error("malformed id accepted")
	}
}

// Closing the server stops background jobs that wait on the clock.
func TestCloseStopsBackgroundJobs(t *testing.T) {
	clk := NewManualClock(time.UnixMilli(1700000000000))
	s, err := NewServer(WithClock(clk))
	if err != nil {
		t.Fatal(err)
	}
	seed(t, s, "t", 4, "")
	id := startTask(t, s, "/t/_delete_by_query?scroll_size=1&requests_per_second=1&wait_for_completion=false", `{"query":{"match_all":{}}}`)
	waitStatus(t, s, id, func(st map[string]any) bool { return st["deleted"] == 1.0 })
	s.Close()
	tid, _ := tasks.ParseID(id)
	task, _ := s.docops.Tasks().Lookup(tid)
	if task == nil {
		t.Fatal("the job ended before Close")
	}
	<-task.Done()
	if _, res := s.docops.Tasks().Lookup(tid); res == nil || res.Response == nil {
		t.Fatalf("no stored result after Close: %v", res)
	}
}
