package analysis

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSimplePatternTokenizers(t *testing.T) {
	tok := func(typ, pattern string) CustomDef {
		return CustomDef{Name: "a", Tokenizer: "t", Tokenizers: map[string]TokenizerDef{"t": {Type: typ, Params: map[string][]string{"pattern": {pattern}}}}}
	}
	cases := []struct {
		name string
		def  CustomDef
		text string
		want []Token
	}{
		{"simple_pattern", tok("simple_pattern", "[0123456789]{3}"), "fd-786-335-514-x", wantTokens(TypeWord,
			gram{"786", 0, 3, 6}, gram{"335", 1, 7, 10}, gram{"514", 2, 11, 14})},
		{"longest match, not the first alternative", tok("simple_pattern", "a|ab"), "abab", wantTokens(TypeWord, gram{"ab", 0, 0, 2}, gram{"ab", 1, 2, 4})},
		{"no anchors, any character", tok("simple_pattern", `^.\.`), "x^\n.y", wantTokens(TypeWord, gram{"^\n.", 0, 1, 4})},
		{"simple_pattern_split", tok("simple_pattern_split", "_+"), "an__underscored_phrase_", wantTokens(TypeWord,
			gram{"an", 0, 0, 2}, gram{"underscored", 1, 4, 15}, gram{"phrase", 2, 16, 22})},
		{"split without a pattern keeps the text whole", CustomDef{Name: "a", Tokenizer: "simple_pattern_split"}, "a b", wantTokens(TypeWord, gram{"a b", 0, 0, 3})},
		{"simple_pattern without a pattern finds nothing", CustomDef{Name: "a", Tokenizer: "simple_pattern"}, "a b", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if diff := cmp.Diff(c.want, analyzeCustom(t, c.def, c.text)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	_, err := NewCustom(tok("simple_pattern", "~a"))
	var e *Error
	if !errors.As(err, &e) || !e.Unsupported || e.Reason != "tokenizer [simple_pattern] pattern [~a] (the Lucene operator ~) is not supported by the fake yet" {
		t.Errorf("complement: %v", err)
	}
}
