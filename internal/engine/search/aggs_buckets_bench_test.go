package search

import (
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/aggs"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// BenchmarkAggsBuckets100k times the bucket aggregations of the wt-aggs-buckets
// slice over the 100,000-document corpus, every document matching, in the
// engine (no HTTP): composite (tag × day, one page of 100), multi_terms
// (tag × day histogram-free key), auto_date_histogram, rare_terms and
// significant_terms on the 50-value keyword.
func BenchmarkAggsBuckets100k(b *testing.B) {
	f, _ := benchCorpus(b)
	cases := []aggsBenchCase{
		{"composite", `{"c":{"composite":{"size":100,"sources":[{"t":{"terms":{"field":"tag"}}},{"d":{"date_histogram":{"field":"at","calendar_interval":"day"}}}]}}}`},
		{"multi_terms", `{"m":{"multi_terms":{"terms":[{"field":"tag"},{"field":"at"}],"size":10}}}`},
		{"auto_date_histogram", `{"a":{"auto_date_histogram":{"field":"at","buckets":20}}}`},
		{"rare_terms", `{"r":{"rare_terms":{"field":"tag","max_doc_count":5}}}`},
		{"significant_terms", `{"s":{"significant_terms":{"field":"tag"}}}`},
	}
	runAggsBench(b, f, cases)
}

// aggsBenchCase is a sub-benchmark: its name and its aggs section.
type aggsBenchCase struct{ name, body string }

// runAggsBench runs each case's aggregations over every document of f,
// size 0, in the engine (no HTTP), and reports µs/search.
func runAggsBench(b *testing.B, f *fixture, cases []aggsBenchCase) {
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			v, err := xcontent.Parse([]byte(c.body))
			if err != nil {
				b.Fatal(err)
			}
			tree, aerr := aggs.Parse(v, nil)
			if aerr != nil {
				b.Fatal(aerr)
			}
			req := f.request("")
			req.Size = 0
			req.Aggs = tree
			b.ResetTimer()
			start := time.Now()
			for i := 0; i < b.N; i++ {
				res := Run(req)
				if len(res.Failures) > 0 {
					b.Fatal(res.Failures[0].Err)
				}
				if res.Aggs == nil {
					b.Fatal("no aggregations")
				}
			}
			b.ReportMetric(float64(time.Since(start).Microseconds())/float64(b.N), "µs/search")
		})
	}
}
