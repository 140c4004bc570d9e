package fake

import "testing"

// A field mapped as long in one index and double in another reduces to
// DoubleTerms (the long keys promoted); with a formatted long (a date) the
// types clash.
func TestAggsTermsMixLongsAndDoubles(t *testing.T) {
	s := aggsIndex(t, 2, `{"number":{"type":"long"},"t":{"type":"date"}}`, `{"number":100,"t":"2020-01-01"}`, `{"number":10}`)
	if code, _, got := call(t, s, "PUT", "/idx2", `{"mappings":{"properties":{"number":{"type":"double"},"t":{"type":"double"}}}}`); code != 200 {
		t.Fatal(got)
	}
	if code, _, got := call(t, s, "POST", "/idx2/_bulk?refresh=true", "{\"index\":{}}\n{\"number\":100.0,\"t\":1.5}\n{\"index\":{}}\n{\"number\":10.0}\n{\"index\":{}}\n{\"number\":14.6}\n"); code != 200 {
		t.Fatal(got)
	}
	if got := aggsOf(t, s, "/idx,idx2/_search?typed_keys=true", `{"size":0,"aggs":{"n":{"terms":{"field":"number"}}}}`); got != `{"dterms#n":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":10.0,"doc_count":2},{"key":100.0,"doc_count":2},{"key":14.6,"doc_count":1}]}}` {
		t.Errorf("mixed: %s", got)
	}
	expect(t, s, "POST", "/idx,idx2/_search", `{"size":0,"aggs":{"n":{"terms":{"field":"t"}}}}`, 500,
		`<**>"reason":"Merging/Reducing the aggregations failed when computing the aggregation [n] because the field you gave in the aggregation query existed as two different types in two different indices"<**>`)
}
