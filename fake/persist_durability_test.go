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
	for _, s := range []struct{ path, body string }{
		{"/req", `{"settings":{"number_of_replicas":0}}`},
		{"/lazy", `{"settings":{"number_of_replicas":0,"index.translog.durability":"async","index.translog.sync_interval":"1h"}}`},
		{"/soon", `{"settings":{"number_of_replicas":0,"index.translog.durability":"ASYNC","index.translog.sync_interval":"200ms"}}`},
	} {
		if status, _, body := doRaw(t, srv, "PUT", s.path, s.body); status != 200 {
			t.Fatalf("PUT %s: %d %s", s.path, status, body)
		}
	}
	for _, index := range []string{"req", "lazy", "soon"} {
		if status, _, body := doRaw(t, srv, "PUT", "/"+index+"/_doc/1", `{"n":1}`); status != 201 {
			t.Fatalf("write to %s: %d %s", index, status, body)
		}
	}
	// request: durable once acknowledged. async: acknowledged before its
	// sync, so a crash right after loses it.
	if !crashedHas(t, dir, "req", "1") {
		t.Error("an acknowledged write to a request-durability index was lost")
	}
	if crashedHas(t, dir, "lazy", "1") {
		t.Error("a write to an async index with a 1h sync_interval was synced at once")
	}
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
