package fake

import "testing"

// match_bool_prefix: analysed terms as term clauses (fuzzy with fuzziness),
// the last as a prefix; multi_match bool_prefix refuses cutoff_frequency.
func TestMatchBoolPrefix(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/t/_doc/1", `{"f":"quick brown fox"}`, 201, "")
	expect(t, s, "PUT", "/t/_doc/2", `{"f":"quick brownie"}`, 201, "")
	expect(t, s, "PUT", "/t/_doc/3?refresh=true", `{"f":"slow dog"}`, 201, "")
	expect(t, s, "POST", "/t/_search?filter_path=hits.total.value", `{"query":{"match_bool_prefix":{"f":"quick bro"}}}`, 200, `{"hits":{"total":{"value":2}}}`)
	expect(t, s, "POST", "/t/_search?filter_path=hits.hits._id", `{"query":{"match_bool_prefix":{"f":{"query":"quick fo","operator":"and"}}}}`, 200, `{"hits":{"hits":[{"_id":"1"}]}}`)
	expect(t, s, "POST", "/t/_search?filter_path=hits.hits._id", `{"query":{"match_bool_prefix":{"f":{"query":"slaw d","fuzziness":1,"minimum_should_match":2}}}}`, 200, `{"hits":{"hits":[{"_id":"3"}]}}`)
	expect(t, s, "POST", "/t/_search", `{"query":{"match_bool_prefix":{"f":{}}}}`, 400, `<**>"reason":"[match_bool_prefix] requires query value"<**>`)
	expect(t, s, "POST", "/t/_search", `{"query":{"multi_match":{"query":"q","fields":["f"],"type":"bool_prefix","cutoff_frequency":0.1}}}`, 400,
		`<**>"reason":"[cutoff_frequency] not allowed for type [bool_prefix]"<**>`)
}
