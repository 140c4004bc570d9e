//go:build unix

package search

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

const knnBenchDims = 384

// knnCorpus indexes benchDocs random 384-dimension vectors with a keyword
// (one of 10 values) and reports the heap the vectors added per vector.
func knnCorpus(b *testing.B) *fixture {
	r := rand.New(rand.NewPCG(3, 4))
	f := newFixtureSettings(b, map[string]string{"index.knn": "true"},
		`{"properties":{"v":{"type":"knn_vector","dimension":384,"method":{"name":"hnsw","space_type":"l2"}},"tag":{"type":"keyword"}}}`)
	var sb strings.Builder
	for i := 0; i < benchDocs; i++ {
		sb.Reset()
		sb.WriteString(`{"tag":"t` + strconv.Itoa(i%10) + `","v":[`)
		for d := 0; d < knnBenchDims; d++ {
			if d > 0 {
				sb.WriteByte(',')
			}
			sb.WriteString(strconv.FormatFloat(r.Float64()*2-1, 'f', 4, 32))
		}
		sb.WriteString("]}")
		src := []byte(sb.String())
		p, err := f.x.ParseSource(strconv.Itoa(i), src)
		if err != nil {
			b.Fatal(err)
		}
		// The source is not kept: the figure below is the vectors' own heap.
		if _, _, err := f.x.Write(&shard.Write{ID: strconv.Itoa(i), Source: []byte("{}"), Fields: &p.Fields, IfSeqNo: shard.NoSeqNo, Now: testNow}, false); err != nil {
			b.Fatal(err)
		}
		f.x.Release(p)
	}
	f.x.Refresh(f.svc)
	return f
}

func knnQueries(b *testing.B, filter string) []dsl.Query {
	r := rand.New(rand.NewPCG(5, 6))
	var qs []string
	for i := 0; i < 16; i++ {
		parts := make([]string, knnBenchDims)
		for d := range parts {
			parts[d] = strconv.FormatFloat(r.Float64()*2-1, 'f', 4, 32)
		}
		qs = append(qs, fmt.Sprintf(`{"knn":{"v":{"vector":[%s],"k":10%s}}}`, strings.Join(parts, ","), filter))
	}
	return parseAll(b, qs)
}

// BenchmarkKNN100k runs top-10 knn searches over 100,000 vectors of 384
// dimensions in the engine (exact search), with and without a filter that
// keeps a tenth of the documents, and reports the vector memory per vector.
func BenchmarkKNN100k(b *testing.B) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f := knnCorpus(b)
	runtime.GC()
	runtime.ReadMemStats(&after)
	var vecBytes int64
	for _, sh := range f.x.Shards {
		vecBytes += sh.VectorBytes()
	}
	b.Run("top10", func(b *testing.B) {
		knnLatency(b, f, knnQueries(b, ""))
		b.ReportMetric(float64(vecBytes)/benchDocs, "vector-B/vec")
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/benchDocs, "index-heap-B/doc")
	})
	b.Run("top10-filtered", func(b *testing.B) { knnLatency(b, f, knnQueries(b, `,"filter":{"term":{"tag":"t3"}}`)) })
	runtime.KeepAlive(f)
}

// knnLatency is runLatency plus the process CPU time per query: on a
// shared machine the wall-clock percentiles include waiting for a core,
// the CPU time is the search's own cost (summed over its goroutines).
func knnLatency(b *testing.B, f *fixture, queries []dsl.Query) {
	var ru0, ru1 syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	runLatency(b, f, queries)
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	cpu := time.Duration(ru1.Utime.Nano()+ru1.Stime.Nano()-ru0.Utime.Nano()-ru0.Stime.Nano()) / time.Duration(b.N)
	b.ReportMetric(float64(cpu.Microseconds()), "cpu-µs/op")
}
