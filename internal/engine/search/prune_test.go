package search

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestPrunedCollectionMatchesExhaustive runs term, match and phrase
// searches over random corpora with frequent and rare words, field lengths
// from 1 to 80 words, one and two shards and some replaced documents, with
// the pruned collectors and with every match collected, and requires the
// same total, relation, max_score and hits (slots, scores to the bit,
// order) for several sizes, offsets and total-hits caps.
func TestPrunedCollectionMatchesExhaustive(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	vocab := make([]string, 300)
	for i := range vocab {
		vocab[i] = fmt.Sprintf("w%d", i)
	}
	zipf := rand.NewZipf(r, 1.2, 1, uint64(len(vocab)-1))
	word := func() string { return vocab[zipf.Uint64()] }
	const mappingJSON = `{"properties":{"body":{"type":"text"},"plain":{"type":"text","norms":false},"tag":{"type":"keyword"}}}`
	for round := 0; round < 6; round++ {
		shards := 1 + round%2
		ndocs := 300 + r.IntN(2500)
		var docs [][2]string
		for d := 0; d < ndocs; d++ {
			n := 1 + r.IntN(1+r.IntN(80))
			ws := make([]string, n)
			for i := range ws {
				ws[i] = word()
			}
			body := strings.Join(ws, " ")
			docs = append(docs, [2]string{fmt.Sprint(d), fmt.Sprintf(`{"body":%q,"plain":%q,"tag":%q}`, body, strings.Join(ws[:min(n, 5)], " "), word())})
		}
		f := newFixture(t, shards, mappingJSON, docs...)
		if round >= 4 {
			// Replaced documents leave superseded slots: not all live.
			var again [][2]string
			for d := 0; d < 20; d++ {
				again = append(again, docs[r.IntN(len(docs))])
			}
			f.index(again...)
		}
		var queries []string
		for q := 0; q < 40; q++ {
			a, b, c := word(), word(), vocab[r.IntN(len(vocab))]
			queries = append(queries,
				fmt.Sprintf(`{"match":{"body":%q}}`, a),
				fmt.Sprintf(`{"match":{"body":%q}}`, a+" "+c),
				fmt.Sprintf(`{"match":{"body":%q}}`, a+" "+b+" "+c),
				fmt.Sprintf(`{"match":{"body":%q}}`, "nowhere "+a+" absent"),
				`{"match":{"body":"nowhere absent"}}`,
				fmt.Sprintf(`{"match":{"plain":%q}}`, a+" "+b),
				fmt.Sprintf(`{"term":{"body":%q}}`, b),
				fmt.Sprintf(`{"bool":{"should":[{"term":{"tag":%q}},{"match":{"body":%q}}]}}`, a, b),
				fmt.Sprintf(`{"match_phrase":{"body":%q}}`, a+" "+b),
				fmt.Sprintf(`{"match_phrase":{"body":%q}}`, a+" "+a),
				fmt.Sprintf(`{"match_phrase":{"body":%q}}`, b+" "+a+" "+c),
				fmt.Sprintf(`{"match":{"body":{"query":%q,"boost":0}}}`, a),
			)
		}
		for _, q := range queries {
			size := []int{1, 3, 10, 25}[r.IntN(4)]
			from := []int{0, 0, 2}[r.IntN(3)]
			track := []int{0, 5, 40, 10000, math.MaxInt32, -1}[r.IntN(6)]
			pruned := f.request(q)
			pruned.Size, pruned.From, pruned.TrackTotalHits = size, from, track
			full := f.request(q)
			full.Size, full.From, full.TrackTotalHits, full.exhaustive = size, from, track, true
			got, want := Run(pruned), Run(full)
			if len(got.Failures)+len(want.Failures) > 0 {
				t.Fatalf("%s: failures %v %v", q, got.Failures, want.Failures)
			}
			desc := fmt.Sprintf("round %d %s size %d from %d track %d", round, q, size, from, track)
			if got.Total != want.Total || got.Relation != want.Relation {
				t.Fatalf("%s: total %d %s, want %d %s", desc, got.Total, got.Relation, want.Total, want.Relation)
			}
			if math.Float32bits(got.MaxScore) != math.Float32bits(want.MaxScore) {
				t.Fatalf("%s: max_score %v, want %v", desc, got.MaxScore, want.MaxScore)
			}
			if len(got.Hits) != len(want.Hits) {
				t.Fatalf("%s: %d hits, want %d", desc, len(got.Hits), len(want.Hits))
			}
			for i := range got.Hits {
				g, w := got.Hits[i], want.Hits[i]
				if g.Slot != w.Slot || g.Target.Shard != w.Target.Shard || math.Float32bits(g.Score) != math.Float32bits(w.Score) {
					t.Fatalf("%s: hit %d is %d/%d:%v, want %d/%d:%v", desc, i, g.Target.Shard, g.Slot, g.Score, w.Target.Shard, w.Slot, w.Score)
				}
			}
		}
	}
}
