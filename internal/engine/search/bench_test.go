package search

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

const benchDocs = 100000

// benchCorpus is the core issue's corpus: a 6-word title and a 60-word body
// from a 20,000-word vocabulary, a keyword, an integer and a date.
func benchCorpus(b *testing.B) (*fixture, []string) {
	r := rand.New(rand.NewPCG(1, 2))
	vocab := make([]string, 20000)
	for i := range vocab {
		vocab[i] = "w" + strconv.FormatInt(int64(i)*7919, 36)
	}
	words := func(k int) string {
		var buf bytes.Buffer
		for i := 0; i < k; i++ {
			if i > 0 {
				buf.WriteByte(' ')
			}
			buf.WriteString(vocab[r.IntN(len(vocab))])
		}
		return buf.String()
	}
	f := newFixture(b, 1, `{"properties":{"title":{"type":"text"},"body":{"type":"text"},"tag":{"type":"keyword"},"n":{"type":"integer"},"at":{"type":"date"}}}`)
	base := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	bodies := make([]string, 0, 64)
	for i := 0; i < benchDocs; i++ {
		body := words(60)
		if i%1000 == 0 {
			bodies = append(bodies, body)
		}
		src := fmt.Appendf(nil, `{"title":%q,"body":%q,"tag":"t%d","n":%d,"at":%q}`,
			words(6), body, i%50, r.IntN(1000000), base.Add(time.Duration(i)*time.Minute).Format(time.RFC3339))
		f.writeBenchDoc(b, i, src)
	}
	f.x.Refresh(f.svc)
	return f, bodies
}

// writeBenchDoc indexes src as the corpus document with ID i.
func (f *fixture) writeBenchDoc(b *testing.B, i int, src []byte) {
	id := strconv.Itoa(i)
	p, err := f.x.ParseSource(id, src)
	if err != nil {
		b.Fatal(err)
	}
	if _, _, err := f.x.Write(&shard.Write{ID: id, Source: src, Fields: &p.Fields, IfSeqNo: shard.NoSeqNo, Now: testNow}, false); err != nil {
		b.Fatal(err)
	}
}

// runLatency runs the queries round robin and reports p50 and p99.
func runLatency(b *testing.B, f *fixture, queries []dsl.Query) {
	lat := make([]time.Duration, 0, b.N)
	req := f.request("")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		req.Query = queries[i%len(queries)]
		start := time.Now()
		res := Run(req)
		lat = append(lat, time.Since(start))
		if len(res.Failures) > 0 {
			b.Fatal(res.Failures[0].Err)
		}
	}
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
}

func parseAll(b *testing.B, qs []string) []dsl.Query {
	out := make([]dsl.Query, len(qs))
	for i, q := range qs {
		p, err := dsl.ParseJSON([]byte(q))
		if err != nil {
			b.Fatal(err)
		}
		out[i] = p
	}
	return out
}

// BenchmarkSearch100k runs top-10 match, bool and phrase searches over the
// 100,000-document corpus in the engine (no HTTP).
func BenchmarkSearch100k(b *testing.B) {
	f, bodies := benchCorpus(b)
	var match, boolQ, phrase []string
	for _, body := range bodies {
		w := bytes.Fields([]byte(body))
		match = append(match, fmt.Sprintf(`{"match":{"body":"%s %s"}}`, w[0], w[1]))
		boolQ = append(boolQ, fmt.Sprintf(`{"bool":{"must":{"match":{"body":"%s %s"}},"filter":[{"term":{"tag":"t7"}},{"range":{"n":{"gte":100000,"lt":900000}}}]}}`, w[2], w[3]))
		phrase = append(phrase, fmt.Sprintf(`{"match_phrase":{"body":"%s %s %s"}}`, w[4], w[5], w[6]))
	}
	b.Run("match", func(b *testing.B) { runLatency(b, f, parseAll(b, match)) })
	b.Run("bool", func(b *testing.B) { runLatency(b, f, parseAll(b, boolQ)) })
	b.Run("phrase", func(b *testing.B) { runLatency(b, f, parseAll(b, phrase)) })
}
