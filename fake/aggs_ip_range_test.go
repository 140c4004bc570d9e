package fake

import "testing"

const ipRangeProps = `{"ip":{"type":"ip"},"v":{"type":"long"}}`

var ipRangeDocs = []string{`{"ip":"::1","v":1}`, `{"ip":"192.168.0.1","v":2}`, `{"ip":"192.168.0.7","v":3}`, `{"v":4}`}

func TestAggsIPRangeBounds(t *testing.T) {
	expectAggs(t, ipRangeProps, ipRangeDocs,
		`{"size":0,"aggs":{"r":{"ip_range":{"field":"ip","ranges":[{"from":"192.169.0.0"},{"from":"192.168.0.0","to":"192.169.0.0"},{"to":"192.168.0.0"}]}}}}`,
		`{"r":{"buckets":[{"key":"*-192.168.0.0","to":"192.168.0.0","doc_count":1},{"key":"192.168.0.0-192.169.0.0","from":"192.168.0.0","to":"192.169.0.0","doc_count":2},{"key":"192.169.0.0-*","from":"192.169.0.0","doc_count":0}]}}`)
}

func TestAggsIPRangeMasksKeyedAndMissing(t *testing.T) {
	expectAggs(t, ipRangeProps, ipRangeDocs,
		`{"size":0,"aggs":{"r":{"ip_range":{"field":"ip","keyed":true,"missing":"10.0.0.1","ranges":[{"mask":"::/24"},{"key":"lan","mask":"192.168.0.0/29"},{"mask":"10.0.0.0/8"},{"from":null,"to":null}]}}}}`,
		`{"r":{"buckets":{"::/24":{"to":"0:100::","doc_count":4},"*-*":{"doc_count":4},"10.0.0.0/8":{"from":"10.0.0.0","to":"11.0.0.0","doc_count":1},"lan":{"from":"192.168.0.0","to":"192.168.0.8","doc_count":2}}}}`)
}

func TestAggsIPRangeSubAggsAndAvgBucket(t *testing.T) {
	expectAggs(t, ipRangeProps, ipRangeDocs,
		`{"size":0,"aggs":{"r":{"ip_range":{"field":"ip","ranges":[{"to":"192.168.0.0"},{"from":"192.168.0.0","to":"192.169.0.0"},{"from":"192.169.0.0"}]},"aggs":{"v":{"sum":{"field":"v"}}}},"avg_v":{"avg_bucket":{"buckets_path":"r.v"}}}}`,
		`{"r":{"buckets":[{"key":"*-192.168.0.0","to":"192.168.0.0","doc_count":1,"v":{"value":1.0}},{"key":"192.168.0.0-192.169.0.0","from":"192.168.0.0","to":"192.169.0.0","doc_count":2,"v":{"value":5.0}},{"key":"192.169.0.0-*","from":"192.169.0.0","doc_count":0,"v":{"value":0.0}}]},"avg_v":{"value":3.0}}`)
}

func TestAggsIPRangeUnmappedAndTypedKeys(t *testing.T) {
	s := aggsIndex(t, 2, ipRangeProps, ipRangeDocs...)
	got := aggsOf(t, s, "/idx/_search?typed_keys=true", `{"size":0,"aggs":{"r":{"ip_range":{"field":"nope","ranges":[{"to":"::5"}]}}}}`)
	if want := `{"ip_range#r":{"buckets":[{"key":"*-::5","to":"::5","doc_count":0}]}}`; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

func TestAggsIPRangeErrors(t *testing.T) {
	s := aggsIndex(t, 1, `{"ip":{"type":"ip"},"k":{"type":"keyword"}}`, `{"ip":"::1","k":"a"}`)
	expectAggError(t, s, `{"aggs":{"r":{"ip_range":{"field":"ip","ranges":[{"to":"nope"}]}}}}`, 400,
		`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:40] [ip_range] failed to parse field [ranges]"}],"type":"x_content_parse_exception","reason":"[1:40] [ip_range] failed to parse field [ranges]","caused_by":{"type":"illegal_argument_exception","reason":"'nope' is not an IP string literal."}},"status":400}`)
	expectAggError(t, s, `{"aggs":{"r":{"ip_range":{"field":"ip","ranges":[{"at":"::1"}]}}}}`, 400,
		`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:40] [ip_range] failed to parse field [ranges]"}],"type":"x_content_parse_exception","reason":"[1:40] [ip_range] failed to parse field [ranges]","caused_by":{"type":"parsing_exception","reason":"Unexpected ip range parameter: [at]","line":1,"col":56}},"status":400}`)
	expectAggError(t, s, `{"aggs":{"r":{"ip_range":{"field":"ip","format":"x","ranges":[{"to":"::1"}]}}}}`, 400,
		`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:40] [ip_range] unknown field [format]"}],"type":"x_content_parse_exception","reason":"[1:40] [ip_range] unknown field [format]"},"status":400}`)
	expectAggError(t, s, `{"aggs":{"r":{"ip_range":{"field":"ip"}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"No [ranges] specified for the [r] aggregation"}],"type":"illegal_argument_exception","reason":"No [ranges] specified for the [r] aggregation"},"status":400}`)
	expectAggError(t, s, `{"aggs":{"r":{"ip_range":{"field":"k","ranges":[{"to":"::1"}]}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Field [k] of type [keyword] is not supported for aggregation [ip_range]"}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"idx","node":<*>,"reason":{"type":"illegal_argument_exception","reason":"Field [k] of type [keyword] is not supported for aggregation [ip_range]"}}],"caused_by":{"type":"illegal_argument_exception","reason":"Field [k] of type [keyword] is not supported for aggregation [ip_range]"}},"status":400}`)
}
