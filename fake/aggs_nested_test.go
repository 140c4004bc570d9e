package fake

import "testing"

const nestedProps = `{"name":{"type":"keyword"},"reviews":{"type":"nested","properties":{"author":{"type":"keyword"},"stars":{"type":"integer"},` +
	`"votes":{"type":"nested","properties":{"v":{"type":"integer"}}}}},"plain":{"properties":{"k":{"type":"keyword"}}}}`

var nestedDocs = []string{
	`{"name":"a","reviews":[{"author":"x","stars":5,"votes":[{"v":1},{"v":2}]},{"author":"y","stars":3}]}`,
	`{"name":"b","reviews":[{"author":"x","stars":4}]}`,
	`{"name":"c","plain":{"k":"p"}}`,
}

// nested steps into each matching root's nested objects; reverse_nested
// steps back out to the root (or to an enclosing nested level), counting
// each parent once per bucket.
func TestAggsNestedAndReverseNested(t *testing.T) {
	expectAggs(t, nestedProps, nestedDocs, `{"size":0,"aggs":{"r":{"nested":{"path":"reviews"},"aggs":{
		"by_author":{"terms":{"field":"reviews.author"},"aggs":{
			"back":{"reverse_nested":{},"aggs":{"names":{"terms":{"field":"name"}}}},
			"votes":{"nested":{"path":"reviews.votes"},"aggs":{"total":{"sum":{"field":"reviews.votes.v"}},"up":{"reverse_nested":{"path":"reviews"},"aggs":{"s":{"max":{"field":"reviews.stars"}}}}}}}}}}}}`,
		`{"r":{"doc_count":3,"by_author":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[`+
			`{"key":"x","doc_count":2,"back":{"doc_count":2,"names":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"a","doc_count":1},{"key":"b","doc_count":1}]}},"votes":{"doc_count":2,"total":{"value":3.0},"up":{"doc_count":1,"s":{"value":5.0}}}},`+
			`{"key":"y","doc_count":1,"back":{"doc_count":1,"names":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"a","doc_count":1}]}},"votes":{"doc_count":0,"total":{"value":0.0},"up":{"doc_count":0,"s":{"value":null}}}}]}}}`)

	// The query picks the roots; typed_keys names nested and reverse_nested.
	expectAggs(t, nestedProps, nestedDocs, `{"size":0,"query":{"term":{"name":"b"}},"aggs":{"r":{"nested":{"path":"reviews"},"aggs":{"back":{"reverse_nested":{}}}}}}`,
		`{"r":{"doc_count":1,"back":{"doc_count":1}}}`)
	s := aggsIndex(t, 2, nestedProps, nestedDocs...)
	if got := aggsOf(t, s, "/idx/_search?typed_keys=true", `{"size":0,"aggs":{"r":{"nested":{"path":"reviews"},"aggs":{"back":{"reverse_nested":{}}}}}}`); got != `{"nested#r":{"doc_count":3,"reverse_nested#back":{"doc_count":2}}}` {
		t.Errorf("typed_keys: %s", got)
	}
	// An unmapped path is an empty bucket, sub-aggregations included.
	if got := aggsOf(t, s, "/idx/_search", `{"size":0,"aggs":{"r":{"nested":{"path":"nope"},"aggs":{"m":{"max":{"field":"nope.x"}},"back":{"reverse_nested":{"path":"nope2"}}}}}}`); got != `{"r":{"doc_count":0,"m":{"value":null},"back":{"doc_count":0}}}` {
		t.Errorf("unmapped: %s", got)
	}
	// A nested bucket orders terms by its doc count.
	if got := aggsOf(t, s, "/idx/_search", `{"size":0,"aggs":{"t":{"terms":{"field":"name","order":{"r":"desc"}},"aggs":{"r":{"nested":{"path":"reviews"}}}}}}`); got != `{"t":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"a","doc_count":1,"r":{"doc_count":2}},{"key":"b","doc_count":1,"r":{"doc_count":1}},{"key":"c","doc_count":1,"r":{"doc_count":0}}]}}` {
		t.Errorf("ordered by nested: %s", got)
	}
}

func TestAggsNestedErrors(t *testing.T) {
	s := aggsIndex(t, 1, nestedProps, nestedDocs...)
	expectAggError(t, s, `{"aggs":{"r":{"nested":{}}}}`, 400,
		`{"error":{"root_cause":[{"type":"parsing_exception","reason":"Missing [path] field for nested aggregation [r]","line":1,"col":25}],"type":"parsing_exception","reason":"Missing [path] field for nested aggregation [r]","line":1,"col":25},"status":400}`)
	expectAggError(t, s, `{"aggs":{"r":{"nested":{"path":"reviews","x":"y"}}}}`, 400,
		`{"error":{"root_cause":[{"type":"parsing_exception","reason":"Unknown key for a VALUE_STRING in [r]: [x].","line":1,"col":46}],"type":"parsing_exception","reason":"Unknown key for a VALUE_STRING in [r]: [x].","line":1,"col":46},"status":400}`)
	expectAggError(t, s, `{"aggs":{"r":{"nested":{"path":1}}}}`, 400,
		`{"error":{"root_cause":[{"type":"parsing_exception","reason":"Unexpected token VALUE_NUMBER in [r].","line":1,"col":32}],"type":"parsing_exception","reason":"Unexpected token VALUE_NUMBER in [r].","line":1,"col":32},"status":400}`)
	expectAggError(t, s, `{"aggs":{"r":{"reverse_nested":{}}}}`, 400,
		`<**>"type":"illegal_argument_exception","reason":"Reverse nested aggregation [r] can only be used inside a [nested] aggregation"<**>`)
	expectAggError(t, s, `{"aggs":{"r":{"nested":{"path":"plain"}}}}`, 500,
		`<**>"type":"aggregation_execution_exception","reason":"[nested] nested path [plain] is not nested"<**>`)
}

// reverse_nested needs a nested aggregation anywhere above it, not
// directly above.
func TestAggsReverseNestedUnderReverseNested(t *testing.T) {
	s := aggsIndex(t, 1, nestedProps, nestedDocs...)
	if got := aggsOf(t, s, "/idx/_search", `{"size":0,"aggs":{"r":{"nested":{"path":"reviews.votes"},"aggs":{"up":{"reverse_nested":{"path":"reviews"},"aggs":{"root":{"reverse_nested":{}}}}}}}}`); got != `{"r":{"doc_count":2,"up":{"doc_count":1,"root":{"doc_count":1}}}}` {
		t.Errorf("reverse_nested twice: %s", got)
	}
}

// Filters under a nested aggregation test the nested documents.
func TestAggsNestedFilters(t *testing.T) {
	s := aggsIndex(t, 1, nestedProps, nestedDocs...)
	for q, n := range map[string]string{`{"match_all":{}}`: "3", `{"exists":{"field":"reviews.author"}}`: "3", `{"term":{"reviews.author":"x"}}`: "2",
		`{"range":{"reviews.stars":{"gte":4}}}`: "2", `{"bool":{"must_not":{"term":{"reviews.author":"x"}}}}`: "1"} {
		if got := aggsOf(t, s, "/idx/_search", `{"size":0,"aggs":{"r":{"nested":{"path":"reviews"},"aggs":{"f":{"filter":`+q+`}}}}}`); got != `{"r":{"doc_count":3,"f":{"doc_count":`+n+`}}}` {
			t.Errorf("%s: %s", q, got)
		}
	}
}
