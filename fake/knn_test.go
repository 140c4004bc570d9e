package fake

import (
	"fmt"
	"testing"
)

// knnIndex creates a knn index with one 2-dimension vector field and three
// documents.
func knnIndex(t *testing.T, s *Server, method string) {
	t.Helper()
	expect(t, s, "PUT", "/vec", `{"settings":{"index.knn":true,"number_of_shards":1},"mappings":{"properties":{"v":{"type":"knn_vector","dimension":2`+method+`},"color":{"type":"keyword"}}}}`, 200, "")
	bulk := `{"index":{"_index":"vec","_id":"1"}}
{"v":[1,1],"color":"red"}
{"index":{"_index":"vec","_id":"2"}}
{"v":[2,2],"color":"blue"}
{"index":{"_index":"vec","_id":"3"}}
{"v":[3,4],"color":"red"}
`
	expect(t, s, "POST", "/_bulk?refresh=true", bulk, 200, "")
}

func TestKNNMappingRendersResolvedMethod(t *testing.T) {
	s := newTestServer(t)
	knnIndex(t, s, `,"method":{"name":"hnsw","parameters":{"m":16,"ef_construction":128}}`)
	expect(t, s, "GET", "/vec/_mapping", "", 200,
		`{"vec":{"mappings":{"properties":{"color":{"type":"keyword"},"v":{"type":"knn_vector","dimension":2,"method":{"engine":"faiss","space_type":"l2","name":"hnsw","parameters":{"ef_construction":128,"m":16}}}}}}}`)
}

func TestKNNScoresPerSpace(t *testing.T) {
	for _, tc := range []struct{ method, want string }{
		// l2: 1/(1+d²) with d² = 0.5, 0.5... query (1.5,1.5): doc1 d²=0.5, doc2 d²=0.5, doc3 d²=8.5
		{`,"method":{"name":"hnsw","space_type":"l2","engine":"lucene"}`, `"_id":"1","_score":0.6666667<**>"_id":"2","_score":0.6666667`},
		// innerproduct: dot+1 = 4, 7; doc3 dot 10.5 → 11.5
		{`,"method":{"name":"hnsw","space_type":"innerproduct"}`, `"_id":"3","_score":11.5<**>"_id":"2","_score":7.0`},
		// cosinesimil: (1+cos)/2: docs 1,2 cos 1 → 1.0
		{`,"method":{"name":"hnsw","space_type":"cosinesimil"}`, `"_id":"1","_score":1.0<**>"_id":"2","_score":1.0`},
		// l1 on nmslib: 1/(1+1) for docs 1 and 2
		{`,"method":{"name":"hnsw","space_type":"l1","engine":"nmslib"}`, `"_id":"1","_score":0.5<**>"_id":"2","_score":0.5`},
	} {
		t.Run(tc.method, func(t *testing.T) {
			s := newTestServer(t)
			knnIndex(t, s, tc.method)
			expect(t, s, "POST", "/vec/_search", `{"query":{"knn":{"v":{"vector":[1.5,1.5],"k":2}}}}`, 200,
				`{"took":<*>,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":2,"relation":"eq"},"max_score":<*>,"hits":[{"_index":"vec",`+tc.want+`<**>}]}}`)
		})
	}
}

func TestKNNFilterRadialAndErrors(t *testing.T) {
	s := newTestServer(t)
	knnIndex(t, s, "")
	expect(t, s, "POST", "/vec/_count", `{"query":{"exists":{"field":"v"}}}`, 200, `{"count":3,<**>`)
	// efficient filtering: the nearest red documents, not the nearest overall
	expect(t, s, "POST", "/vec/_search?filter_path=hits.hits._id,hits.hits._score", `{"query":{"knn":{"v":{"vector":[2,2],"k":2,"filter":{"term":{"color":"red"}}}}}}`, 200,
		`{"hits":{"hits":[{"_id":"1","_score":0.33333334},{"_id":"3","_score":0.16666667}]}}`)
	// radial by distance: d² <= 2 keeps docs 1 (d²=2) and 2 (0)
	expect(t, s, "POST", "/vec/_search?filter_path=hits.hits._id", `{"query":{"knn":{"v":{"vector":[2,2],"max_distance":2}}}}`, 200,
		`{"hits":{"hits":[{"_id":"2"},{"_id":"1"}]}}`)
	expect(t, s, "POST", "/vec/_search", `{"query":{"knn":{"v":{"vector":[2,2],"k":0}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"[knn] requires k to be in the range (0, 10000]"}],"type":"illegal_argument_exception","reason":"[knn] requires k to be in the range (0, 10000]"},"status":400}`)
	expect(t, s, "POST", "/vec/_search", `{"query":{"knn":{"v":{"vector":[2,2,2],"k":1}}}}`, 400,
		`<**>"caused_by":{"type":"illegal_argument_exception","reason":"Query vector has invalid dimension: 3. Dimension should be: 2"}<**>`)
	expect(t, s, "PUT", "/vec/_doc/9", `{"v":[1,2,3]}`, 400,
		`<**>"reason":"failed to parse field [v] of type [knn_vector] in document with id '9'. Preview of field's value: '[1, 2, 3]'","caused_by":{"type":"illegal_argument_exception","reason":"Vector dimension mismatch. Expected: 2, Given: 3"}<**>`)
}

func TestKNNMappingErrors(t *testing.T) {
	for i, tc := range []struct{ settings, field, reason string }{
		{`"index.knn":true`, `{"type":"knn_vector","dimension":0}`, "Dimension value must be greater than 0 for vector: v"},
		{`"index.knn":true`, `{"type":"knn_vector","dimension":4,"method":{"name":"hnsw","engine":"lucene","space_type":"l1"}}`, `Validation Failed: 1: \"hnsw\" with \"lucene\" configuration does not support space type: \"l1\".;`},
		{`"index.knn":false`, `{"type":"knn_vector","dimension":4,"method":{"name":"hnsw"}}`, "Cannot set modelId or method parameters when index.knn setting is false"},
		{`"index.knn":true`, `{"type":"knn_vector","dimension":4,"data_type":"byte","mode":"on_disk"}`, "Compression and mode cannot be used for non-float32 data type for field v"},
		{`"index.knn":true`, `{"type":"knn_vector","dimension":4,"model_id":"m1"}`, "Cannot specify both a modelId and dimension in the mapping: v"},
		{`"index.knn":true`, `{"type":"knn_vector","dimension":4,"compression_level":"8x","method":{"name":"hnsw","engine":"lucene"}}`, `Validation Failed: 1: \"lucene\" does not support \"8x\" compression;`},
		{`"index.knn":true`, `{"type":"knn_vector","dimension":4,"mode":"on_disk","compression_level":"1x"}`, `Validation Failed: 1: Cannot specify \"x1\" compression level when using \"on_disk\" mode;`},
		{`"index.knn":true`, `{"type":"knn_vector","dimension":8,"data_type":"binary","method":{"name":"hnsw","space_type":"l2"}}`, "Space type [l2] is not supported with [binary] data type"},
		{`"index.knn":true`, `{"type":"knn_vector","dimension":4,"method":{"name":"hnsw","parameters":{"m":0,"k":1}}}`, `Validation Failed: 1: Unknown parameter 'k' found;2: parameter validation failed for Integer parameter [m].;`},
		{`"index.knn":true`, `{"type":"knn_vector","dimension":4,"method":{"name":"hnsw","engine":"bogus"}}`, "Invalid engine: bogus"},
		{`"index.knn":true`, `{"type":"knn_vector","dimension":4,"space_type":"dot"}`, "Unable to find space: dot . Valid values are: [l2, cosinesimil, l1, linf, innerproduct, hamming]"},
		{`"index.knn":true`, `{"type":"knn_vector","dimension":4,"data_type":"half"}`, "Invalid value provided for [data_type] field. Supported values are [binary,byte,float]"},
		{`"index.knn":true`, `{"type":"knn_vector"}`, "Dimension value missing for vector: v"},
	} {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			s := newTestServer(t)
			expect(t, s, "PUT", "/bad", `{"settings":{`+tc.settings+`},"mappings":{"properties":{"v":`+tc.field+`}}}`, 400,
				`{"error":{"root_cause":[<**>],"type":"mapper_parsing_exception","reason":"Failed to parse mapping [_doc]: `+tc.reason+`"<**>`)
		})
	}
}

func TestKNNScoreScriptAndPainlessFunctions(t *testing.T) {
	s := newTestServer(t)
	knnIndex(t, s, "")
	// knn_score: exact l2 scores over the documents the inner query matches
	expect(t, s, "POST", "/vec/_search?filter_path=hits.hits._id,hits.hits._score",
		`{"query":{"script_score":{"query":{"term":{"color":"red"}},"script":{"lang":"knn","source":"knn_score","params":{"field":"v","query_value":[1,1],"space_type":"l2"}}}}}`, 200,
		`{"hits":{"hits":[{"_id":"1","_score":1.0},{"_id":"3","_score":0.071428575}]}}`)
	expect(t, s, "POST", "/vec/_search?filter_path=hits.hits._id,hits.hits._score",
		`{"query":{"script_score":{"query":{"match_all":{}},"script":{"source":"1 / (1 + l2Squared(params.q, doc['v'])) + innerProduct(params.q, doc['v'])","params":{"q":[1,1]}}}}}`, 200,
		`{"hits":{"hits":[{"_id":"3","_score":7.071429},{"_id":"2","_score":4.3333335},{"_id":"1","_score":3.0}]}}`)
	expect(t, s, "POST", "/vec/_search",
		`{"query":{"script_score":{"query":{"match_all":{}},"script":{"lang":"knn","source":"knn_score","params":{"field":"v","space_type":"l2"}}}}}`, 400,
		`<**>"reason":"failed to create query: Missing parameter [query_value]"<**>`)
}

func TestKNNNestedVectors(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/nest", `{"settings":{"index.knn":true},"mappings":{"properties":{"parts":{"type":"nested","properties":{"v":{"type":"knn_vector","dimension":2}}}}}}`, 200, "")
	bulk := `{"index":{"_index":"nest","_id":"a"}}
{"parts":[{"v":[0,0]},{"v":[5,5]}]}
{"index":{"_index":"nest","_id":"b"}}
{"parts":[{"v":[1,0]},{"v":[0,1]}]}
`
	expect(t, s, "POST", "/_bulk?refresh=true", bulk, 200, "")
	// one hit per parent, scored by its nearest child (score_mode max)
	expect(t, s, "POST", "/nest/_search?filter_path=hits.hits._id,hits.hits._score",
		`{"query":{"nested":{"path":"parts","score_mode":"max","query":{"knn":{"parts.v":{"vector":[0,0],"k":2}}}}}}`, 200,
		`{"hits":{"hits":[{"_id":"a","_score":1.0},{"_id":"b","_score":0.5}]}}`)
	// expand_nested_docs scores every child of the parents found: avg of 1 and 1/51
	expect(t, s, "POST", "/nest/_search?filter_path=hits.hits._id,hits.hits._score",
		`{"query":{"nested":{"path":"parts","query":{"knn":{"parts.v":{"vector":[0,0],"k":1,"expand_nested_docs":true}}}}}}`, 200,
		`{"hits":{"hits":[{"_id":"a","_score":0.50980395}]}}`)
}

func TestKNNByteVectorsAndExplain(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/b", `{"settings":{"index.knn":true},"mappings":{"properties":{"v":{"type":"knn_vector","dimension":2,"data_type":"byte","method":{"name":"hnsw","engine":"lucene"}}}}}`, 200, "")
	expect(t, s, "PUT", "/b/_doc/1?refresh=true", `{"v":[1,-128]}`, 201, "")
	expect(t, s, "PUT", "/b/_doc/2", `{"v":[1.5,0]}`, 400,
		`<**>"caused_by":{"type":"illegal_argument_exception","reason":"[data_type] field was set as [byte] in index mapping. But, KNN vector values are floats instead of byte integers"}<**>`)
	expect(t, s, "PUT", "/b/_doc/2", `{"v":[200,0]}`, 400,
		`<**>"reason":"[data_type] field was set as [byte] in index mapping. But, KNN vector values are not within in the byte range [-128, 127]"<**>`)
	expect(t, s, "POST", "/b/_explain/1", `{"query":{"knn":{"v":{"vector":[1,-127],"k":3}}}}`, 200,
		`{"_index":"b","_id":"1","matched":true,"explanation":{"value":0.5,"description":"within top 1 docs","details":[]}}`)
}

func TestKNNStatsWarmupAndPluginInfo(t *testing.T) {
	s := newTestServer(t)
	knnIndex(t, s, "")
	expect(t, s, "POST", "/vec/_search?size=0", `{"query":{"knn":{"v":{"vector":[1,1],"k":1,"filter":{"match_all":{}}}}}}`, 200, "")
	expect(t, s, "GET", "/_plugins/_knn/stats/knn_query_requests,knn_query_with_filter_requests,faiss_initialized,indices_in_cache", "", 200,
		`{"_nodes":{"total":1,"successful":1,"failed":0},"cluster_name":<*>,"nodes":{<*>:{"indices_in_cache":{"vec":{"graph_memory_usage":1,"graph_memory_usage_percentage":0.0,"graph_count":1}},"knn_query_requests":1,"knn_query_with_filter_requests":1,"faiss_initialized":true}}}`)
	expect(t, s, "POST", "/_plugins/_knn/clear_cache/vec", "", 200, `{"_shards":{"total":1,"successful":1,"failed":0}}`)
	expect(t, s, "GET", "/_plugins/_knn/stats/indices_in_cache", "", 200, `{"_nodes":<**>"nodes":{<*>:{"indices_in_cache":{}}}}`)
	expect(t, s, "GET", "/_plugins/_knn/warmup/vec", "", 200, `{"_shards":{"total":1,"successful":1,"failed":0}}`)
	expect(t, s, "GET", "/_plugins/_knn/stats/bogus", "", 400,
		`<**>"reason":"request [/_plugins/_knn/stats/bogus] contains unrecognized stat: [bogus]"<**>`)
	expect(t, s, "GET", "/_nodes/plugins?filter_path=nodes.*.plugins.name", "", 200, `{"nodes":{<*>:{"plugins":[{"name":"opensearch-knn"}]}}}`)
}

func TestKNNMappingUpdateModelAndFlatFields(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/m", `{"settings":{"index.knn":true},"mappings":{"properties":{"v":{"type":"knn_vector","dimension":2,"method":{"name":"hnsw","engine":"lucene"}}}}}`, 200, "")
	// resending the same definition is no change; a new dimension is a conflict
	expect(t, s, "PUT", "/m/_mapping", `{"properties":{"v":{"type":"knn_vector","dimension":2,"method":{"name":"hnsw","engine":"lucene"}}}}`, 200, `{"acknowledged":true}`)
	expect(t, s, "PUT", "/m/_mapping", `{"properties":{"v":{"type":"knn_vector","dimension":3,"method":{"name":"hnsw","engine":"lucene"}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Mapper for [v] conflicts with existing mapper:\n\tCannot update parameter [dimension] from [2] to [3]"}],"type":"illegal_argument_exception","reason":"Mapper for [v] conflicts with existing mapper:\n\tCannot update parameter [dimension] from [2] to [3]"},"status":400}`)
	expect(t, s, "GET", "/m/_mapping", "", 200, `{"m":{"mappings":{"properties":{"v":{"type":"knn_vector","dimension":2,"method":{"engine":"lucene","space_type":"l2","name":"hnsw","parameters":{}}}}}}}`)
	// a model the fake cannot hold: the mapping is accepted, documents fail
	expect(t, s, "PUT", "/model", `{"settings":{"index.knn":true},"mappings":{"properties":{"v":{"type":"knn_vector","model_id":"abc"}}}}`, 200, "")
	expect(t, s, "PUT", "/model/_doc/1", `{"v":[1,2]}`, 400,
		`<**>"caused_by":{"type":"illegal_state_exception","reason":"Model ID 'abc' is not created."}},"status":400}`)
	// without index.knn the field is flat: exact scripts work, knn does not
	expect(t, s, "PUT", "/flat", `{"mappings":{"properties":{"v":{"type":"knn_vector","dimension":2}}}}`, 200, "")
	expect(t, s, "PUT", "/flat/_doc/1?refresh=true", `{"v":[1,2]}`, 201, "")
	expect(t, s, "POST", "/flat/_search", `{"query":{"knn":{"v":{"vector":[1,2],"k":1}}}}`, 400,
		`<**>"caused_by":{"type":"illegal_argument_exception","reason":"Field 'v' is not built for ANN search."}<**>`)
	expect(t, s, "POST", "/flat/_search?filter_path=hits.hits._score", `{"query":{"script_score":{"query":{"match_all":{}},"script":{"lang":"knn","source":"knn_score","params":{"field":"v","query_value":[1,2],"space_type":"l2"}}}}}`, 200,
		`{"hits":{"hits":[{"_score":1.0}]}}`)
	// hamming over binary vectors: 7 XOR 0 has 3 bits set
	expect(t, s, "PUT", "/bin", `{"settings":{"index.knn":true},"mappings":{"properties":{"v":{"type":"knn_vector","dimension":16,"data_type":"binary"}}}}`, 200, "")
	expect(t, s, "PUT", "/bin/_doc/1?refresh=true", `{"v":[7,0]}`, 201, "")
	expect(t, s, "POST", "/bin/_search?filter_path=hits.hits._score", `{"query":{"knn":{"v":{"vector":[0,0],"k":1}}}}`, 200, `{"hits":{"hits":[{"_score":0.25}]}}`)
	expect(t, s, "POST", "/bin/_search", `{"query":{"knn":{"v":{"vector":[0,0],"max_distance":1}}}}`, 400,
		`<**>"caused_by":{"type":"unsupported_operation_exception","reason":"Binary data type does not support radial search"}<**>`)
}

func TestKNNQueryParseErrors(t *testing.T) {
	s := newTestServer(t)
	knnIndex(t, s, "")
	for _, tc := range []struct{ body, want string }{
		{`{"query":{"knn":{"v":{"vector":[1,1],"k":1,"bogus":1}}}}`,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:44] [knn] unknown field [bogus]"}],"type":"x_content_parse_exception","reason":"[1:44] [knn] unknown field [bogus]"},"status":400}`},
		{`{"query":{"knn":{"v":{"vector":[1,1]}}}}`,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"[knn] requires exactly one of k, distance or score to be set"}],"type":"illegal_argument_exception","reason":"[knn] requires exactly one of k, distance or score to be set"},"status":400}`},
		{`{"query":{"knn":{"v":{"vector":[1,1],"k":1,"min_score":0.5}}}}`,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"[knn] requires exactly one of k, distance or score to be set"}],"type":"illegal_argument_exception","reason":"[knn] requires exactly one of k, distance or score to be set"},"status":400}`},
		{`{"query":{"knn":{"v":{"vector":[1,1],"min_score":0}}}}`,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"[knn] requires minScore to be greater than 0"}],"type":"illegal_argument_exception","reason":"[knn] requires minScore to be greater than 0"},"status":400}`},
		{`{"query":{"knn":{"v":{"vector":[1,1],"k":1,"rescore":{"oversample_factor":0.5}}}}}`,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"[knn] errors in rescore parameter [Validation Failed: 1: Oversample factor [0.500000] cannot be less than [1.000000];]"}],"type":"illegal_argument_exception","reason":"[knn] errors in rescore parameter [Validation Failed: 1: Oversample factor [0.500000] cannot be less than [1.000000];]"},"status":400}`},
		{`{"query":{"knn":{"v":{"vector":[1,1],"k":1},"w":{"vector":[1],"k":1}}}}`,
			`{"error":{"root_cause":[{"type":"parsing_exception","reason":"[knn] query doesn't support multiple fields, found [v] and [w]","line":1,"col":49}],"type":"parsing_exception","reason":"[knn] query doesn't support multiple fields, found [v] and [w]","line":1,"col":49},"status":400}`},
		{`{"query":{"knn":{"v":{"vector":[1,1],"min_score":2}}}}`,
			`<**>"caused_by":{"type":"illegal_argument_exception","reason":"[knn] requires score to be in the range [0, 1] for space type: L2"}<**>`},
		{`{"query":{"knn":{"v":{"vector":[1,1],"k":1,"method_parameters":{"nprobes":2}}}}}`,
			`<**>"caused_by":{"type":"illegal_argument_exception","reason":"Parameters not valid for [FAISS]:[hnsw]:[k] combination: [Validation Failed: 1: nprobes is not a valid method parameter;]"}<**>`},
		{`{"query":{"knn":{"x":{"vector":[1,1],"k":1}}}}`,
			`<**>"caused_by":{"type":"illegal_argument_exception","reason":"Field 'x' is not knn_vector type."}<**>`},
		{`{"query":{"knn":{"v":{"vector":[1,1],"k":1,"expand_nested_docs":true}}}}`,
			`<**>"reason":"Invalid value provided for the [expand_nested_docs] field. [expand_nested_docs] is only supported with a nested field."<**>`},
	} {
		expect(t, s, "POST", "/vec/_search", tc.body, 400, tc.want)
	}
	// ignore_unmapped turns an unknown field into no match
	expect(t, s, "POST", "/vec/_search?filter_path=hits.total", `{"query":{"knn":{"x":{"vector":[1,1],"k":1,"ignore_unmapped":true}}}}`, 200,
		`{"hits":{"total":{"value":0,"relation":"eq"}}}`)
}
