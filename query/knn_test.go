package query

import (
	"encoding/json"
	"testing"
)

func TestKNNQueryJSON(t *testing.T) {
	for _, tc := range []struct {
		q    *KNNQuery
		want string
	}{
		{KNN("emb", []float32{0.5, -1}, 3), `{"knn":{"emb":{"vector":[0.5,-1],"k":3}}}`},
		{KNN("emb", []float32{1}, 2).WithFilter(Term("lang", "en")).WithEfSearch(100).WithExpandNestedDocs(true).WithBoost(2).WithName("n"),
			`{"knn":{"emb":{"vector":[1],"k":2,"filter":{"term":{"lang":{"value":"en"}}},"method_parameters":{"ef_search":100},"expand_nested_docs":true,"boost":2,"_name":"n"}}}`},
		{KNNWithin("emb", []float32{1}, 0.25), `{"knn":{"emb":{"vector":[1],"max_distance":0.25}}}`},
		{KNNMinScore("emb", []float32{1}, 0.9), `{"knn":{"emb":{"vector":[1],"min_score":0.9}}}`},
		{&KNNQuery{Field: "emb", Vector: []float32{1}, K: Ptr(1), Rescore: &KNNRescore{OversampleFactor: Ptr[float32](2)}}, `{"knn":{"emb":{"vector":[1],"k":1,"rescore":{"oversample_factor":2}}}}`},
		{&KNNQuery{Field: "emb", Vector: []float32{1}, K: Ptr(1), Rescore: &KNNRescore{Disabled: true}}, `{"knn":{"emb":{"vector":[1],"k":1,"rescore":false}}}`},
	} {
		b, err := json.Marshal(tc.q)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != tc.want {
			t.Errorf("got  %s\nwant %s", b, tc.want)
		}
	}
	if _, err := json.Marshal(KNN("", []float32{1}, 1)); err == nil {
		t.Error("a knn query without a field marshalled")
	}
}

// Every option the knn builder sends is in the specification's KnnQuery,
// and every KnnQuery option has a field (ignore_unmapped, which the plugin
// reads, is missing from the specification).
func TestKNNMatchesTheOpenAPISchema(t *testing.T) {
	t.Parallel()
	spec := schemaProps(t, "KnnQuery")
	q := KNN("f", []float32{1}, 1).WithFilter(MatchAll()).WithEfSearch(1).WithExpandNestedDocs(true).WithBoost(2).WithName("n")
	q.MinScore, q.MaxDistance = Ptr[float32](0.5), Ptr[float32](1)
	q.Rescore = &KNNRescore{OversampleFactor: Ptr[float32](2)}
	_, keys := innerKeys(t, q, true)
	if !cmpSets(spec, keys) {
		t.Errorf("KnnQuery lists %v, the builder sends %v", sortedKeys(spec), sortedKeys(keys))
	}
}
