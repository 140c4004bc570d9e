package fake

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
	"github.com/clustersearch/clustersearch-go/types"
)

// BenchmarkPITSearchAfterHTTP pages with search_after through a point in
// time over 10,000 documents (pages of 100, sorted on a unique keyword) via
// the SDK; it reports pages per second. The target: within 2x of the same
// pages without a point in time (the id decode and context lookup are
// per request, not per document).
func BenchmarkPITSearchAfterHTTP(b *testing.B) {
	s, err := NewServer()
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	if err := s.CreateIndex("bench", `{"settings":{"number_of_shards":2},"mappings":{"properties":{"k":{"type":"keyword"}}}}`); err != nil {
		b.Fatal(err)
	}
	batch := make([]Doc, 10000)
	for i := range batch {
		batch[i] = Doc{ID: strconv.Itoa(i), Source: map[string]any{"k": strconv.Itoa(100000 + i)}}
	}
	if err := s.IndexDocuments("bench", batch...); err != nil {
		b.Fatal(err)
	}
	c := s.Client()
	ctx := context.Background()
	for _, withPIT := range []bool{false, true} {
		name := "plain"
		if withPIT {
			name = "pit"
		}
		b.Run(name, func(b *testing.B) {
			body := search.Request{Sort: []search.Sort{search.SortBy("k", "asc")}, Size: query.Ptr(100)}
			indices := []string{"bench"}
			if withPIT {
				pit, err := c.Search.CreatePIT(ctx, indices, &search.CreatePITParams{KeepAlive: types.Duration(time.Minute)})
				if err != nil {
					b.Fatal(err)
				}
				body.PIT = &search.PointInTime{ID: pit.PitID}
				indices = nil
			}
			b.ResetTimer()
			start := time.Now()
			for i := 0; i < b.N; i++ {
				resp, err := c.Search.Search(ctx, indices, &body, nil)
				if err != nil {
					b.Fatal(err)
				}
				hits := resp.Hits.Hits
				if len(hits) < 100 {
					body.SearchAfter = nil
					continue
				}
				body.SearchAfter = hits[len(hits)-1].SortValues()
			}
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "pages/s")
		})
	}
}
