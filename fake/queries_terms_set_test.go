package fake

import "testing"

// terms_set matches documents holding at least their own required number
// of the terms, scoring the sum of the matching term queries (as a bool of
// should clauses sums them), and explains it as CoveringQuery does.
func TestTermsSetQuery(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/ts", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"langs":{"type":"keyword"},"need":{"type":"long"}}}}`, 200, "")
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"ts","_id":"1"}}
{"langs":["go","java"],"need":2}
{"index":{"_index":"ts","_id":"2"}}
{"langs":["go","rust","c"],"need":1}
{"index":{"_index":"ts","_id":"3"}}
{"langs":["java"],"need":2}
{"index":{"_index":"ts","_id":"4"}}
{"langs":["go"]}
`, 200, `{<**>"errors":false<**>}`)
	ts := `{"query":{"terms_set":{"langs":{"terms":["go","java","c"],"minimum_should_match_field":"need"}}}}`
	got := expect(t, s, "POST", "/ts/_search?filter_path=hits.hits._id,hits.hits._score", ts, 200, "")
	want := expect(t, s, "POST", "/ts/_search?filter_path=hits.hits._id,hits.hits._score", `{"query":{"bool":{"should":[{"term":{"langs":"go"}},{"term":{"langs":"java"}},{"term":{"langs":"c"}}]}},"post_filter":{"ids":{"values":["1","2"]}}}`, 200, "")
	if got != want {
		t.Errorf("terms_set scores\n got %s\nwant %s (the should clauses' sums)", got, want)
	}
	expect(t, s, "GET", "/ts/_explain/3", ts, 200,
		`{"_index":"ts","_id":"3","matched":false,"explanation":{"value":0.0,"description":"1 matches for 2 required matches","details":[{"value":0.0,"description":"no matching term","details":[]},{"value":<*>,"description":"weight(langs:java in 2) [PerFieldSimilarity], result of:",<**>},{"value":0.0,"description":"no matching term","details":[]}]}}`)
	expect(t, s, "POST", "/ts/_search", `{"query":{"terms_set":{"langs":{"terms":["go"]}}}}`, 500,
		`{"error":{"root_cause":[{"type":"illegal_state_exception","reason":"No minimum should match has been specified"}]<**>`)
	expect(t, s, "POST", "/ts/_search?filter_path=hits.total.value", `{"query":{"terms_set":{"langs":{"terms":[],"minimum_should_match_field":"need"}}}}`, 200, `{"hits":{"total":{"value":0}}}`)
}
