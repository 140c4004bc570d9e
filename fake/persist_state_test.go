package fake_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/fake"
)

// clusterSteps change the cluster-wide state: pipelines (one used by an
// index's default_pipeline and then deleted), cluster settings and an alias
// added through POST /_aliases.
var clusterSteps = []struct{ method, path, body string }{
	{"PUT", "/_ingest/pipeline/p1", `{"description":"tag","processors":[{"set":{"field":"tagged","value":"yes"}}]}`},
	{"PUT", "/_ingest/pipeline/p2", `{"processors":[{"lowercase":{"field":"name"}}]}`},
	{"PUT", "/piped", `{"settings":{"index":{"default_pipeline":"p1","number_of_replicas":0}}}`},
	{"PUT", "/piped/_doc/1", `{"name":"One"}`},
	{"PUT", "/other", `{"settings":{"index":{"default_pipeline":"p2","number_of_replicas":0}}}`},
	{"PUT", "/other/_doc/1", `{"name":"Two"}`},
	{"DELETE", "/_ingest/pipeline/p2", ""},
	{"PUT", "/_cluster/settings", `{"persistent":{"search.max_keep_alive":"2d"},"transient":{"search.default_keep_alive":"3m"}}`},
	{"PUT", "/piped/_alias/pa", `{"filter":{"term":{"name":"one"}}}`},
}

// clusterChecks are the answers the state above gives after a restart.
var clusterChecks = []struct{ path, want string }{
	{"/_ingest/pipeline", `{"p1":{"description":"tag","processors":[{"set":{"field":"tagged","value":"yes"}}]}}`},
	{"/piped/_doc/1?filter_path=_source", `{"_source":{"tagged":"yes","name":"One"}}`},
	{"/other/_doc/1?filter_path=_source", `{"_source":{"name":"two"}}`},
	{"/_cluster/settings?filter_path=persistent,transient", `{"persistent":{"search":{"max_keep_alive":"2d"}},"transient":{}}`},
	{"/piped/_alias/pa", `{"piped":{"aliases":{"pa":{"filter":{"term":{"name":"one"}}}}}}`},
}

func runClusterSteps(t *testing.T, srv *fake.Server) {
	t.Helper()
	for _, s := range clusterSteps {
		if status, _, body := doRaw(t, srv, s.method, s.path, s.body); status >= 300 {
			t.Fatalf("%s %s: %d %s", s.method, s.path, status, body)
		}
	}
}

func checkClusterState(t *testing.T, srv *fake.Server) {
	t.Helper()
	for _, c := range clusterChecks {
		if _, _, body := doRaw(t, srv, "GET", c.path, ""); body != c.want {
			t.Errorf("GET %s after restart: %s\nwant %s", c.path, body, c.want)
		}
	}
	// The index's default_pipeline still runs on new writes.
	if status, _, body := doRaw(t, srv, "PUT", "/piped/_doc/2?refresh=true", `{"name":"Three"}`); status != 201 {
		t.Fatalf("write through default_pipeline after restart: %d %s", status, body)
	}
	if _, _, body := doRaw(t, srv, "GET", "/piped/_doc/2?filter_path=_source.tagged", ""); body != `{"_source":{"tagged":"yes"}}` {
		t.Errorf("default_pipeline after restart: %s", body)
	}
}

func TestDataDirKeepsClusterStateAfterClose(t *testing.T) {
	dir := t.TempDir()
	srv, err := fake.NewServer(fake.WithDataDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	runClusterSteps(t, srv)
	srv.Close()
	checkClusterState(t, fake.New(t, fake.WithDataDir(dir)))
}

func TestDataDirKeepsClusterStateWithoutClose(t *testing.T) {
	dir := t.TempDir()
	srv := fake.New(t, fake.WithDataDir(dir))
	runClusterSteps(t, srv)
	// Every answer above was sent after its fsync: a crash now keeps all.
	checkClusterState(t, fake.New(t, fake.WithDataDir(copyDir(t, dir))))
}

func TestDataDirKeepsNodeIDsAndStoredTaskResults(t *testing.T) {
	dir := t.TempDir()
	srv := fake.New(t, fake.WithDataDir(dir), fake.WithNodes(2))
	_, _, nodes := doRaw(t, srv, "GET", "/_nodes?filter_path=nodes.*.name", "")
	_, _, uuid := doRaw(t, srv, "GET", "/?filter_path=cluster_uuid", "")
	if status, _, body := doRaw(t, srv, "POST", "/_bulk?refresh=true", "{\"index\":{\"_index\":\"src\",\"_id\":\"1\"}}\n{\"n\":1}\n"); status != 200 {
		t.Fatalf("bulk: %d %s", status, body)
	}
	_, _, started := doRaw(t, srv, "POST", "/_reindex?wait_for_completion=false", `{"source":{"index":"src"},"dest":{"index":"dst"}}`)
	var task string
	if _, err := fmt.Sscanf(started, `{"task":%q}`, &task); err != nil {
		t.Fatalf("reindex: %s", started)
	}
	deadline := time.Now().Add(10 * time.Second)
	var done string
	for {
		_, _, done = doRaw(t, srv, "GET", "/_tasks/"+task, "")
		if strings.HasPrefix(done, `{"completed":true`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("task did not finish: %s", done)
		}
		time.Sleep(5 * time.Millisecond)
	}
	for _, again := range []*fake.Server{fake.New(t, fake.WithDataDir(copyDir(t, dir)), fake.WithNodes(2))} {
		if _, _, got := doRaw(t, again, "GET", "/_nodes?filter_path=nodes.*.name", ""); got != nodes {
			t.Errorf("node ids after restart: %s, want %s", got, nodes)
		}
		if _, _, got := doRaw(t, again, "GET", "/?filter_path=cluster_uuid", ""); got != uuid {
			t.Errorf("cluster uuid after restart: %s, want %s", got, uuid)
		}
		// The finished task is read back from .tasks, byte for byte what
		// the stored document holds.
		_, _, src := doRaw(t, again, "GET", "/.tasks/_doc/"+task+"?filter_path=_source", "")
		_, _, got := doRaw(t, again, "GET", "/_tasks/"+task, "")
		if want := strings.TrimSuffix(strings.TrimPrefix(src, `{"_source":`), "}"); got != want || !strings.HasPrefix(got, `{"completed":true,"task":{"node":`) {
			t.Errorf("GET /_tasks/%s after restart: %s\nwant %s", task, got, want)
		}
	}
}
