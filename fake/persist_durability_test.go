package fake_test

import (
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/fake"
)

// crashedHas reports whether a server started on a copy of dir as a crash
// leaves it finds the document.
func crashedHas(t *testing.T, dir, index, id string) bool {
	t.Helper()
	again, err := fake.NewServer(fake.WithDataDir(copyDir(t, dir)))
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	_, ok := again.Document(index, id)
	return ok
}

func TestTranslogDurabilityAsyncDefersTheSync(t *testing.T) {
	dir := t.TempDir()
	srv := fake.New(t, fake.WithDataDir(dir))
	put := func(path, body string, want int) {
		t.Helper()
		if status, _, got := doRaw(t, srv, "PUT", path, body); status != want {
			t.Fatalf("PUT %s: %d %s", path, status, got)
		}
	}
	put("/req", `{"settings":{"number_of_replicas":0}}`, 200)
	put("/lazy", `{"settings":{"number_of_replicas":0,"index.translog.durability":"async","index.translog.sync_interval":"1h"}}`, 200)
	put("/req/_doc/1", `{"n":1}`, 201)
	put("/lazy/_doc/1", `{"n":1}`, 201)
	// request: durable once acknowledged. async: acknowledged before its
	// sync, so a crash right after loses it. (The index with a short
	// interval comes after this check: its background sync would make
	// the lazy write durable too on a slow machine.)
	if !crashedHas(t, dir, "req", "1") {
		t.Error("an acknowledged write to a request-durability index was lost")
	}
	if crashedHas(t, dir, "lazy", "1") {
		t.Error("a write to an async index with a 1h sync_interval was synced at once")
	}
	put("/soon", `{"settings":{"number_of_replicas":0,"index.translog.durability":"ASYNC","index.translog.sync_interval":"200ms"}}`, 200)
	put("/soon/_doc/1", `{"n":1}`, 201)
	// Within its sync_interval the background sync makes it durable.
	deadline := time.Now().Add(10 * time.Second)
	for !crashedHas(t, dir, "soon", "1") {
		if time.Now().After(deadline) {
			t.Fatal("the async write was never synced")
		}
		time.Sleep(50 * time.Millisecond)
	}
	// A clean shutdown syncs everything.
	srv.Close()
	again := fake.New(t, fake.WithDataDir(dir))
	if _, ok := again.Document("lazy", "1"); !ok {
		t.Error("an async write lost by a clean shutdown")
	}
}
