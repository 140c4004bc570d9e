package mapping

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

func TestKNNVectorWireForm(t *testing.T) {
	t.Parallel()
	p := &KNNVector{Dimension: 3, DataType: "byte", Method: &KNNMethod{Name: "hnsw", Engine: "lucene", SpaceType: "l2", Params: map[string]any{"m": 16}}}
	b, err := jsonx.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"knn_vector","dimension":3,"data_type":"byte","method":{"name":"hnsw","engine":"lucene","space_type":"l2","parameters":{"m":16}}}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
}
