package shard

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestGroupedTextPostsAsTokens checks that texts grouped before the lock
// (GroupTerms) build the index that posting their tokens one by one builds:
// the same dictionary order, postings, positions, norms and statistics, for
// texts with recurring terms, position gaps and terms new to the field.
func TestGroupedTextPostsAsTokens(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	grouped, plain := newInvertedIndex(), newInvertedIndex()
	var gs GroupScratch
	var ts termScratch
	for slot := int32(0); slot < 300; slot++ {
		f := &Fields{}
		for field := range 1 + r.IntN(2) {
			tv := TextValue{Field: "f" + strconv.Itoa(field)}
			pos := int32(0)
			for range r.IntN(40) {
				pos += int32(r.IntN(3)) // gaps and repeated positions, as stop words and synonyms leave
				// A small vocabulary makes terms recur; a large one brings new ones.
				vocab := 6
				if r.IntN(4) == 0 {
					vocab = 400
				}
				tv.Tokens = append(tv.Tokens, Token{Term: "t" + strconv.Itoa(r.IntN(vocab)), Position: pos})
			}
			tv.Norm = byte(len(tv.Tokens))
			f.Text = append(f.Text, tv)
		}
		plain.add(slot, f, &ts)
		for i := range f.Text {
			f.Text[i].GroupTerms(&gs)
			if len(f.Text[i].Tokens) > 0 && !f.Text[i].grouped() {
				t.Fatalf("slot %d: text %d not grouped", slot, i)
			}
		}
		grouped.add(slot, f, &ts)
	}
	if len(grouped.terms) != len(plain.terms) {
		t.Fatalf("fields: %d grouped, %d plain", len(grouped.terms), len(plain.terms))
	}
	for name, ptf := range plain.terms {
		gtf := grouped.terms[name]
		if gtf == nil || gtf.stats != ptf.stats || !slices.Equal(gtf.norms, ptf.norms) || len(gtf.lists) != len(ptf.lists) {
			t.Fatalf("field %s: grouped %+v, plain %+v", name, gtf, ptf)
		}
		for term, idx := range ptf.terms {
			if gtf.terms[term] != idx {
				t.Fatalf("field %s term %s: list %d grouped, %d plain", name, term, gtf.terms[term], idx)
			}
			gi, pi := gtf.lists[idx].iterator(true), ptf.lists[idx].iterator(true)
			for pi.Next() {
				if !gi.Next() || gi.Doc != pi.Doc || gi.Freq() != pi.Freq() || !slices.Equal(gi.Positions(nil), pi.Positions(nil)) {
					t.Fatalf("field %s term %s: posting differs at doc %d", name, term, pi.Doc)
				}
			}
			if gi.Next() {
				t.Fatalf("field %s term %s: extra grouped posting at doc %d", name, term, gi.Doc)
			}
		}
	}
}

// TestStaleGroupsAreNotUsed checks that groups built for other tokens are
// ignored: the text is posted from its tokens.
func TestStaleGroupsAreNotUsed(t *testing.T) {
	var gs GroupScratch
	tv := textDoc("body", "a", "b", "a").Text[0]
	tv.GroupTerms(&gs)
	tv.Tokens = []Token{{Term: "c", Position: 0}, {Term: "d", Position: 1}, {Term: "c", Position: 2}}
	if tv.grouped() {
		t.Fatal("groups of other tokens taken for these")
	}
	tv.GroupTerms(&gs)
	if !tv.grouped() || !slices.Equal(tv.Groups.Terms, []string{"c", "d"}) || !slices.Equal(tv.Groups.Ends, []int32{2, 3}) ||
		!slices.Equal(tv.Groups.Pos, []int32{0, 2, 1}) {
		t.Fatalf("groups %+v", tv.Groups)
	}
}

// BenchmarkGroupTerms groups a 90-token text of five recurring terms, the
// body of the bulk indexer benchmark's documents.
func BenchmarkGroupTerms(b *testing.B) {
	words := []string{"lorem", "ipsum", "dolor", "sit", "amet"}
	tv := TextValue{Field: "body"}
	for i := 0; i < 90; i++ {
		tv.Tokens = append(tv.Tokens, Token{Term: strings.Clone(words[i%len(words)]), Position: int32(i)})
	}
	var gs GroupScratch
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		tv.GroupTerms(&gs)
	}
}
