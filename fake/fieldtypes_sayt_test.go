package fake

import "testing"

// search_as_you_type indexes shingle subfields (_2gram, _3gram) and edge
// n-grams of shingles (_index_prefix), hidden from GET _mapping; bool_prefix
// multi_match over them finds partial input.
func TestSearchAsYouTypeField(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/s", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"title":{"type":"search_as_you_type","fields":{"raw":{"type":"keyword"}}}}}}`, 200, "")
	expect(t, s, "GET", "/s/_mapping", "", 200, `{"s":{"mappings":{"properties":{"title":{"type":"search_as_you_type","fields":{"raw":{"type":"keyword"}}}}}}}`)
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"s","_id":"1"}}
{"title":"quick brown fox jumps"}
{"index":{"_index":"s","_id":"2"}}
{"title":"brown quick fox"}
`, 200, `{<**>"errors":false<**>}`)
	ids := func(body, want string) {
		t.Helper()
		expect(t, s, "POST", "/s/_search?filter_path=hits.hits._id", body, 200, want)
	}
	ids(`{"query":{"multi_match":{"query":"quick br","type":"bool_prefix","fields":["title._2gram"]}}}`, `{"hits":{"hits":[{"_id":"1"}]}}`)
	ids(`{"query":{"term":{"title._3gram":"brown fox jumps"}}}`, `{"hits":{"hits":[{"_id":"1"}]}}`)
	ids(`{"query":{"term":{"title._index_prefix":"brown q"}}}`, `{"hits":{"hits":[{"_id":"2"}]}}`)
	ids(`{"query":{"match_phrase":{"title._2gram":"quick fox"}}}`, `{"hits":{"hits":[{"_id":"2"}]}}`)
	ids(`{"query":{"term":{"title.raw":"brown quick fox"}}}`, `{"hits":{"hits":[{"_id":"2"}]}}`)
	expect(t, s, "PUT", "/bad", `{"mappings":{"properties":{"t":{"type":"search_as_you_type","max_shingle_size":5}}}}`, 400,
		`{<**>"reason":"[max_shingle_size] must be at least [2] and at most [4], got [5]"<**>`)
}
