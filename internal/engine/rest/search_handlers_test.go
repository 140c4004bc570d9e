package rest

import (
	"io"
	"net/http"
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

// searchServer starts a backend with the core and search routes.
func searchServer(t testing.TB) (*Backend, *httptest.Server) {
	t.Helper()
	v, _ := version.Parse("2.19.0")
	c := clock.NewManual(time.Date(2024, 5, 18, 10, 30, 0, 0, time.UTC))
	b := &Backend{Cluster: cluster.New("test", 1, v), Indices: indices.New(c, v), Clock: c}
	srv := NewServer(b.Routes()...)
	srv.Add(b.SearchRoutes()...)
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	return b, hs
}

func call(t testing.TB, hs *httptest.Server, method, path, body string) (int, string) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, _ := http.NewRequest(method, hs.URL+path, rd)
	if body != "" {
		ct := "application/json"
		if strings.Contains(path, "_msearch") || strings.Contains(path, "_bulk") {
			ct = "application/x-ndjson"
		}
		req.Header.Set("Content-Type", ct)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(out)
}

var tookRe = regexp.MustCompile(`"took":\d+`)

func loadArticles(t testing.TB, hs *httptest.Server, shards int) {
	t.Helper()
	if code, body := call(t, hs, "PUT", "/idx", `{"settings":{"number_of_shards":`+string(rune('0'+shards))+`}}`); code != 200 {
		t.Fatalf("create: %d %s", code, body)
	}
	bulk := `{"index":{"_id":"1"}}
{"title":"The quick brown fox","tag":"animal","views":10}
{"index":{"_id":"2"}}
{"title":"The lazy dog","tag":"animal","views":20}
{"index":{"_id":"3"}}
{"title":"Quick quick brown rabbit","tag":"Animal","views":30}
{"index":{"_id":"4"}}
{"title":"Brown bread recipe","tag":"food","views":5}
`
	if code, body := call(t, hs, "POST", "/idx/_bulk?refresh=true", bulk); code != 200 {
		t.Fatalf("bulk: %d %s", code, body)
	}
}

func TestSearchResponses(t *testing.T) {
	b, hs := searchServer(t)
	loadArticles(t, hs, 1)
	node := b.Cluster.Nodes[0].ID
	cases := []struct {
		name, method, path, body string
		status                   int
		want                     string
	}{
		{"match", "POST", "/idx/_search", `{"query":{"match":{"title":"fox"}}}`, 200,
			`{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.1374959,"hits":[{"_index":"idx","_id":"1","_score":1.1374959,"_source":{"title":"The quick brown fox","tag":"animal","views":10}}]}}`},
		{"sort and source filter", "GET", "/idx/_search?sort=views:desc&size=2&_source=views", "", 200,
			`{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":4,"relation":"eq"},"max_score":null,"hits":[{"_index":"idx","_id":"3","_score":null,"_source":{"views":30},"sort":[30]},{"_index":"idx","_id":"2","_score":null,"_source":{"views":20},"sort":[20]}]}}`},
		{"q parameter, paging, version", "GET", "/idx/_search?q=title:brown&from=1&size=1&version=true&seq_no_primary_term=true&_source=false&rest_total_hits_as_int=true", "", 200,
			`{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":3,"max_score":0.3788134,"hits":[{"_index":"idx","_id":"1","_version":1,"_seq_no":0,"_primary_term":1,"_score":0.33698124}]}}`},
		{"track_total_hits false", "POST", "/idx/_search", `{"track_total_hits":false,"size":0}`, 200,
			`{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"max_score":null,"hits":[]}}`},
		{"track_total_hits cap", "POST", "/idx/_search", `{"track_total_hits":2,"size":0}`, 200,
			`{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":2,"relation":"gte"},"max_score":null,"hits":[]}}`},
		{"explain", "POST", "/idx/_search", `{"explain":true,"query":{"term":{"tag.keyword":"food"}}}`, 200,
			`{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.2039728,"hits":[{"_shard":"[idx][0]","_node":"` + node + `","_index":"idx","_id":"4","_score":1.2039728,"_source":{"title":"Brown bread recipe","tag":"food","views":5},"_explanation":{"value":1.2039728,"description":"weight(tag.keyword:food in 3) [PerFieldSimilarity], result of:","details":[{"value":1.2039728,"description":"score(freq=1.0), computed as boost * idf * tf from:","details":[{"value":2.2,"description":"boost","details":[]},{"value":1.2039728,"description":"idf, computed as log(1 + (N - n + 0.5) / (n + 0.5)) from:","details":[{"value":1,"description":"n, number of documents containing term","details":[]},{"value":4,"description":"N, total number of documents with field","details":[]}]},{"value":0.45454544,"description":"tf, computed as freq / (freq + k1 * (1 - b + b * dl / avgdl)) from:","details":[{"value":1.0,"description":"freq, occurrences of term within document","details":[]},{"value":1.2,"description":"k1, term saturation parameter","details":[]},{"value":0.75,"description":"b, length normalization parameter","details":[]},{"value":1.0,"description":"dl, length of field","details":[]},{"value":1.0,"description":"avgdl, average length of field","details":[]}]}]}]}}]}}`},
		{"text sort error", "POST", "/idx/_search", `{"sort":["title"]}`, 400,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Text fields are not optimised for operations that require per-document field data like aggregations and sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, set fielddata=true on [title] in order to load field data by uninverting the inverted index. Note that this can use significant memory."}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"idx","node":"` + node + `","reason":{"type":"illegal_argument_exception","reason":"Text fields are not optimised for operations that require per-document field data like aggregations and sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, set fielddata=true on [title] in order to load field data by uninverting the inverted index. Note that this can use significant memory."}}],"caused_by":{"type":"illegal_argument_exception","reason":"Text fields are not optimised for operations that require per-document field data like aggregations and sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, set fielddata=true on [title] in order to load field data by uninverting the inverted index. Note that this can use significant memory."}},"status":400}`},
		{"result window", "GET", "/idx/_search?from=9999&size=2", "", 400,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Result window is too large, from + size must be less than or equal to: [10000] but was [10001]. See the scroll api for a more efficient way to request large data sets. This limit can be set by changing the [index.max_result_window] index level setting."}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"idx","node":"` + node + `","reason":{"type":"illegal_argument_exception","reason":"Result window is too large, from + size must be less than or equal to: [10000] but was [10001]. See the scroll api for a more efficient way to request large data sets. This limit can be set by changing the [index.max_result_window] index level setting."}}],"caused_by":{"type":"illegal_argument_exception","reason":"Result window is too large, from + size must be less than or equal to: [10000] but was [10001]. See the scroll api for a more efficient way to request large data sets. This limit can be set by changing the [index.max_result_window] index level setting."}},"status":400}`},
		{"unknown key", "POST", "/idx/_search", `{"qeury":{}}`, 400,
			`{"error":{"root_cause":[{"type":"parsing_exception","reason":"Unknown key for a START_OBJECT in [qeury].","line":1,"col":10}],"type":"parsing_exception","reason":"Unknown key for a START_OBJECT in [qeury].","line":1,"col":10},"status":400}`},
		{"missing index", "GET", "/nope/_search", "", 404,
			`{"error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index [nope]","index":"nope","resource.id":"nope","resource.type":"index_or_alias","index_uuid":"_na_"}],"type":"index_not_found_exception","reason":"no such index [nope]","index":"nope","resource.id":"nope","resource.type":"index_or_alias","index_uuid":"_na_"},"status":404}`},
		{"terms aggregation with size 0", "POST", "/idx/_search?size=0&typed_keys=true", `{"aggs":{"t":{"terms":{"field":"tag.keyword"}}}}`, 200,
			`{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":4,"relation":"eq"},"max_score":null,"hits":[]},` +
				`"aggregations":{"sterms#t":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"animal","doc_count":2},{"key":"Animal","doc_count":1},{"key":"food","doc_count":1}]}}}`},
		{"explain api", "GET", "/idx/_explain/2?q=tag:food", "", 200,
			`{"_index":"idx","_id":"2","matched":false,"explanation":{"value":0.0,"description":"no matching term","details":[]}}`},
		{"explain api missing doc", "POST", "/idx/_explain/9", `{"query":{"match_all":{}}}`, 404,
			`{"_index":"idx","_id":"9","matched":false}`},
		{"explain api match_all", "POST", "/idx/_explain/1", `{"query":{"match_all":{"boost":2}}}`, 200,
			`{"_index":"idx","_id":"1","matched":true,"explanation":{"value":2.0,"description":"*:*^2.0","details":[]}}`},
		{"explain api with source", "POST", "/idx/_explain/4?_source_includes=tag", `{"query":{"match_all":{}}}`, 200,
			`{"_index":"idx","_id":"4","matched":true,"explanation":{"value":1.0,"description":"*:*","details":[]},"get":{"_seq_no":3,"_primary_term":1,"found":true,"_source":{"tag":"food"}}}`},
		{"explain api bad key", "POST", "/idx/_explain/1", `{"size":1}`, 400,
			`{"error":{"root_cause":[{"type":"parsing_exception","reason":"request does not support [size]","line":1,"col":2}],"type":"parsing_exception","reason":"request does not support [size]","line":1,"col":2},"status":400}`},
		{"explain api keys in order", "POST", "/idx/_explain/1", `{"query":{"match_all":{}},"hxfoo":1}`, 400,
			`{"error":{"root_cause":[{"type":"parsing_exception","reason":"request does not support [hxfoo]","line":1,"col":27}],"type":"parsing_exception","reason":"request does not support [hxfoo]","line":1,"col":27},"status":400}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, body := call(t, hs, c.method, c.path, c.body)
			body = tookRe.ReplaceAllString(body, `"took":0`)
			if code != c.status {
				t.Fatalf("status %d, want %d: %s", code, c.status, body)
			}
			if c.want != "" && body != c.want {
				t.Errorf("body\n got %s\nwant %s", body, c.want)
			}
		})
	}
}

func TestMultiSearch(t *testing.T) {
	_, hs := searchServer(t)
	loadArticles(t, hs, 1)
	body := `{"index":"idx"}
{"query":{"term":{"views":5}},"_source":false}
{"index":"missing"}
{"query":{"match_all":{}}}
{}
{"query":{"match":{"title":"brown"}},"size":0}
`
	code, got := call(t, hs, "POST", "/_msearch?rest_total_hits_as_int=true", body)
	got = tookRe.ReplaceAllString(got, `"took":0`)
	want := `{"took":0,"responses":[` +
		`{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":1,"max_score":1.0,"hits":[{"_index":"idx","_id":"4","_score":1.0}]},"status":200},` +
		`{"error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index [missing]","index":"missing","resource.id":"missing","resource.type":"index_or_alias","index_uuid":"_na_"}],"type":"index_not_found_exception","reason":"no such index [missing]","index":"missing","resource.id":"missing","resource.type":"index_or_alias","index_uuid":"_na_"},"status":404},` +
		`{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":3,"max_score":null,"hits":[]},"status":200}]}`
	if code != 200 || got != want {
		t.Fatalf("status %d\n got %s\nwant %s", code, got, want)
	}
	// A body that does not parse fails the whole request.
	code, got = call(t, hs, "POST", "/_msearch", "{}\n{\"query\":{\"match_all\":{}}}\n{}\n{\"query\":{\"bogus\":{}}}\n")
	if code != 400 || !strings.Contains(got, `"reason":"unknown query [bogus]"`) {
		t.Fatalf("bad body: %d %s", code, got)
	}
	code, got = call(t, hs, "POST", "/_msearch?rest_total_hits_as_int=true", "{}\n{\"track_total_hits\":10}\n")
	if code != 400 || !strings.Contains(got, `[rest_total_hits_as_int] cannot be used if the tracking of total hits is not accurate, got 10`) {
		t.Fatalf("inexact totals as int: %d %s", code, got)
	}
	code, got = call(t, hs, "POST", "/_msearch", "{}\n{}")
	if code != 400 || !strings.Contains(got, "The msearch request must be terminated by a newline [\\n]") {
		t.Fatalf("no trailing newline: %d %s", code, got)
	}
}

func TestCountOnExecutor(t *testing.T) {
	_, hs := searchServer(t)
	loadArticles(t, hs, 2)
	cases := []struct {
		method, path, body string
		status             int
		want               string
	}{
		{"GET", "/idx/_count", "", 200, `{"count":4,"_shards":{"total":2,"successful":2,"skipped":0,"failed":0}}`},
		{"POST", "/idx/_count", `{"query":{"match":{"title":"brown"}}}`, 200, `{"count":3,"_shards":{"total":2,"successful":2,"skipped":0,"failed":0}}`},
		{"GET", "/idx/_count?q=tag:animal%20AND%20views:>15", "", 200, `{"count":2,"_shards":{"total":2,"successful":2,"skipped":0,"failed":0}}`},
		{"GET", "/idx/_count?preference=_shards:1", "", 200, `{"count":1,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0}}`},
		{"GET", "/idx/_count?routing=1", "", 200, `{"count":3,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0}}`},
		{"GET", "/idx/_count?terminate_after=1", "", 200, `{"count":2,"terminated_early":true,"_shards":{"total":2,"successful":2,"skipped":0,"failed":0}}`},
		{"POST", "/idx/_count", `{"size":1}`, 400, `{"error":{"root_cause":[{"type":"parsing_exception","reason":"request does not support [size]","line":1,"col":2}],"type":"parsing_exception","reason":"request does not support [size]","line":1,"col":2},"status":400}`},
	}
	for _, c := range cases {
		code, body := call(t, hs, c.method, c.path, c.body)
		if code != c.status || body != c.want {
			t.Errorf("%s %s: %d %s\nwant %d %s", c.method, c.path, code, body, c.status, c.want)
		}
	}
}

// Fields print in java.util.HashMap order ("at" hashes to bucket 3, "t" 4,
// "k" 11, "ok" 12, "n" 14); doc values come back sorted.
func TestSearchFieldsOptions(t *testing.T) {
	_, hs := searchServer(t)
	if code, body := call(t, hs, "PUT", "/f", `{"mappings":{"properties":{"at":{"type":"date"},"ok":{"type":"boolean"},"p":{"type":"float"},"n":{"type":"long"},"k":{"type":"keyword"},"t":{"type":"text"}}}}`); code != 200 {
		t.Fatal(body)
	}
	if code, body := call(t, hs, "PUT", "/f/_doc/1?refresh=true", `{"at":"2024-05-18T10:30:00Z","ok":true,"p":3.14,"n":[3,1],"k":"x","t":"Some Text"}`); code != 201 {
		t.Fatal(body)
	}
	cases := []struct{ body, want string }{
		{`{"docvalue_fields":["at","ok","n","k"],"_source":false}`,
			`"hits":[{"_index":"f","_id":"1","_score":1.0,"fields":{"at":["2024-05-18T10:30:00.000Z"],"k":["x"],"ok":[true],"n":[1,3]}}]`},
		{`{"docvalue_fields":[{"field":"n","format":"#.0"},{"field":"at","format":"yyyy-MM-dd"}],"stored_fields":"_none_"}`,
			`"hits":[{"_index":"f","_id":"1","_score":1.0,"fields":{"at":["2024-05-18"],"n":["1.0","3.0"]}}]`},
		{`{"fields":["t","n","at"],"_source":false}`,
			`"hits":[{"_index":"f","_id":"1","_score":1.0,"fields":{"at":["2024-05-18T10:30:00.000Z"],"t":["Some Text"],"n":[3,1]}}]`},
		{`{"query":{"match_all":{}},"post_filter":{"term":{"k":"y"}}}`, `"hits":{"total":{"value":0,"relation":"eq"},"max_score":null,"hits":[]}`},
	}
	for _, c := range cases {
		body := mustCall(t, hs, "POST", "/f/_search", c.body)
		if !strings.Contains(body, c.want) {
			t.Errorf("%s\n got %s\nwant …%s…", c.body, body, c.want)
		}
	}
	code, body := call(t, hs, "POST", "/f/_search", `{"docvalue_fields":["t"]}`)
	if code != 400 || !strings.Contains(body, "Text fields are not optimised") {
		t.Errorf("docvalue_fields on text: %d %s", code, body)
	}
}

func TestHighlight(t *testing.T) {
	_, hs := searchServer(t)
	loadArticles(t, hs, 1)
	long := strings.Repeat("filler words here ", 10) + "the brown cow " + strings.Repeat("more filler text ", 10) + "another brown thing"
	if code, body := call(t, hs, "PUT", "/idx/_doc/5?refresh=true", `{"title":"`+long+`","tag":"x"}`); code != 201 {
		t.Fatal(body)
	}
	cases := []struct{ body, want string }{
		{`{"query":{"match":{"title":"quick fox"}},"highlight":{"fields":{"title":{}}},"_source":false}`,
			`"_id":"1","_score":3.2628713,"highlight":{"title":["The <em>quick</em> brown <em>fox</em>"]}},{"_index":"idx","_id":"3","_score":1.5255692,"highlight":{"title":["<em>Quick</em> <em>quick</em> brown rabbit"]}}]`},
		{`{"query":{"bool":{"must":{"term":{"tag.keyword":"food"}},"should":{"prefix":{"title":"bre"}}}},"highlight":{"pre_tags":["["],"post_tags":["]"],"fields":[{"title":{}},{"tag.keyword":{}}]},"_source":false}`,
			`"highlight":{"title":["Brown [bread] recipe"],"tag.keyword":["[food]"]}`},
		{`{"query":{"match":{"title":"brown"}},"highlight":{"require_field_match":false,"fields":{"tag":{}}}}`, `"hits":[{"_index":"idx","_id":"4"`},
		// The highlighter reads the query, not the post filter.
		{`{"query":{"ids":{"values":["5"]}},"post_filter":{"match":{"title":"cow"}},"highlight":{"fields":{"title":{}}},"_source":false}`,
			`"hits":[{"_index":"idx","_id":"5","_score":1.0}]`},
		{`{"query":{"bool":{"must":{"match":{"title":"cow thing"}},"filter":{"ids":{"values":["5"]}}}},"highlight":{"fields":{"title":{"fragment_size":20,"number_of_fragments":2}}},"_source":false}`,
			// One sentence longer than fragment_size: BoundedBreakIteratorScanner
			// starts at the word boundary before match+1-20 and ends at the
			// match's word; the second passage starts in the same window.
			`"highlight":{"title":["words here the brown <em>cow</em>","text another brown <em>thing</em>"]}`},
	}
	for _, c := range cases {
		body := mustCall(t, hs, "POST", "/idx/_search", c.body)
		if !strings.Contains(body, c.want) {
			t.Errorf("%s\n got %s\nwant …%s…", c.body, body, c.want)
		}
	}
}

// Overwritten versions count in the statistics until a forced merge.
func TestForceMergeExpungesOldVersions(t *testing.T) {
	_, hs := searchServer(t)
	loadArticles(t, hs, 1)
	q := `{"query":{"match":{"title":"bread"}},"_source":false}`
	before := mustCall(t, hs, "POST", "/idx/_search", q)
	if code, body := call(t, hs, "PUT", "/idx/_doc/3?refresh=true", `{"title":"Quick quick brown rabbit","tag":"Animal","views":30}`); code != 200 {
		t.Fatal(body)
	}
	during := mustCall(t, hs, "POST", "/idx/_search", q)
	if tookRe.ReplaceAllString(before, "") == tookRe.ReplaceAllString(during, "") {
		t.Fatal("an overwrite left the statistics unchanged")
	}
	if code, body := call(t, hs, "POST", "/idx/_forcemerge?max_num_segments=1", ""); code != 200 || body != `{"_shards":{"total":2,"successful":1,"failed":0}}` {
		t.Fatalf("forcemerge: %d %s", code, body)
	}
	after := mustCall(t, hs, "POST", "/idx/_search", q)
	if tookRe.ReplaceAllString(before, "") != tookRe.ReplaceAllString(after, "") {
		t.Errorf("after merge\n%s\nwant\n%s", after, before)
	}
	if got := mustCall(t, hs, "GET", "/idx/_count", ""); !strings.HasPrefix(got, `{"count":4,`) {
		t.Errorf("count after merge: %s", got)
	}
}

// One index of two fails (a word for its long field "views"; the other maps
// views as keyword):
// partial results by default, the whole search fails without them.
func TestPartialShardFailures(t *testing.T) {
	_, hs := searchServer(t)
	loadArticles(t, hs, 1)
	if code, body := call(t, hs, "PUT", "/other", `{"mappings":{"properties":{"views":{"type":"keyword"}}}}`); code != 200 {
		t.Fatal(body)
	}
	q := `{"query":{"term":{"views":"abc"}}}`
	body := mustCall(t, hs, "POST", "/idx,other/_search", q)
	if !strings.Contains(body, `"_shards":{"total":2,"successful":1,"skipped":0,"failed":1,"failures":[{"shard":0,"index":"idx"`) ||
		!strings.Contains(body, `"reason":{"type":"query_shard_exception","reason":"failed to create query: For input string: \"abc\""`) {
		t.Errorf("partial: %s", body)
	}
	code, body := call(t, hs, "POST", "/idx,other/_search?allow_partial_search_results=false", q)
	if code != 400 || !strings.Contains(body, `"type":"search_phase_execution_exception","reason":"Partial shards failure"`) {
		t.Errorf("no partial: %d %s", code, body)
	}
	code, body = call(t, hs, "POST", "/idx/_search?timeout=soon", "")
	if code != 400 || !strings.Contains(body, "failed to parse setting [timeout] with value [soon]") {
		t.Errorf("bad timeout: %d %s", code, body)
	}
}

func TestStoredFields(t *testing.T) {
	_, hs := searchServer(t)
	if code, body := call(t, hs, "PUT", "/s", `{"mappings":{"properties":{"a":{"type":"keyword","store":true},"b":{"type":"keyword"}}}}`); code != 200 {
		t.Fatal(body)
	}
	if code, body := call(t, hs, "PUT", "/s/_doc/1?refresh=true", `{"a":"x","b":"y"}`); code != 201 {
		t.Fatal(body)
	}
	body := mustCall(t, hs, "POST", "/s/_search", `{"stored_fields":["a","b"]}`)
	if !strings.Contains(body, `"hits":[{"_index":"s","_id":"1","_score":1.0,"fields":{"a":["x"]}}]`) {
		t.Errorf("stored fields: %s", body)
	}
}

func TestCollapse(t *testing.T) {
	_, hs := searchServer(t)
	loadArticles(t, hs, 2)
	body := mustCall(t, hs, "POST", "/idx/_search", `{"query":{"match_all":{}},"collapse":{"field":"tag.keyword"},"sort":[{"views":"desc"}],"_source":false}`)
	want := `"hits":{"total":{"value":4,"relation":"eq"},"max_score":null,"hits":[` +
		`{"_index":"idx","_id":"3","_score":null,"fields":{"tag.keyword":["Animal"]},"sort":[30]},` +
		`{"_index":"idx","_id":"2","_score":null,"fields":{"tag.keyword":["animal"]},"sort":[20]},` +
		`{"_index":"idx","_id":"4","_score":null,"fields":{"tag.keyword":["food"]},"sort":[5]}]}`
	if !strings.Contains(body, want) {
		t.Errorf("collapse:\n%s\nwant …%s", body, want)
	}
	code, body := call(t, hs, "POST", "/idx/_search", `{"collapse":{"field":"title"}}`)
	if code != 400 || !strings.Contains(body, "only keywords and numbers are accepted") {
		t.Errorf("collapse on text: %d %s", code, body)
	}
}
