package rest

import (
	"net/http/httptest"
	"os"
	"regexp"
	"testing"
)

// blogServer holds posts with nested comments, each with nested votes.
func blogServer(t *testing.T) *httptest.Server {
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
		{name: "fields, docvalue_fields, highlight, explain", body: `{"query":{"nested":{"path":"comments","query":{"match":{"comments.text":"bad"}},"inner_hits":{"_source":false,"docvalue_fields":["comments.stars"],"fields":["comments.author"],"highlight":{"fields":{"comments.text":{}}},"explain":true}}},"_source":false}`, code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.4599355,"hits":[{"_index":"blog","_id":"1","_score":1.4599355,"inner_hits":{"comments":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.4599355,"hits":[{"_shard":"[blog][0]","_node":"N","_index":"blog","_id":"1","_nested":{"field":"comments","offset":1},"_score":1.4599355,"fields":{"comments.author":["nik"],"comments.stars":[1]},"highlight":{"comments.text":["<em>bad</em>"]},"_explanation":{"value":1.4599355,"description":"weight(comments.text:bad in 1) [PerFieldSimilarity], result of:","details":[{"value":1.4599355,"description":"score(freq=1.0), computed as boost * idf * tf from:","details":[{"value":2.2,"description":"boost","details":[]},{"value":1.2039728,"description":"idf, computed as log(1 + (N - n + 0.5) / (n + 0.5)) from:","details":[{"value":1,"description":"n, number of documents containing term","details":[]},{"value":4,"description":"N, total number of documents with field","details":[]}]},{"value":0.5511811,"description":"tf, computed as freq / (freq + k1 * (1 - b + b * dl / avgdl)) from:","details":[{"value":1.0,"description":"freq, occurrences of term within document","details":[]},{"value":1.2,"description":"k1, term saturation parameter","details":[]},{"value":0.75,"description":"b, length normalization parameter","details":[]},{"value":1.0,"description":"dl, length of field","details":[]},{"value":1.75,"description":"avgdl, average length of field","details":[]}]}]}]}}]}}}}]}}`},
	})
}
