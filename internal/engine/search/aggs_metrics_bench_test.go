package search

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/aggs"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// metricsCorpus is 100,000 documents with a keyword of 20,000 values and an
// integer, on one shard: the corpus of the metric aggregation benchmarks.
func metricsCorpus(b *testing.B) *fixture {
	r := rand.New(rand.NewPCG(3, 4))
	f := newFixture(b, 1, `{"properties":{"user":{"type":"keyword"},"n":{"type":"integer"}}}`)
	for i := 0; i < benchDocs; i++ {
		src := fmt.Appendf(nil, `{"user":"u%d","n":%d}`, i%20000, r.IntN(1000000))
		f.writeBenchDoc(b, i, src)
	}
	f.x.Refresh(f.svc)
	return f
}

// BenchmarkMetricAggs runs each metric aggregation over every document of
// the corpus, size 0, in the engine (no HTTP).
func BenchmarkMetricAggs(b *testing.B) {
	f := metricsCorpus(b)
	cases := []struct{ name, aggs string }{
		{"avg-baseline", `{"a":{"avg":{"field":"n"}}}`},
		{"cardinality-keyword-20k", `{"c":{"cardinality":{"field":"user"}}}`},
		{"cardinality-integer", `{"c":{"cardinality":{"field":"n"}}}`},
		{"percentiles-tdigest", `{"p":{"percentiles":{"field":"n"}}}`},
		{"percentiles-hdr", `{"p":{"percentiles":{"field":"n","hdr":{}}}}`},
		{"median-absolute-deviation", `{"m":{"median_absolute_deviation":{"field":"n"}}}`},
		{"weighted-avg", `{"w":{"weighted_avg":{"value":{"field":"n"},"weight":{"field":"n"}}}}`},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			v, err := xcontent.Parse([]byte(c.aggs))
			if err != nil {
				b.Fatal(err)
			}
			tree, aerr := aggs.Parse(v, nil)
			if aerr != nil {
				b.Fatal(aerr)
			}
			req := f.request("")
			req.Size, req.Aggs = 0, tree
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				res := Run(req)
				if len(res.Failures) > 0 || res.Err != nil || res.Aggs.Empty() {
					b.Fatalf("%v %v", res.Failures, res.Err)
				}
			}
		})
	}
}
