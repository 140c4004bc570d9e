package search

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// Score renders exactly as ScoreJSON does, through jsonout and
// encoding/json alike.
func TestScoreJSON(t *testing.T) {
	for _, f := range []float32{0, 1, 0.2876821, 1.1631122, 12345678, 1e-5, -2.5, float32(math.Inf(1))} {
		want := string(ScoreJSON(f))
		got, err := jsonout.Marshal(jsonout.Object{{Key: "s", Value: Score(f)}})
		if err != nil || string(got) != `{"s":`+want+`}` {
			t.Errorf("jsonout %v: %s, %v; want %s", f, got, err, want)
		}
		if f > float32(math.MaxFloat32) {
			continue // encoding/json rejects the invalid token Infinity
		}
		std, err := json.Marshal(map[string]Score{"s": Score(f)})
		if err != nil || string(std) != `{"s":`+want+`}` {
			t.Errorf("encoding/json %v: %s, %v; want %s", f, std, err, want)
		}
	}
}
