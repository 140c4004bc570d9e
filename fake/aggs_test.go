package fake

import (
	"fmt"
	"strings"
	"testing"
)

// salesIndex creates an index of sales on the given number of shards.
func salesIndex(t *testing.T, s *Server, shards int) {
	t.Helper()
	expect(t, s, "PUT", "/sales", fmt.Sprintf(`{"settings":{"number_of_shards":%d},"mappings":{"properties":{"tag":{"type":"keyword"},"price":{"type":"double"},"qty":{"type":"integer"},"on":{"type":"date"},"ok":{"type":"boolean"},"title":{"type":"text"}}}}`, shards), 200, "")
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"sales","_id":"1"}}
{"tag":["a","b"],"price":10.5,"qty":1,"on":"2024-01-01T10:00:00Z","ok":true,"title":"red hat"}
{"index":{"_index":"sales","_id":"2"}}
{"tag":"a","price":20,"qty":3,"on":"2024-01-01T23:00:00Z","ok":false}
{"index":{"_index":"sales","_id":"3"}}
{"tag":"c","price":5.25,"qty":2,"on":"2024-01-03T00:00:00Z","ok":true}
{"index":{"_index":"sales","_id":"4"}}
{"tag":"b","qty":7}
`, 200, "")
}

// searchBody wraps aggregations in the response of a size 0 search that
// matched n documents on one shard.
func searchBody(shards, n int, aggs string) string {
	return fmt.Sprintf(`{"took":<*>,"timed_out":false,"_shards":{"total":%d,"successful":%d,"skipped":0,"failed":0},"hits":{"total":{"value":%d,"relation":"eq"},"max_score":null,"hits":[]},"aggregations":%s}`, shards, shards, n, aggs)
}

func TestAggregationsMetrics(t *testing.T) {
	for _, shards := range []int{1, 3} {
		t.Run(fmt.Sprintf("%d shards", shards), func(t *testing.T) {
			s := New(t)
			salesIndex(t, s, shards)
			expect(t, s, "POST", "/sales/_search?size=0", `{"aggs":{"avg":{"avg":{"field":"price"}},"sum":{"sum":{"field":"qty"}},"min":{"min":{"field":"on"}},"max":{"max":{"field":"price"}},"n":{"value_count":{"field":"tag"}},"none":{"avg":{"field":"nope"}},"c":{"cardinality":{"field":"tag"}}}}`, 200,
				searchBody(shards, 4, `{"avg":{"value":11.916666666666666},"sum":{"value":13.0},"min":{"value":1.7041032E12,"value_as_string":"2024-01-01T10:00:00.000Z"},"max":{"value":20.0},"n":{"value":5},"none":{"value":null},"c":{"value":3}}`))
			expect(t, s, "POST", "/sales/_search?size=0", `{"aggs":{"s":{"stats":{"field":"qty"}},"e":{"extended_stats":{"field":"qty","sigma":1}},"empty":{"extended_stats":{"field":"nope"}}}}`, 200,
				searchBody(shards, 4, `{"s":{"count":4,"min":1.0,"max":7.0,"avg":3.25,"sum":13.0},`+
					`"e":{"count":4,"min":1.0,"max":7.0,"avg":3.25,"sum":13.0,"sum_of_squares":63.0,"variance":5.1875,"variance_population":5.1875,"variance_sampling":6.916666666666667,"std_deviation":2.277608394786075,"std_deviation_population":2.277608394786075,"std_deviation_sampling":2.6299556396765835,"std_deviation_bounds":{"upper":5.527608394786075,"lower":0.9723916052139252,"upper_population":5.527608394786075,"lower_population":0.9723916052139252,"upper_sampling":5.8799556396765835,"lower_sampling":0.6200443603234165}},`+
					`"empty":{"count":0,"min":null,"max":null,"avg":null,"sum":0.0,"sum_of_squares":null,"variance":null,"variance_population":null,"variance_sampling":null,"std_deviation":null,"std_deviation_population":null,"std_deviation_sampling":null,"std_deviation_bounds":{"upper":null,"lower":null,"upper_population":null,"lower_population":null,"upper_sampling":null,"lower_sampling":null}}}`))
		})
	}
}

func TestAggregationsBuckets(t *testing.T) {
	for _, shards := range []int{1, 3} {
		t.Run(fmt.Sprintf("%d shards", shards), func(t *testing.T) {
			s := New(t)
			salesIndex(t, s, shards)
			expect(t, s, "POST", "/sales/_search?size=0&typed_keys=true", `{"aggs":{"tags":{"terms":{"field":"tag"},"aggs":{"p":{"max":{"field":"price"}}}},"q":{"terms":{"field":"qty","order":{"_key":"desc"},"size":2}},"ok":{"terms":{"field":"ok"}},"miss":{"terms":{"field":"nope","missing":"N/A"}}}}`, 200,
				searchBody(shards, 4, `{"sterms#tags":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"a","doc_count":2,"max#p":{"value":20.0}},{"key":"b","doc_count":2,"max#p":{"value":10.5}},{"key":"c","doc_count":1,"max#p":{"value":5.25}}]},`+
					`"lterms#q":{"doc_count_error_upper_bound":0,"sum_other_doc_count":2,"buckets":[{"key":7,"doc_count":1},{"key":3,"doc_count":1}]},`+
					`"lterms#ok":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":1,"key_as_string":"true","doc_count":2},{"key":0,"key_as_string":"false","doc_count":1}]},`+
					`"sterms#miss":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"N/A","doc_count":4}]}}`))
			expect(t, s, "POST", "/sales/_search?size=0", `{"aggs":{"h":{"histogram":{"field":"price","interval":5,"extended_bounds":{"min":0,"max":25}}},"d":{"date_histogram":{"field":"on","calendar_interval":"day","format":"yyyy-MM-dd"}},"k":{"histogram":{"field":"qty","interval":4,"keyed":true,"min_doc_count":1}}}}`, 200,
				searchBody(shards, 4, `{"h":{"buckets":[{"key":0.0,"doc_count":0},{"key":5.0,"doc_count":1},{"key":10.0,"doc_count":1},{"key":15.0,"doc_count":0},{"key":20.0,"doc_count":1},{"key":25.0,"doc_count":0}]},`+
					`"d":{"buckets":[{"key_as_string":"2024-01-01","key":1704067200000,"doc_count":2},{"key_as_string":"2024-01-02","key":1704153600000,"doc_count":0},{"key_as_string":"2024-01-03","key":1704240000000,"doc_count":1}]},`+
					`"k":{"buckets":{"0.0":{"key":0.0,"doc_count":3},"4.0":{"key":4.0,"doc_count":1}}}}`))
			expect(t, s, "POST", "/sales/_search?size=0", `{"aggs":{"r":{"range":{"field":"price","ranges":[{"from":10},{"to":10,"key":"cheap"},{"from":6,"to":15}]}},"dr":{"date_range":{"field":"on","format":"yyyy-MM-dd","ranges":[{"to":"2024-01-02"},{"from":"2024-01-02||-1d"}],"keyed":true}}}}`, 200,
				searchBody(shards, 4, `{"r":{"buckets":[{"key":"cheap","to":10.0,"doc_count":1},{"key":"6.0-15.0","from":6.0,"to":15.0,"doc_count":1},{"key":"10.0-*","from":10.0,"doc_count":2}]},`+
					`"dr":{"buckets":{"*-2024-01-02":{"to":1.7041536E12,"to_as_string":"2024-01-02","doc_count":2},"2024-01-01-*":{"from":1.7040672E12,"from_as_string":"2024-01-01","doc_count":3}}}}`))
			expect(t, s, "POST", "/sales/_search?size=0", `{"aggs":{"f":{"filter":{"term":{"tag":"a"}},"aggs":{"n":{"value_count":{"field":"qty"}}}},"fs":{"filters":{"other_bucket_key":"rest","filters":{"z":{"term":{"ok":true}},"b":{"term":{"tag":"b"}}}}},"anon":{"filters":{"filters":[{"match_all":{}}]}},"m":{"missing":{"field":"price"}},"g":{"global":{},"aggs":{"x":{"min":{"field":"qty"}}}}}}`, 200,
				searchBody(shards, 4, `{"f":{"doc_count":2,"n":{"value":2}},"fs":{"buckets":{"b":{"doc_count":2},"z":{"doc_count":2},"rest":{"doc_count":1}}},"anon":{"buckets":[{"doc_count":4}]},"m":{"doc_count":1},"g":{"doc_count":4,"x":{"value":1.0}}}`))
		})
	}
}

// TestAggregationsPostFilterAndQuery checks that aggregations see the
// query's matches and not post_filter's, and that a meta object is echoed.
func TestAggregationsPostFilterAndQuery(t *testing.T) {
	s := New(t)
	salesIndex(t, s, 2)
	got := expect(t, s, "POST", "/sales/_search?filter_path=hits.total,aggregations", `{"query":{"range":{"qty":{"lt":5}}},"post_filter":{"term":{"tag":"c"}},"aggs":{"t":{"meta":{"ui":"facet"},"terms":{"field":"tag"}}}}`, 200,
		`{"hits":{"total":{"value":1,"relation":"eq"}},"aggregations":{"t":{"meta":{"ui":"facet"},"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"a","doc_count":2},{"key":"b","doc_count":1},{"key":"c","doc_count":1}]}}}`)
	_ = got
}

// TestAggregationsTermsAcrossShards checks the reduce of a terms
// aggregation cut to shard_size on each shard: doc_count_error_upper_bound
// sums the shards' errors and sum_other_doc_count what no bucket shows.
func TestAggregationsTermsAcrossShards(t *testing.T) {
	s := New(t)
	expect(t, s, "PUT", "/t", `{"settings":{"number_of_shards":2},"mappings":{"properties":{"k":{"type":"keyword"}}}}`, 200, "")
	r0, r1 := routingsOnShards(t, s, "t")
	var bulk strings.Builder
	add := func(routing string, terms ...string) {
		for _, k := range terms {
			fmt.Fprintf(&bulk, "{\"index\":{\"_index\":\"t\",\"routing\":%q}}\n{\"k\":%q}\n", routing, k)
		}
	}
	add(r0, "a", "a", "a", "b", "b")
	add(r1, "b", "b", "c", "c", "c")
	expect(t, s, "POST", "/_bulk?refresh=true", bulk.String(), 200, "")
	expect(t, s, "POST", "/t/_search?size=0&filter_path=aggregations", `{"aggs":{"k":{"terms":{"field":"k","size":1,"shard_size":1,"show_term_doc_count_error":true}}}}`, 200,
		`{"aggregations":{"k":{"doc_count_error_upper_bound":6,"sum_other_doc_count":7,"buckets":[{"key":"a","doc_count":3,"doc_count_error_upper_bound":3}]}}}`)
	// Without the cut every term is exact.
	expect(t, s, "POST", "/t/_search?size=0&filter_path=aggregations", `{"aggs":{"k":{"terms":{"field":"k","size":2}}}}`, 200,
		`{"aggregations":{"k":{"doc_count_error_upper_bound":0,"sum_other_doc_count":3,"buckets":[{"key":"b","doc_count":4},{"key":"a","doc_count":3}]}}}`)
}

// routingsOnShards finds two routing values that reach shards 0 and 1.
func routingsOnShards(t *testing.T, s *Server, index string) (string, string) {
	t.Helper()
	found := map[string]string{}
	for i := 0; i < 50 && len(found) < 2; i++ {
		r := fmt.Sprintf("r%d", i)
		id := "probe" + r
		expect(t, s, "PUT", "/"+index+"/_doc/"+id+"?routing="+r+"&refresh=true", `{}`, 201, "")
		for _, sh := range []string{"0", "1"} {
			if _, ok := found[sh]; ok {
				continue
			}
			_, _, b := call(t, s, "POST", "/"+index+"/_search?preference=_shards:"+sh, `{"query":{"ids":{"values":["`+id+`"]}}}`)
			if strings.Contains(b, `"_id":"`+id+`"`) {
				found[sh] = r
			}
		}
		expect(t, s, "DELETE", "/"+index+"/_doc/"+id+"?routing="+r+"&refresh=true", "", 200, "")
	}
	if len(found) < 2 {
		t.Fatalf("no routing values for both shards: %v", found)
	}
	return found["0"], found["1"]
}

func TestAggregationsErrors(t *testing.T) {
	s := New(t)
	salesIndex(t, s, 1)
	cases := []struct {
		name, body string
		status     int
		want       string
	}{
		{"unknown type", `{"aggs":{"t":{"term":{"field":"tag"}}}}`, 400,
			`{"error":{"root_cause":[{"type":"parsing_exception","reason":"Unknown aggregation type [term] did you mean [terms]?","line":1,"col":22}],"type":"parsing_exception","reason":"Unknown aggregation type [term] did you mean [terms]?","line":1,"col":22,"caused_by":{"type":"named_object_not_found_exception","reason":"[1:22] unknown field [term]"}},"status":400}`},
		{"two types", `{"aggs":{"t":{"terms":{"field":"tag"},"avg":{"field":"qty"}}}}`, 400,
			`{"error":{"root_cause":[{"type":"parsing_exception","reason":"Found two aggregation type definitions in [t]: [terms] and [avg]","line":1,"col":45}],"type":"parsing_exception","reason":"Found two aggregation type definitions in [t]: [terms] and [avg]","line":1,"col":45},"status":400}`},
		{"missing definition", `{"aggs":{"t":{}}}`, 400,
			`{"error":{"root_cause":[{"type":"parsing_exception","reason":"Missing definition for aggregation [t]","line":1,"col":15}],"type":"parsing_exception","reason":"Missing definition for aggregation [t]","line":1,"col":15},"status":400}`},
		{"bad name", `{"aggs":{"a>b":{"terms":{"field":"tag"}}}}`, 400,
			`{"error":{"root_cause":[{"type":"parsing_exception","reason":"Invalid aggregation name [a>b]. Aggregation names can contain any character except '[', ']', and '>'","line":1,"col":10}],"type":"parsing_exception","reason":"Invalid aggregation name [a>b]. Aggregation names can contain any character except '[', ']', and '>'","line":1,"col":10},"status":400}`},
		{"zero size", `{"aggs":{"t":{"terms":{"field":"tag","size":0}}}}`, 400,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:38] [terms] failed to parse field [size]"}],"type":"x_content_parse_exception","reason":"[1:38] [terms] failed to parse field [size]","caused_by":{"type":"illegal_argument_exception","reason":"[size] must be greater than 0. Found [0] in [t]"}},"status":400}`},
		{"unknown field", `{"aggs":{"t":{"avg":{"field":"qty","foo":1}}}}`, 400,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:36] [avg] unknown field [foo]"}],"type":"x_content_parse_exception","reason":"[1:36] [avg] unknown field [foo]"},"status":400}`},
		{"bad calendar interval", `{"aggs":{"t":{"date_histogram":{"field":"on","calendar_interval":"2d"}}}}`, 400,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:46] [date_histogram] failed to parse field [calendar_interval]"}],"type":"x_content_parse_exception","reason":"[1:46] [date_histogram] failed to parse field [calendar_interval]","caused_by":{"type":"illegal_argument_exception","reason":"The supplied interval [2d] could not be parsed as a calendar interval."}},"status":400}`},
		{"keyword sum", `{"aggs":{"t":{"sum":{"field":"tag"}}}}`, 400,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Field [tag] of type [keyword] is not supported for aggregation [sum]"}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"sales","node":<*>,"reason":{"type":"illegal_argument_exception","reason":"Field [tag] of type [keyword] is not supported for aggregation [sum]"}}],"caused_by":{"type":"illegal_argument_exception","reason":"Field [tag] of type [keyword] is not supported for aggregation [sum]"}},"status":400}`},
		{"text without fielddata", `{"aggs":{"t":{"terms":{"field":"title"}}}}`, 400,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Text fields are not optimised<**>`},
		{"order on an unknown sub-aggregation", `{"aggs":{"t":{"terms":{"field":"tag","order":{"x":"desc"}}}}}`, 500,
			`{"error":{"root_cause":[{"type":"aggregation_execution_exception","reason":"Invalid aggregator order path [x]. Unknown aggregation [x]"}],"type":"aggregation_execution_exception","reason":"Invalid aggregator order path [x]. Unknown aggregation [x]"},"status":500}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, s, "POST", "/sales/_search?size=0", c.body, c.status, c.want)
		})
	}
}

// TestAggregationsMaxBuckets checks search.max_buckets: the reduce fails
// with the 503 too_many_buckets_exception, and the limit follows the
// cluster setting.
func TestAggregationsMaxBuckets(t *testing.T) {
	s := New(t)
	salesIndex(t, s, 1)
	expect(t, s, "PUT", "/_cluster/settings", `{"transient":{"search.max_buckets":2}}`, 200, "")
	expect(t, s, "POST", "/sales/_search?size=0", `{"aggs":{"t":{"terms":{"field":"tag"}}}}`, 503,
		`{"error":{"root_cause":[],"type":"search_phase_execution_exception","reason":"","phase":"fetch","grouped":true,"failed_shards":[],"caused_by":{"type":"too_many_buckets_exception","reason":"Trying to create too many buckets. Must be less than or equal to: [2] but was [3]. This limit can be set by changing the [search.max_buckets] cluster level setting.","max_buckets":2}},"status":503}`)
	expect(t, s, "PUT", "/_cluster/settings", `{"transient":{"search.max_buckets":null}}`, 200, "")
	expect(t, s, "POST", "/sales/_search?size=0&filter_path=aggregations.t.buckets.key", `{"aggs":{"t":{"terms":{"field":"tag"}}}}`, 200,
		`{"aggregations":{"t":{"buckets":[{"key":"a"},{"key":"b"},{"key":"c"}]}}}`)
}

// TestAggregationsScripts checks value scripts (_value, per value of the
// field), scripts alone, and that numeric script values are doubles.
func TestAggregationsScripts(t *testing.T) {
	s := New(t)
	salesIndex(t, s, 2)
	expect(t, s, "POST", "/sales/_search?size=0&typed_keys=true&filter_path=aggregations", `{"aggs":{"up":{"terms":{"field":"tag","script":{"source":"_value.toUpperCase()"}}},"q":{"terms":{"field":"qty","script":"_value * 10","size":2}},"s":{"sum":{"script":{"source":"doc['qty'].value * params.k","params":{"k":2}}}},"d":{"avg":{"field":"price","script":"_value / 2"}}}}`, 200,
		`{"aggregations":{"sterms#up":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"A","doc_count":2},{"key":"B","doc_count":2},{"key":"C","doc_count":1}]},`+
			`"dterms#q":{"doc_count_error_upper_bound":0,"sum_other_doc_count":2,"buckets":[{"key":10.0,"doc_count":1},{"key":20.0,"doc_count":1}]},`+
			`"sum#s":{"value":26.0},"avg#d":{"value":5.958333333333333}}}`)
	expect(t, s, "POST", "/sales/_search?size=0", `{"aggs":{"x":{"terms":{"script":"def m = [:]; m.m = m; return m"}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Iterable object is self-referencing itself (ScriptBytesValues value)"}]<**>`)
}
