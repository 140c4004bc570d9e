package fake_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/fake"
)

// seedAsync fills src with n documents and starts an asynchronous reindex
// into dst, an update_by_query on src and a delete_by_query on gone; it
// returns the three task ids.
func seedAsync(t *testing.T, srv *fake.Server, n int) []string {
	t.Helper()
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "{\"index\":{\"_index\":\"src\",\"_id\":\"%d\"}}\n{\"n\":%d}\n", i, i)
		fmt.Fprintf(&b, "{\"index\":{\"_index\":\"gone\",\"_id\":\"%d\"}}\n{\"n\":%d}\n", i, i)
	}
	if status, _, body := doRaw(t, srv, "POST", "/_bulk?refresh=true", b.String()); status != 200 || strings.Contains(body, `"errors":true`) {
		t.Fatalf("bulk: %d %s", status, body)
	}
	var ids []string
	for _, s := range []struct{ path, body string }{
		{"/_reindex?wait_for_completion=false", `{"source":{"index":"src","size":7},"dest":{"index":"dst"}}`},
		{"/gone/_delete_by_query?wait_for_completion=false&scroll_size=7", `{"query":{"match_all":{}}}`},
	} {
		status, _, body := doRaw(t, srv, "POST", s.path, s.body)
		var id string
		if _, err := fmt.Sscanf(body, `{"task":%q}`, &id); status != 200 || err != nil {
			t.Fatalf("POST %s: %d %s", s.path, status, body)
		}
		ids = append(ids, id)
	}
	return ids
}

// checkAsync finds every document the tasks wrote, and none they deleted.
func checkAsync(t *testing.T, srv *fake.Server, n int, ids []string) bool {
	t.Helper()
	for i := 0; i < n; i++ {
		id := fmt.Sprint(i)
		if src, ok := srv.Document("dst", id); !ok || string(src) != fmt.Sprintf(`{"n":%d}`, i) {
			return false
		}
		if _, ok := srv.Document("gone", id); ok {
			return false
		}
	}
	for _, id := range ids {
		if _, ok := srv.Document(".tasks", id); !ok {
			return false
		}
	}
	return true
}

func TestDataDirKeepsAsyncTaskWritesWithoutClose(t *testing.T) {
	const n = 40
	dir := t.TempDir()
	srv := fake.New(t, fake.WithDataDir(dir), fake.WithSnapshotInterval(time.Hour))
	ids := seedAsync(t, srv, n)
	for _, id := range ids {
		deadline := time.Now().Add(10 * time.Second)
		for {
			_, _, body := doRaw(t, srv, "GET", "/_tasks/"+id+"?filter_path=completed", "")
			if body == `{"completed":true}` {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("task %s did not complete: %s", id, body)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	// The answer that showed the tasks complete left after their writes
	// were fsynced: a crash now loses none of them.
	crashed := copyDir(t, dir)
	again := fake.New(t, fake.WithDataDir(crashed))
	if !checkAsync(t, again, n, ids) {
		t.Fatal("a completed task's writes were lost in the crash")
	}
	if _, _, body := doRaw(t, again, "GET", "/dst/_count", ""); !strings.HasPrefix(body, fmt.Sprintf(`{"count":%d,`, n)) {
		t.Errorf("dst after restart: %s", body)
	}
}

func TestDataDirFlushesBackgroundWrites(t *testing.T) {
	const n = 20
	dir := t.TempDir()
	srv := fake.New(t, fake.WithDataDir(dir), fake.WithSnapshotInterval(time.Hour))
	ids := seedAsync(t, srv, n)
	// No request observes the tasks and no snapshot is due: the flusher
	// alone commits what they wrote.
	deadline := time.Now().Add(10 * time.Second)
	for {
		crashed := copyDir(t, dir)
		again, err := fake.NewServer(fake.WithDataDir(crashed))
		if err != nil {
			t.Fatal(err)
		}
		ok := checkAsync(t, again, n, ids)
		again.Close()
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("background writes never reached the log")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestDataDirDirectWritesAreDurableOnReturn(t *testing.T) {
	dir := t.TempDir()
	srv := fake.New(t, fake.WithDataDir(dir), fake.WithSnapshotInterval(time.Hour))
	if err := srv.IndexDocuments("direct", fake.Doc{ID: "1", Source: `{"a":1}`}); err != nil {
		t.Fatal(err)
	}
	crashed := copyDir(t, dir)
	again := fake.New(t, fake.WithDataDir(crashed))
	if src, ok := again.Document("direct", "1"); !ok || string(src) != `{"a":1}` {
		t.Fatalf("directly indexed document after a crash: %q %v", src, ok)
	}
}
