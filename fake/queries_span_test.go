package fake

import "testing"

// The span queries: their matches on one and several shards, scores equal
// to the term and phrase queries they mirror, and the parse errors.
func TestSpanQueries(t *testing.T) {
	for _, shards := range []string{"1", "2"} {
		t.Run("shards="+shards, func(t *testing.T) {
			s := newTestServer(t)
			expect(t, s, "PUT", "/sp", `{"settings":{"number_of_shards":`+shards+`},"mappings":{"properties":{"body":{"type":"text"},"other":{"type":"text"}}}}`, 200, "")
			expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"sp","_id":"1"}}
{"body":"the quick brown fox jumps"}
{"index":{"_index":"sp","_id":"2"}}
{"body":"quick red fox and a brown dog"}
{"index":{"_index":"sp","_id":"3"}}
{"body":"fox quick","other":"quick"}
`, 200, `{<**>"errors":false<**>}`)
			ids := func(q, want string) {
				t.Helper()
				expect(t, s, "POST", "/sp/_search?filter_path=hits.hits._id", `{"query":`+q+`,"sort":["_id"]}`, 200, want)
			}
			ids(`{"span_term":{"body":"fox"}}`, `{"hits":{"hits":[{"_id":"1"},{"_id":"2"},{"_id":"3"}]}}`)
			ids(`{"span_near":{"clauses":[{"span_term":{"body":"quick"}},{"span_term":{"body":"fox"}}],"slop":0,"in_order":true}}`, `{}`)
			ids(`{"span_near":{"clauses":[{"span_term":{"body":"quick"}},{"span_term":{"body":"fox"}}],"slop":1,"in_order":true}}`, `{"hits":{"hits":[{"_id":"1"},{"_id":"2"}]}}`)
			ids(`{"span_near":{"clauses":[{"span_term":{"body":"quick"}},{"span_term":{"body":"fox"}}],"slop":0,"in_order":false}}`, `{"hits":{"hits":[{"_id":"3"}]}}`)
			ids(`{"span_or":{"clauses":[{"span_term":{"body":"dog"}},{"span_term":{"body":"jumps"}}]}}`, `{"hits":{"hits":[{"_id":"1"},{"_id":"2"}]}}`)
			ids(`{"span_first":{"match":{"span_term":{"body":"quick"}},"end":1}}`, `{"hits":{"hits":[{"_id":"2"}]}}`)
			ids(`{"span_not":{"include":{"span_term":{"body":"quick"}},"exclude":{"span_term":{"body":"red"}},"post":1}}`, `{"hits":{"hits":[{"_id":"1"},{"_id":"3"}]}}`)
			ids(`{"span_containing":{"big":{"span_near":{"clauses":[{"span_term":{"body":"quick"}},{"span_term":{"body":"dog"}}],"slop":5}},"little":{"span_term":{"body":"brown"}}}}`, `{"hits":{"hits":[{"_id":"2"}]}}`)
			ids(`{"span_within":{"big":{"span_near":{"clauses":[{"span_term":{"body":"the"}},{"span_term":{"body":"fox"}}],"slop":2}},"little":{"span_term":{"body":"brown"}}}}`, `{"hits":{"hits":[{"_id":"1"}]}}`)
			ids(`{"span_near":{"clauses":[{"span_multi":{"match":{"prefix":{"body":"qui"}}}},{"span_multi":{"match":{"wildcard":{"body":"f?x"}}}}],"slop":1}}`, `{"hits":{"hits":[{"_id":"1"},{"_id":"2"}]}}`)
			ids(`{"span_near":{"clauses":[{"span_term":{"body":"fox"}},{"field_masking_span":{"query":{"span_term":{"other":"quick"}},"field":"body"}}],"slop":0,"in_order":false}}`, `{"hits":{"hits":[{"_id":"3"}]}}`)
		})
	}
	s := newTestServer(t)
	expect(t, s, "PUT", "/sp", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"body":{"type":"text"},"other":{"type":"text"}}}}`, 200, "")
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"sp","_id":"1"}}
{"body":"quick brown fox quick"}
{"index":{"_index":"sp","_id":"2"}}
{"body":"a slow brown dog with a long tail"}
`, 200, `{<**>"errors":false<**>}`)
	// A span_term scores as the term query; an exact span_near as the phrase.
	score := func(q string) string {
		t.Helper()
		return expect(t, s, "POST", "/sp/_search?filter_path=hits.hits._score", `{"query":`+q+`}`, 200, "")
	}
	if a, b := score(`{"span_term":{"body":"quick"}}`), score(`{"term":{"body":"quick"}}`); a != b {
		t.Errorf("span_term scores %s, term %s", a, b)
	}
	if a, b := score(`{"span_near":{"clauses":[{"span_term":{"body":"brown"}},{"span_term":{"body":"fox"}}],"slop":0}}`), score(`{"match_phrase":{"body":"brown fox"}}`); a != b {
		t.Errorf("span_near scores %s, match_phrase %s", a, b)
	}
	expect(t, s, "POST", "/sp/_search?filter_path=hits.hits._explanation.description", `{"explain":true,"query":{"span_near":{"clauses":[{"span_term":{"body":"brown"}},{"span_term":{"body":"fox"}}],"slop":0}}}`, 200,
		`{"hits":{"hits":[{"_explanation":{"description":"weight(spanNear([body:brown, body:fox], 0, true) in 0) [PerFieldSimilarity], result of:"}}]}}`)
	bad := func(q string, status int, want string) {
		t.Helper()
		expect(t, s, "POST", "/sp/_search", `{"query":`+q+`}`, status, want)
	}
	bad(`{"span_near":{"clauses":[{"term":{"body":"a"}}]}}`, 400, `{<**>"reason":"spanNear [clauses] must be of type span query"<**>`)
	bad(`{"span_near":{"clauses":[]}}`, 400, `{<**>"reason":"span_near must include [clauses]"<**>`)
	bad(`{"span_first":{"match":{"span_term":{"body":"a"}}}}`, 400, `{<**>"reason":"span_first must have [end] set for it"<**>`)
	bad(`{"span_multi":{"match":{"term":{"body":"a"}}}}`, 400, `{<**>"reason":"[span_multi] [match] must be of type multi term query"<**>`)
	bad(`{"span_not":{"include":{"span_term":{"body":"a"}},"exclude":{"span_term":{"body":"b"}},"dist":1,"pre":1}}`, 400, `{<**>"reason":"span_not can either use [dist] or [pre] & [post] (or none)"<**>`)
	bad(`{"span_near":{"clauses":[{"span_term":{"body":"a"}},{"span_term":{"other":"b"}}]}}`, 400, `{<**>"reason":"failed to create query: Clauses must have same field."<**>`)
	bad(`{"span_term":{"body":"a","other":"b"}}`, 400, `{<**>"reason":"[span_term] query doesn't support multiple fields, found [body] and [other]"<**>`)
}
