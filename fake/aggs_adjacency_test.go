package fake

import "testing"

// adjacency_matrix has a bucket per filter and per pair of filters with
// shared documents, keyed by name (pairs joined by the separator) and
// sorted by key; empty cells are left out.
func TestAggsAdjacencyMatrix(t *testing.T) {
	props := `{"num":{"type":"integer"}}`
	docs := []string{`{"num":[1,2]}`, `{"num":[2,3]}`, `{"num":[3,4]}`}
	expectAggs(t, props, docs, `{"size":0,"aggs":{"m":{"adjacency_matrix":{"filters":{"4":{"term":{"num":4}},"2":{"term":{"num":2}},"1":{"term":{"num":1}},"9":{"term":{"num":9}}}},"aggs":{"s":{"sum":{"field":"num"}}}}}}`,
		`{"m":{"buckets":[{"key":"1","doc_count":1,"s":{"value":3.0}},{"key":"1&2","doc_count":1,"s":{"value":3.0}},{"key":"2","doc_count":2,"s":{"value":8.0}},{"key":"4","doc_count":1,"s":{"value":7.0}}]}}`)
	expectAggs(t, props, docs, `{"size":0,"aggs":{"m":{"adjacency_matrix":{"separator":"|","filters":{"b":{"range":{"num":{"gte":2}}},"a":{"term":{"num":3}}}}}}}`,
		`{"m":{"buckets":[{"key":"a","doc_count":2},{"key":"a|b","doc_count":2},{"key":"b","doc_count":3}]}}`)
	s := aggsIndex(t, 2, props, docs...)
	if got := aggsOf(t, s, "/idx/_search?typed_keys=true", `{"size":0,"query":{"term":{"num":9}},"aggs":{"m":{"adjacency_matrix":{"filters":{"a":{"term":{"num":3}}}}}}}`); got != `{"adjacency_matrix#m":{"buckets":[]}}` {
		t.Errorf("no matches: %s", got)
	}
	expectAggError(t, s, `{"aggs":{"m":{"adjacency_matrix":{"separator":"-"}}}}`, 500,
		`{"error":{"root_cause":[{"type":"illegal_state_exception","reason":"[m] is missing : filters parameter"}],"type":"illegal_state_exception","reason":"[m] is missing : filters parameter"},"status":500}`)
	expectAggError(t, s, `{"aggs":{"m":{"adjacency_matrix":{"filters":{"a":{"term":{"num":3}}},"other":1}}}}`, 400,
		`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:70] [adjacency_matrix] unknown field [other]"}],"type":"x_content_parse_exception","reason":"[1:70] [adjacency_matrix] unknown field [other]"},"status":400}`)
}
