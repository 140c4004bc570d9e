package fake_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/fake"
)

// searchStats reads the search group and the get and search thread pools
// of the single node.
type searchStats struct {
	QueryTotal, FetchTotal, ScrollTotal, ScrollMillis, ScrollCurrent, OpenContexts int64
	GetPool, SearchPool, GetTotal                                                  int64
}

func readSearchStats(t *testing.T, srv *fake.Server) searchStats {
	t.Helper()
	var out struct {
		Nodes map[string]struct {
			Indices struct {
				Search struct {
					QueryTotal    int64 `json:"query_total"`
					FetchTotal    int64 `json:"fetch_total"`
					ScrollTotal   int64 `json:"scroll_total"`
					ScrollMillis  int64 `json:"scroll_time_in_millis"`
					ScrollCurrent int64 `json:"scroll_current"`
					OpenContexts  int64 `json:"open_contexts"`
				} `json:"search"`
				Get struct {
					Total int64 `json:"total"`
				} `json:"get"`
			} `json:"indices"`
			ThreadPool map[string]struct {
				Completed int64 `json:"completed"`
			} `json:"thread_pool"`
		} `json:"nodes"`
	}
	_, _, body := doRaw(t, srv, "GET", "/_nodes/stats/indices,thread_pool", "")
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatal(err)
	}
	for _, n := range out.Nodes {
		s := n.Indices.Search
		return searchStats{s.QueryTotal, s.FetchTotal, s.ScrollTotal, s.ScrollMillis, s.ScrollCurrent, s.OpenContexts,
			n.ThreadPool["get"].Completed, n.ThreadPool["search"].Completed, n.Indices.Get.Total}
	}
	t.Fatal("no node")
	return searchStats{}
}

func TestNodesStatsScrollCounters(t *testing.T) {
	clk := fake.NewManualClock(time.UnixMilli(1_700_000_000_000))
	srv := fake.New(t, fake.WithClock(clk))
	steps := []struct{ method, path, body string }{
		{"PUT", "/sc", `{"settings":{"number_of_shards":2,"number_of_replicas":0}}`},
		{"POST", "/_bulk?refresh=true", "{\"index\":{\"_index\":\"sc\",\"_id\":\"1\"}}\n{\"a\":1}\n{\"index\":{\"_index\":\"sc\",\"_id\":\"2\"}}\n{\"a\":2}\n{\"index\":{\"_index\":\"sc\",\"_id\":\"3\"}}\n{\"a\":3}\n"},
	}
	for _, s := range steps {
		if status, _, body := doRaw(t, srv, s.method, s.path, s.body); status != 200 {
			t.Fatalf("%s %s: %d %s", s.method, s.path, status, body)
		}
	}
	base := readSearchStats(t, srv)
	_, _, body := doRaw(t, srv, "POST", "/sc/_search?scroll=1m&size=2", `{"sort":["_doc"]}`)
	var first struct {
		ID string `json:"_scroll_id"`
	}
	if err := json.Unmarshal([]byte(body), &first); err != nil || first.ID == "" {
		t.Fatalf("scroll search: %s", body)
	}
	clk.Advance(3 * time.Second)
	// One more page of hits, then an empty page: each round queries both
	// shards, and fetches on them when hits come back.
	for _, want := range []string{`"hits":[{`, `"hits":[]`} {
		_, _, page := doRaw(t, srv, "POST", "/_search/scroll", `{"scroll":"1m","scroll_id":"`+first.ID+`"}`)
		if !strings.Contains(page, want) {
			t.Fatalf("scroll page: %s, want %s", page, want)
		}
	}
	open := readSearchStats(t, srv)
	clk.Advance(2 * time.Second)
	if status, _, body := doRaw(t, srv, "DELETE", "/_search/scroll", `{"scroll_id":["`+first.ID+`"]}`); status != 200 {
		t.Fatalf("clear scroll: %d %s", status, body)
	}
	cleared := readSearchStats(t, srv)
	// A second scroll runs out its 10s keep-alive.
	if status, _, body := doRaw(t, srv, "GET", "/sc/_search?scroll=10s&size=1", ""); status != 200 {
		t.Fatalf("second scroll: %d %s", status, body)
	}
	clk.Advance(11 * time.Second)
	expired := readSearchStats(t, srv)

	delta := func(s searchStats) []int64 {
		return []int64{s.QueryTotal - base.QueryTotal, s.FetchTotal - base.FetchTotal, s.ScrollTotal, s.ScrollMillis, s.ScrollCurrent, s.OpenContexts}
	}
	for _, c := range []struct {
		name string
		got  searchStats
		want []int64 // queries, fetches, scroll total, time, current, open contexts
	}{
		{"while open", open, []int64{6, 4, 0, 0, 2, 2}},
		{"cleared after 5s", cleared, []int64{6, 4, 2, 10000, 0, 0}},
		{"second scroll expired", expired, []int64{8, 6, 4, 30000, 0, 0}},
	} {
		if got := delta(c.got); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: query, fetch, scroll_total, scroll_time_in_millis, scroll_current, open_contexts = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestNodesStatsExplainRunsOnTheGetPool(t *testing.T) {
	srv := fake.New(t)
	if err := srv.IndexDocuments("ex", fake.Doc{ID: "1", Source: `{"t":"hello"}`}); err != nil {
		t.Fatal(err)
	}
	base := readSearchStats(t, srv)
	for _, path := range []string{"/ex/_explain/1", "/ex/_explain/1?_source=true"} {
		if status, _, body := doRaw(t, srv, "POST", path, `{"query":{"match":{"t":"hello"}}}`); status != 200 {
			t.Fatalf("POST %s: %d %s", path, status, body)
		}
	}
	got := readSearchStats(t, srv)
	// TransportExplainAction runs on the get pool and creates a search
	// context without the query and fetch listeners; reading the _source
	// goes through ShardGetService, which counts a get.
	d := []int64{got.QueryTotal - base.QueryTotal, got.FetchTotal - base.FetchTotal, got.GetPool - base.GetPool, got.SearchPool - base.SearchPool, got.GetTotal - base.GetTotal}
	if want := []int64{0, 0, 2, 0, 1}; !reflect.DeepEqual(d, want) {
		t.Errorf("query, fetch, get pool, search pool, get total = %v, want %v", d, want)
	}
}
