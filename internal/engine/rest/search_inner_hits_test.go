package rest

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"
)

// blogServer holds posts with nested comments, each with nested votes.
func blogServer(t testing.TB) *httptest.Server {
	t.Helper()
	_, hs := searchServer(t)
	steps := [][3]string{
		{"PUT", "/blog", `{"mappings":{"properties":{"title":{"type":"text"},"tag":{"type":"keyword"},"comments":{"type":"nested","properties":{"author":{"type":"keyword"},"stars":{"type":"integer"},"text":{"type":"text"},"votes":{"type":"nested","properties":{"voter":{"type":"keyword"},"value":{"type":"integer"}}}}}}}}`},
		{"PUT", "/blog/_doc/1", `{"title":"first post","tag":"go","comments":[{"author":"kimchy","stars":5,"text":"great stuff","votes":[{"voter":"a","value":1},{"voter":"b","value":2}]},{"author":"nik","stars":1,"text":"bad","votes":[{"voter":"c","value":3}]}]}`},
		{"PUT", "/blog/_doc/2", `{"title":"second post","tag":"go","comments":[{"author":"nik","stars":4,"text":"great great"}]}`},
		{"PUT", "/blog/_doc/3", `{"title":"third post","tag":"rust","comments":{"author":"zoe","stars":3,"text":"fine, great"}}`},
		{"PUT", "/blog/_doc/4", `{"title":"no comments"}`},
		{"POST", "/blog/_refresh", ""},
	}
	for _, s := range steps {
		if code, body := call(t, hs, s[0], s[1], s[2]); code >= 300 {
			t.Fatalf("%s %s: %d %s", s[0], s[1], code, body)
		}
	}
	return hs
}

var (
	ihUUIDRe = regexp.MustCompile(`"index_uuid":"[^"]*"`)
	ihNodeRe = regexp.MustCompile(`"(_?)node":"[^"]*"`)
)

type searchCase struct {
	name, path, body string
	code             int
	want             string
}

func runSearchCases(t *testing.T, hs *httptest.Server, cases []searchCase) {
	t.Helper()
	for _, c := range cases {
		path := c.path
		if path == "" {
			path = "/blog/_search"
		}
		code, body := call(t, hs, "POST", path, c.body)
		body = tookRe.ReplaceAllString(body, `"took":0`)
		body = ihUUIDRe.ReplaceAllString(body, `"index_uuid":"U"`)
		body = ihNodeRe.ReplaceAllString(body, `"${1}node":"N"`)
		if os.Getenv("PRINT_CASES") != "" {
			t.Logf("%s:\n%d %s", c.name, code, body)
			continue
		}
		if code != c.code || body != c.want {
			t.Errorf("%s: got %d\n%s\nwant %d\n%s", c.name, code, body, c.code, c.want)
		}
	}
}

// Nested inner hits: the matching nested objects of each hit, scored by the
// nested query's inner query (a single child's score is its parent's with
// score_mode avg), with the _nested identity and the object as _source.
func TestNestedInnerHits(t *testing.T) {
	hs := blogServer(t)
	runSearchCases(t, hs, []searchCase{
		{name: "defaults", body: `{"query":{"nested":{"path":"comments","query":{"match":{"comments.text":"great"}},"inner_hits":{}}},"_source":false}`, code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":3,"relation":"eq"},"max_score":0.47148448,"hits":[{"_index":"blog","_id":"2","_score":0.47148448,"inner_hits":{"comments":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":0.47148448,"hits":[{"_index":"blog","_id":"2","_nested":{"field":"comments","offset":0},"_score":0.47148448,"_source":{"author":"nik","stars":4,"text":"great great"}}]}}}},{"_index":"blog","_id":"1","_score":0.33698124,"inner_hits":{"comments":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":0.33698124,"hits":[{"_index":"blog","_id":"1","_nested":{"field":"comments","offset":0},"_score":0.33698124,"_source":{"author":"kimchy","votes":[{"voter":"a","value":1},{"voter":"b","value":2}],"stars":5,"text":"great stuff"}}]}}}},{"_index":"blog","_id":"3","_score":0.33698124,"inner_hits":{"comments":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":0.33698124,"hits":[{"_index":"blog","_id":"3","_nested":{"field":"comments","offset":0},"_score":0.33698124,"_source":{"author":"zoe","stars":3,"text":"fine, great"}}]}}}}]}}`},
		{name: "multi-level path, source filter", body: `{"query":{"nested":{"path":"comments.votes","query":{"range":{"comments.votes.value":{"gte":2}}},"inner_hits":{"_source":["comments.votes.value"]}}},"_source":false}`, code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.0,"hits":[{"_index":"blog","_id":"1","_score":1.0,"inner_hits":{"comments.votes":{"hits":{"total":{"value":2,"relation":"eq"},"max_score":1.0,"hits":[{"_index":"blog","_id":"1","_nested":{"field":"comments","offset":0,"_nested":{"field":"votes","offset":1}},"_score":1.0,"_source":{"value":2}},{"_index":"blog","_id":"1","_nested":{"field":"comments","offset":1,"_nested":{"field":"votes","offset":0}},"_score":1.0,"_source":{"value":3}}]}}}}]}}`},
		{name: "hierarchy, sort, version", body: `{"query":{"nested":{"path":"comments","query":{"nested":{"path":"comments.votes","query":{"match_all":{}},"inner_hits":{"name":"v","size":1}}},"inner_hits":{"sort":[{"comments.stars":"desc"}],"version":true}}},"_source":false}`, code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.0,"hits":[{"_index":"blog","_id":"1","_score":1.0,"inner_hits":{"comments":{"hits":{"total":{"value":2,"relation":"eq"},"max_score":null,"hits":[{"_index":"blog","_id":"1","_nested":{"field":"comments","offset":0},"_version":1,"_score":null,"_source":{"author":"kimchy","votes":[{"voter":"a","value":1},{"voter":"b","value":2}],"stars":5,"text":"great stuff"},"sort":[5],"inner_hits":{"v":{"hits":{"total":{"value":2,"relation":"eq"},"max_score":1.0,"hits":[{"_index":"blog","_id":"1","_nested":{"field":"comments","offset":0,"_nested":{"field":"votes","offset":0}},"_score":1.0,"_source":{"voter":"a","value":1}}]}}}},{"_index":"blog","_id":"1","_nested":{"field":"comments","offset":1},"_version":1,"_score":null,"_source":{"author":"nik","votes":[{"voter":"c","value":3}],"stars":1,"text":"bad"},"sort":[1],"inner_hits":{"v":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.0,"hits":[{"_index":"blog","_id":"1","_nested":{"field":"comments","offset":1,"_nested":{"field":"votes","offset":0}},"_score":1.0,"_source":{"voter":"c","value":3}}]}}}}]}}}}]}}`},
		{name: "inside bool, from, size 1, track_scores", body: `{"query":{"bool":{"must":[{"term":{"tag":"go"}}],"should":[{"nested":{"path":"comments","query":{"match_all":{}},"inner_hits":{"name":"all","from":1,"size":1,"sort":["comments.author"],"track_scores":true}}}]}},"_source":false}`, code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":2,"relation":"eq"},"max_score":1.4700036,"hits":[{"_index":"blog","_id":"1","_score":1.4700036,"inner_hits":{"all":{"hits":{"total":{"value":2,"relation":"eq"},"max_score":1.0,"hits":[{"_index":"blog","_id":"1","_nested":{"field":"comments","offset":1},"_score":1.0,"_source":{"author":"nik","votes":[{"voter":"c","value":3}],"stars":1,"text":"bad"},"sort":["nik"]}]}}}},{"_index":"blog","_id":"2","_score":1.4700036,"inner_hits":{"all":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.0,"hits":[]}}}}]}}`},
		{name: "size 0", body: `{"query":{"nested":{"path":"comments","query":{"term":{"comments.author":"nik"}},"inner_hits":{"size":0}}},"_source":false}`, code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":2,"relation":"eq"},"max_score":0.6931471,"hits":[{"_index":"blog","_id":"1","_score":0.6931471,"inner_hits":{"comments":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":null,"hits":[]}}}},{"_index":"blog","_id":"2","_score":0.6931471,"inner_hits":{"comments":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":null,"hits":[]}}}}]}}`},
		// Document 1's Lucene block: votes a, b (0, 1), comment 0 (2), vote c (3), comment 1 (4), the root (5).
		{name: "fields, docvalue_fields, highlight, explain", body: `{"query":{"nested":{"path":"comments","query":{"match":{"comments.text":"bad"}},"inner_hits":{"_source":false,"docvalue_fields":["comments.stars"],"fields":["comments.author"],"highlight":{"fields":{"comments.text":{}}},"explain":true}}},"_source":false}`, code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.4599355,"hits":[{"_index":"blog","_id":"1","_score":1.4599355,"inner_hits":{"comments":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.4599355,"hits":[{"_shard":"[blog][0]","_node":"N","_index":"blog","_id":"1","_nested":{"field":"comments","offset":1},"_score":1.4599355,"fields":{"comments.author":["nik"],"comments.stars":[1]},"highlight":{"comments.text":["<em>bad</em>"]},"_explanation":{"value":1.4599355,"description":"weight(comments.text:bad in 4) [PerFieldSimilarity], result of:","details":[{"value":1.4599355,"description":"score(freq=1.0), computed as boost * idf * tf from:","details":[{"value":2.2,"description":"boost","details":[]},{"value":1.2039728,"description":"idf, computed as log(1 + (N - n + 0.5) / (n + 0.5)) from:","details":[{"value":1,"description":"n, number of documents containing term","details":[]},{"value":4,"description":"N, total number of documents with field","details":[]}]},{"value":0.5511811,"description":"tf, computed as freq / (freq + k1 * (1 - b + b * dl / avgdl)) from:","details":[{"value":1.0,"description":"freq, occurrences of term within document","details":[]},{"value":1.2,"description":"k1, term saturation parameter","details":[]},{"value":0.75,"description":"b, length normalization parameter","details":[]},{"value":1.0,"description":"dl, length of field","details":[]},{"value":1.75,"description":"avgdl, average length of field","details":[]}]}]}]}}]}}}}]}}`},
	})
}

// Inner hits errors: parse errors answer at once, the shard's checks (name
// clash, window, sequence numbers) fail every shard.
func TestNestedInnerHitsErrors(t *testing.T) {
	hs := blogServer(t)
	for _, s := range [][3]string{{"PUT", "/blog/_settings", `{"index.max_inner_result_window":5}`},
		{"PUT", "/other", `{"mappings":{"properties":{"title":{"type":"text"}}}}`}, {"PUT", "/other/_doc/9?refresh=true", `{"title":"x"}`}} {
		if code, body := call(t, hs, s[0], s[1], s[2]); code >= 300 {
			t.Fatalf("%s: %d %s", s[1], code, body)
		}
	}
	runSearchCases(t, hs, []searchCase{
		{name: "duplicate name", body: `{"query":{"bool":{"should":[{"nested":{"path":"comments","query":{"match_all":{}},"inner_hits":{}}},{"nested":{"path":"comments.votes","query":{"match_all":{}},"inner_hits":{"name":"comments"}}}]}}}`, code: 400, want: `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"[inner_hits] already contains an entry for key [comments]"}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"blog","node":"N","reason":{"type":"illegal_argument_exception","reason":"[inner_hits] already contains an entry for key [comments]"}}],"caused_by":{"type":"illegal_argument_exception","reason":"[inner_hits] already contains an entry for key [comments]"}},"status":400}`},
		{name: "window", body: `{"query":{"nested":{"path":"comments","query":{"match_all":{}},"inner_hits":{"from":3,"size":3}}}}`, code: 400, want: `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Inner result window is too large, the inner hit definition's [null]'s from + size must be less than or equal to: [5] but was [6]. This limit can be set by changing the [index.max_inner_result_window] index level setting."}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"blog","node":"N","reason":{"type":"illegal_argument_exception","reason":"Inner result window is too large, the inner hit definition's [null]'s from + size must be less than or equal to: [5] but was [6]. This limit can be set by changing the [index.max_inner_result_window] index level setting."}}],"caused_by":{"type":"illegal_argument_exception","reason":"Inner result window is too large, the inner hit definition's [null]'s from + size must be less than or equal to: [5] but was [6]. This limit can be set by changing the [index.max_inner_result_window] index level setting."}},"status":400}`},
		{name: "window named", body: `{"query":{"nested":{"path":"comments","query":{"match_all":{}},"inner_hits":{"name":"c","size":6}}}}`, code: 400, want: `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Inner result window is too large, the inner hit definition's [c]'s from + size must be less than or equal to: [5] but was [6]. This limit can be set by changing the [index.max_inner_result_window] index level setting."}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"blog","node":"N","reason":{"type":"illegal_argument_exception","reason":"Inner result window is too large, the inner hit definition's [c]'s from + size must be less than or equal to: [5] but was [6]. This limit can be set by changing the [index.max_inner_result_window] index level setting."}}],"caused_by":{"type":"illegal_argument_exception","reason":"Inner result window is too large, the inner hit definition's [c]'s from + size must be less than or equal to: [5] but was [6]. This limit can be set by changing the [index.max_inner_result_window] index level setting."}},"status":400}`},
		{name: "seq_no_primary_term", body: `{"query":{"nested":{"path":"comments","query":{"match_all":{}},"inner_hits":{"seq_no_primary_term":true}}}}`, code: 500, want: `{"error":{"root_cause":[{"type":"unsupported_operation_exception","reason":"nested documents are not assigned sequence numbers"}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"blog","node":"N","reason":{"type":"unsupported_operation_exception","reason":"nested documents are not assigned sequence numbers"}}],"caused_by":{"type":"unsupported_operation_exception","reason":"nested documents are not assigned sequence numbers"}},"status":500}`},
		// An inner hit's highlighting fails its shard as a hit's own does.
		{name: "highlight failure", body: `{"query":{"nested":{"path":"comments","query":{"match_all":{}},"inner_hits":{"highlight":{"fields":{"comments.text":{"type":"bogus"}}}}}}}`, code: 400, want: `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"unknown highlighter type [bogus] for the field [comments.text]"}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"blog","node":"N","reason":{"type":"illegal_argument_exception","reason":"unknown highlighter type [bogus] for the field [comments.text]"}}],"caused_by":{"type":"illegal_argument_exception","reason":"unknown highlighter type [bogus] for the field [comments.text]"}},"status":400}`},
		{name: "unknown option", body: `{"query":{"nested":{"path":"comments","query":{"match_all":{}},"inner_hits":{"nope":1}}}}`, code: 400, want: `{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:78] [inner_hits] unknown field [nope]"}],"type":"x_content_parse_exception","reason":"[1:78] [inner_hits] unknown field [nope]"},"status":400}`},
		{name: "negative size", body: `{"query":{"nested":{"path":"comments","query":{"match_all":{}},"inner_hits":{"size":-1}}}}`, code: 400, want: `{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:78] [inner_hits] failed to parse field [size]"}],"type":"x_content_parse_exception","reason":"[1:78] [inner_hits] failed to parse field [size]","caused_by":{"type":"illegal_argument_exception","reason":"illegal size value, at least 0 or higher"}},"status":400}`},
		{name: "nested median sort", body: `{"sort":[{"comments.stars":{"mode":"median","nested":{"path":"comments"}}}]}`, code: 400, want: `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Unsupported sort mode: MEDIAN"}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"blog","node":"N","reason":{"type":"illegal_argument_exception","reason":"Unsupported sort mode: MEDIAN"}}],"caused_by":{"type":"illegal_argument_exception","reason":"Unsupported sort mode: MEDIAN"}},"status":400}`},
		{name: "unmapped ignored", path: "/blog,other/_search", body: `{"query":{"nested":{"path":"comments","ignore_unmapped":true,"query":{"match_all":{}},"inner_hits":{"size":1,"_source":false}}},"_source":false,"size":1}`, code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":2,"successful":2,"skipped":0,"failed":0},"hits":{"total":{"value":3,"relation":"eq"},"max_score":1.0,"hits":[{"_index":"blog","_id":"1","_score":1.0,"inner_hits":{"comments":{"hits":{"total":{"value":2,"relation":"eq"},"max_score":1.0,"hits":[{"_index":"blog","_id":"1","_nested":{"field":"comments","offset":0},"_score":1.0}]}}}}]}}`},
	})
}

// Nested sorts: the mode over the values of the selected nested objects,
// missing when a document has none; a nested field sorted without the
// nested option has no values on the root documents.
func TestNestedSort(t *testing.T) {
	hs := blogServer(t)
	q := func(sort string) string { return `{"_source":false,"sort":[` + sort + `,"_id"]}` }
	runSearchCases(t, hs, []searchCase{
		{name: "max desc", body: q(`{"comments.stars":{"order":"desc","nested":{"path":"comments"}}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":4,"relation":"eq"},"max_score":null,"hits":[{"_index":"blog","_id":"1","_score":null,"sort":[5,"1"]},{"_index":"blog","_id":"2","_score":null,"sort":[4,"2"]},{"_index":"blog","_id":"3","_score":null,"sort":[3,"3"]},{"_index":"blog","_id":"4","_score":null,"sort":[-9223372036854775808,"4"]}]}}`},
		{name: "min asc", body: q(`{"comments.stars":{"order":"asc","nested":{"path":"comments"}}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":4,"relation":"eq"},"max_score":null,"hits":[{"_index":"blog","_id":"1","_score":null,"sort":[1,"1"]},{"_index":"blog","_id":"3","_score":null,"sort":[3,"3"]},{"_index":"blog","_id":"2","_score":null,"sort":[4,"2"]},{"_index":"blog","_id":"4","_score":null,"sort":[9223372036854775807,"4"]}]}}`},
		{name: "avg with filter", body: q(`{"comments.stars":{"mode":"avg","nested":{"path":"comments","filter":{"term":{"comments.author":"nik"}}},"missing":"_first"}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":4,"relation":"eq"},"max_score":null,"hits":[{"_index":"blog","_id":"3","_score":null,"sort":[-9223372036854775808,"3"]},{"_index":"blog","_id":"4","_score":null,"sort":[-9223372036854775808,"4"]},{"_index":"blog","_id":"1","_score":null,"sort":[1,"1"]},{"_index":"blog","_id":"2","_score":null,"sort":[4,"2"]}]}}`},
		{name: "sum max_children", body: q(`{"comments.stars":{"mode":"sum","order":"desc","nested":{"path":"comments","max_children":1}}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":4,"relation":"eq"},"max_score":null,"hits":[{"_index":"blog","_id":"1","_score":null,"sort":[5,"1"]},{"_index":"blog","_id":"2","_score":null,"sort":[4,"2"]},{"_index":"blog","_id":"3","_score":null,"sort":[3,"3"]},{"_index":"blog","_id":"4","_score":null,"sort":[-9223372036854775808,"4"]}]}}`},
		{name: "keyword", body: q(`{"comments.author":{"order":"desc","nested":{"path":"comments"}}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":4,"relation":"eq"},"max_score":null,"hits":[{"_index":"blog","_id":"3","_score":null,"sort":["zoe","3"]},{"_index":"blog","_id":"1","_score":null,"sort":["nik","1"]},{"_index":"blog","_id":"2","_score":null,"sort":["nik","2"]},{"_index":"blog","_id":"4","_score":null,"sort":[null,"4"]}]}}`},
		{name: "two levels", body: q(`{"comments.votes.value":{"mode":"sum","order":"desc","nested":{"path":"comments","filter":{"term":{"comments.author":"kimchy"}},"nested":{"path":"comments.votes"}}}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":4,"relation":"eq"},"max_score":null,"hits":[{"_index":"blog","_id":"1","_score":null,"sort":[3,"1"]},{"_index":"blog","_id":"2","_score":null,"sort":[-9223372036854775808,"2"]},{"_index":"blog","_id":"3","_score":null,"sort":[-9223372036854775808,"3"]},{"_index":"blog","_id":"4","_score":null,"sort":[-9223372036854775808,"4"]}]}}`},
		{name: "without nested", body: q(`{"comments.stars":{"order":"desc"}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":4,"relation":"eq"},"max_score":null,"hits":[{"_index":"blog","_id":"1","_score":null,"sort":[-9223372036854775808,"1"]},{"_index":"blog","_id":"2","_score":null,"sort":[-9223372036854775808,"2"]},{"_index":"blog","_id":"3","_score":null,"sort":[-9223372036854775808,"3"]},{"_index":"blog","_id":"4","_score":null,"sort":[-9223372036854775808,"4"]}]}}`},
		{name: "path not nested", body: q(`{"comments.stars":{"nested":{"path":"title"}}}`), code: 400, want: `{"error":{"root_cause":[{"type":"query_shard_exception","reason":"[nested] nested object under path [title] is not of nested type","index":"blog","index_uuid":"U"}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"blog","node":"N","reason":{"type":"query_shard_exception","reason":"[nested] nested object under path [title] is not of nested type","index":"blog","index_uuid":"U"}}],"caused_by":{"type":"query_shard_exception","reason":"[nested] nested object under path [title] is not of nested type","index":"blog","index_uuid":"U"}},"status":400}`},
		{name: "path unmapped", body: q(`{"comments.stars":{"nested":{"path":"nope"}}}`), code: 400, want: `{"error":{"root_cause":[{"type":"query_shard_exception","reason":"[nested] failed to find nested object under path [nope]","index":"blog","index_uuid":"U"}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"blog","node":"N","reason":{"type":"query_shard_exception","reason":"[nested] failed to find nested object under path [nope]","index":"blog","index_uuid":"U"}}],"caused_by":{"type":"query_shard_exception","reason":"[nested] failed to find nested object under path [nope]","index":"blog","index_uuid":"U"}},"status":400}`},
		{name: "max_children below the top", body: q(`{"comments.votes.value":{"nested":{"path":"comments","nested":{"path":"comments.votes","max_children":1}}}}`), code: 400, want: `{"error":{"root_cause":[{"type":"query_shard_exception","reason":"max_children is only supported on top level of nested sort","index":"blog","index_uuid":"U"}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"blog","node":"N","reason":{"type":"query_shard_exception","reason":"max_children is only supported on top level of nested sort","index":"blog","index_uuid":"U"}}],"caused_by":{"type":"query_shard_exception","reason":"max_children is only supported on top level of nested sort","index":"blog","index_uuid":"U"}},"status":400}`},
		{name: "unknown nested option", body: q(`{"comments.stars":{"nested":{"path":"comments","nope":1}}}`), code: 400, want: `{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:45] [field_sort] failed to parse field [nested]"}],"type":"x_content_parse_exception","reason":"[1:45] [field_sort] failed to parse field [nested]","caused_by":{"type":"illegal_argument_exception","reason":"malformed nested sort format, unknown field name [nope]"}},"status":400}`},
		{name: "legacy and nested", body: q(`{"comments.stars":{"nested_path":"comments","nested":{"path":"comments"}}}`), code: 400, want: `{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:70] [field_sort] failed to parse field [nested]"}],"type":"x_content_parse_exception","reason":"[1:70] [field_sort] failed to parse field [nested]","caused_by":{"type":"illegal_argument_exception","reason":"Setting both nested_path/nested_filter and nested not allowed"}},"status":400}`},
	})
}

// The legacy nested_path and nested_filter still work, with a deprecation
// warning each.
func TestNestedSortLegacy(t *testing.T) {
	hs := blogServer(t)
	req, _ := http.NewRequest("POST", hs.URL+"/blog/_search", strings.NewReader(`{"_source":false,"sort":[{"comments.stars":{"order":"desc","nested_path":"comments","nested_filter":{"range":{"comments.stars":{"lt":5}}}}},"_id"]}`))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	got := tookRe.ReplaceAllString(string(body), `"took":0`)
	want := `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":4,"relation":"eq"},"max_score":null,"hits":[{"_index":"blog","_id":"2","_score":null,"sort":[4,"2"]},{"_index":"blog","_id":"3","_score":null,"sort":[3,"3"]},{"_index":"blog","_id":"1","_score":null,"sort":[1,"1"]},{"_index":"blog","_id":"4","_score":null,"sort":[-9223372036854775808,"4"]}]}}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	warnings := resp.Header.Values("Warning")
	if len(warnings) != 2 || !strings.Contains(warnings[0], "[nested_path] has been deprecated in favor of the [nested] parameter") ||
		!strings.Contains(warnings[1], "[nested_filter] has been deprecated in favour for the [nested] parameter") {
		t.Errorf("warnings: %q", warnings)
	}
}

// Collapse inner hits: each collapsed hit's group, searched again with the
// original query and a match on the group's value.
func TestCollapseInnerHits(t *testing.T) {
	hs := blogServer(t)
	runSearchCases(t, hs, []searchCase{
		{name: "object", body: `{"query":{"match":{"title":"post"}},"_source":false,"collapse":{"field":"tag","inner_hits":{"name":"by_tag","size":1,"sort":[{"_id":"desc"}],"_source":["title"]}},"sort":["tag"]}`, code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":3,"relation":"eq"},"max_score":null,"hits":[{"_index":"blog","_id":"1","_score":null,"fields":{"tag":["go"]},"sort":["go"],"inner_hits":{"by_tag":{"hits":{"total":{"value":2,"relation":"eq"},"max_score":null,"hits":[{"_index":"blog","_id":"2","_score":null,"_source":{"title":"second post"},"sort":["2"]}]}}}},{"_index":"blog","_id":"3","_score":null,"fields":{"tag":["rust"]},"sort":["rust"],"inner_hits":{"by_tag":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":null,"hits":[{"_index":"blog","_id":"3","_score":null,"_source":{"title":"third post"},"sort":["3"]}]}}}}]}}`},
		{name: "array, second-level collapse, max_concurrent_group_searches", body: `{"_source":false,"collapse":{"field":"tag","max_concurrent_group_searches":2,"inner_hits":[{"name":"a","_source":false,"version":true},{"name":"b","_source":false,"collapse":{"field":"tag"}}]},"sort":[{"_id":"asc"}]}`, code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":4,"relation":"eq"},"max_score":null,"hits":[{"_index":"blog","_id":"1","_score":null,"fields":{"tag":["go"]},"sort":["1"],"inner_hits":{"a":{"hits":{"total":{"value":2,"relation":"eq"},"max_score":0.0,"hits":[{"_index":"blog","_id":"1","_version":1,"_score":0.0},{"_index":"blog","_id":"2","_version":1,"_score":0.0}]}},"b":{"hits":{"total":{"value":2,"relation":"eq"},"max_score":0.0,"hits":[{"_index":"blog","_id":"1","_score":0.0,"fields":{"tag":["go"]}}]}}}},{"_index":"blog","_id":"3","_score":null,"fields":{"tag":["rust"]},"sort":["3"],"inner_hits":{"a":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":0.0,"hits":[{"_index":"blog","_id":"3","_version":1,"_score":0.0}]}},"b":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":0.0,"hits":[{"_index":"blog","_id":"3","_score":0.0,"fields":{"tag":["rust"]}}]}}}},{"_index":"blog","_id":"4","_score":null,"sort":["4"],"inner_hits":{"a":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":0.0,"hits":[{"_index":"blog","_id":"4","_version":1,"_score":0.0}]}},"b":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":0.0,"hits":[{"_index":"blog","_id":"4","_score":0.0}]}}}}]}}`},
		{name: "nested field: one null group", body: `{"_source":false,"docvalue_fields":["comments.stars"],"collapse":{"field":"comments.author"}}`, code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":4,"relation":"eq"},"max_score":1.0,"hits":[{"_index":"blog","_id":"1","_score":1.0}]}}`},
		// Root documents carry no values of a nested field: one null group, whose
		// query (must_not exists) matches every root document.
		{name: "nested field group", body: `{"_source":false,"collapse":{"field":"comments.author","inner_hits":{"name":"g","_source":false}}}`, code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":4,"relation":"eq"},"max_score":1.0,"hits":[{"_index":"blog","_id":"1","_score":1.0,"inner_hits":{"g":{"hits":{"total":{"value":4,"relation":"eq"},"max_score":0.0,"hits":[{"_index":"blog","_id":"1","_score":0.0},{"_index":"blog","_id":"2","_score":0.0},{"_index":"blog","_id":"3","_score":0.0}]}}}}]}}`},
		{name: "collapse group replaces nested inner hits of the same name", body: `{"_source":false,"query":{"nested":{"path":"comments","query":{"term":{"comments.author":"zoe"}},"inner_hits":{"name":"x","_source":false}}},"collapse":{"field":"tag","inner_hits":{"name":"x","_source":false}}}`, code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.2039728,"hits":[{"_index":"blog","_id":"3","_score":1.2039728,"fields":{"tag":["rust"]},"inner_hits":{"x":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.2039728,"hits":[{"_index":"blog","_id":"3","_score":1.2039728,"inner_hits":{"x":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.2039728,"hits":[{"_index":"blog","_id":"3","_nested":{"field":"comments","offset":0},"_score":1.2039728}]}}}}]}}}}]}}`},
		{name: "null group", body: `{"_source":false,"query":{"ids":{"values":["4"]}},"collapse":{"field":"tag","inner_hits":{"name":"g","_source":false}}}`, code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.0,"hits":[{"_index":"blog","_id":"4","_score":1.0,"inner_hits":{"g":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.0,"hits":[{"_index":"blog","_id":"4","_score":1.0}]}}}}]}}`},
		{name: "max_concurrent_group_searches 0", body: `{"collapse":{"field":"tag","max_concurrent_group_searches":0}}`, code: 400, want: "{\"error\":{\"root_cause\":[{\"type\":\"x_content_parse_exception\",\"reason\":\"[1:28] [collapse] failed to parse field [max_concurrent_group_searches]\"}],\"type\":\"x_content_parse_exception\",\"reason\":\"[1:28] [collapse] failed to parse field [max_concurrent_group_searches]\",\"caused_by\":{\"type\":\"illegal_argument_exception\",\"reason\":\"maxConcurrentGroupRequests` must be positive\"}},\"status\":400}"},
		{name: "inner_hits not an object", body: `{"collapse":{"field":"tag","inner_hits":"x"}}`, code: 400, want: `{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:41] [collapse] inner_hits doesn't support values of type: VALUE_STRING"}],"type":"x_content_parse_exception","reason":"[1:41] [collapse] inner_hits doesn't support values of type: VALUE_STRING"},"status":400}`},
		{name: "array of values", body: `{"collapse":{"field":"tag","inner_hits":[1]}}`, code: 400, want: `{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:28] [collapse] failed to parse field [inner_hits]"}],"type":"x_content_parse_exception","reason":"[1:28] [collapse] failed to parse field [inner_hits]","caused_by":{"type":"parsing_exception","reason":"Invalid token in inner_hits array","line":1,"col":42}},"status":400}`},
		{name: "bad inner collapse", body: `{"collapse":{"field":"tag","inner_hits":{"name":"x","collapse":{"field":"tag","x":1}}}}`, code: 400, want: `{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:28] [collapse] failed to parse field [inner_hits]"}],"type":"x_content_parse_exception","reason":"[1:28] [collapse] failed to parse field [inner_hits]","caused_by":{"type":"x_content_parse_exception","reason":"[1:53] [inner_hits] failed to parse field [collapse]","caused_by":{"type":"parsing_exception","reason":"Invalid token in the inner collapse","line":1,"col":64}}},"status":400}`},
		{name: "unknown inner_hits option", body: `{"collapse":{"field":"tag","inner_hits":{"name":"x","nope":1}}}`, code: 400, want: `{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:28] [collapse] failed to parse field [inner_hits]"}],"type":"x_content_parse_exception","reason":"[1:28] [collapse] failed to parse field [inner_hits]","caused_by":{"type":"x_content_parse_exception","reason":"[1:53] [inner_hits] unknown field [nope]"}},"status":400}`},
	})
}
