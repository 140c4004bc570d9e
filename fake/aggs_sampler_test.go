package fake

import "testing"

const samplerProps = `{"body":{"type":"text"},"tag":{"type":"keyword"},"author":{"type":"keyword"},"n":{"type":"integer"}}`

var samplerDocs = []string{
	`{"body":"fox fox fox","tag":"a","author":"x","n":1}`,
	`{"body":"fox fox","tag":"b","author":"x","n":2}`,
	`{"body":"fox dog cat bird","tag":"c","author":"y","n":3}`,
	`{"body":"dog","tag":"d","author":"y","n":4}`,
	`{"body":"fox","tag":"e","author":"z","n":5}`,
	`{"body":"cat","tag":"f","author":["y","z"],"n":6}`,
}

// sampler runs its sub-aggregations over each shard's best-scoring
// matches; diversified_sampler keeps at most max_docs_per_value of them per
// value of a field.
func TestAggsSampler(t *testing.T) {
	q := `"query":{"match":{"body":"fox"}}`
	s := aggsIndex(t, 1, samplerProps, samplerDocs...)
	if got := aggsOf(t, s, "/idx/_search", `{"size":0,`+q+`,"aggs":{"s":{"sampler":{"shard_size":2},"aggs":{"t":{"terms":{"field":"tag"}},"m":{"max":{"field":"n"}}}}}}`); got != `{"s":{"doc_count":2,"t":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"a","doc_count":1},{"key":"b","doc_count":1}]},"m":{"value":2.0}}}` {
		t.Errorf("sampler: %s", got)
	}
	// One document per author: the best of x, of y and of z.
	if got := aggsOf(t, s, "/idx/_search", `{"size":0,"query":{"match":{"body":"fox dog"}},"aggs":{"s":{"diversified_sampler":{"field":"author","shard_size":3,"max_docs_per_value":1},"aggs":{"t":{"terms":{"field":"tag"}}}},`+
		`"d":{"diversified_sampler":{"field":"tag","shard_size":2},"aggs":{"c":{"value_count":{"field":"n"}}}}}}`); got != `{"s":{"doc_count":3,"t":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"a","doc_count":1},{"key":"d","doc_count":1},{"key":"e","doc_count":1}]}},"d":{"doc_count":2,"c":{"value":2}}}` {
		t.Errorf("diversified_sampler: %s", got)
	}
	expectAggs(t, samplerProps, samplerDocs, `{"size":0,`+q+`,"aggs":{"s":{"sampler":{}},"u":{"diversified_sampler":{"field":"nope"},"aggs":{"m":{"max":{"field":"n"}}}}}}`,
		`{"s":{"doc_count":4},"u":{"doc_count":0,"m":{"value":null}}}`)
	s3 := aggsIndex(t, 3, samplerProps, samplerDocs...)
	if got := aggsOf(t, s3, "/idx/_search?typed_keys=true", `{"size":0,`+q+`,"aggs":{"s":{"sampler":{"shard_size":10}},"d":{"diversified_sampler":{"field":"tag"}}}}`); got != `{"sampler#s":{"doc_count":4},"sampler#d":{"doc_count":4}}` {
		t.Errorf("typed_keys: %s", got)
	}
	expectAggError(t, s, `{"aggs":{"s":{"sampler":{"size":2}}}}`, 400,
		`{"error":{"root_cause":[{"type":"parsing_exception","reason":"Unsupported property \"size\" for aggregation \"s","line":1,"col":33}],"type":"parsing_exception","reason":"Unsupported property \"size\" for aggregation \"s","line":1,"col":33},"status":400}`)
	expectAggError(t, s, `{"query":{"match":{"body":"cat"}},"aggs":{"s":{"diversified_sampler":{"field":"author"}}}}`, 400,
		`<**>"reason":"Sample diversifying key must be a single valued-field"<**>`)
}
