package search

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sort"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/aggs"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// zipfCorpus is the search benchmarks' corpus: 20,000 pseudo-words of 2-4
// consonant-vowel syllables drawn with Zipf s=1.1, a 4-8 word title, a
// 55-65 word body, a tag of 50 values, a num of 0-9,999 and a date; for
// the aggregation benchmarks also a keyword of 20,000 values and dates
// spread over one year. It reports the heap each document costs.
func zipfCorpus(b *testing.B, docs int) *fixture {
	r := rand.New(rand.NewPCG(7, 11))
	const consonants, vowels = "bcdfghjklmnprstvz", "aeiou"
	vocab := make([]string, 20000)
	seen := map[string]bool{}
	for i := range vocab {
		for {
			var w []byte
			for s := 0; s < 2+r.IntN(3); s++ {
				w = append(w, consonants[r.IntN(len(consonants))], vowels[r.IntN(len(vowels))])
			}
			if !seen[string(w)] {
				seen[string(w)] = true
				vocab[i] = string(w)
				break
			}
		}
	}
	zipf := rand.NewZipf(r, 1.1, 1, uint64(len(vocab)-1))
	words := func(k int) string {
		var buf bytes.Buffer
		for i := 0; i < k; i++ {
			if i > 0 {
				buf.WriteByte(' ')
			}
			buf.WriteString(vocab[zipf.Uint64()])
		}
		return buf.String()
	}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	f := newFixture(b, 1, `{"properties":{"title":{"type":"text"},"body":{"type":"text"},"tag":{"type":"keyword"},"kw":{"type":"keyword"},"num":{"type":"integer"},"date":{"type":"date"}}}`)
	year := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := 0; i < docs; i++ {
		src := fmt.Appendf(nil, `{"title":%q,"body":%q,"tag":"t%d","kw":"k%d","num":%d,"date":%q}`,
			words(4+r.IntN(5)), words(55+r.IntN(11)), r.IntN(50), r.IntN(20000), r.IntN(10000),
			year.Add(time.Duration(r.Int64N(int64(365*24*time.Hour)))).Format(time.RFC3339))
		f.writeBenchDoc(b, i, src)
	}
	f.x.Refresh(f.svc)
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/float64(docs), "heap-B/doc")
	return f
}

// BenchmarkAggregations100k runs size-0 searches with aggregations over
// all 100,000 documents of the corpus in the engine (no HTTP).
func BenchmarkAggregations100k(b *testing.B) {
	f := zipfCorpus(b, benchDocs)
	cases := []struct{ name, aggs string }{
		{"no_aggs_baseline", ``},
		{"terms_keyword_50", `{"t":{"terms":{"field":"tag"}}}`},
		{"date_histogram_day_year", `{"d":{"date_histogram":{"field":"date","calendar_interval":"day"}}}`},
		{"avg_integer", `{"a":{"avg":{"field":"num"}}}`},
		{"cardinality_keyword_20k", `{"c":{"cardinality":{"field":"kw"}}}`},
		{"terms_with_avg", `{"t":{"terms":{"field":"tag"},"aggs":{"a":{"avg":{"field":"num"}}}}}`},
	}
	for _, c := range cases {
		var tree *aggs.Tree
		if c.aggs != "" {
			v, err := xcontent.Parse([]byte(c.aggs))
			if err != nil {
				b.Fatal(err)
			}
			var aerr *apierr.Error
			if tree, aerr = aggs.Parse(v, nil); aerr != nil {
				b.Fatal(aerr)
			}
		}
		b.Run(c.name, func(b *testing.B) {
			req := f.request("")
			req.Size, req.Aggs, req.MaxBuckets, req.TrackTotalHits = 0, tree, 65535, math.MaxInt32
			lat := make([]time.Duration, 0, b.N)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				start := time.Now()
				res := Run(req)
				lat = append(lat, time.Since(start))
				if len(res.Failures) > 0 || res.Err != nil || res.Total != benchDocs {
					b.Fatalf("failures %v, err %v, total %d", res.Failures, res.Err, res.Total)
				}
			}
			b.StopTimer()
			sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
			// The fastest search: on a shared machine, the figure least
			// disturbed by other processes.
			b.ReportMetric(float64(lat[0].Microseconds()), "min-µs")
		})
	}
}
