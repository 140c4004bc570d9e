package fake

import "testing"

const rareProps = `{"str":{"type":"keyword"},"n":{"type":"long"},"b":{"type":"boolean"},"t":{"type":"date"},"d":{"type":"double"}}`

var rareDocs = []string{
	`{"str":"abc","n":1,"b":true,"t":"2014-09-01"}`,
	`{"str":"abc","n":2,"b":true,"t":"2014-09-02"}`,
	`{"str":"bcd","n":1,"b":false,"t":"2014-09-02"}`,
	`{"str":["cde","abc"],"n":3,"t":"2014-09-03"}`,
	`{"str":"cde","n":4}`,
	`{"str":"def"}`,
}

// rare_terms keeps the terms in at most max_doc_count documents, by count
// then key ascending; the fake counts exactly where OpenSearch's cuckoo
// filter may drop a rare term as a false positive.
func TestAggsRareTerms(t *testing.T) {
	expectAggs(t, rareProps, rareDocs, `{"size":0,"aggs":{"r":{"rare_terms":{"field":"str","max_doc_count":2},"aggs":{"m":{"max":{"field":"n"}}}}}}`,
		`{"r":{"buckets":[{"key":"bcd","doc_count":1,"m":{"value":1.0}},{"key":"def","doc_count":1,"m":{"value":null}},{"key":"cde","doc_count":2,"m":{"value":4.0}}]}}`)
	expectAggs(t, rareProps, rareDocs, `{"size":0,"aggs":{"r":{"rare_terms":{"field":"n"}}}}`,
		`{"r":{"buckets":[{"key":2,"doc_count":1},{"key":3,"doc_count":1},{"key":4,"doc_count":1}]}}`)
	expectAggs(t, rareProps, rareDocs, `{"size":0,"aggs":{"r":{"rare_terms":{"field":"b"}},"t":{"rare_terms":{"field":"t","exclude":["2014-09-03"]}}}}`,
		`{"r":{"buckets":[{"key":0,"key_as_string":"false","doc_count":1}]},"t":{"buckets":[{"key":1409529600000,"key_as_string":"2014-09-01T00:00:00.000Z","doc_count":1}]}}`)
	s := aggsIndex(t, 2, rareProps, rareDocs...)
	if got := aggsOf(t, s, "/idx/_search?typed_keys=true", `{"size":0,"aggs":{"s":{"rare_terms":{"field":"str","include":"[ab].*"}},"l":{"rare_terms":{"field":"n","include":[1,2]}},"u":{"rare_terms":{"field":"nope"}}}}`); got != `{"srareterms#s":{"buckets":[{"key":"bcd","doc_count":1}]},"lrareterms#l":{"buckets":[{"key":2,"doc_count":1}]},"srareterms#u":{"buckets":[]}}` {
		t.Errorf("typed_keys: %s", got)
	}
	expectAggError(t, s, `{"aggs":{"r":{"rare_terms":{"field":"str","max_doc_count":0}}}}`, 400,
		`<**>"caused_by":{"type":"illegal_argument_exception","reason":"[max_doc_count] must be greater than 0. Found [0] in [r]"}<**>`)
	expectAggError(t, s, `{"aggs":{"r":{"rare_terms":{"field":"d"}}}}`, 500,
		`<**>"type":"aggregation_execution_exception","reason":"RareTerms aggregation does not support floating point fields."<**>`)
}
