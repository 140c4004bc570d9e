package search

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// highlightBenchText is about 1 KB of sentences with a few matches.
func highlightBenchText() string {
	var b strings.Builder
	for i := 0; b.Len() < 1000; i++ {
		switch i % 4 {
		case 0:
			b.WriteString("The quick brown fox jumps over the lazy dog near the river bank. ")
		case 1:
			b.WriteString("Nothing of interest happens in this sentence at all, really! ")
		case 2:
			b.WriteString("A second fox appears later, and it is faster than the first one. ")
		default:
			b.WriteString("Is there another sentence without matches here? ")
		}
	}
	return b.String()
}

// BenchmarkHighlight measures the highlighting cost per hit on a 1 KB text
// field: a search returning ten matching hits, without highlighting
// ("none") and with each highlighter; ns/hit is the time per search over
// ten, so a highlighter's cost per hit is its ns/hit minus none's.
func BenchmarkHighlight(b *testing.B) {
	text := highlightBenchText()
	var docs [][2]string
	for i := 0; i < 10; i++ {
		docs = append(docs, [2]string{fmt.Sprint(i), fmt.Sprintf(`{"body":%q}`, text)})
	}
	f := newFixture(b, 1, `{"properties":{"body":{"type":"text","term_vector":"with_positions_offsets"}}}`, docs...)
	for _, typ := range []string{"none", "unified", "plain", "fvh"} {
		b.Run(typ, func(b *testing.B) {
			req := f.request(`{"match":{"body":"fox river"}}`)
			if typ != "none" {
				req.Highlight = &Highlight{Fields: []HighlightField{{Field: "body", Type: typ, FragmentSize: 100, NumberOfFragments: 5, RequireFieldMatch: true}}}
			}
			b.ReportAllocs()
			start := time.Now()
			for i := 0; i < b.N; i++ {
				if res := Run(req); len(res.Hits) != 10 || (typ != "none" && len(res.Hits[0].Highlight) != 1) {
					b.Fatalf("hits %+v", res)
				}
			}
			b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(b.N)/10, "ns/hit")
		})
	}
}
