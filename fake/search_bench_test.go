package fake

import (
	"bytes"
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
)

// BenchmarkSearchHTTP100k measures SDK → fake HTTP searches of the top 10
// over the 100,000-document corpus with one client goroutine; it reports
// searches per second.
func BenchmarkSearchHTTP100k(b *testing.B) {
	docs := synthDocs(benchDocs)
	batch := make([]Doc, len(docs))
	var terms []string
	for i, d := range docs {
		batch[i] = Doc{ID: strconv.Itoa(i), Source: d}
		if i%997 == 0 {
			// The first body word of some documents, so every search has hits.
			j := bytes.Index(d, []byte(`"body":"`)) + len(`"body":"`)
			k := bytes.IndexByte(d[j:], ' ')
			terms = append(terms, string(d[j:j+k]))
		}
	}
	s, err := NewServer()
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	if err := s.IndexDocuments("bench", batch...); err != nil {
		b.Fatal(err)
	}
	c := s.Client()
	ctx := context.Background()
	size := 10
	b.ResetTimer()
	start, cpu := time.Now(), cpuTime()
	for i := 0; i < b.N; i++ {
		resp, err := c.Search.Search(ctx, []string{"bench"}, &search.Request{Query: query.Match("body", terms[i%len(terms)]), Size: &size}, nil)
		if err != nil {
			b.Fatal(err)
		}
		if len(resp.Hits.Hits) == 0 {
			b.Fatal("no hits")
		}
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "searches/s")
	// CPU per search (client and server together) separates the code's cost
	// from the neighbours' load on a shared machine.
	b.ReportMetric(float64((cpuTime()-cpu).Microseconds())/float64(b.N), "cpu-µs/search")
}
