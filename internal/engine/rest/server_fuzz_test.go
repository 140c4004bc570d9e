package rest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/cluster"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/version"
)

func newBackend() *Backend {
	clk := clock.NewManual(time.UnixMilli(1700000000000))
	v, _ := version.Parse(version.Default)
	return &Backend{Cluster: cluster.New("fuzz", 1, v), Indices: indices.New(clk, v), Clock: clk}
}

// FuzzServe sends arbitrary requests through the whole route table: every
// answer must be a well-formed response (JSON unless plain text or empty),
// never a panic (a recovered panic shows as a 500 "exception").
func FuzzServe(f *testing.F) {
	seeds := [][3]string{
		{"PUT", "/i?pretty", `{"settings":{"number_of_shards":2},"mappings":{"properties":{"a":{"type":"keyword"}}},"aliases":{"x":{}}}`},
		{"POST", "/i/_doc?refresh=true", `{"a":"b","n":[1,2.5],"o":{"d":"2020-01-01"}}`},
		{"POST", "/_bulk", "{\"index\":{\"_index\":\"i\",\"_id\":\"1\"}}\n{\"a\":1}\n{\"update\":{\"_index\":\"i\",\"_id\":\"1\"}}\n{\"doc\":{\"a\":2}}\n"},
		{"GET", "/i/_count", `{"query":{"bool":{"must":[{"range":{"n":{"gte":1}}}],"should":[{"match":{"o.d":"x"}}]}}}`},
		{"GET", "/_settings/index.*?flat_settings=true&filter_path=**.uuid", ""},
		{"DELETE", "/i*,-j", ""},
		{"GET", "/i/_doc/1?_source_includes=a*&version=1", ""},
		{"PUT", "/i/_settings", `{"index":{"number_of_replicas":null}}`},
	}
	for _, s := range seeds {
		f.Add(s[0], s[1], s[2])
	}
	f.Fuzz(func(t *testing.T, method, target, body string) {
		switch method {
		case "GET", "PUT", "POST", "DELETE", "HEAD", "OPTIONS":
		default:
			return
		}
		if !strings.HasPrefix(target, "/") || strings.ContainsAny(target, " \r\n#") {
			return
		}
		b := newBackend()
		srv := NewServer(b.Routes()...)
		// Run the seeds' setup first so requests meet existing state.
		for _, s := range seeds[:3] {
			req := httptest.NewRequest(s[0], s[1], strings.NewReader(s[2]))
			req.Header.Set("Content-Type", "application/json")
			srv.ServeHTTP(httptest.NewRecorder(), req)
		}
		req, err := http.NewRequest(method, "http://fake"+target, strings.NewReader(body))
		if err != nil {
			return
		}
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		out := rec.Body.Bytes()
		if rec.Code == 500 && strings.Contains(string(out), "internal error") {
			t.Fatalf("%s %s %q: panic: %s", method, target, body, out)
		}
		if len(out) > 0 && strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") && !json.Valid(out) {
			t.Fatalf("%s %s: invalid JSON body %q", method, target, out)
		}
	})
}
