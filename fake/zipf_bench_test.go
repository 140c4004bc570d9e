package fake

import (
	"bytes"
	"context"
	"fmt"
	"net/http/httptest"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
	sdksearch "github.com/clustersearch/clustersearch-go/search"
)

// BenchmarkZipf100k is issue 17's search benchmark: top-10 match, bool and
// match_phrase searches over the 100,000-document Zipf corpus, each run
// three ways in one process: the plain inverted index (baseline), the
// fake's engine alone (search.Run, no HTTP), the fake's handler in process
// and the SDK against the fake over loopback HTTP, one goroutine. Each reports p50 and p99 latency and
// searches/s; engine and http also report their p50 as a multiple of the
// baseline's (x-base-p50), and http its p50 minus the engine's (http-µs),
// the cost of the HTTP layer per search; handler calls the server's
// http.Handler in process with the request the SDK sends (no network, no
// client) and reports its p50 minus the engine's (server-µs), the server's
// own share. cpu-µs/search is the process's CPU
// time per search, the figure least disturbed by neighbours on a shared
// machine. Run the whole benchmark (not one
// sub-benchmark) to get the ratios:
//
//	go test ./fake -run '^$' -bench Zipf100k -benchtime 2000x
func BenchmarkZipf100k(b *testing.B) {
	f := zipfFixture100k(b)
	kinds := []struct {
		name    string
		queries []zipfQuery
		base    func(q *zipfQuery) int
	}{
		{"match", f.match, func(q *zipfQuery) int { n, _ := f.base.match(q.words, nil); return n }},
		{"bool", f.boolQ, func(q *zipfQuery) int { n, _ := f.base.boolQuery(q.words, q.tag, q.lo); return n }},
		{"phrase", f.phrase, func(q *zipfQuery) int { n, _ := f.base.phrase(q.words[0], q.words[1]); return n }},
	}
	for _, k := range kinds {
		var baseP50, engineP50 time.Duration
		b.Run(k.name+"/baseline", func(b *testing.B) {
			baseP50 = measure(b, len(k.queries), func(i int) error {
				k.base(&k.queries[i])
				return nil
			})
		})
		b.Run(k.name+"/engine", func(b *testing.B) {
			run := f.engineRunner(b, k.queries)
			engineP50 = measure(b, len(k.queries), run)
			ratio(b, engineP50, baseP50)
		})
		b.Run(k.name+"/handler", func(b *testing.B) {
			h := f.server.Handler()
			bodies := make([][]byte, len(k.queries))
			for i, q := range k.queries {
				bodies[i] = append(append([]byte(`{"query":`), q.json...), `,"size":10}`...)
			}
			p50 := measure(b, len(k.queries), func(i int) error {
				w := httptest.NewRecorder()
				req := httptest.NewRequest("POST", "/zipf/_search", bytes.NewReader(bodies[i]))
				req.Header.Set("Content-Type", "application/json")
				h.ServeHTTP(w, req)
				if w.Code != 200 {
					return fmt.Errorf("status %d: %s", w.Code, w.Body)
				}
				return nil
			})
			ratio(b, p50, baseP50)
			if engineP50 > 0 {
				b.ReportMetric(float64(p50-engineP50)/float64(time.Microsecond), "server-µs")
			}
		})
		b.Run(k.name+"/http", func(b *testing.B) {
			c := f.server.Client()
			ctx := context.Background()
			size := 10
			p50 := measure(b, len(k.queries), func(i int) error {
				_, err := c.Search.Search(ctx, []string{"zipf"}, &sdksearch.Request{Query: k.queries[i].sdk, Size: &size}, nil)
				return err
			})
			ratio(b, p50, baseP50)
			if engineP50 > 0 {
				b.ReportMetric(float64(p50-engineP50)/float64(time.Microsecond), "http-µs")
			}
		})
	}
}

// engineRunner parses the queries once and returns a function running the
// i-th with search.Run on the corpus's shard, as the search handler
// builds the request for a plain top-10 search.
func (f *zipfFixture) engineRunner(b *testing.B, queries []zipfQuery) func(int) error {
	x, ok := f.server.backend.Indices.Get("zipf")
	if !ok {
		b.Fatal("no zipf index")
	}
	parsed := make([]dsl.Query, len(queries))
	for i := range queries {
		q, err := dsl.ParseJSON(queries[i].json)
		if err != nil {
			b.Fatal(err)
		}
		parsed[i] = q
	}
	return func(i int) error {
		res := search.Run(&search.Request{Service: f.server.backend.Indices, Query: parsed[i], Size: 10, TrackTotalHits: 10000,
			Similarity: similarity.NewBM25(true), Now: f.server.cfg.clock.Now(),
			Targets: []search.Target{{Index: x, Shard: 0}}})
		if len(res.Failures) > 0 {
			return res.Failures[0].Err
		}
		return nil
	}
}

// measure runs b.N searches round robin over n queries and reports p50,
// p99 and searches/s; it returns the p50.
func measure(b *testing.B, n int, run func(i int) error) time.Duration {
	lat := make([]time.Duration, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	start, cpu := time.Now(), cpuTime()
	for i := 0; i < b.N; i++ {
		t := time.Now()
		if err := run(i % n); err != nil {
			b.Fatal(err)
		}
		lat[i] = time.Since(t)
	}
	el, cpuEl := time.Since(start), cpuTime()-cpu
	b.StopTimer()
	slices.Sort(lat)
	p50, p99 := lat[len(lat)/2], lat[len(lat)*99/100]
	b.ReportMetric(float64(p50)/float64(time.Microsecond), "p50-µs")
	b.ReportMetric(float64(p99)/float64(time.Microsecond), "p99-µs")
	b.ReportMetric(float64(b.N)/el.Seconds(), "searches/s")
	// CPU per search (client, server and GC together) separates the code's
	// cost from the waits a shared machine adds to the latencies.
	b.ReportMetric(float64(cpuEl)/float64(time.Microsecond)/float64(b.N), "cpu-µs/search")
	return p50
}

// ratio reports p50 as a multiple of the baseline's p50 when the baseline
// ran in this process.
func ratio(b *testing.B, p50, base time.Duration) {
	if base > 0 {
		b.ReportMetric(float64(p50)/float64(base), "x-base-p50")
	}
}

// TestZipfBaselineAgreesWithEngine checks the benchmark's baseline on a
// small corpus: it must find exactly the documents the fake finds for
// each query kind, and its best hit must be among the fake's top 10, or
// the ratios would compare different work.
func TestZipfBaselineAgreesWithEngine(t *testing.T) {
	f, err := loadZipf(3000, 60)
	if err != nil {
		t.Fatal(err)
	}
	defer f.server.Close()
	c := f.server.Client()
	size := 10
	check := func(kind string, q *zipfQuery, n int, top []baselineHit) {
		t.Helper()
		resp, err := c.Search.Search(context.Background(), []string{"zipf"}, &sdksearch.Request{Query: q.sdk, Size: &size, TrackTotalHits: sdksearch.TrackTotalHitsTrue}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := resp.Hits.Total.Value; got != int64(n) {
			t.Errorf("%s %s: fake finds %d documents, baseline %d", kind, q.json, got, n)
		}
		if len(top) == 0 {
			return
		}
		best := strconv.Itoa(int(top[0].doc))
		var ids []string
		for _, h := range resp.Hits.Hits {
			ids = append(ids, h.ID)
		}
		if !slices.Contains(ids, best) {
			t.Errorf("%s %s: baseline's best %s (score %v) not in the fake's top 10 %v", kind, q.json, best, top[0].score, ids)
		}
	}
	for i := range f.match {
		n, top := f.base.match(f.match[i].words, nil)
		check("match", &f.match[i], n, top)
		q := &f.boolQ[i]
		n, top = f.base.boolQuery(q.words, q.tag, q.lo)
		check("bool", q, n, top)
		n, top = f.base.phrase(f.phrase[i].words[0], f.phrase[i].words[1])
		check("phrase", &f.phrase[i], n, top)
	}
	if n, _ := f.base.phrase(f.phrase[0].words[0], f.phrase[0].words[1]); n == 0 {
		t.Fatalf("phrase %v taken from a document matches nothing", f.phrase[0].words)
	}
}
