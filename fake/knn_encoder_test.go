package fake

import (
	"fmt"
	"testing"
)

// TestKNNEncoderErrors covers the encoder parameter of a method: its
// parsing, its validation per engine, the compression it implies and the
// training it needs, each with the plugin's message.
func TestKNNEncoderErrors(t *testing.T) {
	method := func(engine, params string) string {
		return `{"type":"knn_vector","dimension":4,"method":{"name":"hnsw","engine":"` + engine + `","parameters":` + params + `}}`
	}
	encoderInvalid := `Validation Failed: 1: parameter validation failed for MethodComponentContext parameter [encoder].;`
	for i, tc := range []struct{ field, reason string }{
		{method("faiss", `{"encoder":{"name":"sq","parameters":{"type":"fp32"}}}`), encoderInvalid},
		{method("faiss", `{"encoder":{"name":"sq","parameters":{"clip":"yes"}}}`), encoderInvalid},
		{method("faiss", `{"encoder":{"name":"flat","parameters":{"x":1}}}`), encoderInvalid},
		{method("lucene", `{"encoder":{"name":"sq","parameters":{"confidence_interval":0.5}}}`), encoderInvalid},
		{method("lucene", `{"encoder":{"name":"sq","parameters":{"confidence_interval":1}}}`), encoderInvalid},
		{method("lucene", `{"encoder":{"name":"sq","parameters":{"bits":4}}}`), encoderInvalid},
		{method("faiss", `{"encoder":"sq"}`), `Validation Failed: 1: value is not an instance of for MethodComponentContext parameter [encoder].;`},
		{method("nmslib", `{"encoder":{"name":"sq"}}`), `Validation Failed: 1: Unknown parameter 'encoder' found;`},
		{method("faiss", `{"encoder":{"name":"pq","parameters":{"m":2,"code_size":8}}}`), `Validation Failed: 1: \"method\" requires training.;`},
		{method("faiss", `{"encoder":{"name":"pq","parameters":{"m":3,"code_size":8}}}`), `Validation Failed: 1: parameter validation failed for Integer parameter [m].;`},
		{method("faiss", `{"encoder":{"name":"binary","parameters":{"bits":3}}}`), `Validation Failed: 1: parameter validation failed for Integer parameter [bits].;`},
		{method("faiss", `{"encoder":{"name":"binary","parameters":{"bits":2.0}}}`), `Validation Failed: 1: value is not an instance of Integer for Integer parameter [bits].;`},
		{`{"type":"knn_vector","dimension":4,"compression_level":"32x","method":{"name":"hnsw","parameters":{"encoder":{"name":"binary","parameters":{"bits":2}}}}}`,
			`Validation Failed: 1: Cannot specify an encoder that conflicts with the provided compression level;`},
		{`{"type":"knn_vector","dimension":4,"compression_level":"1x","method":{"name":"hnsw","engine":"lucene","parameters":{"encoder":{"name":"sq"}}}}`,
			`Validation Failed: 1: Cannot specify an encoder that conflicts with the provided compression level;`},
		{`{"type":"knn_vector","dimension":4,"data_type":"byte","method":{"name":"hnsw","parameters":{"encoder":{"name":"sq"}}}}`, encoderInvalid},
		{`{"type":"knn_vector","dimension":4,"data_type":"byte","method":{"name":"hnsw","engine":"nmslib"}}`,
			`Validation Failed: 1: Method \"hnsw\" is not supported for vector data type \"BYTE\".;`},
		{method("faiss", `{"encoder":{"parameters":{}}}`), "name needs to be set"},
		{method("faiss", `{"encoder":{"name":"sq","type":"fp16"}}`), "Invalid parameter for MethodComponentContext: type"},
		{method("faiss", `{"encoder":{"name":"sq","parameters":"fp16"}}`), "Unable to parse parameters for  method component"},
		{method("faiss", `{"encoder":{"name":7}}`), "Component name should be a string"},
		{method("faiss", `"m16"`), "Unable to parse parameters for main method component"},
		{method("faiss", `{"encoder":{"name":"hnswsq"}}`),
			`Cannot invoke \"org.opensearch.knn.index.engine.MethodComponent.isTrainingRequired(org.opensearch.knn.index.engine.MethodComponentContext)\" because \"methodComponent\" is null`},
	} {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			s := newTestServer(t)
			expect(t, s, "PUT", "/bad", `{"settings":{"index.knn":true},"mappings":{"properties":{"v":`+tc.field+`}}}`, 400,
				`{"error":{"root_cause":[<**>],"type":"mapper_parsing_exception","reason":"Failed to parse mapping [_doc]: `+tc.reason+`"<**>`)
		})
	}
}

// TestKNNEncoderMappingAndFP16 checks that a valid encoder is kept in the
// mapping as the plugin prints it, and that faiss's fp16 scalar quantizer
// refuses values outside half precision, or clips them when asked.
func TestKNNEncoderMappingAndFP16(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/sq", `{"settings":{"index.knn":true,"number_of_shards":1},"mappings":{"properties":{`+
		`"v":{"type":"knn_vector","dimension":2,"method":{"name":"hnsw","parameters":{"encoder":{"name":"sq","parameters":{"type":"fp16"}},"m":8}}},`+
		`"c":{"type":"knn_vector","dimension":2,"method":{"name":"hnsw","parameters":{"encoder":{"name":"sq","parameters":{"clip":true}}}}},`+
		`"x2":{"type":"knn_vector","dimension":2,"compression_level":"2x"},`+
		`"l":{"type":"knn_vector","dimension":2,"method":{"name":"hnsw","engine":"lucene","parameters":{"encoder":{"name":"sq","parameters":{"confidence_interval":0,"bits":7}}}}}}}}`, 200, "")
	expect(t, s, "GET", "/sq/_mapping", "", 200,
		`{"sq":{"mappings":{"properties":{"c":<**>,"l":{"type":"knn_vector","dimension":2,"method":{"engine":"lucene","space_type":"l2","name":"hnsw","parameters":{"encoder":{"name":"sq","parameters":{"confidence_interval":0,"bits":7}}}}},`+
			`"v":{"type":"knn_vector","dimension":2,"method":{"engine":"faiss","space_type":"l2","name":"hnsw","parameters":{"encoder":{"name":"sq","parameters":{"type":"fp16"}},"m":8}}},"x2":<**>}}}}`)
	outOfRange := `"caused_by":{"type":"illegal_argument_exception","reason":"encoder name is set as [sq] and type is set as [fp16] in index mapping. But, KNN vector values are not within in the FP16 range [-65504.000000, 65504.000000]"}`
	expect(t, s, "PUT", "/sq/_doc/1", `{"v":[70000,1]}`, 400, `<**>`+outOfRange+`<**>`)
	expect(t, s, "PUT", "/sq/_doc/1", `{"x2":[1,-65505]}`, 400, `<**>`+outOfRange+`<**>`)
	expect(t, s, "PUT", "/sq/_doc/1", `{"l":[70000,1]}`, 201, "")
	// clipped to 65504: the neighbour of (65504, 0) is at distance 0, score 1
	expect(t, s, "PUT", "/sq/_doc/2?refresh=true", `{"c":[70000,0]}`, 201, "")
	expect(t, s, "POST", "/sq/_search", `{"query":{"knn":{"c":{"vector":[65504,0],"k":1}}},"_source":false}`, 200,
		`<**>"hits":[{"_index":"sq","_id":"2","_score":1.0}]}}`)
}

// quantizedIndex creates an index whose field v (4 dimensions) has the
// given mapping options, with three documents.
func quantizedIndex(t *testing.T, s *Server, opts string) {
	t.Helper()
	expect(t, s, "PUT", "/q", `{"settings":{"index.knn":true,"number_of_shards":1},"mappings":{"properties":{"v":{"type":"knn_vector","dimension":4`+opts+`}}}}`, 200, "")
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"q","_id":"1"}}
{"v":[1,1,1,1]}
{"index":{"_index":"q","_id":"2"}}
{"v":[2,2,2,2]}
{"index":{"_index":"q","_id":"3"}}
{"v":[3,4,3,4]}
`, 200, "")
}

// TestKNNBinaryQuantization checks the scores of binary-quantized fields:
// without rescoring they are 1/(1+hamming) between the codes of the query
// and the documents (thresholds trained on the shard's vectors), with
// rescoring the candidates' full-precision scores, which on_disk asks for
// by default.
func TestKNNBinaryQuantization(t *testing.T) {
	hits := func(h string) string { return `<**>"hits":[` + h + `]}}` }
	for _, tc := range []struct{ name, opts, query, want string }{
		// 1 bit: thresholds at the means (2, 2.33, 2, 2.33); (3,3,3,3)
		// codes 1111 like doc 3, docs 1 and 2 code 0000
		{"32x", `,"compression_level":"32x"`, `"vector":[3,3,3,3],"k":2`,
			hits(`{"_index":"q","_id":"3","_score":1.0},{"_index":"q","_id":"1","_score":0.2}`)},
		{"binary encoder", `,"method":{"name":"hnsw","parameters":{"encoder":{"name":"binary"}}}`, `"vector":[3,3,3,3],"k":1`,
			hits(`{"_index":"q","_id":"3","_score":1.0}`)},
		// rescored: l2 at full precision, 1/(1+2) for doc 3
		{"32x rescored", `,"compression_level":"32x"`, `"vector":[3,3,3,3],"k":1,"rescore":true`,
			hits(`{"_index":"q","_id":"3","_score":0.33333334}`)},
		{"on_disk rescores by default", `,"mode":"on_disk"`, `"vector":[3,3,3,3],"k":2`,
			hits(`{"_index":"q","_id":"3","_score":0.33333334},{"_index":"q","_id":"2","_score":0.2}`)},
		{"on_disk without rescore", `,"mode":"on_disk"`, `"vector":[3,3,3,3],"k":1,"rescore":false`,
			hits(`{"_index":"q","_id":"3","_score":1.0}`)},
		// 2 bits: thresholds at mean ± stddev/3; (1.5,…) codes like doc 1,
		// doc 2 differs in one bit a dimension, doc 3 in both
		{"16x", `,"compression_level":"16x"`, `"vector":[1.5,1.5,1.5,1.5],"k":3`,
			hits(`{"_index":"q","_id":"1","_score":1.0},{"_index":"q","_id":"2","_score":0.2},{"_index":"q","_id":"3","_score":0.11111111}`)},
		// 4x (Lucene's int7 scalar quantization) is scored at full precision
		{"lucene 4x", `,"compression_level":"4x"`, `"vector":[3,3,3,3],"k":1`,
			hits(`{"_index":"q","_id":"3","_score":0.33333334}`)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestServer(t)
			quantizedIndex(t, s, tc.opts)
			expect(t, s, "POST", "/q/_search", `{"query":{"knn":{"v":{`+tc.query+`}}},"_source":false}`, 200, tc.want)
		})
	}
	s := newTestServer(t)
	quantizedIndex(t, s, `,"compression_level":"8x"`)
	expect(t, s, "POST", "/q/_search", `{"query":{"knn":{"v":{"vector":[3,3,3,3],"max_distance":2}}}}`, 400,
		`<**>"caused_by":{"type":"unsupported_operation_exception","reason":"Radial search is not supported for indices which have quantization enabled"}<**>`)
}
