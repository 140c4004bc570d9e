package rest

import "testing"

// Sibling pipelines read the buckets of every multi-bucket aggregation:
// significant_terms and adjacency_matrix are InternalMultiBucketAggregations
// in OpenSearch (the fuzzer found them answering a 500 ClassCastException).
func TestSiblingPipelinesOverSignificantTermsAndAdjacency(t *testing.T) {
	srv := aggsFuzzServer(t)
	for _, idx := range []string{"a1", "a3"} {
		for _, c := range []struct{ aggs, want string }{
			{`{"x":{"significant_terms":{"field":"k","min_doc_count":1},"aggs":{"s":{"sum":{"field":"l"}}}},"y":{"max_bucket":{"buckets_path":"x>_count"}},"z":{"sum_bucket":{"buckets_path":"x>s"}}}`,
				`{"aggregations":{"x":{"doc_count":2,"bg_count":5,"buckets":[{"key":"a","doc_count":2,"score":1.5,"bg_count":2,"s":{"value":6.0}}]},"y":{"value":2.0,"keys":["a"]},"z":{"value":6.0}}}`},
			{`{"x":{"adjacency_matrix":{"filters":{"a":{"term":{"k":"a"}},"b":{"term":{"b":true}}}}},"y":{"max_bucket":{"buckets_path":"x>_count"}}}`,
				`{"aggregations":{"x":{"buckets":[{"key":"a","doc_count":2},{"key":"a&b","doc_count":1},{"key":"b","doc_count":1}]},"y":{"value":2.0,"keys":["a"]}}}`},
		} {
			code, out := serve(srv, "POST", "/"+idx+"/_search?filter_path=aggregations", `{"size":0,"query":{"term":{"k":"a"}},"aggs":`+c.aggs+`}`)
			if code != 200 || out != c.want {
				t.Errorf("%s %s:\n got %d %s\nwant 200 %s", idx, c.aggs, code, out, c.want)
			}
		}
	}
}
