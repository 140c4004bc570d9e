package cursor

import (
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/version"
)

// countingListener counts the reader contexts opened and closed.
type countingListener struct {
	open   int
	closed []time.Duration
}

func (l *countingListener) PITOpened(search.Target) { l.open++ }

func (l *countingListener) PITClosed(_ search.Target, lifetime time.Duration) {
	l.open--
	l.closed = append(l.closed, lifetime)
}

func newPITStore(t *testing.T) (*Store, *clock.Manual, Cluster) {
	t.Helper()
	v, err := version.Parse("2.19.0")
	if err != nil {
		t.Fatal(err)
	}
	c := clock.NewManual(time.Date(2024, 5, 18, 10, 30, 0, 0, time.UTC))
	svc := indices.New(c, v)
	if _, _, e := svc.GetOrCreate("books"); e != nil {
		t.Fatal(e)
	}
	return NewStore(c), c, Cluster{Indices: svc, Nodes: []string{"node-a"}, MaxPerNodePIT: 300}
}

// openPIT creates a named point in time over every shard of books.
func openPIT(t *testing.T, st *Store, c *clock.Manual, cl Cluster, keepAlive time.Duration) (string, []PITShard) {
	t.Helper()
	targets := PITTargets(cl.Indices, []string{"books"}, "", nil)
	refs, fails := st.OpenPIT(cl, targets, search.Snapshot(cl.Indices, targets), c.Now())
	if len(fails) > 0 || len(refs) != len(targets) {
		t.Fatalf("open: %d refs for %d targets, failures %+v", len(refs), len(targets), fails)
	}
	id := EncodePITID(1, refs)
	st.NamePIT(refs, id, keepAlive, c.Now())
	return id, refs
}

func TestPITLifecycle(t *testing.T) {
	st, c, cl := newPITStore(t)
	var l countingListener
	st.SetPITListener(&l)
	id, refs := openPIT(t, st, c, cl, time.Minute)
	if l.open != len(refs) || st.OpenContexts() != len(refs) {
		t.Fatalf("listener sees %d, store %d, want %d", l.open, st.OpenContexts(), len(refs))
	}
	if got := st.PITs(); len(got) != 1 || got[0].ID != id || got[0].KeepAlive != time.Minute {
		t.Fatalf("listed %+v", got)
	}
	if got := st.PITShards(id); len(got) != len(refs) {
		t.Fatalf("shards %v", got)
	}

	// A search 50s later keeps the contexts alive another minute.
	c.Advance(50 * time.Second)
	live, fails := st.PITContexts(refs)
	if len(live) != len(refs) || len(fails) != 0 {
		t.Fatalf("live %d, failures %+v", len(live), fails)
	}
	st.UsePIT(live, 0)
	c.Advance(50 * time.Second)
	if live, _ := st.PITContexts(refs); len(live) != len(refs) {
		t.Fatal("a used point in time expired before its keep-alive")
	}

	// Past the keep-alive every shard is missing; the contexts lived until
	// the last use (50s) plus the keep-alive.
	c.Advance(2 * time.Minute)
	live, fails = st.PITContexts(refs)
	if len(live) != 0 || len(fails) != len(refs) || fails[0].Err.Type != apierr.TypeSearchContextMissing {
		t.Fatalf("after expiry: live %d, failures %+v", len(live), fails)
	}
	if l.open != 0 || len(l.closed) != len(refs) || l.closed[0] != 110*time.Second {
		t.Fatalf("listener: open %d, lifetimes %v", l.open, l.closed)
	}
}

func TestFreePITs(t *testing.T) {
	st, c, cl := newPITStore(t)
	id, refs := openPIT(t, st, c, cl, time.Hour)
	other, _ := openPIT(t, st, c, cl, time.Hour)
	nodes := map[string]bool{"node-a": true}
	got := st.FreePITs([]string{id, id}, [][]PITShard{refs, refs}, nodes)
	if len(got) != 1 || got[0] != (Freed{ID: id, OK: true}) {
		t.Fatalf("freed %+v", got)
	}
	// A node the cluster does not know fails the id.
	stranger := append([]PITShard(nil), refs...)
	stranger[0].Node = "node-z"
	if got := st.FreePITs([]string{id}, [][]PITShard{stranger}, nodes); len(got) != 1 || got[0].OK {
		t.Fatalf("unknown node: %+v", got)
	}
	if got := st.FreeAllPITs(); len(got) != 1 || got[0].ID != other {
		t.Fatalf("freed all %+v", got)
	}
	if st.OpenContexts() != 0 || len(st.PITs()) != 0 {
		t.Fatal("contexts left after freeing all")
	}
}

func TestOpenPITPerNodeLimit(t *testing.T) {
	st, c, cl := newPITStore(t)
	cl.MaxPerNodePIT = 0
	targets := PITTargets(cl.Indices, []string{"books"}, "", nil)
	refs, fails := st.OpenPIT(cl, targets, search.Snapshot(cl.Indices, targets), c.Now())
	if len(refs) != 0 || len(fails) != len(targets) || fails[0].Err.Type != apierr.TypeRejectedExecution {
		t.Fatalf("refs %v, failures %+v", refs, fails)
	}
}

func TestParseKeepAlive(t *testing.T) {
	if d, err := ParseKeepAlive("90s", time.Hour); err != nil || d != 90*time.Second {
		t.Fatalf("90s: %v %v", d, err)
	}
	_, err := ParseKeepAlive("2h", time.Hour)
	want := "Keep alive for request (2h) is too large. It must be less than (1h). This limit can be set by changing the [search.max_keep_alive] cluster level setting."
	if err == nil || err.Reason != want {
		t.Fatalf("2h: %+v", err)
	}
}

func TestScrollIDs(t *testing.T) {
	st := NewStore(clock.NewManual(time.Unix(0, 0)))
	if _, err := st.Scroll("not-an-id"); err == nil || err.Reason != "Cannot parse scroll id" {
		t.Fatalf("malformed: %+v", err)
	}
	_, err := st.Scroll(encodeScrollID(7))
	if err == nil || err.Type != apierr.TypeSearchPhaseExecution || err.Cause.Reason != "No search context found for id [7]" {
		t.Fatalf("missing: %+v", err)
	}
	if n, err := st.ClearScrolls([]string{encodeScrollID(7)}); err != nil || n != 0 {
		t.Fatalf("clear missing: %d %v", n, err)
	}
}
