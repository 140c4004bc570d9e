package fake

import (
	"fmt"
	"strings"
	"testing"
)

// metricsIndex creates index "m" with the given shard count and indexes one
// document per body, refreshed.
func metricsIndex(t *testing.T, s *Server, shards int, mappings string, docs ...string) {
	t.Helper()
	expect(t, s, "PUT", "/m", fmt.Sprintf(`{"settings":{"number_of_shards":%d},"mappings":{"properties":%s}}`, shards, mappings), 200, "")
	var b strings.Builder
	for i, d := range docs {
		fmt.Fprintf(&b, "{\"index\":{\"_index\":\"m\",\"_id\":\"%d\"}}\n%s\n", i+1, d)
	}
	expect(t, s, "POST", "/_bulk?refresh=true", b.String(), 200, "")
}

// aggsOnly searches index m with size 0 and returns the aggregations part.
func aggsOnly(t *testing.T, s *Server, query string, aggs string, status int, want string) {
	t.Helper()
	body := `{"size":0,"aggs":` + aggs + `}`
	if query != "" {
		body = `{"size":0,"query":` + query + `,"aggs":` + aggs + `}`
	}
	path := "/m/_search?filter_path=aggregations&typed_keys=true"
	if status != 200 {
		path = "/m/_search"
	}
	expect(t, s, "POST", path, body, status, want)
}

var pctMapping = `{"i":{"type":"integer"},"d":{"type":"double"},"k":{"type":"keyword"},"t":{"type":"date"}}`

var pctDocs = []string{`{"i":1,"d":1.0,"k":"a","t":"2020-01-01"}`, `{"i":51,"d":51.0,"k":"a","t":"2020-01-02"}`,
	`{"i":101,"d":101.0,"k":"b","t":"2020-01-03"}`, `{"i":151,"d":151.0,"k":"b","t":"2020-01-04"}`}

func TestAggsPercentilesTDigest(t *testing.T) {
	for _, shards := range []int{1, 3} {
		t.Run(fmt.Sprint(shards), func(t *testing.T) {
			s := newTestServer(t)
			metricsIndex(t, s, shards, pctMapping, pctDocs...)
			// t-digest 3.2 interpolates between centroids: p25 of
			// [1,51,101,151] is 26.
			aggsOnly(t, s, "", `{"p":{"percentiles":{"field":"i"}}}`, 200,
				`{"aggregations":{"tdigest_percentiles#p":{"values":{"1.0":1.0,"5.0":1.0,"25.0":26.0,"50.0":76.0,"75.0":126.0,"95.0":151.0,"99.0":151.0}}}}`)
			aggsOnly(t, s, "", `{"p":{"percentiles":{"field":"d","percents":[99.9,10],"keyed":false}}}`, 200,
				`{"aggregations":{"tdigest_percentiles#p":{"values":[{"key":10.0,"value":1.0},{"key":99.9,"value":151.0}]}}}`)
			aggsOnly(t, s, "", `{"p":{"percentile_ranks":{"field":"i","values":[51,0,200,76]}}}`, 200,
				`{"aggregations":{"tdigest_percentile_ranks#p":{"values":{"0.0":12.0,"51.0":37.5,"76.0":50.0,"200.0":100.0}}}}`)
			aggsOnly(t, s, "", `{"p":{"percentiles":{"field":"t","percents":[50]}}}`, 200,
				`{"aggregations":{"tdigest_percentiles#p":{"values":{"50.0":1.5779664E12,"50.0_as_string":"2020-01-02T12:00:00.000Z"}}}}`)
			aggsOnly(t, s, "", `{"p":{"percentiles":{"field":"i","percents":[50],"format":"0.00"}}}`, 200,
				`{"aggregations":{"tdigest_percentiles#p":{"values":{"50.0":76.0,"50.0_as_string":"76.00"}}}}`)
			// Unmapped and empty: nulls, the keys still listed.
			aggsOnly(t, s, "", `{"p":{"percentiles":{"field":"nope","percents":[50],"keyed":false}},"r":{"percentile_ranks":{"field":"i","values":[3]}}}`, 200,
				`{"aggregations":{"tdigest_percentiles#p":{"values":[{"key":50.0,"value":null}]},"tdigest_percentile_ranks#r":{"values":{"3.0":13.5}}}}`)
			aggsOnly(t, s, `{"term":{"k":"zzz"}}`, `{"p":{"percentiles":{"field":"i","percents":[50],"format":"0.0"}}}`, 200,
				`{"aggregations":{"tdigest_percentiles#p":{"values":{"50.0":null}}}}`)
			// A terms order on a percentile.
			aggsOnly(t, s, "", `{"k":{"aggs":{"p":{"percentiles":{"field":"i"}}},"terms":{"field":"k","order":{"p.50":"desc"}}}}`, 200,
				`{"aggregations":{"sterms#k":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"b","doc_count":2,"tdigest_percentiles#p":{<**>}},{"key":"a","doc_count":2,<**>}]}}}`)
		})
	}
}

func TestAggsPercentilesHDR(t *testing.T) {
	for _, shards := range []int{1, 4} {
		t.Run(fmt.Sprint(shards), func(t *testing.T) {
			s := newTestServer(t)
			metricsIndex(t, s, shards, pctMapping, pctDocs...)
			// Each value reads back as the highest value of its bucket, in
			// units of lowest/1024 (lowest = 1 here).
			aggsOnly(t, s, "", `{"p":{"percentiles":{"field":"i","hdr":{}}}}`, 200,
				`{"aggregations":{"hdr_percentiles#p":{"values":{"1.0":1.0,"5.0":1.0,"25.0":1.0,"50.0":51.0302734375,"75.0":101.0615234375,"95.0":151.1240234375,"99.0":151.1240234375}}}}`)
			aggsOnly(t, s, `{"range":{"i":{"gte":50}}}`, `{"p":{"percentiles":{"field":"d","percents":[0,50],"hdr":{"number_of_significant_value_digits":1}}}}`, 200,
				`{"aggregations":{"hdr_percentiles#p":{"values":{"0.0":50.0,"50.0":102.0}}}}`)
			aggsOnly(t, s, "", `{"p":{"percentile_ranks":{"field":"i","values":[51,-1,0.5],"keyed":false,"hdr":{}}}}`, 200,
				`{"aggregations":{"hdr_percentile_ranks#p":{"values":[{"key":-1.0,"value":100.0},{"key":0.5,"value":0.0},{"key":51.0,"value":50.0}]}}}`)
			aggsOnly(t, s, "", `{"p":{"percentiles":{"field":"nope","percents":[50],"hdr":{}}}}`, 200,
				`{"aggregations":{"hdr_percentiles#p":{"values":{"50.0":null}}}}`)
		})
	}
}

func TestAggsPercentilesErrors(t *testing.T) {
	s := newTestServer(t)
	metricsIndex(t, s, 1, pctMapping, pctDocs...)
	cases := []struct{ aggs, want string }{
		{`{"p":{"percentiles":{"field":"i","tdigest":{"compression":-1}}}}`,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:51] [percentiles] failed to parse field [tdigest]"}],"type":"x_content_parse_exception","reason":"[1:51] [percentiles] failed to parse field [tdigest]","caused_by":{"type":"x_content_parse_exception","reason":"[1:62] [tdigest] failed to parse field [compression]","caused_by":{"type":"illegal_argument_exception","reason":"[compression] must be greater than or equal to 0. Found [-1.0]"}}},"status":400}`},
		{`{"p":{"percentiles":{"field":"i","hdr":{"number_of_significant_value_digits":6}}}}`,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:51] [percentiles] failed to parse field [hdr]"}],<**>"caused_by":{"type":"illegal_argument_exception","reason":"[numberOfSignificantValueDigits] must be between 0 and 5"}}},"status":400}`},
		{`{"p":{"percentiles":{"field":"i","percents":[]}}}`,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"Failed to build [percentiles] after last required field arrived"}],"type":"x_content_parse_exception","reason":"Failed to build [percentiles] after last required field arrived","caused_by":{"type":"illegal_argument_exception","reason":"[percents] must not be empty: [p]"}},"status":400}`},
		{`{"p":{"percentiles":{"field":"i","percents":[101]}}}`,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"Failed to build [percentiles] after last required field arrived"}],<**>"caused_by":{"type":"illegal_argument_exception","reason":"percent must be in [0,100], got [101.0]: [p]"}},"status":400}`},
		{`{"p":{"percentile_ranks":{"field":"i"}}}`,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"Failed to build [percentile_ranks] after last required field arrived"}],<**>"caused_by":{"type":"illegal_argument_exception","reason":"[values] must not be null: [p]"}},"status":400}`},
		{`{"p":{"percentiles":{"field":"i","tdigest":{},"hdr":{}}}}`,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"Failed to build [percentiles] after last required field arrived"}],<**>"caused_by":{"type":"illegal_argument_exception","reason":"Only one percentiles method should be declared."}},"status":400}`},
		{`{"p":{"percentiles":{"field":"i","percents":null}}}`,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:62] [percentiles] percents doesn't support values of type: VALUE_NULL"}]<**>`},
		{`{"p":{"percentiles":{"field":"i","percents":["x"]}}}`,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:51] [percentiles] failed to parse field [percents]"}],<**>"caused_by":{"type":"number_format_exception","reason":"For input string: \"x\""}},"status":400}`},
		{`{"p":{"percentiles":{"field":"i","tdigest":{"c":1}}}}`,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:51] [percentiles] failed to parse field [tdigest]"}],<**>"caused_by":{"type":"x_content_parse_exception","reason":"[1:62] [tdigest] unknown field [c]"}},"status":400}`},
		{`{"p":{"percentiles":{"field":"k"}}}`,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Field [k] of type [keyword] is not supported for aggregation [percentiles]"}]<**>`},
	}
	for _, c := range cases {
		aggsOnly(t, s, "", c.aggs, 400, c.want)
	}
}

func TestAggsPercentilesHDRNegativeFailsTheShard(t *testing.T) {
	s := newTestServer(t)
	metricsIndex(t, s, 2, pctMapping, `{"i":-10}`, `{"i":5}`, `{"i":6}`, `{"i":7}`)
	expect(t, s, "POST", "/m/_search?filter_path=_shards,aggregations", `{"size":0,"aggs":{"p":{"percentiles":{"field":"i","percents":[50],"hdr":{}}}}}`, 200,
		`{"_shards":{"total":2,"successful":1,"skipped":0,"failed":1,"failures":[{"shard":<*>,"index":"m","node":<*>,"reason":{"type":"array_index_out_of_bounds_exception","reason":"The value -10.0 is out of bounds for histogram, <**>Negative values cannot be recorded"}}]},"aggregations":{"p":{"values":{"50.0":<*>}}}}`)
}
