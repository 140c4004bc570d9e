package rest

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
)

// checkShaped fails unless body is an OpenSearch error envelope (or a plain
// 2xx JSON body) with a status below 500 other than the fake's 501.
func checkShaped(t *testing.T, code int, body string) {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		t.Fatalf("status %d, body is not JSON: %q", code, body)
	}
	if code >= 300 {
		e, ok := v["error"].(map[string]any)
		if !ok || e["type"] == nil || e["reason"] == nil || e["root_cause"] == nil {
			t.Fatalf("status %d, not an error envelope: %s", code, body)
		}
		// A slice outside a scroll fails its shards with SearchException,
		// a 500 on the real server too, as do the rescore failures in
		// realServer500s.
		if code >= 500 && code != 501 && !strings.Contains(body, "`slice` cannot be used outside of a scroll context") && !realServer500(body) {
			t.Fatalf("status %d: %s", code, body)
		}
	}
}

// FuzzSearchRequest sends arbitrary search bodies and URL parameters: no
// panic, and every rejection is an OpenSearch-shaped 4xx.
func FuzzSearchRequest(f *testing.F) {
	seeds := [][2]string{
		{`{"query":{"match":{"title":"fox"}},"sort":[{"views":{"order":"desc","missing":"_first"}}],"_source":["t*"]}`, "size=2"},
		{`{"from":-1}`, ""},
		{`{"size":"x","track_total_hits":-5}`, "rest_total_hits_as_int=true"},
		{`{"search_after":[1,"a"],"sort":["views","_doc"]}`, ""},
		{`{"query":{"bool":{"filter":[{"range":{"views":{"gte":"now"}}}]}},"explain":true}`, "search_type=dfs_query_then_fetch"},
		{`{"_source":{"includes":"title","excludes":["x"]},"min_score":0.5,"terminate_after":2}`, "version=true&seq_no_primary_term=true"},
		{`[]`, "q=title:quick AND views:>5"},
		{`{"query":{"query_string":{"query":"(unbalanced"}}}`, ""},
		{``, "sort=views:sideways"},
		{`{"indices_boost":[{"idx":2}]}`, "track_total_hits=3"},
		{`{"query":{"match":{"title":"quick"}},"highlight":{"fields":{"title":{"fragment_size":5,"number_of_fragments":1}}},"collapse":{"field":"tag.keyword"}}`, "preference=_shards:0"},
		{`{"query":{"function_score":{"functions":[{"gauss":{"views":{"origin":10,"scale":5}}},{"field_value_factor":{"field":"views","modifier":"ln1p","missing":1}}],"score_mode":"avg"}},"docvalue_fields":["views",{"field":"tag.keyword"}]}`, ""},
		{`{"slice":{"field":"views","id":1,"max":3},"sort":["_doc"]}`, "scroll=1m"},
		{`{"slice":{"id":0,"max":2,"size":1}}`, "scroll=1m&size=1"},
		{`{"query":{"function_score":{"functions":[{"random_score":{"seed":"abc","field":"_id"},"weight":2}],"boost_mode":"replace"}}}`, ""},
		{`{"query":{"nested":{"path":"x","query":{"match_all":{}},"ignore_unmapped":true}},"post_filter":{"range":{"views":{"lt":20}}},"sort":[{"views":{"missing":"7","mode":"median"}},"_id"]}`, "allow_partial_search_results=false"},
	}
	for _, s := range seeds {
		f.Add(s[0], s[1])
	}
	_, hs := searchServer(f)
	loadArticles(f, hs, 2)
	f.Fuzz(func(t *testing.T, body, query string) {
		if _, err := url.ParseQuery(query); err != nil || strings.ContainsAny(query, "#% ") || strings.IndexFunc(query, func(r rune) bool { return r < 0x21 || r >= 0x7f }) >= 0 {
			return // not a request an HTTP client would send
		}
		code, out := call(t, hs, "POST", "/idx/_search?"+query, body)
		checkShaped(t, code, out)
	})
}

// FuzzMultiSearch sends arbitrary NDJSON to _msearch.
func FuzzMultiSearch(f *testing.F) {
	for _, s := range []string{
		"{}\n{}\n",
		"{\"index\":\"idx\"}\n{\"query\":{\"match_all\":{}}}\n{\"index\":\"nope\"}\n{}\n",
		"{\"foo\":1}\n{}\n",
		"{}\n{}",
		"\n\n",
		"{\"index\":[\"idx\"],\"search_type\":\"dfs_query_then_fetch\",\"expand_wildcards\":\"bogus\"}\n{\"size\":1}\n",
		"[1]\n{}\n",
	} {
		f.Add(s)
	}
	_, hs := searchServer(f)
	loadArticles(f, hs, 1)
	f.Fuzz(func(t *testing.T, body string) {
		code, out := call(t, hs, "POST", "/_msearch", body)
		checkShaped(t, code, out)
	})
}
