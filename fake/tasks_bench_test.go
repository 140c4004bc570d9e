package fake

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// loadDocs bulk-indexes n small documents into index and refreshes.
func loadDocs(b *testing.B, s *Server, index string, n int) {
	b.Helper()
	for start := 0; start < n; start += 5000 {
		var sb strings.Builder
		for i := start; i < min(start+5000, n); i++ {
			sb.WriteString(`{"index":{"_index":"` + index + `","_id":"` + strconv.Itoa(i) + `"}}` + "\n")
			sb.WriteString(`{"n":` + strconv.Itoa(i) + `,"title":"document number ` + strconv.Itoa(i) + `","tag":"t` + strconv.Itoa(i%10) + `"}` + "\n")
		}
		req, _ := http.NewRequest("POST", s.URL()+"/_bulk", strings.NewReader(sb.String()))
		req.Header.Set("Content-Type", "application/x-ndjson")
		resp, err := s.HTTPClient().Do(req)
		if err != nil || resp.StatusCode != 200 {
			b.Fatalf("bulk: %v %v", err, resp)
		}
		resp.Body.Close()
	}
	req, _ := http.NewRequest("POST", s.URL()+"/"+index+"/_refresh", nil)
	resp, err := s.HTTPClient().Do(req)
	if err != nil {
		b.Fatal(err)
	}
	resp.Body.Close()
}

func benchReindex(b *testing.B, script string) {
	const docs = 100_000
	s, err := NewServer()
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	loadDocs(b, s, "src", docs)
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		body := `{"source":{"index":"src"},"dest":{"index":"dst` + strconv.Itoa(i) + `"}` + script + `}`
		req, _ := http.NewRequest("POST", s.URL()+"/_reindex", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		resp, err := s.HTTPClient().Do(req)
		if err != nil || resp.StatusCode != 200 {
			b.Fatalf("reindex: %v %v", err, resp)
		}
		resp.Body.Close()
	}
	b.ReportMetric(float64(docs*b.N)/b.Elapsed().Seconds(), "docs/s")
	// On a shared machine wall time also measures the neighbours.
	b.ReportMetric(float64(docs*b.N)/(cpuTime()-cpu0).Seconds(), "docs/cpu-s")
}

// BenchmarkReindex100k copies 100,000 documents without a script (target:
// at least 50,000 documents/s).
func BenchmarkReindex100k(b *testing.B) { benchReindex(b, "") }

// BenchmarkReindex100kScript copies 100,000 documents through a simple
// Painless script (target: at least 20,000 documents/s).
func BenchmarkReindex100kScript(b *testing.B) {
	benchReindex(b, `,"script":{"source":"ctx._source.n += 1; ctx._source.copied = true"}`)
}
