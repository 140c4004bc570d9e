package fake

import "testing"

// Sibling and parent pipelines read rare_terms and significant_terms
// buckets: a string term is its own key string, a long term is formatted.
func TestAggsRareAndSignificantTermsUnderPipelines(t *testing.T) {
	expectAggs(t, rareProps, rareDocs, `{"size":0,"aggs":{"r":{"rare_terms":{"field":"str","max_doc_count":2},"aggs":{"m":{"max":{"field":"n"}}}},"top":{"max_bucket":{"buckets_path":"r>m"}}}}`,
		`{"r":{"buckets":[{"key":"bcd","doc_count":1,"m":{"value":1.0}},{"key":"def","doc_count":1,"m":{"value":null}},{"key":"cde","doc_count":2,"m":{"value":4.0}}]},"top":{"value":4.0,"keys":["cde"]}}`)
	expectAggs(t, rareProps, rareDocs, `{"size":0,"aggs":{"r":{"rare_terms":{"field":"n"},"aggs":{"m":{"min":{"field":"n"}}}},"low":{"min_bucket":{"buckets_path":"r>m"}}}}`,
		`{"r":{"buckets":[{"key":2,"doc_count":1,"m":{"value":2.0}},{"key":3,"doc_count":1,"m":{"value":3.0}},{"key":4,"doc_count":1,"m":{"value":4.0}}]},"low":{"value":2.0,"keys":["2"]}}`)
	expectAggs(t, rareProps, rareDocs, `{"size":0,"aggs":{"r":{"rare_terms":{"field":"str","max_doc_count":2},"aggs":{"m":{"max":{"field":"n"}},"s":{"bucket_sort":{"sort":[{"m":{"order":"desc"}}],"size":1}}}}}}`,
		`{"r":{"buckets":[{"key":"cde","doc_count":2,"m":{"value":4.0}}]}}`)
	expectAggsPerShards(t, sigProps, sigDocs, `{"size":0,"query":{"term":{"class":"good"}},"aggs":{"s":{"significant_terms":{"field":"tag","min_doc_count":1,"percentage":{}}},"top":{"max_bucket":{"buckets_path":"s>_count"}}}}`,
		`{"s":{"doc_count":3,"bg_count":7,"buckets":[{"key":"g","doc_count":3,"score":0.75,"bg_count":4},{"key":"b","doc_count":1,"score":0.2,"bg_count":5}]},"top":{"value":3.0,"keys":["g"]}}`,
		`{"s":{"doc_count":3,"bg_count":7,"buckets":[{"key":"g","doc_count":3,"score":0.75,"bg_count":4},{"key":"b","doc_count":1,"score":0.5,"bg_count":2}]},"top":{"value":3.0,"keys":["g"]}}`)
	expectAggs(t, sigProps, sigDocs, `{"size":0,"query":{"term":{"class":"bad"}},"aggs":{"s":{"significant_terms":{"field":"n","min_doc_count":1,"background_filter":{"range":{"n":{"gte":2}}}}},"top":{"max_bucket":{"buckets_path":"s>_count"}}}}`,
		`{"s":{"doc_count":4,"bg_count":5,"buckets":[{"key":3,"doc_count":1,"score":0.062499999999999986,"bg_count":1}]},"top":{"value":1.0,"keys":["3"]}}`)
}
