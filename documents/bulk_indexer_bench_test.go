package documents_test

import (
	"context"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/documents"
	"github.com/clustersearch/clustersearch-go/fake"
)

// benchDoc is a document of about 500 bytes.
type benchDoc struct {
	N    int    `json:"n"`
	Body string `json:"body"`
}

var benchBody = strings.Repeat("lorem ipsum dolor sit amet ", 18)

// BenchmarkBulkIndexer100k loads 100,000 documents of about 500 bytes into
// the fake: through the BulkIndexer with 4 workers, and from one goroutine
// calling Documents.Bulk with batches of 1,000 (the baseline). docs/s is
// reported for each; one op is the whole load.
func BenchmarkBulkIndexer100k(b *testing.B) {
	const docs = 100000
	setup := func(b *testing.B) (*clustersearch.Client, context.Context) {
		srv := fake.New(b)
		c := srv.Client()
		ctx := context.Background()
		if _, err := c.Do(ctx, &clustersearch.Request{Method: "PUT", Path: "/load", Body: map[string]any{
			"settings": map[string]any{"number_of_shards": 2, "refresh_interval": "-1"}}}, nil); err != nil {
			b.Fatal(err)
		}
		return c, ctx
	}
	// docs/s is the figure the target is about; cpu-µs/doc (the process's
	// CPU time, client and fake together) is the steadier one on a shared
	// machine, and says how much work each way does per document.
	// busy-Ps is how many of GOMAXPROCS the Go scheduler kept running on
	// average: what the load's parallelism is, whatever else the machine
	// runs (a P whose thread the OS descheduled still counts as busy).
	report := func(b *testing.B, start time.Time, cpu time.Duration, idle float64) {
		wall := time.Since(start).Seconds()
		b.ReportMetric(float64(docs*b.N)/wall, "docs/s")
		b.ReportMetric(float64(processCPU()-cpu)/1e3/float64(docs*b.N), "cpu-µs/doc")
		b.ReportMetric(float64(runtime.GOMAXPROCS(0))-(idlePs()-idle)/wall, "busy-Ps")
	}
	b.Run("bulk_one_goroutine_batches_1000", func(b *testing.B) {
		c, ctx := setup(b)
		start, cpu, idle := time.Now(), processCPU(), idlePs()
		for i := 0; i < b.N; i++ {
			for n := 0; n < docs; n += 1000 {
				ops := make([]documents.BulkOperation, 0, 1000)
				for j := n; j < n+1000; j++ {
					ops = append(ops, &documents.BulkIndex{BulkMeta: documents.BulkMeta{ID: strconv.Itoa(i*docs + j)}, Document: benchDoc{j, benchBody}})
				}
				resp, err := c.Documents.Bulk(ctx, "load", ops, nil)
				if err != nil || resp.Errors {
					b.Fatal(err)
				}
			}
		}
		report(b, start, cpu, idle)
	})
	b.Run("indexer_4_workers", func(b *testing.B) {
		c, ctx := setup(b)
		start, cpu, idle := time.Now(), processCPU(), idlePs()
		for i := 0; i < b.N; i++ {
			bi, err := c.Documents.NewBulkIndexer(documents.BulkIndexerConfig{Index: "load", Workers: 4, FlushCount: 1000})
			if err != nil {
				b.Fatal(err)
			}
			for j := 0; j < docs; j++ {
				if err := bi.Add(ctx, documents.BulkIndexerItem{Operation: &documents.BulkIndex{BulkMeta: documents.BulkMeta{ID: strconv.Itoa(i*docs + j)}, Document: benchDoc{j, benchBody}}}); err != nil {
					b.Fatal(err)
				}
			}
			if err := bi.Close(ctx); err != nil {
				b.Fatal(err)
			}
			if st := bi.Stats(); st.Failed != 0 || st.Indexed != docs {
				b.Fatalf("stats %+v", st)
			}
		}
		report(b, start, cpu, idle)
	})
}

// processCPU is the CPU time the process used so far (all threads).
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// idlePs is the Go scheduler's idle processor time so far, in seconds.
func idlePs() float64 {
	s := []metrics.Sample{{Name: "/cpu/classes/idle:cpu-seconds"}}
	metrics.Read(s)
	return s[0].Value.Float64()
}
