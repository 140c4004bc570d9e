package fake

import (
	"strconv"
	"strings"
	"testing"
)

// pipelineServer holds four documents over five days (Jan 3 has none):
// v is 1, 2, 4 and 8; t is a, b, a, c.
func pipelineServer(t *testing.T, shards int) *Server {
	t.Helper()
	s := newTestServer(t)
	expect(t, s, "PUT", "/sales", `{"settings":{"number_of_shards":`+strconv.Itoa(shards)+`},"mappings":{"properties":{"date":{"type":"date"},"v":{"type":"integer"},"t":{"type":"keyword"}}}}`, 200, "")
	expect(t, s, "POST", "/sales/_bulk?refresh=true", `{"index":{"_id":"1"}}
{"date":"2017-01-01T00:00:00","v":1,"t":"a"}
{"index":{"_id":"2"}}
{"date":"2017-01-02T00:00:00","v":2,"t":"b"}
{"index":{"_id":"3"}}
{"date":"2017-01-04T00:00:00","v":4,"t":"a"}
{"index":{"_id":"4"}}
{"date":"2017-01-05T00:00:00","v":8,"t":"c"}
`, 200, "")
	return s
}

// pipelineAggs runs a search on one shard and on three, checks both give
// the same aggregations and returns them (the "aggregations" object).
func pipelineAggs(t *testing.T, query string, typedKeys bool) string {
	t.Helper()
	var first string
	for _, shards := range []int{1, 3} {
		s := pipelineServer(t, shards)
		code, _, got := call(t, s, "POST", "/sales/_search?typed_keys="+strconv.FormatBool(typedKeys), query)
		if code != 200 {
			t.Fatalf("%d shards: status %d: %s", shards, code, got)
		}
		i := strings.Index(got, `"aggregations":`)
		if i < 0 {
			t.Fatalf("%d shards: no aggregations in %s", shards, got)
		}
		aggs := got[i+len(`"aggregations":`) : len(got)-1]
		if first == "" {
			first = aggs
		} else if aggs != first {
			t.Fatalf("3 shards differ from 1:\n got %s\nwant %s", aggs, first)
		}
	}
	return first
}

func checkAggs(t *testing.T, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("aggregations:\n got %s\nwant %s", got, want)
	}
}

// TestPipelineParentsOnDateHistogram: derivative (with unit), cumulative_sum,
// moving_fn, serial_diff and bucket_script on each day. The empty Jan 3
// bucket is a gap: skipped, it gives the derivative a null on both sides
// (the value after a gap has no previous value), no moving_fn, serial_diff
// or bucket_script value; cumulative_sum counts it as zero.
func TestPipelineParentsOnDateHistogram(t *testing.T) {
	got := pipelineAggs(t, `{"size":0,"aggs":{"h":{"date_histogram":{"field":"date","calendar_interval":"1d"},"aggs":{
		"s":{"sum":{"field":"v"}},
		"d":{"derivative":{"buckets_path":"s","unit":"1h"}},
		"c":{"cumulative_sum":{"buckets_path":"s"}},
		"m":{"moving_fn":{"buckets_path":"s","window":2,"script":"MovingFunctions.unweightedAvg(values)"}},
		"sd":{"serial_diff":{"buckets_path":"s"}},
		"bs":{"bucket_script":{"buckets_path":{"x":"s","n":"_count"},"script":"params.x * 10 + params.n"}}}}}}`, true)
	checkAggs(t, got, `{"date_histogram#h":{"buckets":[`+
		`{"key_as_string":"2017-01-01T00:00:00.000Z","key":1483228800000,"doc_count":1,"sum#s":{"value":1.0},"simple_value#c":{"value":1.0},"simple_value#m":{"value":null},"simple_value#bs":{"value":11.0}},`+
		`{"key_as_string":"2017-01-02T00:00:00.000Z","key":1483315200000,"doc_count":1,"sum#s":{"value":2.0},"derivative#d":{"value":1.0,"normalized_value":0.041666666666666664},"simple_value#c":{"value":3.0},"simple_value#m":{"value":1.0},"simple_value#sd":{"value":1.0},"simple_value#bs":{"value":21.0}},`+
		`{"key_as_string":"2017-01-03T00:00:00.000Z","key":1483401600000,"doc_count":0,"sum#s":{"value":0.0},"derivative#d":{"value":null,"normalized_value":null},"simple_value#c":{"value":3.0}},`+
		`{"key_as_string":"2017-01-04T00:00:00.000Z","key":1483488000000,"doc_count":1,"sum#s":{"value":4.0},"derivative#d":{"value":null,"normalized_value":null},"simple_value#c":{"value":7.0},"simple_value#m":{"value":1.5},"simple_value#bs":{"value":41.0}},`+
		`{"key_as_string":"2017-01-05T00:00:00.000Z","key":1483574400000,"doc_count":1,"sum#s":{"value":8.0},"derivative#d":{"value":4.0,"normalized_value":0.16666666666666666},"simple_value#c":{"value":15.0},"simple_value#m":{"value":3.0},"simple_value#sd":{"value":4.0},"simple_value#bs":{"value":81.0}}]}}`)
}

// TestPipelineSiblings: the *_bucket pipelines over the days' sums come
// after the aggregations of their level; NaN gaps are left out, _count
// never has a gap.
func TestPipelineSiblings(t *testing.T) {
	got := pipelineAggs(t, `{"size":0,"aggs":{"h":{"date_histogram":{"field":"date","calendar_interval":"1d"},"aggs":{"s":{"sum":{"field":"v"}}}},
		"mx":{"max_bucket":{"buckets_path":"h>s"}},
		"mn":{"min_bucket":{"buckets_path":"h>_count"}},
		"av":{"avg_bucket":{"buckets_path":"h>s"}},
		"sm":{"sum_bucket":{"buckets_path":"h>s.value","format":"0.00"}},
		"st":{"stats_bucket":{"buckets_path":"h>s"}},
		"es":{"extended_stats_bucket":{"buckets_path":"h>_count"}},
		"pb":{"percentiles_bucket":{"buckets_path":"h>s","percents":[50,99]}}}}`, true)
	checkAggs(t, got, `{"date_histogram#h":{"buckets":[`+
		`{"key_as_string":"2017-01-01T00:00:00.000Z","key":1483228800000,"doc_count":1,"sum#s":{"value":1.0}},`+
		`{"key_as_string":"2017-01-02T00:00:00.000Z","key":1483315200000,"doc_count":1,"sum#s":{"value":2.0}},`+
		`{"key_as_string":"2017-01-03T00:00:00.000Z","key":1483401600000,"doc_count":0,"sum#s":{"value":0.0}},`+
		`{"key_as_string":"2017-01-04T00:00:00.000Z","key":1483488000000,"doc_count":1,"sum#s":{"value":4.0}},`+
		`{"key_as_string":"2017-01-05T00:00:00.000Z","key":1483574400000,"doc_count":1,"sum#s":{"value":8.0}}]},`+
		`"bucket_metric_value#mx":{"value":8.0,"keys":["2017-01-05T00:00:00.000Z"]},`+
		`"bucket_metric_value#mn":{"value":0.0,"keys":["2017-01-03T00:00:00.000Z"]},`+
		`"simple_value#av":{"value":3.75},`+
		`"simple_value#sm":{"value":15.0,"value_as_string":"15.00"},`+
		`"stats_bucket#st":{"count":4,"min":1.0,"max":8.0,"avg":3.75,"sum":15.0},`+
		`"extended_stats_bucket#es":{"count":5,"min":0.0,"max":1.0,"avg":0.8,"sum":4.0,"sum_of_squares":4.0,"variance":0.15999999999999998,"variance_population":0.15999999999999998,"variance_sampling":0.19999999999999996,"std_deviation":0.39999999999999997,"std_deviation_population":0.39999999999999997,"std_deviation_sampling":0.44721359549995787,"std_deviation_bounds":{"upper":1.6,"lower":1.1102230246251565E-16,"upper_population":1.6,"lower_population":1.1102230246251565E-16,"upper_sampling":1.6944271909999158,"lower_sampling":-0.0944271909999157}},`+
		`"percentiles_bucket#pb":{"values":{"50.0":4.0,"99.0":8.0}}}`)
}

// TestPipelineSiblingsEmpty: over no bucket, max/min are null with no keys,
// avg is null, sum 0.0, the stats are empty and the percentiles null.
func TestPipelineSiblingsEmpty(t *testing.T) {
	got := pipelineAggs(t, `{"size":0,"query":{"term":{"t":"none"}},"aggs":{"t":{"terms":{"field":"t"},"aggs":{"s":{"sum":{"field":"v"}}}},
		"mx":{"max_bucket":{"buckets_path":"t>s"}},"av":{"avg_bucket":{"buckets_path":"t>s"}},"sm":{"sum_bucket":{"buckets_path":"t>s"}},
		"st":{"stats_bucket":{"buckets_path":"t>s"}},"pb":{"percentiles_bucket":{"buckets_path":"t>s","percents":[50]}}}}`, false)
	checkAggs(t, got, `{"t":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[]},`+
		`"mx":{"value":null,"keys":[]},"av":{"value":null},"sm":{"value":0.0},`+
		`"st":{"count":0,"min":null,"max":null,"avg":null,"sum":0.0},"pb":{"values":{"50.0":null}}}`)
}

// TestPipelineSelectorSortAndSiblingOrder: bucket_selector drops b, then
// bucket_sort keeps the second of the sums in descending order; the
// top-level min_bucket sees the buckets the inner pipelines left.
func TestPipelineSelectorSortAndSiblingOrder(t *testing.T) {
	got := pipelineAggs(t, `{"size":0,"aggs":{"t":{"terms":{"field":"t"},"aggs":{"s":{"sum":{"field":"v"}},
		"sel":{"bucket_selector":{"buckets_path":{"x":"s","c":"_count"},"script":{"source":"params.x > params.lim || params.c > 1","params":{"lim":3}}}},
		"srt":{"bucket_sort":{"sort":[{"s":"desc"}],"size":1,"from":1}}}},
		"mn":{"min_bucket":{"buckets_path":"t>_count","format":"0.00"}}}}`, false)
	checkAggs(t, got, `{"t":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"a","doc_count":2,"s":{"value":5.0}}]},"mn":{"value":2.0,"value_as_string":"2.00","keys":["a"]}}`)

	got = pipelineAggs(t, `{"size":0,"aggs":{"t":{"terms":{"field":"t"},"aggs":{"s":{"sum":{"field":"v"}},
		"srt":{"bucket_sort":{"sort":["_key",{"_count":{"order":"desc"}}]}}}}}}`, false)
	checkAggs(t, got, `{"t":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"a","doc_count":2,"s":{"value":5.0}},{"key":"b","doc_count":1,"s":{"value":2.0}},{"key":"c","doc_count":1,"s":{"value":8.0}}]}}`)
}

// TestPipelineBucketScriptWithKeys: a path may pick a bucket by its quoted
// key; sibling and parent pipelines under a filters bucket run per bucket.
func TestPipelineBucketScriptWithKeys(t *testing.T) {
	got := pipelineAggs(t, `{"size":0,"aggs":{"f":{"filters":{"filters":[{"match_all":{}}]},"aggs":{"t":{"terms":{"field":"t"},"aggs":{"s":{"sum":{"field":"v"}}}},
		"bs":{"bucket_script":{"buckets_path":{"a":"t['a']>s","c":"t['c']>_count"},"script":"params.a / params.c","format":"#.#"}},
		"mx":{"max_bucket":{"buckets_path":"t>s"}}}}}}`, true)
	checkAggs(t, got, `{"filters#f":{"buckets":[{"doc_count":4,"sterms#t":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[`+
		`{"key":"a","doc_count":2,"sum#s":{"value":5.0}},{"key":"b","doc_count":1,"sum#s":{"value":2.0}},{"key":"c","doc_count":1,"sum#s":{"value":8.0}}]},`+
		`"simple_value#bs":{"value":5.0,"value_as_string":"5"},"bucket_metric_value#mx":{"value":8.0,"keys":["c"]}}]}}`)
}

// TestPipelineHistogramKeysAndPercentiles: a null bucket_script result adds
// nothing; percentiles_bucket unkeyed with a format; max_bucket over the
// numeric _key names the key as a string.
func TestPipelineHistogramKeysAndPercentiles(t *testing.T) {
	got := pipelineAggs(t, `{"size":0,"aggs":{"h":{"histogram":{"field":"v","interval":3},"aggs":{"s":{"sum":{"field":"v"}},
		"e":{"bucket_script":{"buckets_path":"s","script":"params._value == 4 ? null : params._value","gap_policy":"INSERT_ZEROS"}}}},
		"p":{"percentiles_bucket":{"buckets_path":"h>s","percents":[0,50,100],"keyed":false,"format":"0.0"}},
		"k":{"max_bucket":{"buckets_path":"h>_key"}}}}`, false)
	checkAggs(t, got, `{"h":{"buckets":[{"key":0.0,"doc_count":2,"s":{"value":3.0},"e":{"value":3.0}},{"key":3.0,"doc_count":1,"s":{"value":4.0}},{"key":6.0,"doc_count":1,"s":{"value":8.0},"e":{"value":8.0}}]},`+
		`"p":{"values":[{"key":0.0,"value":3.0,"0.0_as_string":"3.0"},{"key":50.0,"value":4.0,"50.0_as_string":"4.0"},{"key":100.0,"value":8.0,"100.0_as_string":"8.0"}]},`+
		`"k":{"value":6.0,"keys":["6.0"]}}`)
}

// TestPipelineMovingFnWindows: shift moves the window onto the current
// bucket, params reach the script; with insert_zeros the gap is a 0 value.
func TestPipelineMovingFnWindows(t *testing.T) {
	got := pipelineAggs(t, `{"size":0,"aggs":{"h":{"date_histogram":{"field":"date","calendar_interval":"1d"},"aggs":{"s":{"sum":{"field":"v"}},
		"a":{"moving_fn":{"buckets_path":"s","window":2,"shift":1,"script":{"source":"MovingFunctions.sum(values) * params.k","params":{"k":10}}}},
		"b":{"moving_fn":{"buckets_path":"s.value","window":3,"gap_policy":"insert_zeros","script":"MovingFunctions.linearWeightedAvg(values)"}}}}}}`, false)
	checkAggs(t, got, `{"h":{"buckets":[`+
		`{"key_as_string":"2017-01-01T00:00:00.000Z","key":1483228800000,"doc_count":1,"s":{"value":1.0},"a":{"value":10.0},"b":{"value":null}},`+
		`{"key_as_string":"2017-01-02T00:00:00.000Z","key":1483315200000,"doc_count":1,"s":{"value":2.0},"a":{"value":30.0},"b":{"value":0.5}},`+
		`{"key_as_string":"2017-01-03T00:00:00.000Z","key":1483401600000,"doc_count":0,"s":{"value":0.0},"b":{"value":1.25}},`+
		`{"key_as_string":"2017-01-04T00:00:00.000Z","key":1483488000000,"doc_count":1,"s":{"value":4.0},"a":{"value":60.0},"b":{"value":0.7142857142857143}},`+
		`{"key_as_string":"2017-01-05T00:00:00.000Z","key":1483574400000,"doc_count":1,"s":{"value":8.0},"a":{"value":120.0},"b":{"value":2.0}}]}}`)
}

// TestPipelineNestedLevels: sibling pipelines inside a terms bucket run per
// bucket (a later one may read an earlier one: the selector reads the
// stats), serial_diff with lag 2 and insert_zeros, meta printed first, and
// a sibling inside a global bucket.
func TestPipelineNestedLevels(t *testing.T) {
	got := pipelineAggs(t, `{"size":0,"aggs":{"t":{"terms":{"field":"t","order":{"_key":"asc"}},"aggs":{
		"h":{"date_histogram":{"field":"date","calendar_interval":"1d"},"aggs":{"s":{"sum":{"field":"v"}},"sd":{"serial_diff":{"buckets_path":"s","lag":2,"gap_policy":"insert_zeros"},"meta":{"x":1}}}},
		"best":{"max_bucket":{"buckets_path":"h>s"},"meta":{"why":"peak"}},
		"sel":{"bucket_selector":{"buckets_path":{"m":"stat.max"},"script":"params.m > 2"}},
		"stat":{"stats_bucket":{"buckets_path":"h>s"}}}},
		"gl":{"global":{},"aggs":{"n":{"sum_bucket":{"buckets_path":"t2>_count"}},"t2":{"terms":{"field":"t"}}}}}}`, true)
	checkAggs(t, got, `{"sterms#t":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[`+
		`{"key":"a","doc_count":2,"date_histogram#h":{"buckets":[`+
		`{"key_as_string":"2017-01-01T00:00:00.000Z","key":1483228800000,"doc_count":1,"sum#s":{"value":1.0}},`+
		`{"key_as_string":"2017-01-02T00:00:00.000Z","key":1483315200000,"doc_count":0,"sum#s":{"value":0.0}},`+
		`{"key_as_string":"2017-01-03T00:00:00.000Z","key":1483401600000,"doc_count":0,"sum#s":{"value":0.0},"simple_value#sd":{"meta":{"x":1},"value":-1.0}},`+
		`{"key_as_string":"2017-01-04T00:00:00.000Z","key":1483488000000,"doc_count":1,"sum#s":{"value":4.0},"simple_value#sd":{"meta":{"x":1},"value":4.0}}]},`+
		`"bucket_metric_value#best":{"meta":{"why":"peak"},"value":4.0,"keys":["2017-01-04T00:00:00.000Z"]},"stats_bucket#stat":{"count":2,"min":1.0,"max":4.0,"avg":2.5,"sum":5.0}},`+
		`{"key":"c","doc_count":1,"date_histogram#h":{"buckets":[{"key_as_string":"2017-01-05T00:00:00.000Z","key":1483574400000,"doc_count":1,"sum#s":{"value":8.0}}]},`+
		`"bucket_metric_value#best":{"meta":{"why":"peak"},"value":8.0,"keys":["2017-01-05T00:00:00.000Z"]},"stats_bucket#stat":{"count":1,"min":8.0,"max":8.0,"avg":8.0,"sum":8.0}}]},`+
		`"global#gl":{"doc_count":4,"sterms#t2":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"a","doc_count":2},{"key":"b","doc_count":1},{"key":"c","doc_count":1}]},"simple_value#n":{"value":4.0}}}`)
}

// TestPipelinePathsToPipelines: a path may read another pipeline's value:
// a derivative's normalized_value (empty buckets are gaps, but not for
// _count) and a percentile of a percentiles_bucket.
func TestPipelinePathsToPipelines(t *testing.T) {
	got := pipelineAggs(t, `{"size":0,"aggs":{"t":{"terms":{"field":"t"},"aggs":{
		"h":{"histogram":{"field":"v","interval":2,"min_doc_count":0},"aggs":{"d":{"derivative":{"buckets_path":"_count","unit":"1s"}},
			"n":{"bucket_script":{"buckets_path":{"x":"d.normalized_value"},"script":"params.x * 100"}}}},
		"p":{"percentiles_bucket":{"buckets_path":"h>_count","percents":[50]}}}},
		"m":{"max_bucket":{"buckets_path":"t>p.50"}}}}`, false)
	checkAggs(t, got, `{"t":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[`+
		`{"key":"a","doc_count":2,"h":{"buckets":[{"key":0.0,"doc_count":1},{"key":2.0,"doc_count":0,"d":{"value":-1.0,"normalized_value":-500.0}},{"key":4.0,"doc_count":1,"d":{"value":1.0,"normalized_value":500.0},"n":{"value":50000.0}}]},"p":{"values":{"50.0":1.0}}},`+
		`{"key":"b","doc_count":1,"h":{"buckets":[{"key":2.0,"doc_count":1}]},"p":{"values":{"50.0":1.0}}},`+
		`{"key":"c","doc_count":1,"h":{"buckets":[{"key":8.0,"doc_count":1}]},"p":{"values":{"50.0":1.0}}}]},`+
		`"m":{"value":1.0,"keys":["a","b","c"]}}`)
}

// TestPipelineMetricKeysAndSingleBuckets: a numeric _key, a multi-value
// metric's named value, steps through a filter (its _count, its avg: an
// empty filter's NaN is a gap) from bucket_script and the siblings.
func TestPipelineMetricKeysAndSingleBuckets(t *testing.T) {
	got := pipelineAggs(t, `{"size":0,"aggs":{"n":{"terms":{"field":"v"},"aggs":{"st":{"stats":{"field":"v"}},
		"f":{"filter":{"range":{"v":{"gte":2}}},"aggs":{"a":{"avg":{"field":"v"}}}},
		"bs":{"bucket_script":{"buckets_path":{"k":"_key","c":"f>_count","a":"f>a","m":"st.max"},"script":"params.k + params.c + params.a + params.m"}}}},
		"mx":{"max_bucket":{"buckets_path":"n>st.avg"}},"mn":{"min_bucket":{"buckets_path":"n>f>a"}},"cnt":{"sum_bucket":{"buckets_path":"n>f._count"}}}}`, false)
	checkAggs(t, got, `{"n":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[`+
		`{"key":1,"doc_count":1,"st":{"count":1,"min":1.0,"max":1.0,"avg":1.0,"sum":1.0},"f":{"doc_count":0,"a":{"value":null}}},`+
		`{"key":2,"doc_count":1,"st":{"count":1,"min":2.0,"max":2.0,"avg":2.0,"sum":2.0},"f":{"doc_count":1,"a":{"value":2.0}},"bs":{"value":7.0}},`+
		`{"key":4,"doc_count":1,"st":{"count":1,"min":4.0,"max":4.0,"avg":4.0,"sum":4.0},"f":{"doc_count":1,"a":{"value":4.0}},"bs":{"value":13.0}},`+
		`{"key":8,"doc_count":1,"st":{"count":1,"min":8.0,"max":8.0,"avg":8.0,"sum":8.0},"f":{"doc_count":1,"a":{"value":8.0}},"bs":{"value":25.0}}]},`+
		`"mx":{"value":8.0,"keys":["8"]},"mn":{"value":2.0,"keys":["2"]},"cnt":{"value":3.0}}`)
}

// TestPipelineBucketSortGaps: with skip, a bucket whose sort values are all
// gaps is dropped; with insert_zeros a value that does not resolve is null
// and sorts last (in skip mode it is Java's NullPointerException).
func TestPipelineBucketSortGaps(t *testing.T) {
	got := pipelineAggs(t, `{"size":0,"aggs":{"h":{"histogram":{"field":"v","interval":2},"aggs":{"s":{"sum":{"field":"v"}},"o":{"bucket_sort":{"sort":[{"s":"desc"}]}}}}}}`, false)
	checkAggs(t, got, `{"h":{"buckets":[{"key":8.0,"doc_count":1,"s":{"value":8.0}},{"key":4.0,"doc_count":1,"s":{"value":4.0}},{"key":2.0,"doc_count":1,"s":{"value":2.0}},{"key":0.0,"doc_count":1,"s":{"value":1.0}}]}}`)
	got = pipelineAggs(t, `{"size":0,"aggs":{"h":{"histogram":{"field":"v","interval":2},"aggs":{"s":{"sum":{"field":"v"}},
		"x":{"bucket_script":{"buckets_path":"s","script":"params._value > 1 ? params._value : null"}},
		"o":{"bucket_sort":{"sort":[{"x":"desc"}],"gap_policy":"insert_zeros"}}}}}}`, false)
	checkAggs(t, got, `{"h":{"buckets":[{"key":8.0,"doc_count":1,"s":{"value":8.0},"x":{"value":8.0}},{"key":4.0,"doc_count":1,"s":{"value":4.0},"x":{"value":4.0}},{"key":2.0,"doc_count":1,"s":{"value":2.0},"x":{"value":2.0}},{"key":0.0,"doc_count":1,"s":{"value":1.0}},{"key":6.0,"doc_count":0,"s":{"value":0.0}}]}}`)
}

// TestPipelineErrors: parse errors (each builder's own parser), request
// validation (all problems in one "Validation Failed" list) and reduce
// failures (a fetch-phase search_phase_execution_exception with no root
// cause), with OpenSearch's messages.
func TestPipelineErrors(t *testing.T) {
	s := pipelineServer(t, 2)
	validation := func(reason string) string {
		return `{"error":{"root_cause":[{"type":"action_request_validation_exception","reason":"` + reason + `"}],"type":"action_request_validation_exception","reason":"` + reason + `"},"status":400}`
	}
	reduce := func(status int, cause string) string {
		return `{"error":{"root_cause":[],"type":"search_phase_execution_exception","reason":"","phase":"fetch","grouped":true,"failed_shards":[],"caused_by":` + cause + `},"status":` + strconv.Itoa(status) + `}`
	}
	const multi = `buckets_path must reference either a number value or a single value numeric metric aggregation`
	for _, c := range []struct {
		name, aggs string
		status     int
		want       string
	}{
		{"moving_fn window", `{"a":{"avg":{"field":"v"}},"m":{"moving_fn":{"buckets_path":"a","window":-1,"script":"MovingFunctions.max(values)"}}}`, 400,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:103] [moving_fn] failed to parse field [script]"}],"type":"x_content_parse_exception","reason":"[1:103] [moving_fn] failed to parse field [script]","caused_by":{"type":"x_content_parse_exception","reason":"Failed to build [moving_fn] after last required field arrived","caused_by":{"type":"illegal_argument_exception","reason":"[window] must be a positive, non-zero integer."}}},"status":400}`},
		{"no aggregation for path", `{"t":{"terms":{"field":"t"}},"m":{"max_bucket":{"buckets_path":"nope>x"}}}`, 400,
			validation(`Validation Failed: 1: No aggregation found for path [nope>x];`)},
		{"no sub-aggregation for path", `{"t":{"terms":{"field":"t"},"aggs":{"x":{"avg":{"field":"v"}}}},"m":{"max_bucket":{"buckets_path":"t>y"}}}`, 400,
			validation(`Validation Failed: 1: No aggregation [y] found for path [t>y];`)},
		{"every level's problems", `{"h":{"histogram":{"field":"v","interval":2,"min_doc_count":1},"aggs":{"d":{"derivative":{"buckets_path":"_count"}},"m":{"moving_fn":{"buckets_path":"_count","window":2,"script":"0"}}}},"top":{"bucket_sort":{"size":1}},"a":{"avg":{"field":"v"}},"x":{"max_bucket":{"buckets_path":"a"}}}`, 400,
			validation(`Validation Failed: 1: bucket_sort aggregation [top] must be declared inside of another aggregation;2: The first aggregation in buckets_path must be a multi-bucket aggregation for aggregation [x] found :org.opensearch.search.aggregations.metrics.AvgAggregationBuilder for buckets path: a;3: parent histogram of derivative aggregation [d] must have min_doc_count of 0;4: parent histogram of moving_fn aggregation [m] must have min_doc_count of 0;`)},
		{"cycle", `{"c1":{"max_bucket":{"buckets_path":"c2"}},"c2":{"max_bucket":{"buckets_path":"c1"}},"top":{"bucket_sort":{"size":1}}}`, 400,
			validation(`Validation Failed: 1: Cyclical dependency found with pipeline aggregator [c1];`)},
		{"parents", `{"h":{"histogram":{"field":"v","interval":2},"aggs":{"c":{"cumulative_sum":{"buckets_path":["_count","_count"]}},"bs":{"bucket_sort":{}}}},"t":{"terms":{"field":"t"},"aggs":{"m":{"moving_fn":{"buckets_path":"_count","window":1,"script":"0"}}}},"d":{"derivative":{"buckets_path":"h>_count"}}}`, 400,
			validation(`Validation Failed: 1: derivative aggregation [d] must have a histogram, date_histogram or auto_date_histogram as parent but doesn't have a parent;2: buckets_path must contain a single entry for aggregation [c];3: [bs] is configured to perform nothing. Please set either of [sort, size, from] to use bucket_sort;4: moving_fn aggregation [m] must have a histogram, date_histogram or auto_date_histogram as parent;`)},
		{"sibling of a pipeline", `{"h":{"histogram":{"field":"v","interval":3},"aggs":{"s":{"sum":{"field":"v"}}}},"p":{"percentiles_bucket":{"buckets_path":"h>s"}},"pp":{"max_bucket":{"buckets_path":"p.50"}}}`, 400,
			validation(`Validation Failed: 1: buckets_path aggregation does not exist for aggregation [pp]: p.50;`)},
		{"terms through terms", `{"t":{"terms":{"field":"t"},"aggs":{"t2":{"terms":{"field":"v"},"aggs":{"x":{"max":{"field":"v"}}}}}},"m":{"max_bucket":{"buckets_path":"t>t2>x"}}}`, 500,
			reduce(500, `{"type":"aggregation_execution_exception","reason":"`+multi+`, got: [Object[]] at aggregation [t2]"}`)},
		{"terms as a value", `{"t":{"terms":{"field":"t"},"aggs":{"t2":{"terms":{"field":"v"}}}},"m":{"max_bucket":{"buckets_path":"t>t2"}}}`, 500,
			reduce(500, `{"type":"aggregation_execution_exception","reason":"`+multi+`, got: [LongTerms] at aggregation [t2]"}`)},
		{"multi-value metric", `{"t":{"terms":{"field":"t"},"aggs":{"s":{"stats":{"field":"v"}}}},"m":{"max_bucket":{"buckets_path":"t>s"}}}`, 500,
			reduce(500, `{"type":"aggregation_execution_exception","reason":"`+multi+`, but [s] contains multiple values. Please specify which to use."}`)},
		{"date key", `{"h":{"date_histogram":{"field":"date","calendar_interval":"1d"},"aggs":{"k":{"bucket_script":{"buckets_path":"_key","script":"params._value"}}}}}`, 500,
			reduce(500, `{"type":"aggregation_execution_exception","reason":"`+multi+`, got: [ZonedDateTime] at aggregation [_key]"}`)},
		{"script failure", `{"h":{"date_histogram":{"field":"date","calendar_interval":"1d"},"aggs":{"w":{"moving_fn":{"buckets_path":"_count","window":2,"script":"MovingFunctions.holtWinters(values, 0.5, 0.5, 0.5, 2, false)"}}}}}`, 400,
			reduce(400, `{"type":"script_exception","reason":"runtime error","script_stack":["MovingFunctions.holtWinters(values, 0.5, 0.5, 0.5, 2, false)","               ^---- HERE"],"script":"MovingFunctions.holtWinters(values, 0.5, 0.5, 0.5, 2, false)","lang":"painless","position":{"offset":15,"start":0,"end":60},"caused_by":{"type":"illegal_argument_exception","reason":"Holt-Winters aggregation requires at least (2 * period == 2 * 2 == 4) data-points to function.  Only [1] were provided."}}`)},
		{"lag", `{"h":{"histogram":{"field":"v","interval":2},"aggs":{"sd":{"serial_diff":{"buckets_path":"_count","lag":0}}}}}`, 400,
			`{"error":{"root_cause":[{"type":"parsing_exception","reason":"Lag must be a positive, non-zero integer.  Value supplied was0 in [sd]: [lag].","line":1,"col":122}],"type":"parsing_exception","reason":"Lag must be a positive, non-zero integer.  Value supplied was0 in [sd]: [lag].","line":1,"col":122},"status":400}`},
		{"keep_values", `{"m":{"max_bucket":{"buckets_path":"h>_count","gap_policy":"keep_values"}}}`, 400,
			`{"error":{"root_cause":[{"type":"parsing_exception","reason":"Invalid gap policy: [keep_values], accepted values: [insert_zeros, skip]","line":1,"col":77}],"type":"parsing_exception","reason":"Invalid gap policy: [keep_values], accepted values: [insert_zeros, skip]","line":1,"col":77},"status":400}`},
		{"gap policy of an object parser", `{"m":{"moving_fn":{"buckets_path":"h>_count","gap_policy":"nope","window":1,"script":"0"}}}`, 400,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:76] [moving_fn] failed to parse field [gap_policy]"}],"type":"x_content_parse_exception","reason":"[1:76] [moving_fn] failed to parse field [gap_policy]","caused_by":{"type":"parsing_exception","reason":"Invalid gap policy: [nope], accepted values: [insert_zeros, skip]","line":1,"col":76}},"status":400}`},
		{"bucket metrics token", `{"m":{"max_bucket":{"buckets_path":"h>_count","foo":1}}}`, 400,
			`{"error":{"root_cause":[{"type":"parsing_exception","reason":"Unexpected token VALUE_NUMBER [foo] in [m]","line":1,"col":70}],"type":"parsing_exception","reason":"Unexpected token VALUE_NUMBER [foo] in [m]","line":1,"col":70},"status":400}`},
		{"bucket metrics path", `{"m":{"max_bucket":{"gap_policy":"skip"}}}`, 400,
			`{"error":{"root_cause":[{"type":"parsing_exception","reason":"Missing required field [buckets_path] for aggregation [m]","line":1,"col":57}],"type":"parsing_exception","reason":"Missing required field [buckets_path] for aggregation [m]","line":1,"col":57},"status":400}`},
		{"derivative path", `{"m":{"derivative":{"gap_policy":"skip"}}}`, 400,
			`{"error":{"root_cause":[{"type":"parsing_exception","reason":"Missing required field [buckets_path] for derivative aggregation [m]","line":1,"col":57}],"type":"parsing_exception","reason":"Missing required field [buckets_path] for derivative aggregation [m]","line":1,"col":57},"status":400}`},
		{"serial_diff path", `{"m":{"serial_diff":{"gap_policy":"skip"}}}`, 400,
			`{"error":{"root_cause":[{"type":"parsing_exception","reason":"Missing required field [buckets_path] for derivative aggregation [m]","line":1,"col":58}],"type":"parsing_exception","reason":"Missing required field [buckets_path] for derivative aggregation [m]","line":1,"col":58},"status":400}`},
		{"required arguments", `{"m":{"bucket_script":{"gap_policy":"skip"}}}`, 400,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Required [buckets_path, script]"}],"type":"illegal_argument_exception","reason":"Required [buckets_path, script]"},"status":400}`},
		{"derivative token", `{"m":{"derivative":{"buckets_path":"x","lag":1}}}`, 400,
			`{"error":{"root_cause":[{"type":"parsing_exception","reason":"Unexpected token VALUE_NUMBER in [m].","line":1,"col":63}],"type":"parsing_exception","reason":"Unexpected token VALUE_NUMBER in [m].","line":1,"col":63},"status":400}`},
		{"sub-aggregations", `{"m":{"derivative":{"buckets_path":"x"},"aggs":{"a":{"avg":{"field":"v"}}}}}`, 400,
			`{"error":{"root_cause":[{"type":"parsing_exception","reason":"Aggregation [m] cannot define sub-aggregations","line":1,"col":92}],"type":"parsing_exception","reason":"Aggregation [m] cannot define sub-aggregations","line":1,"col":92},"status":400}`},
		{"parent pipeline in a single bucket", `{"f":{"filter":{"match_all":{}},"aggs":{"bs":{"bucket_script":{"buckets_path":"_count","script":"1"}}}}}`, 500,
			reduce(500, `{"type":"class_cast_exception","reason":"class org.opensearch.search.aggregations.bucket.filter.InternalFilter cannot be cast to class org.opensearch.search.aggregations.InternalMultiBucketAggregation (org.opensearch.search.aggregations.bucket.filter.InternalFilter and org.opensearch.search.aggregations.InternalMultiBucketAggregation are in unnamed module of loader 'app')"}`)},
		{"derivative unit", `{"h":{"date_histogram":{"field":"date","calendar_interval":"1d"},"aggs":{"d":{"derivative":{"buckets_path":"_count","unit":"fortnight"}}}}}`, 400,
			reduce(400, `{"type":"parse_exception","reason":"failed to parse setting [DerivativePipelineAggregationBuilder.unit] with value [fortnight] as a time value: unit is missing or unrecognized"}`)},
		{"sigma", `{"e":{"extended_stats_bucket":{"buckets_path":"h>_count","sigma":-1}}}`, 400,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"sigma must be a non-negative double"}],"type":"illegal_argument_exception","reason":"sigma must be a non-negative double"},"status":400}`},
		{"percents", `{"e":{"percentiles_bucket":{"buckets_path":"h>_count","percents":[101]}}}`, 400,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"percents must only contain non-null doubles from 0.0-100.0 inclusive"}],"type":"illegal_argument_exception","reason":"percents must only contain non-null doubles from 0.0-100.0 inclusive"},"status":400}`},
		{"missing percent", `{"t":{"terms":{"field":"t"},"aggs":{"h":{"histogram":{"field":"v","interval":4}},"p":{"percentiles_bucket":{"buckets_path":"h>_count","percents":[50]}}}},"m":{"max_bucket":{"buckets_path":"t>p.51"}}}`, 400,
			reduce(400, `{"type":"illegal_argument_exception","reason":"Percent requested [51.0] was not one of the computed percentiles.  Available keys are: [50.0]"}`)},
		{"unknown stat", `{"t":{"terms":{"field":"t"},"aggs":{"h":{"histogram":{"field":"v","interval":4}},"p":{"stats_bucket":{"buckets_path":"h>_count"}}}},"m":{"max_bucket":{"buckets_path":"t>p.middle"}}}`, 400,
			reduce(400, `{"type":"illegal_argument_exception","reason":"No enum constant org.opensearch.search.aggregations.metrics.InternalStats.Metrics.middle"}`)},
		{"bucket_sort on a missing value", `{"h":{"histogram":{"field":"v","interval":2},"aggs":{"s":{"sum":{"field":"v"}},"x":{"bucket_script":{"buckets_path":"s","script":"params._value > 1 ? params._value : null"}},"o":{"bucket_sort":{"sort":[{"x":"desc"}]}}}}}`, 500,
			reduce(500, `{"type":"null_pointer_exception","reason":"Cannot invoke \"java.lang.Double.doubleValue()\" because \"bucketValue\" is null"}`)},
		{"unknown field", `{"m":{"cumulative_sum":{"buckets_path":"x","foo":"bar"}}}`, 400,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:61] [cumulative_sum] unknown field [foo]"}],"type":"x_content_parse_exception","reason":"[1:61] [cumulative_sum] unknown field [foo]"},"status":400}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			expect(t, s, "POST", "/sales/_search", `{"size":0,"aggs":`+c.aggs+`}`, c.status, c.want)
		})
	}
}

// TestPipelineScriptsCompileInTheirContexts: pipeline scripts compile on the
// coordinating node in their own script contexts, once (then cached), and
// node stats count them there.
func TestPipelineScriptsCompileInTheirContexts(t *testing.T) {
	s := pipelineServer(t, 2)
	query := `{"size":0,"aggs":{"h":{"date_histogram":{"field":"date","calendar_interval":"1d"},"aggs":{
		"bs":{"bucket_script":{"buckets_path":"_count","script":"params._value * 2"}},
		"sel":{"bucket_selector":{"buckets_path":{"c":"_count"},"script":"params.c > 0"}},
		"m":{"moving_fn":{"buckets_path":"_count","window":2,"script":"MovingFunctions.sum(values)"}}}}}}`
	for i := 0; i < 2; i++ {
		expect(t, s, "POST", "/sales/_search", query, 200, "")
	}
	_, _, got := call(t, s, "GET", "/_nodes/stats/script_cache", "")
	for _, ctx := range []string{"bucket_aggregation", "aggregation_selector", "moving-function"} {
		want := `"context":"` + ctx + `","compilations":1,"cache_evictions":0,"compilation_limit_triggered":0}`
		if !strings.Contains(got, want) {
			t.Errorf("no %s in %s", want, got)
		}
	}
}
