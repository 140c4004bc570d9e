package rest

import (
	"encoding/json"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/cluster"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/version"
)

// scrollPages scrolls body over path page by page (size per page) and
// returns every page's body after the first (took zeroed, the scroll id
// dropped) and the hits of all pages in order, up to the first empty page
// without shard failures.
func scrollPages(t *testing.T, hs *httptest.Server, path, body string, size int) (later []string, hits []json.RawMessage) {
	t.Helper()
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	code, out := call(t, hs, "POST", path+sep+"scroll=1m&size="+itoa(size), body)
	for page := 0; ; page++ {
		if code != 200 {
			t.Fatalf("%s page %d: %d %s", path, page, code, out)
		}
		var r struct {
			ID     string               `json:"_scroll_id"`
			Shards struct{ Failed int } `json:"_shards"`
			Hits   struct{ Hits []json.RawMessage }
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%s: %v", out, err)
		}
		if page > 0 {
			out = tookRe.ReplaceAllString(strings.Replace(out, `"_scroll_id":"`+r.ID+`",`, "", 1), `"took":0`)
			later = append(later, ihNodeRe.ReplaceAllString(out, `"${1}node":"N"`))
		}
		if len(r.Hits.Hits) == 0 && r.Shards.Failed == 0 {
			call(t, hs, "DELETE", "/_search/scroll/"+r.ID, "")
			return later, hits
		}
		hits = append(hits, r.Hits.Hits...)
		code, out = call(t, hs, "POST", "/_search/scroll", `{"scroll":"1m","scroll_id":"`+r.ID+`"}`)
	}
}

// Later scroll pages run the first page's fetch phase: scrolling one hit a
// page yields the very hits one first page of them all holds, for every
// fetch option (on one and two shards, through a filtering alias, with
// index boosts, DFS statistics, a post filter and slices).
func TestScrollLaterPagesFetchAsFirst(t *testing.T) {
	hs := blogServer(t)
	loadArticles(t, hs, 2)
	if code, body := call(t, hs, "PUT", "/idx/_alias/animals", `{"filter":{"term":{"tag.keyword":"animal"}}}`); code != 200 {
		t.Fatalf("alias: %d %s", code, body)
	}
	cases := []struct{ name, path, body string }{
		{"inner hits", "/blog/_search", `{"query":{"nested":{"path":"comments","query":{"match":{"comments.text":"great bad"}},"inner_hits":{"explain":true,"highlight":{"fields":{"comments.text":{}}},"docvalue_fields":["comments.stars"],"version":true}}}}`},
		{"hierarchical inner hits", "/blog/_search", `{"query":{"nested":{"path":"comments","query":{"nested":{"path":"comments.votes","query":{"match_all":{}},"inner_hits":{"name":"v","size":1}}},"inner_hits":{"sort":[{"comments.stars":"desc"}]}}},"_source":false}`},
		{"script fields", "/idx/_search", `{"sort":["views"],"script_fields":{"double":{"script":"doc['views'].value * 2"},"tag":{"script":{"source":"params.p + doc['tag.keyword'].value","params":{"p":"t:"}}}},"_source":["title"]}`},
		{"everything else", "/idx/_search?version=true&seq_no_primary_term=true", `{"query":{"match":{"title":"quick brown"}},"explain":true,"highlight":{"fields":{"title":{}}},"docvalue_fields":["views"],"fields":["tag"],"stored_fields":["_source"],"_source":{"excludes":["views"]}}`},
		{"dfs explain", "/idx/_search?search_type=dfs_query_then_fetch", `{"query":{"match":{"title":"quick brown"}},"explain":true}`},
		{"alias filter, boost", "/animals,blog/_search", `{"query":{"bool":{"should":[{"match":{"title":"quick"}},{"match":{"title":"post"}}]}},"indices_boost":[{"blog":3}],"explain":true,"highlight":{"fields":{"*":{}}}}`},
		{"post filter", "/idx/_search", `{"query":{"match":{"title":"brown"}},"post_filter":{"range":{"views":{"gte":10}}},"highlight":{"fields":{"title":{}}},"explain":true}`},
		{"slice", "/idx/_search", `{"slice":{"id":1,"max":2},"explain":true,"script_fields":{"v":{"script":"doc['views'].value"}}}`},
		{"field sort", "/idx/_search", `{"sort":[{"views":"desc"}],"track_scores":true,"explain":true,"query":{"match":{"title":"quick brown"}}}`},
	}
	for _, c := range cases {
		_, all := scrollPages(t, hs, c.path, c.body, 100)
		_, one := scrollPages(t, hs, c.path, c.body, 1)
		if len(all) == 0 {
			t.Errorf("%s: no hits", c.name)
		}
		a, _ := json.Marshal(all)
		o, _ := json.Marshal(one)
		if string(a) != string(o) {
			t.Errorf("%s: one a page\n%s\nwant\n%s", c.name, o, a)
		}
	}
}

// The exact second page of scrolls with script fields and inner hits.
func TestScrollLaterPageJSON(t *testing.T) {
	hs := blogServer(t)
	loadArticles(t, hs, 1)
	cases := []struct{ name, path, body, want string }{
		{"script fields", "/idx/_search", `{"sort":["views"],"script_fields":{"double":{"script":"doc['views'].value * 2"}},"_source":false}`,
			`{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":4,"relation":"eq"},"max_score":null,"hits":[{"_index":"idx","_id":"1","_score":null,"fields":{"double":[20]},"sort":[10]}]}}`},
		{"inner hits", "/blog/_search", `{"query":{"nested":{"path":"comments","query":{"match":{"comments.text":"great"}},"inner_hits":{"_source":["comments.author"]}}},"_source":false}`,
			`{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":3,"relation":"eq"},"max_score":0.47148448,"hits":[{"_index":"blog","_id":"1","_score":0.33698124,"inner_hits":{"comments":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":0.33698124,"hits":[{"_index":"blog","_id":"1","_nested":{"field":"comments","offset":0},"_score":0.33698124,"_source":{"author":"kimchy"}}]}}}}]}}`},
	}
	for _, c := range cases {
		later, _ := scrollPages(t, hs, c.path, c.body, 1)
		if os.Getenv("PRINT_CASES") != "" {
			t.Logf("%s: %s", c.name, later[0])
			continue
		}
		if later[0] != c.want {
			t.Errorf("%s: second page\n%s\nwant\n%s", c.name, later[0], c.want)
		}
	}
}

// A script field that throws on a later page fails the shards whose hits it
// fetches: the others answer (partial results), and when none is left the
// page is search_phase_execution_exception, of the "query" phase on one
// shard (QUERY_AND_FETCH) and of the "fetch" phase on several. The failed
// hits are consumed all the same.
func TestScrollLaterPageFetchFailure(t *testing.T) {
	_, hs := searchServer(t)
	loadArticles(t, hs, 2) // shard 0 holds 1, 2 and 3; shard 1 holds 4
	root := `{"type":"script_exception","reason":"runtime error","script_stack":["10 / (doc['views'].value > 10 ? 1 : 0)","^---- HERE"],"script":"10 / (doc['views'].value > 10 ? 1 : 0)","lang":"painless","position":{"offset":0,"start":0,"end":38}`
	failure := root + `,"caused_by":{"type":"arithmetic_exception","reason":"/ by zero"}}`
	body := `{"sort":[{"views":"desc"}],"_source":false,"script_fields":{"f":{"script":"10 / (doc['views'].value > 10 ? 1 : 0)"}}}`
	later, _ := scrollPages(t, hs, "/idx/_search", body, 1)
	want := []string{
		`{"took":0,"timed_out":false,"_shards":{"total":2,"successful":2,"skipped":0,"failed":0},"hits":{"total":{"value":4,"relation":"eq"},"max_score":null,"hits":[{"_index":"idx","_id":"2","_score":null,"fields":{"f":[10]},"sort":[20]}]}}`,
		`{"took":0,"timed_out":false,"_shards":{"total":2,"successful":1,"skipped":0,"failed":1,"failures":[{"shard":0,"index":"idx","node":"N","reason":` + failure + `}]},"hits":{"total":{"value":4,"relation":"eq"},"max_score":null,"hits":[]}}`,
		`{"took":0,"timed_out":false,"_shards":{"total":2,"successful":1,"skipped":0,"failed":1,"failures":[{"shard":1,"index":"idx","node":"N","reason":` + failure + `}]},"hits":{"total":{"value":4,"relation":"eq"},"max_score":null,"hits":[]}}`,
		`{"took":0,"timed_out":false,"_shards":{"total":2,"successful":2,"skipped":0,"failed":0},"hits":{"total":{"value":4,"relation":"eq"},"max_score":null,"hits":[]}}`,
	}
	if strings.Join(later, "\n") != strings.Join(want, "\n") {
		t.Errorf("pages\n%s\nwant\n%s", strings.Join(later, "\n"), strings.Join(want, "\n"))
	}
	allFailed := func(phase, shards string) string {
		return `{"error":{"root_cause":[` + root + `}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"` + phase + `","grouped":true,"failed_shards":[` + shards + `],"caused_by":` + failure + `},"status":400}`
	}
	shardFail := func(n string) string { return `{"shard":` + n + `,"index":"idx","node":"N","reason":` + failure + `}` }
	for _, c := range []struct{ path, want string }{
		// Both shards fail alike: grouped, they are one entry.
		{"/idx/_search?scroll=1m&size=2", allFailed("fetch", shardFail("0"))},
		{"/idx/_search?scroll=1m&size=2&routing=1", allFailed("query", shardFail("0"))},
	} {
		code, out := call(t, hs, "POST", c.path, body)
		var r struct {
			ID string `json:"_scroll_id"`
		}
		if err := json.Unmarshal([]byte(out), &r); code != 200 || err != nil {
			t.Fatalf("%s: %d %s", c.path, code, out)
		}
		code, out = call(t, hs, "POST", "/_search/scroll", `{"scroll_id":"`+r.ID+`"}`)
		if out = ihNodeRe.ReplaceAllString(out, `"${1}node":"N"`); code != 400 || out != c.want {
			t.Errorf("%s: second page %d\n%s\nwant\n%s", c.path, code, out, c.want)
		}
	}
}

// A scroll keeps reading the versions its first page saw, doc values and
// script fields included, across updates, refreshes and a force merge.
func TestScrollLaterPageAfterMerge(t *testing.T) {
	_, hs := searchServer(t)
	loadArticles(t, hs, 1)
	code, out := call(t, hs, "POST", "/idx/_search?scroll=1m&size=1", `{"sort":["views"],"_source":false,"docvalue_fields":["views"],"script_fields":{"f":{"script":"doc['views'].value + 1"}}}`)
	var r struct {
		ID string `json:"_scroll_id"`
	}
	if err := json.Unmarshal([]byte(out), &r); code != 200 || err != nil {
		t.Fatalf("first page: %d %s", code, out)
	}
	for _, s := range [][3]string{{"PUT", "/idx/_doc/1?refresh=true", `{"views":11}`}, {"DELETE", "/idx/_doc/2?refresh=true", ""}, {"POST", "/idx/_forcemerge", ""}} {
		if code, body := call(t, hs, s[0], s[1], s[2]); code >= 300 {
			t.Fatalf("%s %s: %d %s", s[0], s[1], code, body)
		}
	}
	code, out = call(t, hs, "POST", "/_search/scroll", `{"scroll":"1m","scroll_id":"`+r.ID+`"}`)
	want := `{"_scroll_id":"` + r.ID + `","took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":4,"relation":"eq"},"max_score":null,"hits":[{"_index":"idx","_id":"1","_score":null,"fields":{"f":[11],"views":[10]},"sort":[10]}]}}`
	if out = tookRe.ReplaceAllString(out, `"took":0`); code != 200 || out != want {
		t.Errorf("second page %d\n%s\nwant\n%s", code, out, want)
	}
	code, out = call(t, hs, "POST", "/_search/scroll", `{"scroll_id":"`+r.ID+`"}`)
	want = `{"_scroll_id":"` + r.ID + `","took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":4,"relation":"eq"},"max_score":null,"hits":[{"_index":"idx","_id":"2","_score":null,"fields":{"f":[21],"views":[20]},"sort":[20]}]}}`
	if out = tookRe.ReplaceAllString(out, `"took":0`); code != 200 || out != want {
		t.Errorf("third page %d\n%s\nwant\n%s", code, out, want)
	}
}

// What a scroll refuses: SearchRequest.validate's problems together in its
// order, and collapse as the shards' search_exception.
func TestScrollRefusals(t *testing.T) {
	_, hs := searchServer(t)
	loadArticles(t, hs, 1)
	validation := func(reasons string) string {
		return `{"error":{"root_cause":[{"type":"action_request_validation_exception","reason":"Validation Failed: ` + reasons + `"}],"type":"action_request_validation_exception","reason":"Validation Failed: ` + reasons + `"},"status":400}`
	}
	collapse := `{"type":"search_exception","reason":"cannot use ` + "`collapse`" + ` in a scroll context"}`
	runSearchCases(t, hs, []searchCase{
		{name: "all at once", path: "/idx/_search?scroll=1m&request_cache=true", body: `{"from":1,"size":0,"track_total_hits":false,"rescore":{"query":{"rescore_query":{"match_all":{}}}}}`, code: 400,
			want: validation(`1: disabling [track_total_hits] is not allowed in a scroll context;2: using [from] is not allowed in a scroll context;3: [size] cannot be [0] in a scroll context;4: using [rescore] is not allowed in a scroll context;5: [request_cache] cannot be used in a scroll context;`)},
		{name: "capped total", path: "/idx/_search?scroll=1m", body: `{"track_total_hits":100}`, code: 400,
			want: validation(`1: disabling [track_total_hits] is not allowed in a scroll context;`)},
		{name: "size 0 parameter", path: "/idx/_search?scroll=1m&size=0", code: 400,
			want: validation(`1: [size] cannot be [0] in a scroll context;`)},
		{name: "exact total, request_cache=false", path: "/idx/_search?scroll=1m&request_cache=false&size=1&_source=false&filter_path=hits.hits._id", body: `{"track_total_hits":true,"sort":["views"]}`, code: 200,
			want: `{"hits":{"hits":[{"_id":"4"}]}}`},
		{name: "collapse", path: "/idx/_search?scroll=1m", body: `{"collapse":{"field":"tag.keyword"}}`, code: 500,
			want: `{"error":{"root_cause":[` + collapse + `],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"idx","node":"N","reason":` + collapse + `}],"caused_by":` + collapse + `},"status":500}`},
	})
}

// Scroll pages with every fetch option run while documents are updated,
// merged and scrolls cleared: no race, no error, and on every page the
// script field and the doc values read the same document version.
func TestScrollPagesConcurrentWithMerges(t *testing.T) {
	_, hs := searchServer(t)
	loadArticles(t, hs, 2)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; i < 20; i++ {
			call(t, hs, "PUT", "/idx/_doc/"+itoa(1+i%4)+"?refresh=true", `{"title":"quick brown `+itoa(i)+`","tag":"animal","views":`+itoa(100+i)+`}`)
			call(t, hs, "POST", "/idx/_forcemerge", "")
		}
	}()
	body := `{"query":{"match":{"title":"quick brown"}},"sort":["_doc"],"explain":true,"highlight":{"fields":{"title":{}}},"docvalue_fields":["views"],"script_fields":{"v":{"script":"doc['views'].value"}}}`
	errs := make(chan string, 10)
	for g := 0; g < 2; g++ {
		go func() {
			for r := 0; r < 5; r++ {
				code, out := call(t, hs, "POST", "/idx/_search?scroll=1m&size=1", body)
				var first struct {
					ID string `json:"_scroll_id"`
				}
				if code != 200 || json.Unmarshal([]byte(out), &first) != nil {
					errs <- out
					return
				}
				for {
					code, out = call(t, hs, "POST", "/_search/scroll", `{"scroll_id":"`+first.ID+`"}`)
					var page struct {
						Hits struct {
							Hits []struct {
								Fields map[string][]int64
							}
						}
					}
					if code != 200 || json.Unmarshal([]byte(out), &page) != nil {
						errs <- out
						return
					}
					if len(page.Hits.Hits) == 0 {
						break
					}
					if f := page.Hits.Hits[0].Fields; len(f["v"]) != 1 || f["v"][0] != f["views"][0] {
						errs <- "script field and doc values disagree: " + out
						return
					}
				}
				call(t, hs, "DELETE", "/_search/scroll/"+first.ID, "")
			}
			errs <- ""
		}()
	}
	for g := 0; g < 2; g++ {
		if e := <-errs; e != "" {
			t.Error(e)
		}
	}
	<-done
}

// A scroll whose keep-alive ran out holds its views no longer: a force
// merge after it drops the versions only it saw, and scores are as if it
// had never been opened.
func TestExpiredScrollReleasesItsViews(t *testing.T) {
	score := func(scroll bool) string {
		v, _ := version.Parse("2.19.0")
		c := clock.NewManual(time.Date(2024, 5, 18, 10, 30, 0, 0, time.UTC))
		b := &Backend{Cluster: cluster.New("test", 1, v), Indices: indices.New(c, v), Clock: c}
		srv := NewServer(b.Routes()...)
		srv.Add(b.SearchRoutes()...)
		hs := httptest.NewServer(srv)
		defer hs.Close()
		loadArticles(t, hs, 1)
		if scroll {
			if code, out := call(t, hs, "POST", "/idx/_search?scroll=1m&size=1", ""); code != 200 {
				t.Fatalf("scroll: %d %s", code, out)
			}
		}
		call(t, hs, "PUT", "/idx/_doc/1?refresh=true", `{"title":"something else","tag":"animal","views":10}`)
		c.Advance(2 * time.Minute)
		call(t, hs, "POST", "/idx/_forcemerge", "")
		_, out := call(t, hs, "POST", "/idx/_search?filter_path=hits.hits._score", `{"query":{"match":{"title":"quick"}}}`)
		return out
	}
	if with, without := score(true), score(false); with != without || without == "" {
		t.Errorf("after an expired scroll %s, never scrolled %s", with, without)
	}
}
