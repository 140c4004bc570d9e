package tasks_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/documents"
	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/tasks"
)

func TestRethrottleWire(t *testing.T) {
	t.Parallel()
	tr, mock := sdktest.New(t)
	got := sdktest.Capture(mock, 200, `{"nodes":{}}`, nil)
	s := tasks.NewService(tr)
	ctx := context.Background()
	for _, rps := range []float64{2.5, tasks.Unthrottled} {
		if _, err := s.Rethrottle(ctx, "n1:7", rps); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"requests_per_second=2.5", "requests_per_second=-1"}
	for i, r := range *got {
		if r.Method != "POST" || r.Path != "/_reindex/n1:7/_rethrottle" || r.Query != want[i] {
			t.Errorf("call %d: %s %s ?%s", i, r.Method, r.Path, r.Query)
		}
	}
	for _, bad := range []struct {
		id  tasks.TaskID
		rps float64
	}{{"", 1}, {"n1:x", 1}, {"n1:7", 0}, {"n1:7", -2}} {
		if _, err := s.Rethrottle(ctx, bad.id, bad.rps); err == nil {
			t.Errorf("Rethrottle(%q, %v) accepted", bad.id, bad.rps)
		}
	}
	if len(*got) != 2 {
		t.Errorf("%d requests, want 2", len(*got))
	}
}

func TestRethrottleAgainstFake(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	clock := fake.NewManualClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	srv := fake.New(t, fake.WithClock(clock))
	for _, id := range []string{"a", "b", "c"} {
		if err := srv.IndexDocuments("src", fake.Doc{ID: id, Source: map[string]any{"n": 1}}); err != nil {
			t.Fatal(err)
		}
	}
	c := srv.Client()
	slow := 0.001 // one document every 1000 s of the (stopped) clock
	size := 1
	started, err := c.Documents.ReindexAsync(ctx, &documents.ReindexRequest{
		Source: documents.ReindexSource{Index: []string{"src"}, Size: &size}, Dest: documents.ReindexDest{Index: "dst"},
	}, &documents.ReindexParams{RequestsPerSecond: &slow})
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Tasks.Rethrottle(ctx, started.Task, tasks.Unthrottled)
	if err != nil {
		t.Fatal(err)
	}
	all := res.All()
	if len(all) != 1 || !strings.HasSuffix(all[0].Action, "reindex") {
		t.Fatalf("rethrottled = %+v", all)
	}
	waitCtx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	done, err := c.Tasks.Wait(waitCtx, started.Task, &tasks.WaitOptions{Interval: 5 * time.Millisecond})
	if err != nil {
		t.Fatalf("the unthrottled reindex did not finish: %v", err)
	}
	if done.Result == nil || done.Result.Created != 3 {
		t.Fatalf("result = %+v", done.Result)
	}
}
