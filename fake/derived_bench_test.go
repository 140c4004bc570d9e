package fake

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// derivedBenchServer holds 10,000 documents whose index mapping derives a
// keyword and a long from _source.
func derivedBenchServer(b *testing.B) *Server {
	b.Helper()
	s, err := NewServer()
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	if err := s.CreateIndex("d", `{"mappings":{"properties":{"tag":{"type":"keyword"},"n":{"type":"long"}},
		"derived":{"dtag":{"type":"keyword","script":"emit(params._source['tag'])"},"dn":{"type":"long","script":"emit(params._source['n'] * 2)"}}}}`); err != nil {
		b.Fatal(err)
	}
	docs := make([]Doc, 10000)
	for i := range docs {
		docs[i] = Doc{ID: fmt.Sprint(i), Source: map[string]any{"tag": fmt.Sprintf("t%d", i%50), "n": i}}
	}
	if err := s.IndexDocuments("d", docs...); err != nil {
		b.Fatal(err)
	}
	return s
}

func benchSearch(b *testing.B, s *Server, body string) {
	b.Helper()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		resp, err := s.HTTPClient().Post(s.URL()+"/d/_search", "application/json", strings.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		if resp.StatusCode != http.StatusOK {
			b.Fatalf("status %d", resp.StatusCode)
		}
		resp.Body.Close()
	}
}

// BenchmarkDerivedTermQuery runs a term query on a derived keyword: the
// script runs once per document per search.
func BenchmarkDerivedTermQuery(b *testing.B) {
	benchSearch(b, derivedBenchServer(b), `{"query":{"term":{"dtag":"t7"}}}`)
}

// BenchmarkDerivedTermsAgg aggregates a derived keyword with an avg of a
// derived long (two scripts per document).
func BenchmarkDerivedTermsAgg(b *testing.B) {
	benchSearch(b, derivedBenchServer(b), `{"size":0,"aggs":{"t":{"terms":{"field":"dtag"},"aggs":{"a":{"avg":{"field":"dn"}}}}}}`)
}

// BenchmarkMappedTermQuery is BenchmarkDerivedTermQuery's query on the
// mapped field, for comparison.
func BenchmarkMappedTermQuery(b *testing.B) {
	benchSearch(b, derivedBenchServer(b), `{"query":{"term":{"tag":"t7"}}}`)
}
