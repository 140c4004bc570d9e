package fake_test

import (
	"context"
	"encoding/json"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/nodes"
)

// statsBody is the part of a nodes stats response these tests read.
type statsBody struct {
	Nodes map[string]map[string]json.RawMessage   `json:"nodes"`
	Head  struct{ Total, Successful, Failed int } `json:"_nodes"`
}

func getStats(t *testing.T, srv *fake.Server, path string) statsBody {
	t.Helper()
	status, _, body := doRaw(t, srv, "GET", path, "")
	if status != 200 {
		t.Fatalf("GET %s: %d %s", path, status, body)
	}
	var out statsBody
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	return out
}

func groupsOf(n map[string]json.RawMessage) []string {
	var out []string
	for k := range n {
		switch k {
		case "timestamp", "name", "transport_address", "host", "ip", "roles", "attributes":
			continue
		}
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func TestNodesStatsPathForms(t *testing.T) {
	srv := fake.New(t, fake.WithNodes(3), fake.WithNodeAttribute(2, "zone", "b"))
	all := getStats(t, srv, "/_nodes/stats")
	if all.Head.Total != 3 || all.Head.Successful != 3 || len(all.Nodes) != 3 {
		t.Fatalf("header %+v, %d nodes", all.Head, len(all.Nodes))
	}
	var node1 string
	for id, n := range all.Nodes {
		if string(n["name"]) == `"node-1"` {
			node1 = id
		}
	}
	cases := []struct {
		path   string
		nodes  int
		groups string
	}{
		{"/_nodes/_all/stats", 3, ""},
		{"/_nodes/_local/stats/os", 1, "os"},
		{"/_nodes/node-2,node-3/stats/jvm,fs", 2, "fs,jvm"},
		{"/_nodes/" + node1 + "/stats/http", 1, "http"},
		{"/_nodes/zone:b/stats/breaker", 1, "breakers"},
		{"/_nodes/data:true/stats/fs,jvm", 3, "fs,jvm"},
		{"/_nodes/cluster_manager:false,data:true/stats/fs,jvm", 3, "fs,jvm"},
		{"/_nodes/_all,cluster_manager:false/stats/os", 0, ""},
		{"/_nodes/stats/indices/docs,search", 3, "indices"},
		{"/_nodes/" + node1 + "/stats/indices/search", 1, "indices"},
		{"/_nodes/stats/thread_pool,transport", 3, "thread_pool,transport"},
		{"/_nodes/stats/os%2Cprocess", 3, "os,process"},
		{"/_nodes/stats/_all", 3, ""},
	}
	for _, c := range cases {
		got := getStats(t, srv, c.path)
		if len(got.Nodes) != c.nodes || got.Head.Total != c.nodes {
			t.Errorf("%s: %d nodes (header %+v), want %d", c.path, len(got.Nodes), got.Head, c.nodes)
			continue
		}
		for _, n := range got.Nodes {
			g := strings.Join(groupsOf(n), ",")
			if c.groups == "" {
				if len(groupsOf(n)) != 27 {
					t.Errorf("%s: %d groups %s", c.path, len(groupsOf(n)), g)
				}
			} else if g != c.groups {
				t.Errorf("%s: groups %s, want %s", c.path, g, c.groups)
			}
		}
	}
	var idx map[string]json.RawMessage
	for _, n := range getStats(t, srv, "/_nodes/stats/indices/docs,search").Nodes {
		_ = json.Unmarshal(n["indices"], &idx)
		if keys := groupsOf(idx); !reflect.DeepEqual(keys, []string{"docs", "search"}) {
			t.Errorf("index groups %v", keys)
		}
	}
	errs := []struct{ path, typ, reason string }{
		{"/_nodes/stats/bogus", "", "request [/_nodes/stats/bogus] contains unrecognized metric: [bogus]"},
		{"/_nodes/stats/indices/dcs", "", "request [/_nodes/stats/indices/dcs] contains unrecognized index metric: [dcs] -> did you mean [docs]?"},
		{"/_nodes/stats/jvm/docs", "", "request [/_nodes/stats/jvm/docs] contains index metrics [docs] but indices stats not requested"},
		{"/_nodes/stats/indices?level=cluster", "", "level parameter must be one of [indices] or [node] or [shards] but was [cluster]"},
		{"/_nodes/stats?timeout=abc", "illegal_argument_exception", "failed to parse setting [timeout] with value [abc] as a time value: unit is missing or unrecognized"},
	}
	for _, e := range errs {
		status, _, body := doRaw(t, srv, "GET", e.path, "")
		typ := e.typ
		if typ == "" {
			typ = "illegal_argument_exception"
		}
		want := `{"error":{"root_cause":[{"type":"` + typ + `","reason":"` + e.reason + `"}],"type":"` + typ + `","reason":"` + e.reason + `"},"status":400}`
		if status != 400 || body != want {
			t.Errorf("%s: %d %s\nwant %s", e.path, status, body, want)
		}
	}
}

func TestNodesStatsCountersMove(t *testing.T) {
	srv := fake.New(t)
	steps := []struct{ method, path, body string }{
		{"PUT", "/books", `{"settings":{"number_of_shards":2,"number_of_replicas":0}}`},
		{"PUT", "/books/_doc/1", `{"title":"one"}`},
		{"PUT", "/books/_doc/2?refresh=true", `{"title":"two"}`},
		{"PUT", "/books/_create/1", `{"title":"again"}`},
		{"GET", "/books/_doc/1", ""},
		{"GET", "/books/_doc/9", ""},
		{"DELETE", "/books/_doc/2", ""},
		{"POST", "/_bulk", "{\"index\":{\"_index\":\"books\",\"_id\":\"3\"}}\n{\"a\":1}\n{\"index\":{\"_index\":\"books\",\"_id\":\"4\",\"routing\":\"x\"}}\n{\"a\":2}\n"},
		{"POST", "/books/_refresh", ""},
		{"POST", "/books/_count", ""},
		{"POST", "/books/_search", `{"query":{"match_all":{}}}`},
		{"POST", "/books/_update/1", `{"doc":{"title":"one"}}`},
		{"POST", "/books/_update/1", `{"doc":{"title":"uno"}}`},
		{"POST", "/_msearch", "{\"index\":\"books\"}\n{\"query\":{\"match_none\":{}}}\n{\"index\":\"nope\"}\n{}\n"},
	}
	for _, s := range steps {
		if status, _, body := doRaw(t, srv, s.method, s.path, s.body); status >= 500 {
			t.Fatalf("%s %s: %d %s", s.method, s.path, status, body)
		}
	}
	res, err := srv.Client().Nodes.Stats(context.Background(), &nodes.StatsParams{Metrics: []nodes.Metric{"indices", "thread_pool"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Nodes) != 1 {
		t.Fatalf("%d nodes", len(res.Nodes))
	}
	for _, n := range res.Nodes {
		ix := n.Indices
		if ix.Store.SizeInBytes <= 0 {
			t.Errorf("store size %d after refreshed documents", ix.Store.SizeInBytes)
		}
		if ix.Indexing.NoopUpdateTotal != 1 {
			t.Errorf("noop_update_total %d, want 1", ix.Indexing.NoopUpdateTotal)
		}
		got := []int64{ix.Docs.Count, ix.Indexing.IndexTotal, ix.Indexing.IndexFailed, ix.Indexing.DeleteTotal,
			ix.Get.Total, ix.Get.ExistsTotal, ix.Get.MissingTotal, ix.Refresh.ExternalTotal, ix.Search.QueryTotal, ix.Search.FetchTotal}
		// 5 index ops succeeded (1, 2, bulk 3 and 4, the second update), the _create conflict
		// failed, the first update was a noop, 2 was deleted;
		// the refresh, the count and the search touched both shards; the search fetched hits.
		// The multi-search ran one search (the other index is missing) that found nothing.
		want := []int64{3, 5, 1, 1, 2, 1, 1, 2, 6, 2}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("docs, index_total, index_failed, delete_total, get total/exists/missing, external refreshes, queries, fetches = %v, want %v", got, want)
		}
		// Pools count shard-level tasks: each write is a shard operation
		// (the _create conflict included), the bulk's two items land on
		// both shards (two shard bulks), an update is a task of its own
		// plus a shard bulk when it changes the document (not the noop).
		if w := n.ThreadPool["write"]; w.Completed != 9 {
			t.Errorf("write pool completed %d, want 9 (4 writes, 2 shard bulks, 2 updates and 1 update's write)", w.Completed)
		}
		if g := n.ThreadPool["get"]; g.Completed != 2 {
			t.Errorf("get pool completed %d, want 2", g.Completed)
		}
		// A query phase per shard for the count, the search and the
		// multi-search's one search, plus a fetch phase per shard for the
		// search that found hits.
		if sp := n.ThreadPool["search"]; sp.Completed != 8 {
			t.Errorf("search pool completed %d, want 8 (2+2 queries, 2 fetches, 2 queries)", sp.Completed)
		}
	}
}

func TestNodesStatsReplicasOnThreeNodes(t *testing.T) {
	srv := fake.New(t, fake.WithNodes(3))
	doRaw(t, srv, "PUT", "/r", `{"settings":{"number_of_shards":3,"number_of_replicas":1}}`)
	for _, id := range []string{"a", "b", "c", "d", "e", "f"} {
		doRaw(t, srv, "PUT", "/r/_doc/"+id+"?refresh=true", `{"v":"`+id+`"}`)
	}
	var docs, indexed int64
	for _, n := range getStats(t, srv, "/_nodes/stats/indices/docs,indexing").Nodes {
		var ix struct {
			Docs     struct{ Count int64 }
			Indexing struct {
				IndexTotal int64 `json:"index_total"`
			}
		}
		_ = json.Unmarshal(n["indices"], &ix)
		docs += ix.Docs.Count
		indexed += ix.Indexing.IndexTotal
	}
	// Every document lives on two nodes (primary and replica), and both index it.
	if docs != 12 || indexed != 12 {
		t.Errorf("docs %d, index_total %d over the nodes; want 12 and 12", docs, indexed)
	}
	var tx int64
	for _, n := range getStats(t, srv, "/_nodes/_local/stats/transport").Nodes {
		var tr struct {
			ServerOpen int64 `json:"server_open"`
			TxCount    int64 `json:"tx_count"`
		}
		_ = json.Unmarshal(n["transport"], &tr)
		if tr.ServerOpen != 26 {
			t.Errorf("server_open %d, want 26 (13 per peer)", tr.ServerOpen)
		}
		tx = tr.TxCount
	}
	if tx == 0 {
		t.Error("the coordinating node sent no transport message for replicated writes")
	}
}

func TestNodesStatsSDKDecodesEveryGroup(t *testing.T) {
	srv := fake.New(t, fake.WithNodes(2))
	doRaw(t, srv, "PUT", "/x/_doc/1?refresh=true", `{"a":1}`)
	human := true
	res, err := srv.Client().Nodes.Stats(context.Background(), &nodes.StatsParams{Human: &human, Level: nodes.LevelShards})
	if err != nil {
		t.Fatal(err)
	}
	for id, n := range res.Nodes {
		if n.OS == nil || n.Process == nil || n.JVM == nil || n.FS == nil || n.Transport == nil || n.HTTP == nil || n.Script == nil ||
			n.Discovery == nil || n.Ingest == nil || n.ScriptCache == nil || n.IndexingPressure == nil || n.ShardIndexingPressure == nil ||
			n.SearchBackpressure == nil || n.ClusterManagerThrottling == nil || n.WeightedRouting == nil || n.TaskCancellation == nil ||
			n.SearchPipeline == nil || n.SegmentReplicationBackpressure == nil || n.AdmissionControl == nil || n.RemoteStore == nil ||
			len(n.ThreadPool) != 24 || len(n.Breakers) != 4 || n.Indices == nil {
			t.Errorf("node %s misses a group: %+v", id, n)
		}
		if n.JVM.Mem.HeapUsedInBytes <= 0 || n.Process.CPU.TotalInMillis < 0 || n.FS.Total.TotalInBytes <= 0 {
			t.Errorf("node %s: machine readings heap %d, fs %d", id, n.JVM.Mem.HeapUsedInBytes, n.FS.Total.TotalInBytes)
		}
	}
}

func TestNodesInfo(t *testing.T) {
	srv := fake.New(t, fake.WithNodes(2), fake.WithClusterName("c1"))
	cases := []struct {
		path   string
		nodes  int
		groups string
	}{
		{"/_nodes", 2, "http,ingest,jvm,modules,os,plugins,process,settings,thread_pool,transport"},
		{"/_nodes/os,jvm", 2, "jvm,os"},
		{"/_nodes/_local", 1, "http,ingest,jvm,modules,os,plugins,process,settings,thread_pool,transport"},
		{"/_nodes/node-2/http", 1, "http"},
		{"/_nodes/_all/info/settings", 2, "settings"},
		{"/_nodes/fs", 0, ""},
	}
	for _, c := range cases {
		got := getStats(t, srv, c.path)
		if len(got.Nodes) != c.nodes {
			t.Errorf("%s: %d nodes, want %d", c.path, len(got.Nodes), c.nodes)
			continue
		}
		for _, n := range got.Nodes {
			var g []string
			for _, k := range groupsOf(n) {
				switch k {
				case "version", "build_type", "build_hash", "total_indexing_buffer_in_bytes", "aggregations", "indices", "search_pipelines":
					continue
				}
				g = append(g, k)
			}
			if strings.Join(g, ",") != c.groups {
				t.Errorf("%s: groups %v, want %s", c.path, g, c.groups)
			}
		}
	}
	status, _, body := doRaw(t, srv, "GET", "/_nodes/_local/settings?flat_settings=true&filter_path=nodes.*.settings,nodes.*.ip,nodes.*.version", "")
	want := `{"nodes":{"` // the id is random; check the rest
	if status != 200 || !strings.HasPrefix(body, want) || !strings.HasSuffix(body,
		`":{"ip":"127.0.0.1","version":"2.19.0","settings":{"cluster.name":"c1","node.attr.shard_indexing_pressure_enabled":"true","node.name":"node-1"}}}}`) {
		t.Errorf("flat settings: %d %s", status, body)
	}
	status, _, body = doRaw(t, srv, "GET", "/_nodes/_all/info/settings,bogus", "")
	if status != 400 || !strings.Contains(body, `"reason":"request [/_nodes/_all/info/settings,bogus] contains unrecognized metric: [bogus]"`) {
		t.Errorf("bad metric: %d %s", status, body)
	}
}

func TestNodesStatsScriptCompilations(t *testing.T) {
	srv := fake.New(t)
	doRaw(t, srv, "PUT", "/s/_doc/1", `{"n":1}`)
	for i := 0; i < 3; i++ {
		// The same source compiles once; the cache serves the next two.
		if status, _, body := doRaw(t, srv, "POST", "/s/_update/1", `{"script":{"source":"ctx._source.n += 1"}}`); status != 200 {
			t.Fatalf("update: %d %s", status, body)
		}
	}
	doRaw(t, srv, "POST", "/s/_update/1", `{"script":{"source":"ctx._source.n += 2"}}`)
	_, _, body := doRaw(t, srv, "GET", "/_nodes/stats/script,script_cache?filter_path=nodes.*.script,nodes.*.script_cache.sum,nodes.*.script_cache.contexts.context,nodes.*.script_cache.contexts.compilations", "")
	var out struct {
		Nodes map[string]struct {
			Script struct {
				Compilations int `json:"compilations"`
			} `json:"script"`
			ScriptCache struct {
				Sum struct {
					Compilations int `json:"compilations"`
				} `json:"sum"`
				Contexts []struct {
					Context      string `json:"context"`
					Compilations int    `json:"compilations"`
				} `json:"contexts"`
			} `json:"script_cache"`
		} `json:"nodes"`
	}
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatal(err)
	}
	for _, n := range out.Nodes {
		update := -1
		for _, c := range n.ScriptCache.Contexts {
			if c.Context == "update" {
				update = c.Compilations
			}
		}
		if n.Script.Compilations != 2 || n.ScriptCache.Sum.Compilations != 2 || update != 2 {
			t.Errorf("compilations: script %d, sum %d, update context %d; want 2 each (%s)", n.Script.Compilations, n.ScriptCache.Sum.Compilations, update, body)
		}
	}
}

func TestNodesStatsOpenScrollContexts(t *testing.T) {
	srv := fake.New(t)
	if err := srv.IndexDocuments("sc", fake.Doc{ID: "1", Source: `{"a":1}`}, fake.Doc{ID: "2", Source: `{"a":2}`}); err != nil {
		t.Fatal(err)
	}
	openContexts := func() int64 {
		var out struct {
			Nodes map[string]struct {
				Indices struct {
					Search struct {
						OpenContexts int64 `json:"open_contexts"`
					} `json:"search"`
				} `json:"indices"`
			} `json:"nodes"`
		}
		_, _, body := doRaw(t, srv, "GET", "/_nodes/stats/indices/search", "")
		if err := json.Unmarshal([]byte(body), &out); err != nil {
			t.Fatal(err)
		}
		for _, n := range out.Nodes {
			return n.Indices.Search.OpenContexts
		}
		return -1
	}
	if n := openContexts(); n != 0 {
		t.Fatalf("open contexts before any scroll: %d", n)
	}
	status, _, body := doRaw(t, srv, "POST", "/sc/_search?scroll=1m&size=1", `{"query":{"match_all":{}}}`)
	if status != 200 {
		t.Fatalf("scroll search: %d %s", status, body)
	}
	if n := openContexts(); n != 1 {
		t.Errorf("open contexts with one scroll on a one-shard index: %d, want 1", n)
	}
	doRaw(t, srv, "DELETE", "/_search/scroll/_all", "")
	if n := openContexts(); n != 0 {
		t.Errorf("open contexts after clearing: %d", n)
	}
}
