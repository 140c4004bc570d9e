package mapping

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
	Params    map[string]any `json:"parameters,omitempty"` // m, ef_construction, ef_search, encoder...
}

// FieldType returns "knn_vector".
func (*KNNVector) FieldType() string { return "knn_vector" }

// MarshalJSON renders the definition.
func (p *KNNVector) MarshalJSON() ([]byte, error) {
	type t KNNVector
	return typed(p.FieldType(), (*t)(p))
}
