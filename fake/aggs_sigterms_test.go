package fake

import "testing"

const sigProps = `{"text":{"type":"text","fielddata":true},"class":{"type":"keyword"},"tag":{"type":"keyword"},"n":{"type":"integer"},"d":{"type":"double"}}`

var sigDocs = []string{
	`{"text":"good","class":"good","tag":"g","n":1}`,
	`{"text":"good","class":"good","tag":"g","n":1}`,
	`{"text":"bad","class":"bad","tag":"b","n":2}`,
	`{"text":"bad","class":"bad","tag":"b","n":2}`,
	`{"text":"good bad","class":"good","tag":["g","b"],"n":[1,2]}`,
	`{"text":"good bad","class":"bad","tag":["g","b"],"n":3}`,
	`{"text":"bad","class":"bad","tag":"b","n":2}`,
}

// significant_terms scores each foreground term against the index (the
// background): doc_count and bg_count are the set sizes, each bucket has
// its subset and superset counts and the heuristic's score; terms under
// min_doc_count (3 by default) or scoring 0 are left out.
func TestAggsSignificantTerms(t *testing.T) {
	expectAggs(t, sigProps, sigDocs, `{"size":0,"aggs":{"c":{"terms":{"field":"class"},"aggs":{"s":{"significant_terms":{"field":"text"}}}}}}`,
		`{"c":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[`+
			`{"key":"bad","doc_count":4,"s":{"doc_count":4,"bg_count":7,"buckets":[{"key":"bad","doc_count":4,"score":0.39999999999999997,"bg_count":5}]}},`+
			`{"key":"good","doc_count":3,"s":{"doc_count":3,"bg_count":7,"buckets":[{"key":"good","doc_count":3,"score":0.75,"bg_count":4}]}}]}}`)
	// Each shard scores against its own background, so a term's bg_count
	// sums only the shards where the foreground has it.
	for _, c := range sigCases {
		expectAggsPerShards(t, sigProps, sigDocs, `{"size":0,"query":{"term":{"class":"good"}},"aggs":{"s":{"significant_terms":{"field":"tag","min_doc_count":1,`+c.heuristic+`}}}}`, c.one, c.three)
	}
	// Numeric keys, a background filter and sub-aggregations.
	expectAggs(t, sigProps, sigDocs, `{"size":0,"query":{"term":{"class":"bad"}},"aggs":{"s":{"significant_terms":{"field":"n","min_doc_count":1,"background_filter":{"range":{"n":{"gte":2}}}},"aggs":{"t":{"terms":{"field":"tag"}}}}}}`,
		`{"s":{"doc_count":4,"bg_count":5,"buckets":[{"key":3,"doc_count":1,"score":0.062499999999999986,"bg_count":1,"t":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"b","doc_count":1},{"key":"g","doc_count":1}]}}]}}`)
	s := aggsIndex(t, 2, sigProps, sigDocs...)
	if got := aggsOf(t, s, "/idx/_search?typed_keys=true", `{"size":0,"aggs":{"s":{"significant_terms":{"field":"nope"}},"l":{"significant_terms":{"field":"n"}}}}`); got != `{"sigsterms#s":{"buckets":[]},"siglterms#l":{"doc_count":7,"bg_count":7,"buckets":[]}}` {
		t.Errorf("typed_keys: %s", got)
	}
}

// sigCases are the heuristics on the class "good" foreground: on one
// shard, and on three.
var sigCases = []struct{ heuristic, one, three string }{
	{`"mutual_information":{}`,
		`{"s":{"doc_count":3,"bg_count":7,"buckets":[{"key":"g","doc_count":3,"score":0.5216406363433184,"bg_count":4}]}}`,
		`{"s":{"doc_count":3,"bg_count":7,"buckets":[{"key":"g","doc_count":3,"score":0.5216406363433184,"bg_count":4},{"key":"b","doc_count":1,"score":0.0059777114237739015,"bg_count":2}]}}`},
	{`"chi_square":{"include_negatives":true}`,
		`{"s":{"doc_count":3,"bg_count":7,"buckets":[{"key":"g","doc_count":3,"score":3.9375,"bg_count":4},{"key":"b","doc_count":1,"score":3.7333333333333334,"bg_count":5}]}}`,
		`{"s":{"doc_count":3,"bg_count":7,"buckets":[{"key":"g","doc_count":3,"score":3.9375,"bg_count":4},{"key":"b","doc_count":1,"score":0.058333333333333334,"bg_count":2}]}}`},
	{`"gnd":{}`,
		`{"s":{"doc_count":3,"bg_count":7,"buckets":[{"key":"g","doc_count":3,"score":0.7121057487429688,"bg_count":4},{"key":"b","doc_count":1,"score":0.1496441946256377,"bg_count":5}]}}`,
		`{"s":{"doc_count":3,"bg_count":7,"buckets":[{"key":"g","doc_count":3,"score":0.7121057487429688,"bg_count":4},{"key":"b","doc_count":1,"score":0.41604933184954107,"bg_count":2}]}}`},
	{`"percentage":{}`,
		`{"s":{"doc_count":3,"bg_count":7,"buckets":[{"key":"g","doc_count":3,"score":0.75,"bg_count":4},{"key":"b","doc_count":1,"score":0.2,"bg_count":5}]}}`,
		`{"s":{"doc_count":3,"bg_count":7,"buckets":[{"key":"g","doc_count":3,"score":0.75,"bg_count":4},{"key":"b","doc_count":1,"score":0.5,"bg_count":2}]}}`},
	{`"jlh":{}`,
		`{"s":{"doc_count":3,"bg_count":7,"buckets":[{"key":"g","doc_count":3,"score":0.75,"bg_count":4}]}}`,
		`{"s":{"doc_count":3,"bg_count":7,"buckets":[{"key":"g","doc_count":3,"score":0.75,"bg_count":4},{"key":"b","doc_count":1,"score":0.05555555555555556,"bg_count":2}]}}`},
}

func TestAggsSignificantTermsErrors(t *testing.T) {
	s := aggsIndex(t, 1, sigProps, sigDocs...)
	expectAggError(t, s, `{"aggs":{"s":{"significant_terms":{"field":"tag","jlp":{}}}}}`, 400,
		`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:50] [significant_terms] unknown field [jlp] did you mean [jlh]?"}],"type":"x_content_parse_exception","reason":"[1:50] [significant_terms] unknown field [jlp] did you mean [jlh]?"},"status":400}`)
	expectAggError(t, s, `{"aggs":{"s":{"significant_terms":{"field":"d"}}}}`, 500,
		`<**>"type":"unsupported_operation_exception","reason":"No support for examining floating point numerics"<**>`)
	expectAggError(t, s, `{"aggs":{"s":{"significant_terms":{"field":"tag","jlh":{"x":1}}}}}`, 400,
		`<**>"type":"parse_exception","reason":"failed to parse [jlh] significance heuristic. expected an empty object, but found [FIELD_NAME] instead"<**>`)
	expectAggError(t, s, `{"aggs":{"s":{"significant_terms":{"field":"tag","size":0}}}}`, 400,
		`<**>"reason":"[size] must be greater than 0. Found [0] in [s]"<**>`)
}

// significant_text scores a text field's tokens without fielddata.
func TestAggsSignificantText(t *testing.T) {
	props := `{"text":{"type":"text"},"class":{"type":"keyword"},"n":{"type":"integer"}}`
	expectAggs(t, props, sigDocs, `{"size":0,"aggs":{"c":{"terms":{"field":"class"},"aggs":{"s":{"significant_text":{"field":"text"}}}}}}`,
		`{"c":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[`+
			`{"key":"bad","doc_count":4,"s":{"doc_count":4,"bg_count":7,"buckets":[{"key":"bad","doc_count":4,"score":0.39999999999999997,"bg_count":5}]}},`+
			`{"key":"good","doc_count":3,"s":{"doc_count":3,"bg_count":7,"buckets":[{"key":"good","doc_count":3,"score":0.75,"bg_count":4}]}}]}}`)
	s := aggsIndex(t, 1, props, sigDocs...)
	if got := aggsOf(t, s, "/idx/_search?typed_keys=true", `{"size":0,"aggs":{"s":{"significant_text":{"field":"nope"}}}}`); got != `{"sigsterms#s":{"buckets":[]}}` {
		t.Errorf("unmapped: %s", got)
	}
	expectAggError(t, s, `{"aggs":{"s":{"significant_text":{"field":"n"}}}}`, 400,
		`<**>"reason":"Field [n] has no analyzer, but SignificantText requires an analyzed field"<**>`)
	expectAggError(t, s, `{"aggs":{"s":{"significant_text":{"field":"text","filter_duplicate_txt":true}}}}`, 400,
		`<**>"reason":"[1:50] [significant_text] unknown field [filter_duplicate_txt] did you mean [filter_duplicate_text]?"<**>`)
}
