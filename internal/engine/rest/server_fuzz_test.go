package rest

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/cluster"
	"github.com/clustersearch/clustersearch-go/internal/engine/clustersettings"
	"github.com/clustersearch/clustersearch-go/internal/engine/cursor"
	"github.com/clustersearch/clustersearch-go/internal/engine/dangling"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/notify"
	"github.com/clustersearch/clustersearch-go/internal/engine/version"
)

func newBackend() *Backend {
	clk := clock.NewManual(time.UnixMilli(1700000000000))
	v, _ := version.Parse(version.Default)
	return &Backend{Cluster: cluster.New("fuzz", 1, v), Indices: indices.New(clk, v), Clock: clk}
}

// refuseTransport fails every outgoing request: fuzzed notification
// channels never reach the network.
type refuseTransport struct{}

func (refuseTransport) RoundTrip(*http.Request) (*http.Response, error) {
	return nil, errors.New("fuzz: no network")
}

// fullServer wires every route family as the fake does: core, cluster
// settings, search, documents (update, ingest, tasks, reindex and
// by-query), nodes, dangling indexes and notifications. close releases it.
//
// Its clock is real: waits on the server clock (health, tasks) end with
// their timeouts instead of parking until a test advances a manual clock.
func fullServer() (srv *Server, close func()) {
	v, _ := version.Parse(version.Default)
	b := &Backend{Cluster: cluster.New("fuzz", 1, v), Indices: indices.New(clock.Real{}, v), Clock: clock.Real{}}
	store := clustersettings.New()
	b.ClusterSettings = store
	b.Indices.AutoCreate = func(name string) *apierr.Error { return store.Values().CheckAutoCreate(name) }
	srv = NewServer(b.Routes()...)
	srv.Add(b.ClusterSettingsRoutes()...)
	search := cursor.NewStore(b.Clock)
	srv.Add(b.SearchRoutesWith(search)...)
	docops := NewDocOps(b)
	srv.Add(docops.Routes()...)
	srv.Wrap(LayerTasks, docops.Hook)
	svc := notify.New(notify.Options{Now: b.Clock.Now, HTTPClient: &http.Client{Transport: refuseTransport{}}})
	srv.Add(b.NotifyRoutes(svc)...)
	nodes := NewNodesAPI(b)
	nodes.OpenContexts = search.OpenContexts
	srv.Add(nodes.StatsRoutes()...)
	srv.Add(nodes.InfoRoutes()...)
	srv.Wrap(LayerStats, nodes.Hook)
	dang := NewDanglingAPI(b, dangling.NewStore())
	srv.Add(dang.Routes()...)
	return srv, docops.Close
}

// fuzzSetup are requests run before each fuzzed one, so it meets indexes,
// documents, a pipeline, a notification config and a finished task.
var fuzzSetup = [][3]string{
	{"PUT", "/i?pretty", `{"settings":{"number_of_shards":2},"mappings":{"properties":{"a":{"type":"keyword"},"n":{"type":"long"},"nest":{"type":"nested"}}},"aliases":{"x":{}}}`},
	{"POST", "/i/_doc?refresh=true", `{"a":"b","n":[1,2],"o":{"d":"2020-01-01"},"nest":[{"k":"v"}]}`},
	{"POST", "/_bulk?refresh=true", "{\"index\":{\"_index\":\"i\",\"_id\":\"1\"}}\n{\"a\":\"c\",\"n\":3}\n{\"update\":{\"_index\":\"i\",\"_id\":\"1\"}}\n{\"doc\":{\"n\":4}}\n"},
	{"PUT", "/_ingest/pipeline/p", `{"processors":[{"set":{"field":"s","value":"{{a}}"}}]}`},
	{"POST", "/_plugins/_notifications/configs", `{"config_id":"c","config":{"name":"C","config_type":"webhook","webhook":{"url":"https://hooks.example.com/x"}}}`},
	{"POST", "/_reindex?refresh=true", `{"source":{"index":"i"},"dest":{"index":"copy"}}`},
}

// FuzzServe sends arbitrary requests through the whole route table, every
// family wired (search, documents, bulk, msearch, nodes, tasks,
// notifications, cluster settings, ingest, dangling): every answer must be
// a well-formed response (JSON unless plain text or empty), never a panic
// (a recovered panic shows as a 500 "exception"). Run it with a short
// minimization time so a long run keeps exploring:
//
//	go test ./internal/engine/rest -run '^$' -fuzz '^FuzzServe$' -fuzztime 5m -fuzzminimizetime 10s
func FuzzServe(f *testing.F) {
	seeds := [][3]string{
		{"GET", "/i/_count", `{"query":{"bool":{"must":[{"range":{"n":{"gte":1}}}],"should":[{"match":{"o.d":"x"}}]}}}`},
		{"GET", "/_settings/index.*?flat_settings=true&filter_path=**.uuid", ""},
		{"DELETE", "/i*,-j", ""},
		{"GET", "/i/_doc/1?_source_includes=a*&version=1", ""},
		{"PUT", "/i/_settings", `{"index":{"number_of_replicas":null}}`},
		// search
		{"POST", "/i/_search?scroll=1m&size=1", `{"query":{"nested":{"path":"nest","query":{"match_all":{}},"inner_hits":{}}},"sort":["n"],"slice":{"id":0,"max":2}}`},
		{"POST", "/x/_search?typed_keys", `{"query":{"term":{"a":{"value":{"x":1}}}},"search_after":["z"],"sort":[{"n":"desc"}],"highlight":{"fields":{"a":{}}}}`},
		{"POST", "/i/_search/point_in_time?keep_alive=1m", ""},
		{"POST", "/_search/scroll", `{"scroll":"9999999999999d","scroll_id":"bad"}`},
		// msearch, bulk
		{"POST", "/_msearch", "{\"index\":\"i\"}\n{\"query\":{\"match_all\":{}}}\n{}\n{\"size\":-1}\n"},
		{"POST", "/_bulk", "{\"delete\":{}}\n{\"create\":{\"_index\":\"i\",\"pipeline\":\"p\"}}\n{\"a\":1}\n"},
		// documents, update, by-query, reindex, tasks
		{"POST", "/i/_update/1?retry_on_conflict=2", `{"script":{"source":"ctx._source.n += params.k","params":{"k":1}},"upsert":{"n":0}}`},
		{"POST", "/i/_update_by_query?wait_for_completion=false&conflicts=proceed", `{"script":{"source":"ctx._source.a = 'z'"}}`},
		{"POST", "/_reindex?slices=2", `{"source":{"index":"i","query":{"match_all":{}}},"dest":{"index":"r","pipeline":"p"}}`},
		{"GET", "/_tasks?detailed&group_by=parents&actions=*reindex", ""},
		{"GET", "/_tasks/node:1?wait_for_completion=true&timeout=1ms", ""},
		// ingest
		{"POST", "/_ingest/pipeline/p/_simulate?verbose", `{"docs":[{"_source":{"a":"q"}}]}`},
		// nodes
		{"GET", "/_nodes/stats/indices/search,indexing?level=shards&groups=g", ""},
		{"GET", "/_nodes/_local/info/os,process", ""},
		// cluster settings, health
		{"PUT", "/_cluster/settings", `{"persistent":{"search.max_keep_alive":"106752d"},"transient":{"action.auto_create_index":"-x*"}}`},
		{"GET", "/_cluster/health/i?wait_for_status=green&timeout=1ms", ""},
		// notifications
		{"POST", "/_plugins/_notifications/feature/test/c", ""},
		{"PUT", "/_plugins/_notifications/configs/c", `{"config":{"name":"D","config_type":"slack","slack":{"url":"http://x"}}}`},
		// dangling, invalid UTF-8 in a path
		{"DELETE", "/_dangling/u?accept_data_loss=true", ""},
		{"PUT", "/bi%ff/_doc/%c3", `{"a":1}`},
	}
	for _, s := range append(append([][3]string{}, fuzzSetup...), seeds...) {
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
		srv, done := fullServer()
		defer done()
		// Run the setup first so requests meet existing state.
		for _, s := range fuzzSetup {
			req := httptest.NewRequest(s[0], s[1], strings.NewReader(s[2]))
			req.Header.Set("Content-Type", "application/json")
			srv.ServeHTTP(httptest.NewRecorder(), req)
		}
		req, err := http.NewRequest(method, "http://fake"+target, strings.NewReader(body))
		if err != nil {
			return
		}
		req.Header.Set("Content-Type", "application/json")
		if strings.Contains(target, "_bulk") || strings.Contains(target, "_msearch") {
			req.Header.Set("Content-Type", "application/x-ndjson")
		}
		ctx, cancel := context.WithTimeout(req.Context(), 5*time.Second)
		defer cancel()
		req = req.WithContext(ctx)
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
