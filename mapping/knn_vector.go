package mapping

import "github.com/clustersearch/clustersearch-go/internal/jsonx"

// KNNVector is the k-NN plugin's knn_vector field (the index needs the
// setting "index.knn": true for the knn query):
//
//	"embedding": &mapping.KNNVector{Dimension: 384, Method: &mapping.KNNMethod{Name: "hnsw", SpaceType: "cosinesimil"}}
type KNNVector struct {
	Dimension int `json:"dimension,omitempty"`
	// DataType is "float" (default), "byte" or "binary".
	DataType string `json:"data_type,omitempty"`
	// SpaceType is the top-level space_type ("l2", "cosinesimil",
	// "innerproduct", "l1", "linf", "hamming").
	SpaceType string     `json:"space_type,omitempty"`
	Method    *KNNMethod `json:"method,omitempty"`
	// Mode ("in_memory", "on_disk") and CompressionLevel ("1x" ... "32x")
	// pick a quantized configuration for float vectors.
	Mode             string `json:"mode,omitempty"`
	CompressionLevel string `json:"compression_level,omitempty"`
	// ModelID names a trained model (Dimension and Method stay unset).
	ModelID string            `json:"model_id,omitempty"`
	Meta    map[string]string `json:"meta,omitempty"`
}

// KNNMethod is a knn_vector field's method.
type KNNMethod struct {
	Name      string         `json:"name"`                 // "hnsw" or "ivf"
	Engine    string         `json:"engine,omitempty"`     // "faiss" (default), "lucene", "nmslib"
	SpaceType string         `json:"space_type,omitempty"` // l2 by default
	Params    map[string]any `json:"parameters,omitempty"` // m, ef_construction, ef_search...
	// Encoder, when set, is sent as the "encoder" parameter.
	Encoder *KNNEncoder `json:"-"`
}

// MarshalJSON renders the method, with Encoder among its parameters.
func (m *KNNMethod) MarshalJSON() ([]byte, error) {
	type t KNNMethod
	if m.Encoder == nil {
		return jsonx.Marshal((*t)(m))
	}
	c := *m
	c.Params = make(map[string]any, len(m.Params)+1)
	for k, v := range m.Params {
		c.Params[k] = v
	}
	c.Params["encoder"] = m.Encoder
	return jsonx.Marshal((*t)(&c))
}

// KNNEncoder is a method's encoder: how the engine compresses vectors.
// Faiss takes "flat", "sq" (fp16; parameters type, clip), "binary"
// (parameter bits: 1, 2 or 4) and "pq" (needs a trained model); Lucene
// takes "sq" (parameters confidence_interval, bits 7); nmslib none.
type KNNEncoder struct {
	Name   string         `json:"name"`
	Params map[string]any `json:"parameters,omitempty"`
}

// FaissSQ is faiss's fp16 scalar quantizer; clip maps values outside
// half precision to its limits instead of refusing the document.
func FaissSQ(clip bool) *KNNEncoder {
	if !clip {
		return &KNNEncoder{Name: "sq", Params: map[string]any{"type": "fp16"}}
	}
	return &KNNEncoder{Name: "sq", Params: map[string]any{"type": "fp16", "clip": true}}
}

// BinaryEncoder is faiss's binary quantization with 1, 2 or 4 bits a
// dimension (32x, 16x and 8x compression).
func BinaryEncoder(bits int) *KNNEncoder {
	return &KNNEncoder{Name: "binary", Params: map[string]any{"bits": bits}}
}

// FieldType returns "knn_vector".
func (*KNNVector) FieldType() string { return "knn_vector" }

// MarshalJSON renders the definition.
func (p *KNNVector) MarshalJSON() ([]byte, error) {
	type t KNNVector
	return typed(p.FieldType(), (*t)(p))
}
