package fake

import (
	"fmt"
	"testing"
)

const multiProps = `{"str":{"type":"keyword"},"n":{"type":"long"},"d":{"type":"double"},"b":{"type":"boolean"},"t":{"type":"date","format":"yyyy-MM-dd"}}`

var multiDocs = []string{
	`{"str":"a","n":1,"d":1.5,"b":true,"t":"2024-01-01"}`,
	`{"str":"a","n":2,"d":2.5,"b":false,"t":"2024-01-02"}`,
	`{"str":"b","n":1,"d":1.5,"b":true,"t":"2024-01-01"}`,
	`{"str":["a","b"],"n":1,"t":"2024-01-01"}`,
	`{"str":"c","n":3}`,
	`{"n":1}`,
}

// multi_terms buckets documents by the combination of several fields'
// values (each combination of a multi-valued document once), ordered and
// cut like terms; key is the list of formatted values, key_as_string them
// joined by "|".
func TestAggsMultiTerms(t *testing.T) {
	expectAggs(t, multiProps, multiDocs, `{"size":0,"aggs":{"m":{"multi_terms":{"terms":[{"field":"str"},{"field":"n"}],"size":3},"aggs":{"s":{"sum":{"field":"d"}}}}}}`,
		`{"m":{"doc_count_error_upper_bound":0,"sum_other_doc_count":1,"buckets":[`+
			`{"key":["a",1],"key_as_string":"a|1","doc_count":2,"s":{"value":1.5}},{"key":["b",1],"key_as_string":"b|1","doc_count":2,"s":{"value":1.5}},`+
			`{"key":["a",2],"key_as_string":"a|2","doc_count":1,"s":{"value":2.5}}]}}`)
	expectAggs(t, multiProps, multiDocs, `{"size":0,"aggs":{"m":{"multi_terms":{"terms":[{"field":"d"},{"field":"b"},{"field":"t"}],"order":{"_key":"desc"}}}}}`,
		`{"m":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[`+
			`{"key":[2.5,false,"2024-01-02"],"key_as_string":"2.5|false|2024-01-02","doc_count":1},{"key":[1.5,true,"2024-01-01"],"key_as_string":"1.5|true|2024-01-01","doc_count":2}]}}`)
	// missing fills a field a document lacks; min_doc_count 0 shows the
	// shard's other combinations with no match.
	expectAggs(t, multiProps, multiDocs, `{"size":0,"query":{"term":{"str":"c"}},"aggs":{"m":{"multi_terms":{"terms":[{"field":"str","missing":"none"},{"field":"nope","value_type":"long","missing":7}],"min_doc_count":0}}}}`,
		`{"m":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":["c",7],"key_as_string":"c|7","doc_count":1},`+
			`{"key":["a",7],"key_as_string":"a|7","doc_count":0},{"key":["b",7],"key_as_string":"b|7","doc_count":0},{"key":["none",7],"key_as_string":"none|7","doc_count":0}]}}`)
	s := aggsIndex(t, 2, multiProps, multiDocs...)
	if got := aggsOf(t, s, "/idx/_search?typed_keys=true", `{"size":0,"query":{"term":{"str":"zzz"}},"aggs":{"m":{"multi_terms":{"terms":[{"field":"str"},{"field":"n"}]}}}}`); got != `{"multi_terms#m":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[]}}` {
		t.Errorf("no matches: %s", got)
	}
	expectAggError(t, s, `{"aggs":{"m":{"multi_terms":{"terms":[{"field":"str"}]}}}}`, 400,
		`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:30] [multi_terms] failed to parse field [terms]"}],"type":"x_content_parse_exception","reason":"[1:30] [multi_terms] failed to parse field [terms]",`+
			`"caused_by":{"type":"illegal_argument_exception","reason":"multi term aggregation must has at least 2 terms. Found [1] in [m] Use terms aggregation for single term aggregation"}},"status":400}`)
	expectAggError(t, s, `{"aggs":{"m":{"multi_terms":{"terms":[{"field":"str"},{"field":"n"}],"size":0}}}}`, 400,
		`<**>"caused_by":{"type":"illegal_argument_exception","reason":"[size] must be greater than 0. Found [0] in [m]"}<**>`)
}

// min_doc_count 0 fills in the shard's other combinations only while the
// matches give fewer than size buckets (count order), reading every
// document version the shard holds, as collectZeroDocEntriesIfNeeded does.
func TestAggsMultiTermsMinDocCountZero(t *testing.T) {
	s := aggsIndex(t, 1, multiProps, multiDocs...)
	if code, _, got := call(t, s, "PUT", "/idx/_doc/5?refresh=true", `{"str":"z","n":9}`); code != 200 {
		t.Fatal(got)
	}
	body := `{"size":0,"query":{"term":{"str":"b"}},"aggs":{"m":{"multi_terms":{"terms":[{"field":"str"},{"field":"n"}],"min_doc_count":0,"size":%s}}}}`
	if got := aggsOf(t, s, "/idx/_search", fmt.Sprintf(body, "1")); got != `{"m":{"doc_count_error_upper_bound":0,"sum_other_doc_count":1,"buckets":[{"key":["b",1],"key_as_string":"b|1","doc_count":2}]}}` {
		t.Errorf("enough buckets: %s", got)
	}
	if got := aggsOf(t, s, "/idx/_search", fmt.Sprintf(body, "10")); got != `{"m":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":["b",1],"key_as_string":"b|1","doc_count":2},`+
		`{"key":["a",1],"key_as_string":"a|1","doc_count":1},{"key":["a",2],"key_as_string":"a|2","doc_count":0},{"key":["c",3],"key_as_string":"c|3","doc_count":0},`+
		`{"key":["z",9],"key_as_string":"z|9","doc_count":0}]}}` {
		t.Errorf("filled: %s", got)
	}
}
