package query

// KNNQuery is the k-NN plugin's knn query: the vectors of Field nearest
// to Vector. Set exactly one of K (top k per shard), MaxDistance or
// MinScore (radial search):
//
//	query.KNN("embedding", vec, 10).WithFilter(query.Term("lang", "en"))
type KNNQuery struct {
	Field  string
	Vector []float32
	// K is how many neighbours each shard returns; nil for a radial search.
	K *int
	// Filter restricts the candidates before the search (efficient filtering).
	Filter Query
	// MaxDistance keeps every vector within this distance (radial search).
	MaxDistance *float32
	// MinScore keeps every vector scoring at least this (radial search).
	MinScore *float32
	// MethodParameters are search-time method parameters (ef_search, nprobes).
	MethodParameters *KNNMethodParameters
	// Rescore asks for a rescore of quantized results: a value with
	// Disabled set sends false.
	Rescore *KNNRescore
	// ExpandNestedDocs scores every nested vector of the parents found.
	ExpandNestedDocs *bool
	IgnoreUnmapped   *bool
	Boost            *float64
	Name             string // _name, reported in matched_queries
}

// KNNMethodParameters are the knn query's method_parameters.
type KNNMethodParameters struct {
	EfSearch *int `json:"ef_search,omitempty"` // hnsw
	Nprobes  *int `json:"nprobes,omitempty"`   // ivf
}

// KNNRescore is the knn query's rescore option.
type KNNRescore struct {
	OversampleFactor *float32 // 1 to 100
	Disabled         bool     // sends "rescore": false
}

// MarshalJSON renders the rescore option: false, or an object.
func (r KNNRescore) MarshalJSON() ([]byte, error) {
	if r.Disabled {
		return []byte("false"), nil
	}
	return wrapOptional(r.OversampleFactor)
}

func wrapOptional(f *float32) ([]byte, error) {
	if f == nil {
		return []byte("{}"), nil
	}
	return wrap("oversample_factor", *f)
}

// KNN returns a top-k knn query.
func KNN(field string, vector []float32, k int) *KNNQuery {
	return &KNNQuery{Field: field, Vector: vector, K: &k}
}

// KNNWithin returns a radial knn query: every vector within maxDistance.
func KNNWithin(field string, vector []float32, maxDistance float32) *KNNQuery {
	return &KNNQuery{Field: field, Vector: vector, MaxDistance: &maxDistance}
}

// KNNMinScore returns a radial knn query: every vector scoring at least minScore.
func KNNMinScore(field string, vector []float32, minScore float32) *KNNQuery {
	return &KNNQuery{Field: field, Vector: vector, MinScore: &minScore}
}

// WithFilter sets the filter.
func (q *KNNQuery) WithFilter(f Query) *KNNQuery { q.Filter = f; return q }

// WithEfSearch sets method_parameters.ef_search.
func (q *KNNQuery) WithEfSearch(ef int) *KNNQuery {
	if q.MethodParameters == nil {
		q.MethodParameters = &KNNMethodParameters{}
	}
	q.MethodParameters.EfSearch = &ef
	return q
}

// WithExpandNestedDocs sets expand_nested_docs.
func (q *KNNQuery) WithExpandNestedDocs(b bool) *KNNQuery { q.ExpandNestedDocs = &b; return q }

// WithBoost sets the boost.
func (q *KNNQuery) WithBoost(b float64) *KNNQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *KNNQuery) WithName(name string) *KNNQuery { q.Name = name; return q }

// MarshalJSON renders {"knn": {"<field>": {...}}}.
func (q *KNNQuery) MarshalJSON() ([]byte, error) {
	vec := q.Vector
	if vec == nil {
		vec = []float32{}
	}
	return wrapField("knn", q.Field, struct {
		Vector           []float32            `json:"vector"`
		K                *int                 `json:"k,omitempty"`
		Filter           Query                `json:"filter,omitempty"`
		MaxDistance      *float32             `json:"max_distance,omitempty"`
		MinScore         *float32             `json:"min_score,omitempty"`
		MethodParameters *KNNMethodParameters `json:"method_parameters,omitempty"`
		Rescore          *KNNRescore          `json:"rescore,omitempty"`
		ExpandNestedDocs *bool                `json:"expand_nested_docs,omitempty"`
		IgnoreUnmapped   *bool                `json:"ignore_unmapped,omitempty"`
		Boost            *float64             `json:"boost,omitempty"`
		Name             string               `json:"_name,omitempty"`
	}{vec, q.K, q.Filter, q.MaxDistance, q.MinScore, q.MethodParameters, q.Rescore, q.ExpandNestedDocs, q.IgnoreUnmapped, q.Boost, q.Name})
}
