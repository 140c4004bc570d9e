package fake

import "testing"

// The intervals query: rules over positions, combined in order or not,
// within max_gaps, filtered by another rule; scored w * S / (S + 1) with S
// the sum of 1/width over the matching intervals.
func TestIntervalsQuery(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/t", `{"mappings":{"properties":{"f":{"type":"text"}}}}`, 200, "")
	expect(t, s, "PUT", "/t/_doc/1", `{"f":"the quick brown fox"}`, 201, "")
	expect(t, s, "PUT", "/t/_doc/2", `{"f":"brown the quick dog"}`, 201, "")
	expect(t, s, "PUT", "/t/_doc/3?refresh=true", `{"f":"quick quick fox"}`, 201, "")
	ids := func(query string, want string) {
		t.Helper()
		expect(t, s, "POST", "/t/_search?filter_path=hits.hits._id", `{"sort":["_doc"],"query":{"intervals":{"f":`+query+`}}}`, 200, want)
	}
	ids(`{"match":{"query":"quick brown","mode":"ordered"}}`, `{"hits":{"hits":[{"_id":"1"}]}}`)
	ids(`{"match":{"query":"quick brown"}}`, `{"hits":{"hits":[{"_id":"1"},{"_id":"2"}]}}`)
	ids(`{"match":{"query":"quick fox","max_gaps":0}}`, `{"hits":{"hits":[{"_id":"3"}]}}`)
	ids(`{"match":{"query":"quick quick"}}`, `{"hits":{"hits":[{"_id":"3"}]}}`)
	ids(`{"all_of":{"ordered":true,"intervals":[{"prefix":{"prefix":"qu"}},{"wildcard":{"pattern":"f?x"}}]}}`, `{"hits":{"hits":[{"_id":"1"},{"_id":"3"}]}}`)
	ids(`{"match":{"query":"quick","filter":{"not_containing":{"match":{"query":"dog"}}}}}`, `{"hits":{"hits":[{"_id":"1"},{"_id":"2"},{"_id":"3"}]}}`)
	ids(`{"match":{"query":"quick","filter":{"before":{"match":{"query":"fox"}}}}}`, `{"hits":{"hits":[{"_id":"1"},{"_id":"3"}]}}`)
	ids(`{"match":{"query":"the quick","filter":{"contained_by":{"match":{"query":"brown dog"}}}}}`, `{"hits":{"hits":[{"_id":"2"}]}}`)
	ids(`{"any_of":{"intervals":[{"fuzzy":{"term":"dig"}},{"regexp":{"pattern":"fo."}}]}}`, `{"hits":{"hits":[{"_id":"1"},{"_id":"2"},{"_id":"3"}]}}`)
	// One interval of width 1: S = 1, score = 2 * 1 / (1 + 1).
	expect(t, s, "POST", "/t/_search?filter_path=hits.hits._score", `{"query":{"intervals":{"f":{"match":{"query":"dog"},"boost":2}}}}`, 200, `{"hits":{"hits":[{"_score":1.0}]}}`)
	expect(t, s, "POST", "/t/_search", `{"query":{"intervals":{"f":{"span":{}}}}}`, 400, `<**>"reason":"Unknown interval type [span]"<**>`)
	expect(t, s, "POST", "/t/_search", `{"query":{"intervals":{"f":{"match":{"query":"x","mode":"sideways"}}}}}`, 400, `<**>"reason":"No mode for [sideways]"<**>`)
}
