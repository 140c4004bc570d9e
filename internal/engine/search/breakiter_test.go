package search

import (
	"reflect"
	"testing"
)

// Boundaries of the JDK's root-locale sentence instance, worked out from
// its rules (see sentenceBounds).
func TestSentenceBounds(t *testing.T) {
	cases := []struct {
		text string
		want bounds
	}{
		{"Hello world. This is a test.", bounds{0, 13, 28}},
		// ! and ? end a sentence whatever follows.
		{"Hello world! what now? Ok.", bounds{0, 13, 23, 26}},
		{"Hi!Bye", bounds{0, 3, 6}},
		// A period needs a space and a capital, or an opening bracket or
		// symbol before a letter.
		{"Version 2.0 is out. it works", bounds{0, 28}},
		{"e.g.Hello", bounds{0, 9}},
		{"Mr. Smith arrived.", bounds{0, 4, 18}},
		{`He said "Stop." Then left.`, bounds{0, 16, 26}},
		{"end. (see below) More", bounds{0, 5, 21}},
		{"end. -dash", bounds{0, 5, 10}},
		{"Wait... What?", bounds{0, 8, 13}},
		// Line breaks are spaces, not terminators.
		{"Line one\nLine two.", bounds{0, 18}},
		{"First.\nSecond.", bounds{0, 7, 14}},
		{"One.\u2029two", bounds{0, 5, 8}},
		{"", bounds{0}},
		// UTF-16 offsets: é is one unit, 😀 two.
		{"Café ok. Élan 😀. Fin", bounds{0, 9, 18, 21}},
	}
	for _, c := range cases {
		tx := newHLText(c.text)
		if got := sentenceBounds(tx, 0, tx.len()); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: got %v, want %v", c.text, got, c.want)
		}
	}
}

func TestWordBounds(t *testing.T) {
	cases := []struct {
		text string
		want bounds
	}{
		{"The quick-brown fox's 3.14 $100 50% e-mail, ok.", bounds{0, 3, 4, 15, 16, 21, 22, 26, 27, 31, 32, 35, 36, 42, 43, 44, 46, 47}},
		{"a  b\r\nc", bounds{0, 1, 3, 4, 6, 7}},
		{"abc123def x", bounds{0, 9, 10, 11}},
		{"under_score .5", bounds{0, 11, 12, 14}},
		{"漢字かなカナ", bounds{0, 2, 4, 6}},
	}
	for _, c := range cases {
		tx := newHLText(c.text)
		if got := wordBounds(tx, 0, tx.len()); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: got %v, want %v", c.text, got, c.want)
		}
	}
}

func TestBoundsPrecedingFollowing(t *testing.T) {
	b := bounds{0, 3, 4, 9}
	for _, c := range []struct{ off, prec, foll int }{{0, breakDone, 3}, {1, 0, 3}, {3, 0, 4}, {4, 3, 9}, {9, 4, breakDone}} {
		if p, f := b.preceding(c.off), b.following(c.off); p != c.prec || f != c.foll {
			t.Errorf("%d: preceding %d following %d, want %d %d", c.off, p, f, c.prec, c.foll)
		}
	}
}

// The passage score follows PassageScorer's float arithmetic; the values
// were worked out by hand from its formula (k1 1.2, b 0.75, pivot 87).
func TestPassageScore(t *testing.T) {
	p := &hlPassage{start: 27, end: 46, matches: []hlMatch{{start: 34, end: 37, label: "dog", freq: 1}}}
	if got := passageScore(p, 81); got < 1.7153 || got > 1.7154 {
		t.Errorf("score = %v", got)
	}
	p = &hlPassage{start: 0, end: 27, matches: []hlMatch{{start: 4, end: 9, label: "quick", freq: 2}}}
	if got := passageScore(p, 81); got < 1.15808 || got > 1.15810 {
		t.Errorf("score = %v", got)
	}
}

func FuzzBreakIterators(f *testing.F) {
	for _, s := range []string{"Hello world. This is a test.", "end.\"Next", "a\x00b. C", "3.14 $5 50%", "😀.\u2029x", "\r\n\t", "漢字かなカナ"} {
		f.Add(s, 7, 3)
	}
	f.Fuzz(func(t *testing.T, s string, maxLen, at int) {
		tx := newHLText(s)
		n := tx.len()
		for _, b := range []bounds{sentenceBounds(tx, 0, n), wordBounds(tx, 0, n)} {
			if b[0] != 0 || (n > 0 && b[len(b)-1] != n) {
				t.Fatalf("%q: bounds %v", s, b)
			}
			for i := 1; i < len(b); i++ {
				if b[i] <= b[i-1] {
					t.Fatalf("%q: not increasing %v", s, b)
				}
			}
		}
		if n == 0 || maxLen <= 0 {
			return
		}
		it := newSplitIter(tx, hlBreakBounded, maxLen%200+1)
		// Called as FieldHighlighter does: a new passage for a match
		// starting at or after the last passage's end.
		end := 0
		for start := 0; start < n; start += 1 + (at&7)%3 {
			if tx.unit(start) == hlSep || start < end {
				continue
			}
			p, e := it.preceding(start+1), it.following(start)
			if p < 0 || p > start || e <= start || e > n {
				t.Fatalf("%q start %d: passage [%d,%d)", s, start, p, e)
			}
			end = e
		}
	})
}
