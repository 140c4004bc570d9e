package search

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/knn"
)

// TestKNNExactMatchesBruteForce checks the knn query (whose unfiltered
// scan runs in parallel parts above 16,384 vectors) against a plain loop,
// with deleted and updated documents among them.
func TestKNNExactMatchesBruteForce(t *testing.T) {
	const n = 20000
	r := rand.New(rand.NewPCG(7, 8))
	vecs := make(map[string][]float32, n)
	docs := make([][2]string, 0, n+100)
	for i := 0; i < n; i++ {
		v := []float32{float32(r.IntN(1000)) / 10, float32(r.IntN(1000)) / 10, float32(r.IntN(1000)) / 10}
		id := strconv.Itoa(i)
		vecs[id] = v
		docs = append(docs, [2]string{id, fmt.Sprintf(`{"v":[%g,%g,%g]}`, v[0], v[1], v[2])})
	}
	// re-index some documents (their old vectors must not count) and delete others
	for i := 0; i < 100; i++ {
		id := strconv.Itoa(r.IntN(n))
		if i%2 == 0 {
			vecs[id] = []float32{50, 50, 50}
			docs = append(docs, [2]string{id, `{"v":[50,50,50]}`})
		} else {
			delete(vecs, id)
			docs = append(docs, [2]string{id, ""})
		}
	}
	f := newFixtureSettings(t, map[string]string{"index.knn": "true"}, `{"properties":{"v":{"type":"knn_vector","dimension":3}}}`, docs...)
	q := []float32{50, 50, 49}
	type scored struct {
		id    string
		score float32
	}
	var want []scored
	for id, v := range vecs {
		want = append(want, scored{id, knn.Score(knn.L2, knn.Distance(knn.L2, q, v))})
	}
	sort.Slice(want, func(i, j int) bool {
		if want[i].score != want[j].score {
			return want[i].score > want[j].score
		}
		return want[i].id < want[j].id
	})
	res := f.search(`{"knn":{"v":{"vector":[50,50,49],"k":5}}}`)
	if res.Total != 5 {
		t.Fatalf("total %d, want 5", res.Total)
	}
	var got, exp []string
	for i, h := range res.Hits[:5] {
		got = append(got, similarity4(h.Score))
		exp = append(exp, similarity4(want[i].score))
	}
	if strings.Join(got, " ") != strings.Join(exp, " ") {
		t.Errorf("scores %v, want %v", got, exp)
	}
}

func similarity4(f float32) string { return strconv.FormatFloat(float64(f), 'g', 8, 32) }
