package analysis

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/clipperhouse/uax29/v2/words"
	"github.com/google/go-cmp/cmp"
)

// TestPlainWordsMatchSegmenter checks the tokens of ASCII texts, which the
// tokenizer mostly takes without the segmenter, against the UAX#29
// segments: terms lowercased, types, offsets and positions. Words of
// letters and digits are mixed with the characters word-break rules join
// on (. , ; : ' _ "), other punctuation, and runs of spaces.
func TestPlainWordsMatchSegmenter(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"lorem", "Ipsum", "DOLOR", "42", "3x", "x3", "a", "Z", " ", " ", "  ", ".", ",", ";", ":", "'", "_", "\"", "-", "@", "\t", "\n"}
	a := NewStandard(maxTokenLengthLimit, nil)
	for n := 0; n < 3000; n++ {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		text := b.String()
		var want []Token
		it := words.FromString(text)
		for it.Next() {
			if k := classify(it.Value()); k != kindNone {
				want = append(want, Token{Term: strings.ToLower(it.Value()), Position: len(want), StartOffset: it.Start(),
					EndOffset: it.End(), Type: kindTypes[k]})
			}
		}
		if got := a.Analyze(nil, text); !cmp.Equal(want, got) && (len(want) > 0 || len(got) > 0) {
			t.Fatalf("%q: (-segmenter +tokenizer)\n%s", text, cmp.Diff(want, got))
		}
	}
}

// TestPlainWordsLongerThanMaxLen checks that a plain word longer than
// max_token_length is chopped as the segmenter's path chops it.
func TestPlainWordsLongerThanMaxLen(t *testing.T) {
	got := terms(NewStandard(3, nil).Analyze(nil, "abcdefg hi 12345"))
	if want := []string{"abc", "def", "g", "hi", "123", "45"}; !cmp.Equal(want, got) {
		t.Fatalf("got %q, want %q", got, want)
	}
}
