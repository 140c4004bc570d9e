package fake

import (
	"strings"
	"testing"
)

func TestMultiMatchFuzziness(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/m", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"title":{"type":"text"},"body":{"type":"text"},"tag":{"type":"keyword"}}}}`, 200, "")
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"m","_id":"1"}}
{"title":"quick brown fox","body":"lazy dog","tag":"fox"}
{"index":{"_index":"m","_id":"2"}}
{"title":"slow turtle","body":"quack brown foxes","tag":"fax"}
{"index":{"_index":"m","_id":"3"}}
{"title":"nothing here","body":"at all","tag":"dog"}
`, 200, "")
	// A fuzzy multi_match is the dis_max (best_fields) or bool (most_fields)
	// of fuzzy match queries on each field, boosts included.
	pairs := [][2]string{
		{`{"multi_match":{"query":"quikc fox","fields":["title^2","body","tag"],"fuzziness":"AUTO","tie_breaker":0.3}}`,
			`{"dis_max":{"tie_breaker":0.3,"queries":[{"match":{"title":{"query":"quikc fox","fuzziness":"AUTO","boost":2}}},{"match":{"body":{"query":"quikc fox","fuzziness":"AUTO"}}},{"match":{"tag":{"query":"quikc fox","fuzziness":"AUTO"}}}]}}`},
		{`{"multi_match":{"query":"fox","type":"most_fields","fields":["title","tag"],"fuzziness":1,"prefix_length":2,"max_expansions":5,"fuzzy_transpositions":false}}`,
			`{"bool":{"should":[{"match":{"title":{"query":"fox","fuzziness":1,"prefix_length":2,"max_expansions":5,"fuzzy_transpositions":false}}},{"match":{"tag":{"query":"fox","fuzziness":1,"prefix_length":2,"max_expansions":5,"fuzzy_transpositions":false}}}]}}`},
		{`{"multi_match":{"query":"quikc bro","type":"bool_prefix","fields":["title"],"fuzziness":1}}`,
			`{"bool":{"should":[{"fuzzy":{"title":{"value":"quikc","fuzziness":1}}},{"prefix":{"title":"bro"}}]}}`},
		{`{"multi_match":{"query":"brwn quick","fields":["title","body"],"fuzziness":2,"operator":"and"}}`,
			`{"dis_max":{"queries":[{"match":{"title":{"query":"brwn quick","fuzziness":2,"operator":"and"}}},{"match":{"body":{"query":"brwn quick","fuzziness":2,"operator":"and"}}}]}}`},
	}
	for _, p := range pairs {
		got := expect(t, s, "POST", "/m/_search", `{"explain":true,"query":`+p[0]+`}`, 200, "")
		want := expect(t, s, "POST", "/m/_search", `{"explain":true,"query":`+p[1]+`}`, 200, "")
		cut := func(b string) string { return b[strings.Index(b, `"hits"`):] }
		if cut(got) != cut(want) {
			t.Errorf("%s\n got %s\nwant %s", p[0], cut(got), cut(want))
		}
		if strings.Contains(got, `"hits":[]`) {
			t.Errorf("%s matched nothing", p[0])
		}
	}
	expect(t, s, "POST", "/m/_search", `{"query":{"multi_match":{"query":"quikc","fields":["title","body"],"fuzziness":1},"_source":false}`, 400, "")
	expect(t, s, "POST", "/m/_search", `{"_source":false,"query":{"multi_match":{"query":"quikc","fields":["title","body"],"fuzziness":1}}}`, 200,
		`{<**>"hits":{"total":{"value":1,"relation":"eq"},"max_score":<*>,"hits":[{"_index":"m","_id":"1","_score":<*>}]}}`)
	expect(t, s, "POST", "/m/_search", `{"query":{"multi_match":{"query":"x","type":"phrase","fuzziness":1}}}`, 400,
		`{"error":{"root_cause":[{"type":"parsing_exception","reason":"Fuzziness not allowed for type [phrase]","line":1,"col":67}],"type":"parsing_exception","reason":"Fuzziness not allowed for type [phrase]","line":1,"col":67},"status":400}`)
}

func TestFuzzyRewrite(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/m/_doc/1?refresh=true", `{"title":"quick"}`, 201, "")
	// The default method, spelled out, scores as without it.
	plain := expect(t, s, "POST", "/m/_search?filter_path=hits.hits._score", `{"query":{"match":{"title":{"query":"quikc","fuzziness":2}}}}`, 200, "")
	spelled := expect(t, s, "POST", "/m/_search?filter_path=hits.hits._score", `{"query":{"multi_match":{"query":"quikc","fields":["title"],"fuzziness":2,"max_expansions":50,"fuzzy_rewrite":"top_terms_blended_freqs_50"}}}`, 200, "")
	if plain != spelled || plain == "{}" {
		t.Errorf("scores %s and %s", plain, spelled)
	}
	expect(t, s, "POST", "/m/_search", `{"query":{"multi_match":{"query":"quikc","fields":["title"],"fuzziness":2,"fuzzy_rewrite":"nonsense"}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Failed to parse rewrite_method [nonsense]"}],<**>}`)
	expect(t, s, "POST", "/m/_search", `{"query":{"match":{"title":{"query":"quikc","fuzziness":2,"fuzzy_rewrite":"constant_score"}}}}`, 501, "")
}
