package rest

import (
	"regexp"
	"strconv"
	"testing"
)

// Pipelines read the buckets of every multi-bucket aggregation:
// significant_terms, adjacency_matrix and composite are
// InternalMultiBucketAggregations in OpenSearch (the fuzzer found them
// answering a 500 ClassCastException). A composite bucket's key string is
// Java's map form.
func TestPipelinesOverSignificantTermsAdjacencyAndComposite(t *testing.T) {
	srv := aggsFuzzServer(t)
	for _, idx := range []string{"a1", "a3"} {
		for _, c := range []struct{ aggs, want string }{
			{`{"x":{"significant_terms":{"field":"k","min_doc_count":1},"aggs":{"s":{"sum":{"field":"l"}}}},"y":{"max_bucket":{"buckets_path":"x>_count"}},"z":{"sum_bucket":{"buckets_path":"x>s"}}}`,
				`{"aggregations":{"x":{"doc_count":2,"bg_count":5,"buckets":[{"key":"a","doc_count":2,"score":1.5,"bg_count":2,"s":{"value":6.0}}]},"y":{"value":2.0,"keys":["a"]},"z":{"value":6.0}}}`},
			{`{"x":{"adjacency_matrix":{"filters":{"a":{"term":{"k":"a"}},"b":{"term":{"b":true}}}}},"y":{"max_bucket":{"buckets_path":"x>_count"}}}`,
				`{"aggregations":{"x":{"buckets":[{"key":"a","doc_count":2},{"key":"a&b","doc_count":1},{"key":"b","doc_count":1}]},"y":{"value":2.0,"keys":["a"]}}}`},
			{`{"x":{"composite":{"sources":[{"a":{"terms":{"field":"k"}}},{"h":{"histogram":{"field":"d","interval":1}}}]},"aggs":{"s":{"sum":{"field":"l"}},"b":{"bucket_selector":{"buckets_path":{"v":"s"},"script":"params.v > 1"}}}},"y":{"max_bucket":{"buckets_path":"x>s"}}}`,
				`{"aggregations":{"x":{"after_key":{"a":"a","h":1.0},"buckets":[{"key":{"a":"a","h":0.0},"doc_count":1,"s":{"value":5.0}}]},"y":{"value":5.0,"keys":["{a=a, h=0.0}"]}}}`},
		} {
			code, out := serve(srv, "POST", "/"+idx+"/_search?filter_path=aggregations", `{"size":0,"query":{"term":{"k":"a"}},"aggs":`+c.aggs+`}`)
			if code != 200 || out != c.want {
				t.Errorf("%s %s:\n got %d %s\nwant 200 %s", idx, c.aggs, code, out, c.want)
			}
		}
	}
}

// Huge sizes, precisions and intervals answer as OpenSearch does (its
// too_many_buckets_exception or its validation error) without spinning or
// allocating in proportion to the number asked for.
func TestAggsHugeParametersAnswerAtOnce(t *testing.T) {
	srv := aggsFuzzServer(t)
	const tooMany = `{"error":{"root_cause":[],"type":"search_phase_execution_exception","reason":"","phase":"fetch","grouped":true,"failed_shards":[],"caused_by":{"type":"too_many_buckets_exception","reason":"Trying to create too many buckets. Must be less than or equal to: [65535] but was [65536]. This limit can be set by changing the [search.max_buckets] cluster level setting.","max_buckets":65535}},"status":503}`
	shardFailure := func(typ, reason string, status int) string {
		cause := `{"type":"` + typ + `","reason":"` + reason + `"`
		if typ == "too_many_buckets_exception" {
			cause += `,"max_buckets":65535`
		}
		cause += `}`
		return `{"error":{"root_cause":[` + cause + `],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"a3","node":"N","reason":` + cause + `}],"caused_by":` + cause + `},"status":` + strconv.Itoa(status) + `}`
	}
	for _, c := range []struct {
		name, aggs string
		status     int
		want       string
	}{
		{"histogram interval 1e-300 over scaled floats", `{"x":{"histogram":{"field":"sf","interval":1e-300}}}`, 503, tooMany},
		{"histogram interval 1 over the whole long range", `{"x":{"histogram":{"field":"l","interval":1,"min_doc_count":0}}}`, 503, tooMany},
		{"date_histogram 1ms over years", `{"x":{"date_histogram":{"field":"dt","fixed_interval":"1ms"}}}`, 503, tooMany},
		{"date_histogram 1ms over years, empty buckets", `{"x":{"date_histogram":{"field":"dt","fixed_interval":"1ms","min_doc_count":0}}}`, 503, tooMany},
		{"date_histogram over 8000 years of days", `{"x":{"date_histogram":{"field":"dt","calendar_interval":"1d","extended_bounds":{"min":"1000-01-01","max":"9000-01-01"}}}}`, 503, tooMany},
		{"date_nanos histogram 1ms", `{"x":{"date_histogram":{"field":"dn","fixed_interval":"1ms"}}}`, 503, tooMany},
		{"geohash precision 13", `{"x":{"geohash_grid":{"field":"g","precision":13}}}`, 400,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:52] [geohash_grid] failed to parse field [precision]"}],"type":"x_content_parse_exception","reason":"[1:52] [geohash_grid] failed to parse field [precision]","caused_by":{"type":"illegal_argument_exception","reason":"Invalid geohash aggregation precision of 13. Must be between 1 and 12."}},"status":400}`},
		{"auto_date_histogram buckets 1e9", `{"x":{"auto_date_histogram":{"field":"dt","buckets":1000000000}}}`, 400,
			shardFailure("illegal_argument_exception", "buckets must be less than 2184", 400)},
		{"composite size 1e9", `{"x":{"composite":{"size":1000000000,"sources":[{"a":{"terms":{"field":"k"}}}]}}}`, 503,
			shardFailure("too_many_buckets_exception", "Trying to create too many buckets. Must be less than or equal to: [65535] but was [1000000000]. This limit can be set by changing the [search.max_buckets] cluster level setting.", 503)},
		{"top_hits size 1e9", `{"x":{"top_hits":{"size":1000000000}}}`, 400,
			shardFailure("illegal_argument_exception", "Top hits result window is too large, the top hits aggregator [x]'s from + size must be less than or equal to: [100] but was [1000000000]. This limit can be set by changing the [index.max_inner_result_window] index level setting.", 400)},
	} {
		code, out := serve(srv, "POST", "/a3/_search", `{"size":0,"aggs":`+c.aggs+`}`)
		out = nodeRe.ReplaceAllString(out, `"node":"N"`)
		if code != c.status || out != c.want {
			t.Errorf("%s:\n got %d %s\nwant %d %s", c.name, code, out, c.status, c.want)
		}
	}
}

var nodeRe = regexp.MustCompile(`"node":"[^"]*"`)
