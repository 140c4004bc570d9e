package fake

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// BenchmarkGeoShapeQuery: an intersects query with a polygon over 10,000
// documents each holding a small square (the exact geometry per document).
func BenchmarkGeoShapeQuery(b *testing.B) {
	s, err := NewServer()
	if err != nil {
		b.Fatal(err)
	}
	if err := s.CreateIndex("shapes", []byte(`{"mappings":{"properties":{"s":{"type":"geo_shape"}}}}`)); err != nil {
		b.Fatal(err)
	}
	docs := make([]Doc, 10000)
	for i := range docs {
		x, y := float64(i%100)-50, float64(i/100)-50
		docs[i] = Doc{ID: fmt.Sprint(i), Source: []byte(fmt.Sprintf(`{"s":"POLYGON ((%g %g, %g %g, %g %g, %g %g, %g %g))"}`, x, y, x+0.5, y, x+0.5, y+0.5, x, y+0.5, x, y))}
	}
	if err := s.IndexDocuments("shapes", docs...); err != nil {
		b.Fatal(err)
	}
	body := `{"size":0,"track_total_hits":true,"query":{"geo_shape":{"s":{"shape":"POLYGON ((-10 -10, 10 -10, 10 10, -10 10, -10 -10), (-2 -2, 2 -2, 2 2, -2 2, -2 -2))"}}}}`
	h := s.Handler()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		req, _ := http.NewRequest("POST", "/shapes/_search", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		w := &discardWriter{h: http.Header{}}
		h.ServeHTTP(w, req)
		if w.code != 0 && w.code != 200 {
			b.Fatalf("status %d", w.code)
		}
	}
}

type discardWriter struct {
	h    http.Header
	code int
}

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) Write(p []byte) (int, error) { return len(p), nil }
func (w *discardWriter) WriteHeader(code int)        { w.code = code }
