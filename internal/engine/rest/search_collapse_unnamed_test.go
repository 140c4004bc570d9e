package rest

import "testing"

// A collapse inner_hits without a name expands under a null key, which
// OpenSearch cannot write: a 400 once there is a hit to expand, a plain
// response without one. An empty name is a name.
func TestCollapseInnerHitsUnnamed(t *testing.T) {
	hs := blogServer(t)
	nullName := `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Field name cannot be null"}],"type":"illegal_argument_exception","reason":"Field name cannot be null"},"status":400}`
	runSearchCases(t, hs, []searchCase{
		{name: "no name", body: `{"collapse":{"field":"tag","inner_hits":{}}}`, code: 400, want: nullName},
		{name: "second definition without a name", body: `{"collapse":{"field":"tag","inner_hits":[{"name":"a"},{}]}}`, code: 400, want: nullName},
		{name: "no name, no hits", body: `{"query":{"ids":{"values":["9"]}},"collapse":{"field":"tag","inner_hits":{}}}`, code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":0,"relation":"eq"},"max_score":null,"hits":[]}}`},
		{name: "failing expansion wins", body: `{"query":{"ids":{"values":["3"]}},"collapse":{"field":"tag","inner_hits":{"sort":["title"]}}}`, code: 400, want: `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Text fields are not optimised for operations that require per-document field data like aggregations and sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, set fielddata=true on [title] in order to load field data by uninverting the inverted index. Note that this can use significant memory."}],"type":"search_phase_execution_exception","reason":"failed to expand hits","phase":"expand","grouped":true,"failed_shards":[],"caused_by":{"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"blog","node":"N","reason":{"type":"illegal_argument_exception","reason":"Text fields are not optimised for operations that require per-document field data like aggregations and sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, set fielddata=true on [title] in order to load field data by uninverting the inverted index. Note that this can use significant memory."}}],"caused_by":{"type":"illegal_argument_exception","reason":"Text fields are not optimised for operations that require per-document field data like aggregations and sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, set fielddata=true on [title] in order to load field data by uninverting the inverted index. Note that this can use significant memory."}}},"status":400}`},
		{name: "empty name", body: `{"_source":false,"query":{"ids":{"values":["3"]}},"collapse":{"field":"tag","inner_hits":{"name":"","_source":false}}}`, code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.0,"hits":[{"_index":"blog","_id":"3","_score":1.0,"fields":{"tag":["rust"]},"inner_hits":{"":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.0,"hits":[{"_index":"blog","_id":"3","_score":1.0}]}}}}]}}`},
		{name: "msearch fails as a whole", path: "/_msearch", body: "{\"index\":\"blog\"}\n{\"size\":0}\n{\"index\":\"blog\"}\n{\"collapse\":{\"field\":\"tag\",\"inner_hits\":{}}}\n", code: 400, want: nullName},
	})
}
