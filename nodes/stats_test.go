package nodes_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/nodes"
	"github.com/clustersearch/clustersearch-go/types"
)

func ptr[T any](v T) *T { return &v }

func TestStatsRequest(t *testing.T) {
	cases := []struct {
		name   string
		params *nodes.StatsParams
		path   string
		query  string
	}{
		{"nil params", nil, "/_nodes/stats", ""},
		{"zero params", &nodes.StatsParams{}, "/_nodes/stats", ""},
		{"node ids", &nodes.StatsParams{NodeIDs: []string{"node-1", nodes.NodesLocal}}, "/_nodes/node-1,_local/stats", ""},
		{"attribute filter", &nodes.StatsParams{NodeIDs: []string{nodes.NodeAttribute("zone", "us-east-1a")}}, "/_nodes/zone:us-east-1a/stats", ""},
		{"metrics", &nodes.StatsParams{Metrics: []nodes.Metric{nodes.MetricOS, nodes.MetricProcess}}, "/_nodes/stats/os,process", ""},
		{"node and metric", &nodes.StatsParams{NodeIDs: []string{"n1"}, Metrics: []nodes.Metric{nodes.MetricBreaker}}, "/_nodes/n1/stats/breaker", ""},
		{"index metric alone selects indices", &nodes.StatsParams{IndexMetrics: []nodes.IndexMetric{nodes.IndexMetricDocs, nodes.IndexMetricSearch}}, "/_nodes/stats/indices/docs,search", ""},
		{"index metric with _all", &nodes.StatsParams{Metrics: []nodes.Metric{nodes.MetricAll}, IndexMetrics: []nodes.IndexMetric{nodes.IndexMetricIndexing}}, "/_nodes/stats/_all/indexing", ""},
		{"all path parts", &nodes.StatsParams{NodeIDs: []string{"n1", "n2"}, Metrics: []nodes.Metric{nodes.MetricIndices, nodes.MetricJVM}, IndexMetrics: []nodes.IndexMetric{nodes.IndexMetricMerge}}, "/_nodes/n1,n2/stats/indices,jvm/merge", ""},
		{"escaped node name", &nodes.StatsParams{NodeIDs: []string{"node a/b"}}, "/_nodes/node%20a%2Fb/stats", ""},
		{
			"every query parameter",
			&nodes.StatsParams{
				CompletionFields:        []string{"suggest", "title.*"},
				FielddataFields:         []string{"tags"},
				Fields:                  []string{"a", "b"},
				Groups:                  []string{"g1", "g2"},
				Level:                   nodes.LevelShards,
				Timeout:                 types.Duration(45 * time.Second),
				IncludeSegmentFileSizes: ptr(true),
				IncludeAll:              ptr(true),
				Top:                     ptr(false),
				Human:                   ptr(false),
			},
			"/_nodes/stats",
			"completion_fields=suggest%2Ctitle.%2A&fielddata_fields=tags&fields=a%2Cb&groups=g1%2Cg2&human=false&include_all=true&include_segment_file_sizes=true&level=shards&timeout=45s&top=false",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tr, mock := sdktest.New(t)
			got := sdktest.Capture(mock, 200, `{"_nodes":{"total":0,"successful":0,"failed":0},"cluster_name":"c","nodes":{}}`, nil)
			if _, err := nodes.NewService(tr).Stats(context.Background(), tc.params); err != nil {
				t.Fatal(err)
			}
			if len(*got) != 1 {
				t.Fatalf("sent %d requests", len(*got))
			}
			r := (*got)[0]
			if r.Method != http.MethodGet || r.Path != tc.path || r.Query != tc.query || len(r.Body) != 0 {
				t.Fatalf("sent %s %s ?%s body %q; want GET %s ?%s", r.Method, r.Path, r.Query, r.Body, tc.path, tc.query)
			}
		})
	}
}

func TestStatsRejectsImpossiblePaths(t *testing.T) {
	cases := map[string]*nodes.StatsParams{
		"index metric without indices": {Metrics: []nodes.Metric{nodes.MetricOS}, IndexMetrics: []nodes.IndexMetric{nodes.IndexMetricDocs}},
		"empty node id":                {NodeIDs: []string{""}},
		"comma inside a value":         {Metrics: []nodes.Metric{"os,jvm"}},
	}
	for name, p := range cases {
		t.Run(name, func(t *testing.T) {
			tr, mock := sdktest.New(t)
			got := sdktest.Capture(mock, 200, `{}`, nil)
			_, err := nodes.NewService(tr).Stats(context.Background(), p)
			if err == nil {
				t.Fatal("no error")
			}
			if len(*got) != 0 {
				t.Fatalf("a request was sent: %+v", (*got)[0])
			}
		})
	}
}

func TestStatsServerError(t *testing.T) {
	tr, mock := sdktest.New(t)
	sdktest.Capture(mock, 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"request [/_nodes/stats/foo] contains unrecognized metric: [foo]"}],"type":"illegal_argument_exception","reason":"request [/_nodes/stats/foo] contains unrecognized metric: [foo]"},"status":400}`, nil)
	_, err := nodes.NewService(tr).Stats(context.Background(), &nodes.StatsParams{Metrics: []nodes.Metric{"foo"}})
	var apiErr *types.Error
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 400 || apiErr.Type != "illegal_argument_exception" ||
		apiErr.Reason != "request [/_nodes/stats/foo] contains unrecognized metric: [foo]" {
		t.Fatalf("err = %#v", err)
	}
}

func TestStatsDecodesThreeNodes(t *testing.T) {
	data := sdktest.Fixture(t, "stats_3nodes.json")
	tr, mock := sdktest.New(t)
	sdktest.Capture(mock, 200, string(data), http.Header{"X-Opaque-Id": {"stats-1"}})
	res, err := nodes.NewService(tr).Stats(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 200 || res.OpaqueID() != "stats-1" {
		t.Fatalf("meta = %d %q", res.StatusCode, res.OpaqueID())
	}
	if res.ClusterName != "opensearch-cluster" || res.NodesHeader.Total != 3 || res.NodesHeader.Successful != 3 || len(res.Nodes) != 3 {
		t.Fatalf("header = %+v %q, %d nodes", res.NodesHeader, res.ClusterName, len(res.Nodes))
	}
	n, ok := res.Nodes["xS9VXy4DTXmtO49gPaC3bw"]
	if !ok {
		t.Fatal("node xS9VXy4DTXmtO49gPaC3bw missing")
	}
	if n.Name != "opensearch-node2" || n.IP != "10.0.0.12:9300" || n.Attributes["zone"] != "zone-b" || len(n.Roles) != 4 {
		t.Fatalf("node header = %+v", n)
	}
	if len(n.ThreadPool) != 24 || n.ThreadPool["search"].TotalWaitTimeInNanos == nil || n.ThreadPool["write"].TotalWaitTimeInNanos != nil {
		t.Fatalf("thread pools = %d, search wait %v, write wait %v", len(n.ThreadPool), n.ThreadPool["search"].TotalWaitTimeInNanos, n.ThreadPool["write"].TotalWaitTimeInNanos)
	}
	if n.SearchBackpressure == nil || n.SearchBackpressure.Mode != nodes.BackpressureMonitorOnly ||
		n.SearchBackpressure.SearchShardTask.ResourceTrackerStats.HeapUsageTracker == nil {
		t.Fatalf("search_backpressure = %+v", n.SearchBackpressure)
	}
	if n.Breakers["parent"].LimitSizeInBytes != 1020054732 || n.Breakers["fielddata"].Overhead != 1.03 {
		t.Fatalf("breakers = %+v", n.Breakers)
	}
	if n.OS.Cgroup.Memory.LimitInBytes != "9223372036854771712" || n.OS.Cgroup.CPU.CFSQuotaMicros != -1 {
		t.Fatalf("cgroup = %+v", n.OS.Cgroup)
	}
	if n.Indices.Segments.MaxUnsafeAutoIDTimestamp != -1 || n.Indices.Merges.TotalAutoThrottleInBytes != 20971520 {
		t.Fatalf("segments/merges = %+v %+v", n.Indices.Segments, n.Indices.Merges)
	}
	if n.JVM.Mem.Pools["young"].LastGCStats.UsagePercent != -1 || n.FS.Data[0].Mount != "/ (overlay)" {
		t.Fatalf("jvm/fs = %+v %+v", n.JVM.Mem.Pools["young"], n.FS.Data)
	}
	sdktest.AssertRoundTrip[nodes.StatsResponse](t, data)
}

func TestStatsDecodesHumanShardLevel(t *testing.T) {
	data := sdktest.Fixture(t, "stats_full_human_shards.json")
	res := sdktest.AssertRoundTrip[nodes.StatsResponse](t, data)
	n := res.Nodes["Qz1qP0bhSoOBYlgEYkJcHw"]
	sh := n.Indices.Shards["books"][0]["0"]
	if sh.Routing.State != "STARTED" || !sh.Routing.Primary || sh.Routing.RelocatingNode != nil || sh.SeqNo.MaxSeqNo != 41 || sh.Docs == nil {
		t.Fatalf("shard = %+v", sh)
	}
	if got := n.Indices.Segments.SegmentReplication.MaxBytesBehind.String(); got != "0b" {
		t.Fatalf("segment_replication.max_bytes_behind = %q", got)
	}
	if n.Indices.Segments.FileSizes["si"].Description != "Segment Info" || *n.Indices.Segments.FileSizes["si"].Count != 4 {
		t.Fatalf("file_sizes = %+v", n.Indices.Segments.FileSizes)
	}
	if n.Indices.Search.Groups["my_group"].QueryTotal == 0 || n.Indices.Search.Request["query"].Total == 0 {
		t.Fatalf("search groups/request = %+v", n.Indices.Search)
	}
	if n.Indices.Indexing.DocStatus["5xx"] != 1 || n.Ingest.Pipelines["my-pipeline"].Processors[1]["lowercase:tagged"].Type != "lowercase" {
		t.Fatalf("doc_status/ingest = %+v %+v", n.Indices.Indexing.DocStatus, n.Ingest.Pipelines)
	}
	if cs := n.Discovery.ClusterStateStats; cs.Overall == nil || cs.Persisted["remote_upload"]["success_count"] != 31 || cs.Persisted["remote_upload"]["cleanup_attempt_failed_count"] != 0 {
		t.Fatalf("cluster_state_stats = %+v", cs)
	}
	if n.Caches["request_cache"].StoreName != "opensearch_onheap" || n.RemoteStore.LastSuccessfulFetchOfPinnedTimestamps != 1732237190 {
		t.Fatalf("caches/remote_store = %+v %+v", n.Caches, n.RemoteStore)
	}
}

func TestStatsDecodesFailedNode(t *testing.T) {
	data := sdktest.Fixture(t, "stats_failed_node.json")
	res := sdktest.AssertRoundTrip[nodes.StatsResponse](t, data)
	if res.NodesHeader.Failed != 1 || len(res.NodesHeader.Failures) != 1 {
		t.Fatalf("_nodes = %+v", res.NodesHeader)
	}
	f := res.NodesHeader.Failures[0]
	if f.Type != "failed_node_exception" || f.MetadataString("node_id") != "f3nwMnt3TnaJ9dkYpLc6vA" || f.CausedBy == nil || f.CausedBy.Type != "node_not_connected_exception" {
		t.Fatalf("failure = %+v", f)
	}
	n := res.Nodes["Qz1qP0bhSoOBYlgEYkJcHw"]
	if n.HTTP == nil || n.HTTP.TotalOpened != 312 || n.Indices != nil || n.JVM != nil {
		t.Fatalf("node = %+v", n)
	}
}

// Every field of the response types appears in at least one fixture, so the
// round-trip tests above exercise all of them.
func TestStatsFixturesCoverEveryField(t *testing.T) {
	sdktest.AssertFixturesCoverType[nodes.StatsResponse](t,
		sdktest.Fixture(t, "stats_3nodes.json"), sdktest.Fixture(t, "stats_full_human_shards.json"), sdktest.Fixture(t, "stats_failed_node.json"))
}

func TestNumberOrString(t *testing.T) {
	var v struct {
		A nodes.NumberOrString `json:"a"`
		B nodes.NumberOrString `json:"b"`
	}
	if err := jsonx.Unmarshal([]byte(`{"a":"1.5kb","b":1536}`), &v); err != nil {
		t.Fatal(err)
	}
	if v.A.String() != "1.5kb" || v.B.String() != "1536" {
		t.Fatalf("strings = %q %q", v.A.String(), v.B.String())
	}
	if _, ok := v.A.Int64(); ok {
		t.Fatal("a string is not a whole number")
	}
	if n, ok := v.B.Int64(); !ok || n != 1536 {
		t.Fatalf("Int64 = %d %v", n, ok)
	}
	out, _ := json.Marshal(v)
	if string(out) != `{"a":"1.5kb","b":1536}` {
		t.Fatalf("encoded %s", out)
	}
	var empty nodes.NumberOrString
	if b, _ := empty.MarshalJSON(); string(b) != "null" {
		t.Fatalf("empty encodes as %s", b)
	}
}

// FuzzStatsResponse checks that any input decodes or fails cleanly, and that
// whatever decodes re-encodes to JSON that decodes to the same value.
func FuzzStatsResponse(f *testing.F) {
	f.Add([]byte(`{"_nodes":{"total":1,"successful":1,"failed":0},"cluster_name":"c","nodes":{"n":{"name":"a","thread_pool":{"search":{"threads":1}}}}}`))
	f.Add([]byte(`{"nodes":{"n":{"indices":{"segments":{"segment_replication":{"max_bytes_behind":12}}}}}}`))
	f.Add([]byte(`{"nodes":{"n":{"indices":{"shards":{"i":[{"0":{"routing":{"relocating_node":null}}}]}}}}}`))
	f.Add([]byte(`{"nodes":{"n":{"discovery":{"cluster_state_stats":{"overall":{"update_count":1},"remote_upload":{"success_count":2}}}}}}`))
	f.Add([]byte(`{"nodes":null}`))
	f.Add([]byte(`[1,2]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var a nodes.StatsResponse
		if jsonx.Unmarshal(data, &a) != nil {
			return
		}
		enc, err := jsonx.Marshal(&a)
		if err != nil {
			t.Fatalf("encode after decode: %v", err)
		}
		var b nodes.StatsResponse
		if err := jsonx.Unmarshal(enc, &b); err != nil {
			t.Fatalf("re-decode: %v\n%s", err, enc)
		}
		enc2, _ := jsonx.Marshal(&b)
		if string(enc) != string(enc2) {
			t.Fatalf("not stable:\n%s\n%s", enc, enc2)
		}
	})
}
