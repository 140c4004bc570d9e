package search

import (
	"math"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/aggs"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// BenchmarkProfile100k measures what profiling costs: the same bool query
// with a terms + avg aggregation over the 100,000-document corpus, with
// and without profile (every iterator call and collect is then timed).
func BenchmarkProfile100k(b *testing.B) {
	f := zipfCorpus(b, benchDocs)
	v, err := xcontent.Parse([]byte(`{"t":{"terms":{"field":"tag"},"aggs":{"a":{"avg":{"field":"num"}}}}}`))
	if err != nil {
		b.Fatal(err)
	}
	tree, aerr := aggs.Parse(v, nil)
	if aerr != nil {
		b.Fatal(aerr)
	}
	for _, profile := range []bool{false, true} {
		name := "plain"
		if profile {
			name = "profiled"
		}
		b.Run(name, func(b *testing.B) {
			req := f.request(`{"bool":{"filter":[{"range":{"num":{"gte":1000}}}]}}`)
			req.Size, req.Aggs, req.MaxBuckets, req.TrackTotalHits, req.Profile = 10, tree, 65535, math.MaxInt32, profile
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				res := Run(req)
				if len(res.Failures) > 0 || res.Err != nil || (profile && len(res.Profiles) != 1) {
					b.Fatalf("failures %v, err %v, profiles %d", res.Failures, res.Err, len(res.Profiles))
				}
			}
		})
	}
}
