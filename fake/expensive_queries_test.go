package fake

import "testing"

// search.allow_expensive_queries=false refuses the queries each builder
// checks; the search backpressure settings are kept and validated.
func TestDisallowExpensiveQueries(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/t", `{"mappings":{"properties":{"f":{"type":"text","fields":{"k":{"type":"keyword"}}},"n":{"type":"nested"},"i":{"type":"integer"}}}}`, 200, "")
	expect(t, s, "PUT", "/t/_doc/1?refresh=true", `{"f":"outside","i":3}`, 201, "")
	expect(t, s, "PUT", "/_cluster/settings", `{"transient":{"search.allow_expensive_queries":false}}`, 200, `{"acknowledged":true,"persistent":{},"transient":{"search":{"allow_expensive_queries":"false"}}}`)
	for q, want := range map[string]string{
		`{"prefix":{"f":"out"}}`:                           "[prefix] queries cannot be executed when 'search.allow_expensive_queries' is set to false. For optimised prefix queries on text fields please enable [index_prefixes].",
		`{"wildcard":{"f":"out*"}}`:                        "[wildcard] queries cannot be executed when 'search.allow_expensive_queries' is set to false.",
		`{"regexp":{"f":"out.*"}}`:                         "[regexp] queries cannot be executed when 'search.allow_expensive_queries' is set to false.",
		`{"fuzzy":{"f":"outsid"}}`:                         "[fuzzy] queries cannot be executed when 'search.allow_expensive_queries' is set to false.",
		`{"range":{"f.k":{"gte":"a"}}}`:                    "[range] queries on [text] or [keyword] fields cannot be executed when 'search.allow_expensive_queries' is set to false.",
		`{"nested":{"path":"n","query":{"match_all":{}}}}`: "[joining] queries cannot be executed when 'search.allow_expensive_queries' is set to false.",
	} {
		expect(t, s, "POST", "/t/_search", `{"query":`+q+`}`, 500, `<**>"reason":"`+want+`"<**>`)
	}
	// Cheap queries still run.
	expect(t, s, "POST", "/t/_search?filter_path=hits.total.value", `{"query":{"range":{"i":{"gte":1}}}}`, 200, `{"hits":{"total":{"value":1}}}`)
	expect(t, s, "PUT", "/_cluster/settings", `{"transient":{"search.allow_expensive_queries":null}}`, 200, "")
	expect(t, s, "POST", "/t/_search?filter_path=hits.total.value", `{"query":{"prefix":{"f":"out"}}}`, 200, `{"hits":{"total":{"value":1}}}`)

	expect(t, s, "PUT", "/_cluster/settings", `{"persistent":{"search_backpressure.mode":"enforced","search_backpressure.search_task.cancellation_burst":11}}`, 200,
		`{"acknowledged":true,"persistent":{"search_backpressure":{"mode":"enforced","search_task":{"cancellation_burst":"11"}}},"transient":{}}`)
	expect(t, s, "PUT", "/_cluster/settings", `{"persistent":{"search_backpressure.mode":"monitor-only"}}`, 400, `<**>"reason":"Invalid SearchBackpressureMode: monitor-only"<**>`)
	expect(t, s, "PUT", "/_cluster/settings", `{"persistent":{"search_backpressure.search_task.cancellation_ratio":2}}`, 400, `<**>"reason":"Failed to parse value [2] for setting [search_backpressure.search_task.cancellation_ratio] must be <= 1.0"<**>`)
}
