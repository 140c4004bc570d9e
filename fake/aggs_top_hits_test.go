package fake

import (
	"fmt"
	"testing"
)

var topMapping = `{"g":{"type":"keyword"},"n":{"type":"integer"},"t":{"type":"text"}}`

var topDocs = []string{`{"g":"a","n":5,"t":"quick fox"}`, `{"g":"a","n":1,"t":"lazy dog"}`, `{"g":"b","n":3,"t":"quick quick fox"}`,
	`{"g":"a","n":4,"t":"fox"}`, `{"g":"b","n":2,"t":"dog"}`}

func TestAggsTopHits(t *testing.T) {
	for _, shards := range []int{1, 3} {
		t.Run(fmt.Sprint(shards), func(t *testing.T) {
			s := newTestServer(t)
			metricsIndex(t, s, shards, topMapping, topDocs...)
			// Sorted by a field: no scores, sort values on each hit.
			aggsOnly(t, s, "", `{"g":{"terms":{"field":"g"},"aggs":{"top":{"top_hits":{"sort":[{"n":"desc"}],"size":2,"_source":["n"]}}}}}`, 200,
				`{"aggregations":{"sterms#g":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[`+
					`{"key":"a","doc_count":3,"top_hits#top":{"hits":{"total":{"value":3,"relation":"eq"},"max_score":null,"hits":[`+
					`{"_index":"m","_id":"1","_score":null,"_source":{"n":5},"sort":[5]},{"_index":"m","_id":"4","_score":null,"_source":{"n":4},"sort":[4]}]}}},`+
					`{"key":"b","doc_count":2,"top_hits#top":{"hits":{"total":{"value":2,"relation":"eq"},"max_score":null,"hits":[`+
					`{"_index":"m","_id":"3","_score":null,"_source":{"n":3},"sort":[3]},{"_index":"m","_id":"5","_score":null,"_source":{"n":2},"sort":[2]}]}}}]}}}`)
			// from skips the best hits of the merged page; version and
			// seq_no_primary_term as on search hits; _source false.
			aggsOnly(t, s, "", `{"top":{"top_hits":{"sort":"n","from":1,"size":2,"version":true,"seq_no_primary_term":true,"_source":false}}}`, 200,
				`{"aggregations":{"top_hits#top":{"hits":{"total":{"value":5,"relation":"eq"},"max_score":null,"hits":[`+
					`{"_index":"m","_id":"5","_version":1,"_seq_no":<*>,"_primary_term":1,"_score":null,"sort":[2]},`+
					`{"_index":"m","_id":"3","_version":1,"_seq_no":<*>,"_primary_term":1,"_score":null,"sort":[3]}]}}}}`)
		})
	}
}

func TestAggsTopHitsScoresAndHighlight(t *testing.T) {
	s := newTestServer(t)
	metricsIndex(t, s, 1, topMapping, topDocs...)
	// The default sort is the score (the query's), three hits.
	expect(t, s, "POST", "/m/_search?filter_path=aggregations&rest_total_hits_as_int=true", `{"size":0,"query":{"match":{"t":"quick"}},"aggs":{"top":{"top_hits":{"_source":false,"highlight":{"fields":{"t":{}}}}}}}`, 200,
		`{"aggregations":{"top":{"hits":{"total":2,"max_score":<*>,"hits":[`+
			`{"_index":"m","_id":"3","_score":<*>,"highlight":{"t":["<em>quick</em> <em>quick</em> fox"]}},`+
			`{"_index":"m","_id":"1","_score":<*>,"highlight":{"t":["<em>quick</em> fox"]}}]}}}}`)
	// script_fields and docvalue_fields on each top hit.
	aggsOnly(t, s, "", `{"top":{"top_hits":{"size":1,"sort":"n","_source":false,"docvalue_fields":["g"],"script_fields":{"twice":{"script":"doc['n'].value * 2"}}}}}`, 200,
		`{"aggregations":{"top_hits#top":{"hits":{"total":{"value":5,"relation":"eq"},"max_score":null,"hits":[{"_index":"m","_id":"2","_score":null,"fields":{"twice":[2],"g":["a"]},"sort":[1]}]}}}}`)
	// Errors: a negative size, an unknown key, a window over 100.
	aggsOnly(t, s, "", `{"top":{"top_hits":{"size":-1}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"[size] must be greater than or equal to 0. Found [-1] in [top]"}]<**>`)
	aggsOnly(t, s, "", `{"top":{"top_hits":{"sise":1}}}`, 400,
		`{"error":{"root_cause":[{"type":"parsing_exception","reason":"Unknown key for a VALUE_NUMBER in [top]: [sise].","line":1,"col":45}]<**>`)
	aggsOnly(t, s, "", `{"top":{"top_hits":{"from":90,"size":11}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Top hits result window is too large, the top hits aggregator [top]'s from + size must be less than or equal to: [100] but was [101]. This limit can be set by changing the [index.max_inner_result_window] index level setting."}],"type":"search_phase_execution_exception"<**>`)
}
