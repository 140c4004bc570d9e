package fake

import "testing"

// variable_width_histogram merges the closest neighbouring clusters until
// the target count: each bucket has its centroid as key, min and max.
func TestAggsVariableWidthHistogram(t *testing.T) {
	props := `{"number":{"type":"integer"},"d":{"type":"date"}}`
	docs := []string{`{"number":-3}`, `{"number":-2}`, `{"number":1}`, `{"number":4}`, `{"number":5}`, `{"number":[5,1]}`}
	expectAggs(t, props, docs, `{"size":0,"aggs":{"h":{"variable_width_histogram":{"field":"number","buckets":3},"aggs":{"c":{"value_count":{"field":"number"}}}}}}`,
		`{"h":{"buckets":[{"min":-3.0,"key":-2.5,"max":-2.0,"doc_count":2,"c":{"value":2}},{"min":1.0,"key":1.0,"max":1.0,"doc_count":2,"c":{"value":3}},`+
			`{"min":4.0,"key":4.666666666666667,"max":5.0,"doc_count":3,"c":{"value":4}}]}}`)
	expectAggs(t, props, docs, `{"size":0,"aggs":{"h":{"variable_width_histogram":{"field":"number","buckets":2,"format":"0.0"}}}}`,
		`{"h":{"buckets":[{"min":-3.0,"min_as_string":"-3.0","key":-0.75,"key_as_string":"-0.8","max":1.0,"max_as_string":"1.0","doc_count":4},`+
			`{"min":4.0,"min_as_string":"4.0","key":4.666666666666667,"key_as_string":"4.7","max":5.0,"max_as_string":"5.0","doc_count":3}]}}`)
	s := aggsIndex(t, 2, props, docs...)
	if got := aggsOf(t, s, "/idx/_search?typed_keys=true", `{"size":0,"aggs":{"h":{"variable_width_histogram":{"field":"nope"}}}}`); got != `{"variable_width_histogram#h":{"buckets":[]}}` {
		t.Errorf("unmapped: %s", got)
	}
	expectAggError(t, s, `{"aggs":{"h":{"variable_width_histogram":{"field":"number","buckets":20,"shard_size":20}}}}`, 400,
		`<**>"reason":"3/4 of shard_size must be at least buckets but was [15<20] for [h]"<**>`)
	expectAggError(t, s, `{"aggs":{"h":{"variable_width_histogram":{"field":"d"}}}}`, 400,
		`<**>"reason":"Field [d] of type [date] is not supported for aggregation [variable_width_histogram]"<**>`)
}
