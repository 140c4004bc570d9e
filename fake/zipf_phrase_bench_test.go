package fake

import (
	"testing"
	"time"
)

// BenchmarkZipf100kFrequentPhrases runs, from BenchmarkZipf100k's phrase
// queries, those whose two words are each in half the documents or more:
// the queries that make the phrase p99, where every document holds both
// words and positions decide. It reports the baseline and the engine as
// BenchmarkZipf100k does:
//
//	go test ./fake -run '^$' -bench Zipf100kFrequentPhrases -benchtime 200x
func BenchmarkZipf100kFrequentPhrases(b *testing.B) {
	f := zipfFixture100k(b)
	var queries []zipfQuery
	for _, q := range f.phrase {
		pa, pb := f.base.postings[q.words[0]], f.base.postings[q.words[1]]
		if pa != nil && pb != nil && len(pa.docs) >= 50000 && len(pb.docs) >= 50000 {
			queries = append(queries, q)
		}
	}
	if len(queries) == 0 {
		b.Fatal("no phrase of two frequent words")
	}
	b.Logf("%d of %d phrase queries", len(queries), len(f.phrase))
	var baseP50 time.Duration
	b.Run("baseline", func(b *testing.B) {
		baseP50 = measure(b, len(queries), func(i int) error {
			f.base.phrase(queries[i].words[0], queries[i].words[1])
			return nil
		})
	})
	b.Run("engine", func(b *testing.B) {
		run := f.engineRunner(b, queries)
		ratio(b, measure(b, len(queries), run), baseP50)
	})
}
