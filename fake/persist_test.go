package fake_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/fake"
)

// writeSteps change every kind of persisted state over HTTP.
var writeSteps = []struct{ method, path, body string }{
	{"PUT", "/books", `{"settings":{"number_of_shards":2,"number_of_replicas":0},"mappings":{"properties":{"title":{"type":"text"},"year":{"type":"long"}}}}`},
	{"PUT", "/books/_doc/1", `{"title":"Dune","year":1965}`},
	{"PUT", "/books/_doc/1", `{"title":"Dune","year":1966}`},
	{"PUT", "/books/_doc/2?routing=r", `{"title":"Emma"}`},
	{"PUT", "/books/_doc/3", `{"title":"gone"}`},
	{"DELETE", "/books/_doc/3", ""},
	{"POST", "/_bulk", "{\"index\":{\"_index\":\"books\",\"_id\":\"4\"}}\n{\"title\":\"Ulysses\"}\n{\"create\":{\"_index\":\"auto\",\"_id\":\"a\",\"routing\":\"z\"}}\n{\"n\":1.50}\n{\"delete\":{\"_index\":\"books\",\"_id\":\"2\",\"routing\":\"r\"}}\n"},
	{"PUT", "/gone", `{}`},
	{"PUT", "/gone/_doc/x", `{"a":1}`},
	{"DELETE", "/gone", ""},
	{"POST", "/_plugins/_notifications/configs", `{"config_id":"ops","config":{"name":"Ops","config_type":"slack","slack":{"url":"https://hooks.example.com/x"}}}`},
	{"PUT", "/books/_alias/library", `{"is_write_index":true}`},
	{"PUT", "/books/_settings", `{"index":{"refresh_interval":"5s"}}`},
}

// checks read the state back after a restart: path and the exact body.
var persistChecks = []struct{ path, want string }{
	{"/books/_doc/1", `{"_index":"books","_id":"1","_version":2,`},
	{"/books/_doc/4", `{"_index":"books","_id":"4","_version":1,`},
	{"/books/_doc/3", `{"_index":"books","_id":"3","found":false}`},
	{"/books/_doc/2?routing=r", `{"_index":"books","_id":"2","found":false}`},
	{"/auto/_doc/a?routing=z", `{"_index":"auto","_id":"a","_version":1,`},
	{"/books/_mapping", `{"books":{"mappings":{"properties":{"title":{"type":"text"},"year":{"type":"long"}}}}}`},
	{"/books/_settings?filter_path=*.settings.index.number_of_shards", `{"books":{"settings":{"index":{"number_of_shards":"2"}}}}`},
	{"/gone", `{"error":{"root_cause":[{"type":"index_not_found_exception"`},
	{"/books/_alias", `{"books":{"aliases":{"library":{"is_write_index":true}}}}`},
	{"/books/_settings?filter_path=*.settings.index.refresh_interval", `{"books":{"settings":{"index":{"refresh_interval":"5s"}}}}`},
	{"/_plugins/_notifications/configs/ops?filter_path=config_list.config.name", `{"config_list":[{"config":{"name":"Ops"}}]}`},
}

func runSteps(t *testing.T, srv *fake.Server) {
	t.Helper()
	for _, s := range writeSteps {
		if status, _, body := doRaw(t, srv, s.method, s.path, s.body); status >= 300 {
			t.Fatalf("%s %s: %d %s", s.method, s.path, status, body)
		}
	}
}

func checkState(t *testing.T, srv *fake.Server) {
	t.Helper()
	for _, c := range persistChecks {
		_, _, body := doRaw(t, srv, "GET", c.path, "")
		if !strings.HasPrefix(body, c.want) {
			t.Errorf("GET %s after restart: %s\nwant prefix %s", c.path, body, c.want)
		}
	}
	if src, ok := srv.DocumentRouted("auto", "a", "z"); !ok || string(src) != `{"n":1.50}` {
		t.Errorf("source not kept byte for byte: %s", src)
	}
}

func TestDataDirRestartAfterClose(t *testing.T) {
	dir := t.TempDir()
	srv, err := fake.NewServer(fake.WithDataDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	runSteps(t, srv)
	if _, err := srv.AddDanglingIndex(fake.DanglingIndex{Name: "old", UUID: "u-old", CreationDate: 7}); err != nil {
		t.Fatal(err)
	}
	srv.Close()
	again := fake.New(t, fake.WithDataDir(dir))
	checkState(t, again)
	if _, _, body := doRaw(t, again, "GET", "/_dangling?filter_path=dangling_indices.index_uuid", ""); body != `{"dangling_indices":[{"index_uuid":"u-old"}]}` {
		t.Errorf("dangling after restart: %s", body)
	}
}

// copyDir copies the data directory as a crash would leave it: whatever the
// files hold at that moment, with no final snapshot.
func copyDir(t *testing.T, from string) string {
	t.Helper()
	to := t.TempDir()
	entries, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(from, e.Name()))
		if os.IsNotExist(err) {
			continue // removed by a snapshot meanwhile
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return to
}

func TestDataDirKeepsAcknowledgedWritesWithoutClose(t *testing.T) {
	dir := t.TempDir()
	srv := fake.New(t, fake.WithDataDir(dir))
	runSteps(t, srv)
	crashed := copyDir(t, dir) // every answer above was sent after its fsync
	again := fake.New(t, fake.WithDataDir(crashed))
	checkState(t, again)
}

func TestDataDirTornTailIsDropped(t *testing.T) {
	dir := t.TempDir()
	srv := fake.New(t, fake.WithDataDir(dir))
	runSteps(t, srv)
	crashed := copyDir(t, dir)
	logs, _ := filepath.Glob(filepath.Join(crashed, "log-*"))
	if len(logs) == 0 {
		t.Fatal("no log file")
	}
	f, err := os.OpenFile(logs[len(logs)-1], os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	// Half of a record: a length promising more bytes than follow.
	if _, err := f.Write([]byte{200, 0, 0, 0, 1, 2, 3, 4, '{', '"'}); err != nil {
		t.Fatal(err)
	}
	f.Close()
	again := fake.New(t, fake.WithDataDir(crashed))
	checkState(t, again)
	// The server goes on logging after the cut tail.
	if status, _, _ := doRaw(t, again, "PUT", "/books/_doc/9", `{"title":"new"}`); status != 201 {
		t.Fatalf("write after recovery: %d", status)
	}
	third := fake.New(t, fake.WithDataDir(copyDir(t, crashed)))
	if _, _, body := doRaw(t, third, "GET", "/books/_doc/9", ""); !strings.Contains(body, `"found":true`) {
		t.Errorf("write after a recovered torn tail lost: %s", body)
	}
}

func TestDataDirSnapshotThenLog(t *testing.T) {
	dir := t.TempDir()
	srv := fake.New(t, fake.WithDataDir(dir))
	runSteps(t, srv)
	// A snapshot, then more writes that only the log holds.
	srv.Close()
	srv2 := fake.New(t, fake.WithDataDir(dir))
	if status, _, _ := doRaw(t, srv2, "PUT", "/books/_doc/1", `{"title":"Dune","year":1967}`); status != 200 {
		t.Fatal("update failed")
	}
	crashed := copyDir(t, dir)
	again := fake.New(t, fake.WithDataDir(crashed))
	if _, _, body := doRaw(t, again, "GET", "/books/_doc/1", ""); !strings.Contains(body, `"_version":3,`) || !strings.Contains(body, `"year":1967`) {
		t.Errorf("document after snapshot and log: %s", body)
	}
}

// copyFiles copies the files of a directory (for benchmarks).
func copyFiles(tb testing.TB, from, to string) {
	tb.Helper()
	entries, err := os.ReadDir(from)
	if err != nil {
		tb.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), data, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}

func TestDataDirIndexFileBecomesDangling(t *testing.T) {
	src := fake.New(t)
	if err := src.IndexDocuments("films", fake.Doc{ID: "1", Source: `{"t":"Heat"}`}); err != nil {
		t.Fatal(err)
	}
	_, _, uuidBody := doRaw(t, src, "GET", "/films/_settings?filter_path=*.settings.index.uuid", "")
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "dangling"), 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "dangling", "films.json")
	if err := src.ExportIndex("films", file); err != nil {
		t.Fatal(err)
	}
	srv := fake.New(t, fake.WithDataDir(dir))
	_, _, list := doRaw(t, srv, "GET", "/_dangling?filter_path=dangling_indices.index_name,dangling_indices.index_uuid", "")
	uuid := uuidBody[strings.Index(uuidBody, `"uuid":"`)+8 : strings.LastIndex(uuidBody, `"`)]
	if list != `{"dangling_indices":[{"index_name":"films","index_uuid":"`+uuid+`"}]}` {
		t.Fatalf("dangling list %s (uuid %s)", list, uuid)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("the adopted index file is still there: %v", err)
	}
	if status, _, _ := doRaw(t, srv, "POST", "/_dangling/"+uuid+"?accept_data_loss=true", ""); status != 202 {
		t.Fatalf("import: %d", status)
	}
	if src, ok := srv.Document("films", "1"); !ok || string(src) != `{"t":"Heat"}` {
		t.Errorf("imported document: %s %v", src, ok)
	}
	// The import survives a restart too.
	srv.Close()
	again := fake.New(t, fake.WithDataDir(dir))
	if _, ok := again.Document("films", "1"); !ok {
		t.Error("imported index lost on restart")
	}
	if _, _, l := doRaw(t, again, "GET", "/_dangling", ""); !strings.HasSuffix(l, `"dangling_indices":[]}`) {
		t.Errorf("dangling after import and restart: %s", l)
	}
}

func TestDataDirPeriodicSnapshotCatchesDirectWrites(t *testing.T) {
	dir := t.TempDir()
	srv := fake.New(t, fake.WithDataDir(dir), fake.WithSnapshotInterval(20*time.Millisecond))
	// An index created by a direct helper, with no document written to it,
	// reaches the directory with the next periodic snapshot.
	if err := srv.CreateIndex("direct", map[string]any{}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		crashed := copyDir(t, dir)
		again, err := fake.NewServer(fake.WithDataDir(crashed))
		if err != nil {
			t.Fatal(err)
		}
		status, _, _ := doRaw(t, again, "HEAD", "/direct", "")
		again.Close()
		if status == 200 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("no periodic snapshot saved the directly created index")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
