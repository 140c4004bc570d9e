package fake

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"net/http"
	"runtime"
	"strconv"
	"syscall"
	"testing"
	"time"
)

const benchDocs = 100000

// synthDocs builds n documents: a 6-word title and a 60-word body from a
// 20,000-word vocabulary, a keyword, an integer and a date.
func synthDocs(n int) [][]byte {
	r := rand.New(rand.NewPCG(1, 2))
	vocab := make([]string, 20000)
	for i := range vocab {
		vocab[i] = "w" + strconv.FormatInt(int64(i)*7919, 36)
	}
	words := func(k int) string {
		var b bytes.Buffer
		for i := 0; i < k; i++ {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(vocab[r.IntN(len(vocab))])
		}
		return b.String()
	}
	docs := make([][]byte, n)
	base := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range docs {
		docs[i] = fmt.Appendf(nil, `{"title":%q,"body":%q,"tag":"t%d","n":%d,"at":%q}`,
			words(6), words(60), i%50, r.IntN(1000000), base.Add(time.Duration(i)*time.Minute).Format(time.RFC3339))
	}
	return docs
}

// cpuTime is the process's user+system CPU time. The benchmark reports
// documents per CPU-second too, since wall time on a shared machine measures
// the neighbours as much as the code.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func heapAlloc() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// synthTypedDocs are synthDocs with an ip (v4, one in eight v6), a
// geo_point and a scaled_float added, for the mapped corpus of
// BenchmarkIndexDirectTyped.
func synthTypedDocs(n int) [][]byte {
	docs := synthDocs(n)
	r := rand.New(rand.NewPCG(3, 4))
	for i, d := range docs {
		ip := fmt.Sprintf("10.%d.%d.%d", r.IntN(256), r.IntN(256), r.IntN(256))
		if i%8 == 0 {
			ip = fmt.Sprintf("2001:db8::%x:%x", r.IntN(65536), r.IntN(65536))
		}
		extra := fmt.Sprintf(`,"client":%q,"loc":{"lat":%.5f,"lon":%.5f},"price":%.2f}`, ip, r.Float64()*180-90, r.Float64()*360-180, r.Float64()*1000)
		docs[i] = append(d[:len(d)-1:len(d)-1], extra...)
	}
	return docs
}

// typedBenchMapping maps the three added fields; the others are mapped
// dynamically, as in BenchmarkIndexDirect, so the two runs differ only by
// the added fields.
const typedBenchMapping = `{"mappings":{"properties":{"client":{"type":"ip"},"loc":{"type":"geo_point"},"price":{"type":"scaled_float","scaling_factor":100}}}}`

// BenchmarkIndexDirect indexes 100,000 documents through the direct helper.
func BenchmarkIndexDirect(b *testing.B) { benchIndexDirect(b, synthDocs(benchDocs), "") }

// BenchmarkIndexDirectTyped is BenchmarkIndexDirect on the same documents
// with ip, geo_point and scaled_float fields added, to compare with the
// text-only figures.
func BenchmarkIndexDirectTyped(b *testing.B) {
	benchIndexDirect(b, synthTypedDocs(benchDocs), typedBenchMapping)
}

func benchIndexDirect(b *testing.B, docs [][]byte, mappingBody string) {
	batch := make([]Doc, len(docs))
	for i, d := range docs {
		batch[i] = Doc{ID: strconv.Itoa(i), Source: d}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		s, err := NewServer()
		if err != nil {
			b.Fatal(err)
		}
		if mappingBody != "" {
			if err := s.CreateIndex("bench", []byte(mappingBody)); err != nil {
				b.Fatal(err)
			}
		}
		before := heapAlloc()
		b.StartTimer()
		start, cpu := time.Now(), cpuTime()
		if err := s.IndexDocuments("bench", batch...); err != nil {
			b.Fatal(err)
		}
		el, cpuEl := time.Since(start), cpuTime()-cpu
		b.StopTimer()
		b.ReportMetric(float64(benchDocs)/el.Seconds(), "docs/s")
		b.ReportMetric(float64(benchDocs)/cpuEl.Seconds(), "docs/cpu-s")
		b.ReportMetric(float64(int64(heapAlloc())-int64(before))/benchDocs, "heapB/doc")
		runtime.KeepAlive(batch)
		s.Close()
		b.StartTimer()
	}
}

// BenchmarkBulkHTTP indexes 100,000 documents through _bulk in batches of 1,000.
func BenchmarkBulkHTTP(b *testing.B) {
	docs := synthDocs(benchDocs)
	var bodies [][]byte
	for i := 0; i < len(docs); i += 1000 {
		var buf bytes.Buffer
		for j := i; j < i+1000 && j < len(docs); j++ {
			fmt.Fprintf(&buf, "{\"index\":{\"_id\":\"%d\"}}\n", j)
			buf.Write(docs[j])
			buf.WriteByte('\n')
		}
		bodies = append(bodies, buf.Bytes())
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		s, err := NewServer()
		if err != nil {
			b.Fatal(err)
		}
		client := s.HTTPClient()
		before := heapAlloc()
		b.StartTimer()
		start, cpu := time.Now(), cpuTime()
		for _, body := range bodies {
			resp, err := client.Post(s.URL()+"/bench/_bulk", "application/x-ndjson", bytes.NewReader(body))
			if err != nil {
				b.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				b.Fatalf("status %d", resp.StatusCode)
			}
		}
		el, cpuEl := time.Since(start), cpuTime()-cpu
		b.StopTimer()
		b.ReportMetric(float64(benchDocs)/el.Seconds(), "docs/s")
		b.ReportMetric(float64(benchDocs)/cpuEl.Seconds(), "docs/cpu-s")
		// Here every stored source is the server's own copy, so this is the
		// full heap cost of a document (source, postings, doc values, ids).
		b.ReportMetric(float64(heapAlloc()-before)/benchDocs, "heapB/doc")
		s.Close()
		b.StartTimer()
	}
}
