package suggest

import (
	"strconv"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

// benchIndex has 20,000 terms of 4 to 9 letters.
func benchIndex() memPhrase {
	df := map[string]int{}
	for i := 0; len(df) < 20000; i++ {
		w := []byte(strconv.FormatInt(int64(i)*7919+104729, 36))
		df[string(w)] = i%7 + 1
	}
	return memPhrase{memIndex{df: df, maxDoc: 100000}}
}

func BenchmarkTermSuggest(b *testing.B) {
	ix := benchIndex()
	sorted := cached{ix.memIndex, ix.SortedTerms("f")}
	o := DefaultTermOptions()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		spellCheck(sorted, "f", "2bhxz", 5, &o)
	}
}

func BenchmarkPhraseSuggest(b *testing.B) {
	ix := benchIndex()
	c := memPhraseCached{ix, cached{ix.memIndex, ix.SortedTerms("f")}}
	o := defaultPhraseOptions()
	o.MaxErrors = 2
	p := &prepared{s: &Suggestion{Kind: KindPhrase, Size: 5, Phrase: &o}, field: "f", text: "2bhxz 2bhya 2bi0b",
		analyzer: whitespace{}, gens: []builtGenerator{{field: "f", opts: DefaultTermOptions(), size: 5}}}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		runPhrase(p, c)
	}
}

// cached serves the sorted terms once, as readerIndex does per request.
type cached struct {
	memIndex
	terms []string
}

func (c cached) SortedTerms(string) []string { return c.terms }

type memPhraseCached struct {
	memPhrase
	c cached
}

func (m memPhraseCached) SortedTerms(string) []string { return m.c.terms }

// completionEntries are 20,000 encoded completion inputs of two words.
func completionEntries() []string {
	out := make([]string, 20000)
	for i := range out {
		w := strconv.FormatInt(int64(i)*7919+104729, 36)
		e := mapping.CompletionEntry{Form: w + "\x1f" + w[:3], Input: w + " " + w[:3], Weight: i % 100}
		out[i] = mapping.EncodeCompletion(&e)
	}
	return out
}

// BenchmarkCompletionMatch is a shard's per-input work for a fuzzy prefix:
// decode the stored entry, match and score it.
func BenchmarkCompletionMatch(b *testing.B) {
	entries := completionEntries()
	q := &completionQuery{form: "2bhx", fuzzy: defaultFuzzy()}
	var m fuzzyMatcher
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, raw := range entries {
			e, _ := mapping.DecodeCompletion(raw)
			if boost, _, ok := q.matchForm(e.Form, &m); ok {
				_ = completionScore(e.Weight, boost)
			}
		}
	}
}
