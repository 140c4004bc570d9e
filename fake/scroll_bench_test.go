package fake

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/search"
	"github.com/clustersearch/clustersearch-go/types"
)

// BenchmarkScroll10k measures one whole scroll through the SDK over HTTP:
// 10,000 documents at size 100 (a first page and 99 later pages, plain
// hits without fetch options). It reports scrolls per second and CPU per
// scroll.
func BenchmarkScroll10k(b *testing.B) {
	docs := synthDocs(10000)
	batch := make([]Doc, len(docs))
	for i, d := range docs {
		batch[i] = Doc{ID: strconv.Itoa(i), Source: d}
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
	size := 100
	keep := types.Duration(time.Minute)
	b.ResetTimer()
	start, cpu := time.Now(), cpuTime()
	for i := 0; i < b.N; i++ {
		resp, err := c.Search.Search(ctx, []string{"bench"}, &search.Request{Size: &size}, &search.Params{Scroll: keep})
		if err != nil {
			b.Fatal(err)
		}
		n := len(resp.Hits.Hits)
		for id := resp.ScrollID; ; {
			page, err := c.Search.Scroll(ctx, id, keep, nil)
			if err != nil {
				b.Fatal(err)
			}
			if len(page.Hits.Hits) == 0 {
				break
			}
			n += len(page.Hits.Hits)
			id = page.ScrollID
		}
		if n != len(docs) {
			b.Fatalf("scrolled %d hits, want %d", n, len(docs))
		}
		if _, err := c.Search.ClearScroll(ctx, resp.ScrollID); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "scrolls/s")
	b.ReportMetric(float64((cpuTime()-cpu).Microseconds())/float64(b.N), "cpu-µs/scroll")
}
