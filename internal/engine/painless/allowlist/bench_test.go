package allowlist

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// BenchmarkScoreListing is one GET /_scripts/painless/_context?context=score
// past the HTTP layer: build the lookup, render and encode it.
func BenchmarkScoreListing(b *testing.B) {
	if _, err := loaded(); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		l, err := Build("score")
		if err != nil {
			b.Fatal(err)
		}
		out, err := jsonout.Append(nil, l.Listing())
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(len(out)))
	}
}
