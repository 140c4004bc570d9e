package fake

import "testing"

const compositeProps = `{"kw":{"type":"keyword"},"n":{"type":"long"},"d":{"type":"double"},"t":{"type":"date"},"b":{"type":"boolean"}}`

var compositeDocs = []string{
	`{"kw":"foo","n":[10,20],"d":1.5,"t":"2024-01-01T10:00:00Z","b":true}`,
	`{"kw":["foo","bar"],"d":2.5,"t":"2024-01-02T10:00:00Z"}`,
	`{"kw":"bar","n":[100,0],"t":"2024-01-01T23:00:00Z","b":false}`,
	`{"n":5}`,
}

// composite pages through the combinations of its sources' values: each
// document counts once per distinct combination, after_key is the last
// bucket's key, and after resumes past it.
func TestAggsComposite(t *testing.T) {
	two := `"sources":[{"n":{"terms":{"field":"n"}}},{"k":{"terms":{"field":"kw","order":"desc"}}}]`
	expectAggs(t, compositeProps, compositeDocs, `{"size":0,"aggs":{"c":{"composite":{"size":3,`+two+`}}}}`,
		`{"c":{"after_key":{"n":20,"k":"foo"},"buckets":[{"key":{"n":0,"k":"bar"},"doc_count":1},{"key":{"n":10,"k":"foo"},"doc_count":1},`+
			`{"key":{"n":20,"k":"foo"},"doc_count":1}]}}`)
	expectAggs(t, compositeProps, compositeDocs, `{"size":0,"aggs":{"c":{"composite":{"size":3,`+two+`,"after":{"n":10,"k":"foo"}}}}}`,
		`{"c":{"after_key":{"n":100,"k":"bar"},"buckets":[{"key":{"n":20,"k":"foo"},"doc_count":1},{"key":{"n":100,"k":"bar"},"doc_count":1}]}}`)
	// The last page has no buckets and no after_key.
	expectAggs(t, compositeProps, compositeDocs, `{"size":0,"aggs":{"c":{"composite":{`+two+`,"after":{"n":100,"k":"bar"}}}}}`,
		`{"c":{"buckets":[]}}`)

	// missing_bucket gives documents without a value a null key, first when
	// ascending; histogram keys are doubles, date_histogram keys longs
	// unless a format is given; sub-aggregations run per bucket.
	expectAggs(t, compositeProps, compositeDocs, `{"size":0,"aggs":{"c":{"composite":{"sources":[
		{"k":{"terms":{"field":"kw","missing_bucket":true}}},{"h":{"histogram":{"field":"d","interval":2}}}]},"aggs":{"m":{"max":{"field":"n"}}}}}}`,
		`{"c":{"after_key":{"k":"foo","h":2.0},"buckets":[{"key":{"k":"bar","h":2.0},"doc_count":1,"m":{"value":null}},`+
			`{"key":{"k":"foo","h":0.0},"doc_count":1,"m":{"value":20.0}},{"key":{"k":"foo","h":2.0},"doc_count":1,"m":{"value":null}}]}}`)
	expectAggs(t, compositeProps, compositeDocs, `{"size":0,"aggs":{"c":{"composite":{"sources":[
		{"k":{"terms":{"field":"kw","missing_bucket":true,"order":"desc"}}},{"day":{"date_histogram":{"field":"t","calendar_interval":"day"}}}]}}}}`,
		`{"c":{"after_key":{"k":"bar","day":1704153600000},"buckets":[{"key":{"k":"foo","day":1704067200000},"doc_count":1},{"key":{"k":"foo","day":1704153600000},"doc_count":1},`+
			`{"key":{"k":"bar","day":1704067200000},"doc_count":1},{"key":{"k":"bar","day":1704153600000},"doc_count":1}]}}`)
	expectAggs(t, compositeProps, compositeDocs, `{"size":0,"aggs":{"c":{"composite":{"sources":[
		{"day":{"date_histogram":{"field":"t","fixed_interval":"1d","format":"yyyy-MM-dd","time_zone":"+02:00"}}},{"b":{"terms":{"field":"b","missing_bucket":true,"missing_order":"last"}}}]}}}}`,
		`{"c":{"after_key":{"day":"2024-01-02","b":null},"buckets":[{"key":{"day":"2024-01-01","b":true},"doc_count":1},{"key":{"day":"2024-01-02","b":false},"doc_count":1},`+
			`{"key":{"day":"2024-01-02","b":null},"doc_count":1}]}}`)
	// An unmapped field has no values; typed_keys names the type.
	s := aggsIndex(t, 2, compositeProps, compositeDocs...)
	if got := aggsOf(t, s, "/idx/_search?typed_keys=true", `{"size":0,"aggs":{"c":{"composite":{"sources":[{"x":{"terms":{"field":"nope"}}}]}}}}`); got != `{"composite#c":{"buckets":[]}}` {
		t.Errorf("unmapped: %s", got)
	}
}

func TestAggsCompositeErrors(t *testing.T) {
	s := aggsIndex(t, 1, compositeProps, compositeDocs...)
	expectAggError(t, s, `{"aggs":{"c":{"composite":{"size":1}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Required [sources]"}],"type":"illegal_argument_exception","reason":"Required [sources]"},"status":400}`)
	expectAggError(t, s, `{"aggs":{"c":{"composite":{"sources":[]}}}}`, 400,
		`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:28] [composite] failed to parse field [sources]"}],"type":"x_content_parse_exception","reason":"[1:28] [composite] failed to parse field [sources]",`+
			`"caused_by":{"type":"x_content_parse_exception","reason":"Failed to build [composite] after last required field arrived","caused_by":{"type":"illegal_argument_exception","reason":"Composite [sources] cannot be null or empty"}}},"status":400}`)
	expectAggError(t, s, `{"aggs":{"c":{"composite":{"sources":[{"a":{"terms":{"field":"kw"}}},{"a":{"terms":{"field":"n"}}}]}}}}`, 400,
		`<**>"reason":"Composite source names must be unique, found duplicates: [a]"<**>`)
	expectAggError(t, s, `{"aggs":{"c":{"composite":{"sources":[{"a":{"geo":{"field":"kw"}}}]}}}}`, 400,
		`<**>"caused_by":{"type":"parsing_exception","reason":"invalid source type: geo","line":1,"col":51}<**>`)
	expectAggError(t, s, `{"aggs":{"t":{"terms":{"field":"kw"},"aggs":{"c":{"composite":{"sources":[{"a":{"terms":{"field":"kw"}}}]}}}}}}`, 400,
		`<**>"reason":"[composite] aggregation cannot be used with a parent aggregation of type: [TermsAggregatorFactory]"<**>`)
	expectAggError(t, s, `{"aggs":{"c":{"composite":{"sources":[{"a":{"terms":{"field":"kw"}}}],"after":{"b":1}}}}}`, 400,
		`<**>"reason":"Missing value for [after.a]"<**>`)
	expectAggError(t, s, `{"aggs":{"c":{"composite":{"sources":[{"a":{"terms":{"field":"kw"}}}],"after":{"a":1,"b":2}}}}}`, 400,
		`<**>"reason":"[after] has 2 value(s) but [sources] has 1"<**>`)
	expectAggError(t, s, `{"aggs":{"c":{"composite":{"size":70000,"sources":[{"a":{"terms":{"field":"kw"}}}]}}}}`, 503,
		`<**>"type":"too_many_buckets_exception","reason":"Trying to create too many buckets. Must be less than or equal to: [65535] but was [70000]. This limit can be set by changing the [search.max_buckets] cluster level setting.","max_buckets":65535<**>`)
}

// Unknown fields of the bucket aggregations suggest the close names, as
// ObjectParser does.
func TestAggsBucketsDidYouMean(t *testing.T) {
	s := aggsIndex(t, 1, compositeProps, compositeDocs...)
	for body, want := range map[string]string{
		`{"aggs":{"c":{"composite":{"sizes":1}}}}`:                           `[1:28] [composite] unknown field [sizes] did you mean [size]?`,
		`{"aggs":{"r":{"rare_terms":{"field":"kw","max_doc_cout":2}}}}`:      `[1:42] [rare_terms] unknown field [max_doc_cout] did you mean [max_doc_count]?`,
		`{"aggs":{"a":{"auto_date_histogram":{"field":"t","bucket":2}}}}`:    `[1:50] [auto_date_histogram] unknown field [bucket] did you mean [buckets]?`,
		`{"aggs":{"m":{"adjacency_matrix":{"filter":{}}}}}`:                  `[1:35] [adjacency_matrix] unknown field [filter] did you mean [filters]?`,
		`{"aggs":{"d":{"diversified_sampler":{"field":"kw","format":"x"}}}}`: `[1:51] [diversified_sampler] unknown field [format]`,
	} {
		expectAggError(t, s, body, 400, `{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"`+want+`"}],"type":"x_content_parse_exception","reason":"`+want+`"},"status":400}`)
	}
}

// Each composite source takes the field types it registers for.
func TestAggsCompositeSourceTypes(t *testing.T) {
	s := aggsIndex(t, 1, compositeProps, compositeDocs...)
	expectAggError(t, s, `{"aggs":{"c":{"composite":{"sources":[{"h":{"histogram":{"field":"t","interval":5}}}]}}}}`, 400,
		`<**>"reason":"Field [t] of type [date] is not supported for aggregation [histogram]"<**>`)
	expectAggError(t, s, `{"aggs":{"c":{"composite":{"sources":[{"h":{"date_histogram":{"field":"kw","calendar_interval":"day"}}}]}}}}`, 400,
		`<**>"reason":"Field [kw] of type [keyword] is not supported for aggregation [date_histogram]"<**>`)
	// A date_histogram over a number rounds it as epoch millis.
	if got := aggsOf(t, s, "/idx/_search", `{"size":0,"aggs":{"c":{"composite":{"sources":[{"h":{"date_histogram":{"field":"n","fixed_interval":"50ms"}}}]}}}}`); got != `{"c":{"after_key":{"h":100},"buckets":[{"key":{"h":0},"doc_count":3},{"key":{"h":100},"doc_count":1}]}}` {
		t.Errorf("date_histogram on a long: %s", got)
	}
}
