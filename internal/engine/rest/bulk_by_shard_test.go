package rest

import (
	"fmt"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/cluster"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/version"
)

// bulkTestServer is a server with the document routes; itemByItem installs a
// write hook, which makes bulk requests run item by item.
func bulkTestServer(t *testing.T, itemByItem bool) *Server {
	t.Helper()
	clk := clock.NewManual(time.UnixMilli(1700000000000))
	v, _ := version.Parse(version.Default)
	b := &Backend{Cluster: cluster.New("bulk", 1, v), Indices: indices.New(clk, v), Clock: clk}
	srv := NewServer(b.Routes()...)
	docops := NewDocOps(b)
	t.Cleanup(docops.Close)
	srv.Add(docops.Routes()...)
	srv.Wrap(LayerTasks, docops.Hook)
	if itemByItem {
		b.OnWrite = func(*indices.Index, string, string, int64) {}
	}
	return srv
}

func serveBulk(srv *Server, method, path, body string) string {
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if strings.Contains(path, "_bulk") {
		req.Header.Set("Content-Type", "application/x-ndjson")
	}
	srv.ServeHTTP(rec, req)
	return fmt.Sprintf("%d %s", rec.Code, rec.Body.String())
}

// A bulk request of index and create items runs shard by shard; every answer
// (seq_no, version, result, status, each failure) and the documents it leaves
// are the ones running it item by item gives.
func TestBulkByShardAnswersAsItemByItem(t *testing.T) {
	t.Parallel()
	var body strings.Builder
	line := func(action, meta, doc string) {
		fmt.Fprintf(&body, `{%q:%s}`+"\n", action, meta)
		if doc != "" {
			body.WriteString(doc + "\n")
		}
	}
	line("index", `{"_index":"a","_id":"1"}`, `{"n":1}`)
	line("create", `{"_index":"a","_id":"2"}`, `{"n":2}`)
	line("create", `{"_index":"a","_id":"2"}`, `{"n":3}`)
	line("index", `{"_index":"a","_id":"3"}`, `{"n":"not a number"}`)
	line("index", `{"_index":"b","_id":"1"}`, `{"g":1}`)
	line("index", `{"_index":"b","_id":"2"}`, `{"g":{"x":1}}`)
	line("index", `{"_index":"a","_id":"1"}`, `{"n":5}`)
	line("index", `{"_index":"a","_id":"4","version":5,"version_type":"external"}`, `{"n":6}`)
	line("index", `{"_index":"a","_id":"4","version":3,"version_type":"external"}`, `{"n":7}`)
	line("index", `{"_index":"a","_id":"5","routing":"r"}`, `{"n":8}`)
	line("index", `{"_index":"a","_id":"6","pipeline":"drop"}`, `{"n":9}`)
	line("index", `{"_index":"a","_id":"`+strings.Repeat("x", 513)+`"}`, `{"n":10}`)
	line("index", `{"_index":"a","_id":"7","require_alias":true}`, `{"n":11}`)
	line("index", `{"_index":"a","_id":"8","if_seq_no":0,"if_primary_term":1}`, `{"n":12}`)
	line("create", `{"_index":"-bad","_id":"1"}`, `{"n":13}`)
	for i := 10; i < 60; i++ {
		line("index", fmt.Sprintf(`{"_index":"a","_id":"%d"}`, i%17+10), fmt.Sprintf(`{"n":%d,"t":"word%d"}`, i, i%5))
	}
	servers := []*Server{bulkTestServer(t, false), bulkTestServer(t, true)}
	var answers [2][]string
	for k, srv := range servers {
		for _, req := range [][3]string{
			{"PUT", "/a", `{"settings":{"number_of_shards":3},"mappings":{"properties":{"n":{"type":"long"}}}}`},
			{"PUT", "/_ingest/pipeline/drop", `{"processors":[{"drop":{}}]}`},
			{"POST", "/_bulk", body.String()},
			{"POST", "/_bulk", body.String()},
			{"POST", "/a/_bulk?refresh=true", "{\"create\":{\"_id\":\"1\"}}\n{\"n\":1}\n{\"index\":{\"_id\":\"9\"}}\n{\"n\":2}\n"},
			{"GET", "/a,b/_search?size=100&sort=_id&seq_no_primary_term=true&version=true", ``},
			{"GET", "/b/_mapping", ``},
		} {
			answers[k] = append(answers[k], serveBulk(srv, req[0], req[1], req[2]))
		}
	}
	uuid := regexp.MustCompile(`"(index_)?uuid":"[^"]*"`)
	for i := range answers[0] {
		// Index uuids are random.
		got, want := uuid.ReplaceAllString(answers[0][i], "uuid"), uuid.ReplaceAllString(answers[1][i], "uuid")
		if got != want {
			t.Errorf("answer %d by shard:\n%s\nitem by item:\n%s", i, got, want)
		}
	}
	if !strings.Contains(answers[0][2], `"status":409`) || !strings.Contains(answers[0][2], `"status":201`) || !strings.Contains(answers[0][2], `mapper_parsing_exception`) {
		t.Fatalf("the request did not meet conflicts, creations and parse failures: %s", answers[0][2])
	}
}
