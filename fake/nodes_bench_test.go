package fake_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/fake"
)

// BenchmarkNodesStats measures GET /_nodes/stats on a 3-node fake holding 20
// indexes (2 shards, 1 replica, 500 documents each); it reports requests per
// second over HTTP.
func BenchmarkNodesStats(b *testing.B) {
	srv, err := fake.NewServer(fake.WithNodes(3))
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	for i := 0; i < 20; i++ {
		name := fmt.Sprintf("idx-%02d", i)
		if err := srv.CreateIndex(name, `{"settings":{"number_of_shards":2,"number_of_replicas":1}}`); err != nil {
			b.Fatal(err)
		}
		docs := make([]fake.Doc, 500)
		for j := range docs {
			docs[j] = fake.Doc{ID: fmt.Sprint(j), Source: fmt.Sprintf(`{"title":"doc %d of %s","n":%d}`, j, name, j)}
		}
		if err := srv.IndexDocuments(name, docs...); err != nil {
			b.Fatal(err)
		}
	}
	client := srv.HTTPClient()
	get := func() {
		resp, err := client.Get(srv.URL() + "/_nodes/stats")
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			b.Fatalf("status %d", resp.StatusCode)
		}
	}
	get()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		get()
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "req/s")
}

// BenchmarkDataDirRestart measures starting a fake on a data directory that
// holds 100,000 documents (half in the snapshot, half in the log).
func BenchmarkDataDirRestart(b *testing.B) {
	dir := b.TempDir()
	srv, err := fake.NewServer(fake.WithDataDir(dir), fake.WithSnapshotInterval(time.Hour))
	if err != nil {
		b.Fatal(err)
	}
	bulk := func(from, to int) {
		var body strings.Builder
		for i := from; i < to; i++ {
			fmt.Fprintf(&body, "{\"index\":{\"_index\":\"docs\",\"_id\":\"%d\"}}\n{\"title\":\"document number %d\",\"n\":%d}\n", i, i, i)
		}
		req, _ := http.NewRequest("POST", srv.URL()+"/_bulk", strings.NewReader(body.String()))
		req.Header.Set("Content-Type", "application/x-ndjson")
		resp, err := srv.HTTPClient().Do(req)
		if err != nil {
			b.Fatal(err)
		}
		resp.Body.Close()
	}
	for i := 0; i < 50000; i += 1000 {
		bulk(i, i+1000)
	}
	srv.Close() // snapshot: the first half
	srv, err = fake.NewServer(fake.WithDataDir(dir), fake.WithSnapshotInterval(time.Hour))
	if err != nil {
		b.Fatal(err)
	}
	for i := 50000; i < 100000; i += 1000 {
		bulk(i, i+1000) // the log: the second half
	}
	// Keep the files as a crash would leave them: copy before Close snapshots.
	crashed := b.TempDir()
	copyFiles(b, dir, crashed)
	srv.Close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		work := b.TempDir()
		b.StopTimer()
		copyFiles(b, crashed, work)
		b.StartTimer()
		s, err := fake.NewServer(fake.WithDataDir(work), fake.WithSnapshotInterval(time.Hour))
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		if _, ok := s.Document("docs", "99999"); !ok {
			b.Fatal("document 99999 missing after the restart")
		}
		s.Close()
		b.StartTimer()
	}
}
