package nodestats

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/version"
)

var v219 = version.Version{Major: 2, Minor: 19}

func strp(s string) *string { return &s }

func TestParseSelectionErrors(t *testing.T) {
	cases := []struct {
		path, metric string
		index        *string
		want         string
	}{
		{"/_nodes/stats/foo", "foo", nil, "request [/_nodes/stats/foo] contains unrecognized metric: [foo]"},
		{"/_nodes/stats/jvmm,osx", "jvmm,osx", nil, "request [/_nodes/stats/jvmm,osx] contains unrecognized metrics: [jvmm] -> did you mean [jvm]?, [osx] -> did you mean [os]?"},
		{"/_nodes/stats/_all,os", "_all,os", nil, "request [/_nodes/stats/_all,os] contains _all and individual metrics [_all,os]"},
		{"/_nodes/stats/_all/docs", "_all", strp("docs"), "request [/_nodes/stats/_all/docs] contains index metrics [docs] but all stats requested"},
		{"/_nodes/stats/os/docs", "os", strp("docs"), "request [/_nodes/stats/os/docs] contains index metrics [docs] but indices stats not requested"},
		{"/_nodes/stats/indices/dcos", "indices", strp("dcos"), "request [/_nodes/stats/indices/dcos] contains unrecognized index metric: [dcos] -> did you mean [docs]?"},
		{"/_nodes/stats/indices/merges", "indices", strp("merges"), "request [/_nodes/stats/indices/merges] contains unrecognized index metric: [merges] -> did you mean [merge]?"},
	}
	// The REST layer's Levenshtein suggester is tested there; here a table
	// checks where and how suggestions are placed.
	close := map[string]string{"jvmm": "jvm", "osx": "os", "dcos": "docs", "merges": "merge"}
	suggest := func(s string, _ []string) string {
		if c, ok := close[s]; ok {
			return " -> did you mean [" + c + "]?"
		}
		return ""
	}
	for _, c := range cases {
		_, err := ParseSelection(v219, c.path, c.metric, c.index, suggest)
		if err == nil || err.Reason != c.want || err.Status != 400 || err.Type != "illegal_argument_exception" {
			t.Errorf("%s: got %v, want %q", c.path, err, c.want)
		}
	}
}

func TestParseSelectionVersionGates(t *testing.T) {
	if _, err := ParseSelection(version.Version{Major: 2, Minor: 3}, "/p", "search_backpressure", nil, nil); err == nil {
		t.Error("search_backpressure accepted on 2.3")
	}
	sel, err := ParseSelection(v219, "/p", "search_backpressure,indices", strp("docs,store"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(sel, Selection{Node: map[string]bool{"search_backpressure": true}, Index: map[string]bool{"docs": true, "store": true}}) {
		t.Errorf("selection %+v", sel)
	}
	all, _ := ParseSelection(v219, "/p", "", nil, nil)
	if len(all.Node) != len(nodeMetrics) || len(all.Index) != 16 {
		t.Errorf("all: %d node metrics, %d index metrics", len(all.Node), len(all.Index))
	}
}

func TestResolveNodes(t *testing.T) {
	nodes := []NodeDesc{
		{ID: "id1", Name: "node-1", Host: "127.0.0.1", Roles: []string{"cluster_manager", "data"}, Attributes: [][2]string{{"zone", "a"}}},
		{ID: "id2", Name: "node-2", Host: "127.0.0.1", Roles: []string{"data"}, Attributes: [][2]string{{"zone", "b"}}},
		{ID: "id3", Name: "other", Host: "127.0.0.1", Roles: []string{"ingest"}, Attributes: [][2]string{{"zone", "b"}}},
	}
	cases := []struct {
		filters []string
		want    []int
	}{
		{nil, []int{0, 1, 2}},
		{[]string{"_all"}, []int{0, 1, 2}},
		{[]string{"_local"}, []int{1}},
		{[]string{"_cluster_manager"}, []int{0}},
		{[]string{"_master"}, []int{0}},
		{[]string{"id3"}, []int{2}},
		{[]string{"node-*"}, []int{0, 1}},
		{[]string{"zone:b"}, []int{1, 2}},
		{[]string{"z*:a"}, []int{0}},
		{[]string{"data:true"}, []int{0, 1}},
		{[]string{"_all", "cluster_manager:false"}, []int{1, 2}},
		{[]string{"data:true", "master:false"}, []int{1}},
		{[]string{"nope"}, nil},
		{[]string{"id1", "other"}, []int{0, 2}},
	}
	for _, c := range cases {
		if got := ResolveNodes(c.filters, nodes, 1, 0); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: got %v, want %v", c.filters, got, c.want)
		}
	}
}

func TestSimpleMatch(t *testing.T) {
	cases := []struct {
		p, s string
		want bool
	}{{"a*", "abc", true}, {"*c", "abc", true}, {"a*c", "abc", true}, {"ab*ba", "aba", false}, {"*", "", true}, {"a", "a", true}, {"a", "b", false}, {"*b*", "abc", true}, {"*x*", "abc", false}}
	for _, c := range cases {
		if got := wildcard.Simple(c.p, c.s); got != c.want {
			t.Errorf("wildcard.Simple(%q, %q) = %v", c.p, c.s, got)
		}
	}
}

func TestAllocate(t *testing.T) {
	if got := Allocate(1, "books", 0, 1); !reflect.DeepEqual(got, []int{0}) {
		t.Errorf("one node: %v (the replica must stay unassigned)", got)
	}
	got := Allocate(3, "books", 1, 5)
	if len(got) != 3 || got[0] == got[1] || got[1] == got[2] || got[0] == got[2] {
		t.Errorf("three nodes, five replicas: %v (each node holds one copy at most)", got)
	}
	p0, p1 := Allocate(3, "books", 0, 0)[0], Allocate(3, "books", 1, 0)[0]
	if p1 != (p0+1)%3 {
		t.Errorf("primaries of consecutive shards on %d and %d", p0, p1)
	}
}

func keysOf(o jsonout.Object) []string {
	var out []string
	for _, f := range o {
		out = append(out, f.Key)
	}
	return out
}

func TestRenderGroupOrder(t *testing.T) {
	reg := NewRegistry(2, time.UnixMilli(1000))
	env := Env{Version: v219, Now: time.UnixMilli(5000), Registry: reg, AllNodeIDs: []string{"a", "b"}}
	node := Node{Pos: 0, ID: "a", Name: "n1", Host: "127.0.0.1", TransportAddress: "127.0.0.1:9300", Roles: []string{"data"},
		Attributes: [][2]string{{"shard_indexing_pressure_enabled", "true"}}}
	out, err := Render(env, "c", Request{Selection: All(v219)}, []Node{node})
	if err != nil {
		t.Fatal(err)
	}
	nodes, _ := out.Get("nodes")
	n, _ := nodes.(jsonout.Object).Get("a")
	want := []string{"timestamp", "name", "transport_address", "host", "ip", "roles", "attributes", "indices", "os", "process", "jvm",
		"thread_pool", "fs", "transport", "http", "breakers", "script", "discovery", "ingest", "adaptive_selection", "script_cache",
		"indexing_pressure", "shard_indexing_pressure", "search_backpressure", "cluster_manager_throttling", "weighted_routing",
		"task_cancellation", "search_pipeline", "resource_usage_stats", "segment_replication_backpressure", "repositories",
		"admission_control", "caches", "remote_store"}
	if got := keysOf(n.(jsonout.Object)); !reflect.DeepEqual(got, want) {
		t.Errorf("groups:\n got %v\nwant %v", got, want)
	}
	ind, _ := n.(jsonout.Object).Get("indices")
	wantIdx := []string{"docs", "store", "indexing", "get", "search", "merges", "refresh", "flush", "warmer", "query_cache",
		"fielddata", "completion", "segments", "translog", "request_cache", "recovery"}
	if got := keysOf(ind.(jsonout.Object)); !reflect.DeepEqual(got, wantIdx) {
		t.Errorf("indices groups: %v", got)
	}
	// Older versions lack the later groups.
	out, _ = Render(Env{Version: version.Version{Major: 2, Minor: 5}, Now: time.UnixMilli(5000)}, "c",
		Request{Selection: All(version.Version{Major: 2, Minor: 5})}, []Node{node})
	nodes, _ = out.Get("nodes")
	n, _ = nodes.(jsonout.Object).Get("a")
	if got := keysOf(n.(jsonout.Object)); got[len(got)-1] != "search_backpressure" {
		t.Errorf("2.5 groups end with %q", got[len(got)-1])
	}
}

func TestRenderCountersAndLevels(t *testing.T) {
	reg := NewRegistry(1, time.UnixMilli(0))
	ops := reg.Shard(ShardKey{IndexUUID: "u1", Shard: 0})
	ops.RecordIndex(1500*time.Millisecond, false)
	ops.RecordIndex(0, true)
	ops.RecordDelete(2 * time.Millisecond)
	ops.RecordGet(time.Millisecond, true)
	ops.RecordGet(time.Millisecond, false)
	ops.RecordQuery(3 * time.Millisecond)
	ops.RecordFetch(time.Millisecond)
	ops.OpenScroll()
	ops.RecordRefresh(time.Millisecond, true)
	env := Env{Version: v219, Now: time.UnixMilli(0), Registry: reg}
	node := Node{ID: "a", Copies: []Copy{
		{Index: "i", IndexUUID: "u1", Shard: 0, Primary: true, Docs: 3, Deleted: 1, StoreBytes: 2048, Ops: 5},
		{Index: "i", IndexUUID: "u2", Shard: 1, Primary: false, Docs: 2, StoreBytes: 100, Ops: 2},
	}}
	sel := Selection{Node: map[string]bool{}, Index: map[string]bool{"docs": true, "store": true, "indexing": true, "get": true}}
	out, err := Render(env, "c", Request{Selection: sel, Human: true, Level: "shards"}, []Node{node})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := jsonout.Marshal(out)
	want := `{"_nodes":{"total":1,"successful":1,"failed":0},"cluster_name":"c","nodes":{"a":{"timestamp":0,"name":"","transport_address":"","host":"","ip":"","roles":[],"indices":{` +
		`"docs":{"count":5,"deleted":1},"store":{"size":"2kb","size_in_bytes":2148,"reserved":"0b","reserved_in_bytes":0},` +
		`"indexing":{"index_total":1,"index_time":"1.5s","index_time_in_millis":1500,"index_current":0,"index_failed":1,"delete_total":1,"delete_time":"2ms","delete_time_in_millis":2,"delete_current":0,"noop_update_total":0,"is_throttled":false,"throttle_time":"0s","throttle_time_in_millis":0,"doc_status":{"1xx":0,"2xx":2,"3xx":0,"4xx":1,"5xx":0}},` +
		`"get":{"total":2,"getTime":"2ms","time":"2ms","time_in_millis":2,"exists_total":1,"exists_time":"1ms","exists_time_in_millis":1,"missing_total":1,"missing_time":"1ms","missing_time_in_millis":1,"current":0},` +
		`"shards":{"i":[{"0":{"docs":{"count":3,"deleted":1},"store":{"size":"2kb","size_in_bytes":2048,"reserved":"0b","reserved_in_bytes":0},` +
		`"indexing":{"index_total":1,"index_time":"1.5s","index_time_in_millis":1500,"index_current":0,"index_failed":1,"delete_total":1,"delete_time":"2ms","delete_time_in_millis":2,"delete_current":0,"noop_update_total":0,"is_throttled":false,"throttle_time":"0s","throttle_time_in_millis":0,"doc_status":{"1xx":0,"2xx":2,"3xx":0,"4xx":1,"5xx":0}},` +
		`"get":{"total":2,"getTime":"2ms","time":"2ms","time_in_millis":2,"exists_total":1,"exists_time":"1ms","exists_time_in_millis":1,"missing_total":1,"missing_time":"1ms","missing_time_in_millis":1,"current":0}}},` +
		`{"1":{"docs":{"count":2,"deleted":0},"store":{"size":"100b","size_in_bytes":100,"reserved":"0b","reserved_in_bytes":0},` +
		`"indexing":{"index_total":0,"index_time":"0s","index_time_in_millis":0,"index_current":0,"index_failed":0,"delete_total":0,"delete_time":"0s","delete_time_in_millis":0,"delete_current":0,"noop_update_total":0,"is_throttled":false,"throttle_time":"0s","throttle_time_in_millis":0,"doc_status":{"1xx":0,"2xx":0,"3xx":0,"4xx":0,"5xx":0}},` +
		`"get":{"total":0,"getTime":"0s","time":"0s","time_in_millis":0,"exists_total":0,"exists_time":"0s","exists_time_in_millis":0,"missing_total":0,"missing_time":"0s","missing_time_in_millis":0,"current":0}}}]}}}}}`
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if _, err := Render(env, "c", Request{Selection: sel, Level: "cluster"}, []Node{node}); err == nil ||
		err.Reason != "level parameter must be one of [indices] or [node] or [shards] but was [cluster]" {
		t.Errorf("bad level: %v", err)
	}
	// Without the indices group the level is not checked, as the server checks it while writing that group.
	if _, err := Render(env, "c", Request{Selection: Selection{Node: map[string]bool{"os": true}}, Level: "cluster"}, []Node{node}); err != nil {
		t.Errorf("level checked without indices: %v", err)
	}
}

func TestPoolBeginEnd(t *testing.T) {
	p := &Pool{}
	end1 := p.Begin()
	end2 := p.Begin()
	end1()
	end2()
	p.Begin()()
	if p.active.Load() != 0 || p.largest.Load() != 2 || p.completed.Load() != 3 {
		t.Errorf("active %d largest %d completed %d", p.active.Load(), p.largest.Load(), p.completed.Load())
	}
}

func FuzzParseSelection(f *testing.F) {
	for _, s := range []string{"", "_all", "indices", "os,jvm", "indices,_all", " , ", "indices|docs,store", "x|y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		metric, idx, hasIdx := strings.Cut(s, "|")
		var ip *string
		if hasIdx {
			ip = &idx
		}
		sel, err := ParseSelection(v219, "/p", metric, ip, nil)
		if err != nil {
			if err.Status != 400 {
				t.Fatalf("status %d", err.Status)
			}
			return
		}
		for m := range sel.Node {
			found := false
			for _, nm := range nodeMetrics {
				found = found || nm.name == m
			}
			if !found {
				t.Fatalf("unknown metric %q selected", m)
			}
		}
	})
}

func FuzzResolveNodes(f *testing.F) {
	for _, s := range []string{"_all", "_local,data:false", "n*", "zone:*", "*:*", ":", "a:b:c"} {
		f.Add(s)
	}
	nodes := []NodeDesc{{ID: "i", Name: "n", Roles: []string{"data"}, Attributes: [][2]string{{"zone", "a"}}}}
	f.Fuzz(func(t *testing.T, s string) {
		for _, i := range ResolveNodes(strings.Split(s, ","), nodes, 0, 0) {
			if i != 0 {
				t.Fatalf("position %d", i)
			}
		}
	})
}

func FuzzParseInfoMetrics(f *testing.F) {
	for _, s := range []string{"", "_all", "os,jvm", "settings,_all", "bogus", " , ,os"} {
		f.Add(s)
	}
	known := InfoMetricNames(v219)
	f.Fuzz(func(t *testing.T, s string) {
		ms, err := ParseInfoMetrics(v219, "/_nodes", s, nil)
		if err != nil {
			if err.Status != 400 || err.Type != "illegal_argument_exception" {
				t.Fatalf("error %+v", err)
			}
			return
		}
		for m := range ms {
			if !known[m] {
				t.Fatalf("unknown metric %q accepted", m)
			}
		}
	})
}
