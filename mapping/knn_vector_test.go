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

func TestKNNEncoderWireForm(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		m    *KNNMethod
		want string
	}{
		{&KNNMethod{Name: "hnsw", Params: map[string]any{"m": 16}, Encoder: FaissSQ(true)},
			`{"name":"hnsw","parameters":{"encoder":{"name":"sq","parameters":{"clip":true,"type":"fp16"}},"m":16}}`},
		{&KNNMethod{Name: "hnsw", Encoder: BinaryEncoder(2)},
			`{"name":"hnsw","parameters":{"encoder":{"name":"binary","parameters":{"bits":2}}}}`},
		{&KNNMethod{Name: "hnsw", Engine: "lucene", Encoder: &KNNEncoder{Name: "sq"}},
			`{"name":"hnsw","engine":"lucene","parameters":{"encoder":{"name":"sq"}}}`},
	} {
		b, err := jsonx.Marshal(tc.m)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != tc.want {
			t.Errorf("got  %s\nwant %s", b, tc.want)
		}
	}
}
