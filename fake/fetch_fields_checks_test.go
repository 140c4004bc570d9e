package fake

import "testing"

// The fields option as FetchFieldsPhase checks and fetches it: no fields
// from an index without _source, no format on a field whose value fetcher
// refuses one, and no value ignore_malformed kept out of the index.
func TestFetchFieldsChecks(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/ff", `{"mappings":{"properties":{"keyword":{"type":"keyword"},"date":{"type":"date"},"integer":{"type":"integer","ignore_malformed":true}}}}`, 200, "")
	expect(t, s, "PUT", "/ff/_doc/1?refresh=true", `{"keyword":"a","date":"1990-12-29T22:30:00.000Z","integer":42}`, 201, "")
	expect(t, s, "PUT", "/ff/_doc/2?refresh=true", `{"keyword":"b","integer":"not an integer"}`, 201, "")
	expect(t, s, "PUT", "/ff/_doc/3?refresh=true", `{"keyword":"c","integer":[7,"x"]}`, 201, "")
	expect(t, s, "POST", "/ff/_search", `{"sort":["keyword"],"fields":["integer"],"_source":false}`, 200,
		`{<**>"hits":[{<**>"fields":{"integer":[42]},"sort":["a"]},{"_index":"ff","_id":"2","_score":null,"_ignored":["integer"],"sort":["b"]},{<**>"fields":{"integer":[7]},"sort":["c"]}]}}`)
	expect(t, s, "POST", "/ff/_search", `{"fields":[{"field":"date","format":"yyyy/MM/dd"}],"_source":false,"query":{"ids":{"values":["1"]}}}`, 200,
		`{<**>"fields":{"date":["1990/12/29"]}}]}}`)
	expect(t, s, "POST", "/ff/_search", `{"fields":[{"field":"key*","format":"yyyy/MM/dd"}]}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Field [keyword] of type [keyword] doesn't support formats."}],"type":"search_phase_execution_exception",<**>}`)

	expect(t, s, "PUT", "/nosrc", `{"mappings":{"_source":{"enabled":false},"properties":{"keyword":{"type":"keyword"}}}}`, 200, "")
	expect(t, s, "PUT", "/nosrc/_doc/1?refresh=true", `{"keyword":["a"]}`, 201, "")
	expect(t, s, "POST", "/nosrc/_search", `{"fields":["keyword"]}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Unable to retrieve the requested [fields] since _source is disabled in the mappings for index [nosrc]"}]<**>`)
	// Nothing to fetch, nothing checked.
	expect(t, s, "POST", "/nosrc/_search", `{"fields":["keyword"],"size":0}`, 200, "")
}
