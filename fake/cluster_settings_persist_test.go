package fake_test

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/fake"
)

// Persistent cluster settings survive a restart on the same data directory
// (a crash included); transient ones are lost, as on a full cluster restart.
func TestClusterSettingsDataDir(t *testing.T) {
	dir := t.TempDir()
	srv, err := fake.NewServer(fake.WithDataDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	put := func(s *fake.Server, body string) {
		t.Helper()
		if code, _, got := doRaw(t, s, "PUT", "/_cluster/settings", body); code != 200 {
			t.Fatalf("PUT %s: %d %s", body, code, got)
		}
	}
	put(srv, `{"persistent":{"action.auto_create_index":"-x*","search.max_open_pit_context":5},"transient":{"action.destructive_requires_name":true}}`)
	const want = `{"persistent":{"action.auto_create_index":"-x*","search.max_open_pit_context":"5"},"transient":{}}`
	crashed := fake.New(t, fake.WithDataDir(copyDir(t, dir)))
	if _, _, got := doRaw(t, crashed, "GET", "/_cluster/settings?flat_settings=true", ""); got != want {
		t.Errorf("after a crash: %s", got)
	}
	put(srv, `{"persistent":{"search.max_open_pit_context":null}}`)
	srv.Close()
	again := fake.New(t, fake.WithDataDir(dir))
	if _, _, got := doRaw(t, again, "GET", "/_cluster/settings?flat_settings=true", ""); got != `{"persistent":{"action.auto_create_index":"-x*"},"transient":{}}` {
		t.Errorf("after a restart: %s", got)
	}
	// The restored setting governs the restarted cluster.
	if code, _, got := doRaw(t, again, "PUT", "/xyz/_doc/1", `{}`); code != 404 {
		t.Errorf("auto-create after restart: %d %s", code, got)
	}
}
