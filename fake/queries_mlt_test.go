package fake

import "testing"

// more_like_this: term selection by tf * idf with the frequency limits,
// like texts and documents, the liked documents left out, and the errors.
func TestMoreLikeThis(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/mlt", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"title":{"type":"text"},"tag":{"type":"keyword"},"n":{"type":"integer"}}}}`, 200, "")
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"mlt","_id":"1"}}
{"title":"go concurrency patterns with goroutines","tag":"go"}
{"index":{"_index":"mlt","_id":"2"}}
{"title":"concurrency in rust","tag":"rust"}
{"index":{"_index":"mlt","_id":"3"}}
{"title":"go generics explained","tag":"go"}
{"index":{"_index":"mlt","_id":"4"}}
{"title":"cooking pasta","tag":"food"}
`, 200, `{<**>"errors":false<**>}`)
	hits := func(q, want string) {
		t.Helper()
		expect(t, s, "POST", "/mlt/_search?filter_path=hits.hits._id", `{"query":{"more_like_this":`+q+`}}`, 200, want)
	}
	// The defaults (min_term_freq 2, min_doc_freq 5) keep no term here.
	hits(`{"fields":["title"],"like":"go concurrency"}`, `{}`)
	hits(`{"fields":["title"],"like":"go concurrency","min_term_freq":1,"min_doc_freq":1}`,
		`{"hits":{"hits":[{"_id":"1"},{"_id":"2"},{"_id":"3"}]}}`)
	// minimum_should_match 100% of the two terms.
	hits(`{"fields":["title"],"like":"go concurrency","min_term_freq":1,"min_doc_freq":1,"minimum_should_match":"100%"}`,
		`{"hits":{"hits":[{"_id":"1"}]}}`)
	// A liked document is left out unless include; its fields give the
	// terms, the rarest first: with two, only its own words (no hit left).
	hits(`{"fields":["title","tag"],"like":[{"_id":"3"}],"min_term_freq":1,"min_doc_freq":1,"max_query_terms":2}`, `{}`)
	hits(`{"fields":["title","tag"],"like":[{"_id":"3"}],"min_term_freq":1,"min_doc_freq":1,"max_query_terms":4}`,
		`{"hits":{"hits":[{"_id":"1"}]}}`)
	hits(`{"fields":["tag"],"like":[{"_index":"mlt","_id":"3"}],"min_term_freq":1,"min_doc_freq":1,"include":true}`,
		`{"hits":{"hits":[{"_id":"1"},{"_id":"3"}]}}`)
	hits(`{"fields":["title"],"like":[{"doc":{"title":"rust pasta"}}],"min_term_freq":1,"min_doc_freq":1}`,
		`{"hits":{"hits":[{"_id":"4"},{"_id":"2"}]}}`)
	hits(`{"fields":["title"],"like":"go concurrency","unlike":"go","min_term_freq":1,"min_doc_freq":1}`,
		`{"hits":{"hits":[{"_id":"2"},{"_id":"1"}]}}`)
	expect(t, s, "POST", "/mlt/_search", `{"query":{"more_like_this":{"fields":["title"]}}}`, 400,
		`{<**>"reason":"more_like_this requires 'like' to be specified"<**>`)
	expect(t, s, "POST", "/mlt/_search", `{"query":{"more_like_this":{"fields":["n"],"like":"x"}}}`, 400,
		`{<**>"reason":"failed to create query: more_like_this only supports text/keyword fields: [n]"<**>`)
	hits(`{"fields":["n","title"],"like":"cooking","fail_on_unsupported_field":false,"min_term_freq":1,"min_doc_freq":1}`, `{"hits":{"hits":[{"_id":"4"}]}}`)
}
