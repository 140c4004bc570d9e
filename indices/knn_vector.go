package indices

import "github.com/clustersearch/clustersearch-go/internal/jsonx"

// KNNVectorField is the k-NN plugin's knn_vector field for a mapping's
// properties (the index needs the setting "index.knn": true for ANN
// search):
//
//	"embedding": indices.KNNVectorField{Dimension: 384, Method: &indices.KNNMethod{Name: "hnsw", SpaceType: "cosinesimil"}}
type KNNVectorField struct {
	Dimension int
	// DataType is "float" (default), "byte" or "binary".
	DataType string
	// SpaceType is the top-level space_type ("l2", "cosinesimil",
	// "innerproduct", "l1", "linf", "hamming").
	SpaceType string
	Method    *KNNMethod
	// Mode ("in_memory", "on_disk") and CompressionLevel ("1x" ... "32x")
	// pick a quantized configuration for float vectors.
	Mode             string
	CompressionLevel string
	// ModelID names a trained model (then Dimension and Method stay unset).
	ModelID string
}

// KNNMethod is a knn_vector field's method.
type KNNMethod struct {
	Name      string         `json:"name"`                 // "hnsw" or "ivf"
	Engine    string         `json:"engine,omitempty"`     // "faiss" (default), "lucene", "nmslib"
	SpaceType string         `json:"space_type,omitempty"` // l2 by default
	Params    map[string]any `json:"parameters,omitempty"` // m, ef_construction, ef_search, encoder...
}

// MarshalJSON renders {"type": "knn_vector", ...}.
func (f KNNVectorField) MarshalJSON() ([]byte, error) {
	return jsonx.Marshal(struct {
		Type             string     `json:"type"`
		Dimension        int        `json:"dimension,omitempty"`
		DataType         string     `json:"data_type,omitempty"`
		SpaceType        string     `json:"space_type,omitempty"`
		Method           *KNNMethod `json:"method,omitempty"`
		Mode             string     `json:"mode,omitempty"`
		CompressionLevel string     `json:"compression_level,omitempty"`
		ModelID          string     `json:"model_id,omitempty"`
	}{"knn_vector", f.Dimension, f.DataType, f.SpaceType, f.Method, f.Mode, f.CompressionLevel, f.ModelID})
}
