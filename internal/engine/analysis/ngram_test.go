package analysis

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// grams is a shorthand for tokens at successive or given positions.
type gram struct {
	term       string
	pos, start int
	end        int
}

func wantTokens(typ string, gs ...gram) []Token {
	out := make([]Token, len(gs))
	for i, g := range gs {
		out[i] = Token{Term: g.term, Position: g.pos, StartOffset: g.start, EndOffset: g.end, Type: typ}
	}
	return out
}

func TestNgramTokenizers(t *testing.T) {
	letterDigit := map[string][]string{"type": {"ngram"}, "min_gram": {"3"}, "max_gram": {"3"}, "token_chars": {"letter", "digit"}}
	edgeLetterDigit := map[string][]string{"type": {"edge_ngram"}, "min_gram": {"2"}, "max_gram": {"10"}, "token_chars": {"letter", "digit"}}
	cases := []struct {
		name string
		def  CustomDef
		text string
		want []Token
	}{
		{"ngram defaults", CustomDef{Name: "a", Tokenizer: "ngram"}, "Quick Fox", wantTokens(TypeWord,
			gram{"Q", 0, 0, 1}, gram{"Qu", 1, 0, 2}, gram{"u", 2, 1, 2}, gram{"ui", 3, 1, 3}, gram{"i", 4, 2, 3}, gram{"ic", 5, 2, 4},
			gram{"c", 6, 3, 4}, gram{"ck", 7, 3, 5}, gram{"k", 8, 4, 5}, gram{"k ", 9, 4, 6}, gram{" ", 10, 5, 6}, gram{" F", 11, 5, 7},
			gram{"F", 12, 6, 7}, gram{"Fo", 13, 6, 8}, gram{"o", 14, 7, 8}, gram{"ox", 15, 7, 9}, gram{"x", 16, 8, 9})},
		{"nGram is still a pre-built name", CustomDef{Name: "a", Tokenizer: "nGram"}, "ab", wantTokens(TypeWord,
			gram{"a", 0, 0, 1}, gram{"ab", 1, 0, 2}, gram{"b", 2, 1, 2})},
		{"ngram token_chars", CustomDef{Name: "a", Tokenizer: "t", Tokenizers: map[string]TokenizerDef{"t": {Type: "ngram", Params: letterDigit}}},
			"2 Quick Foxes.", wantTokens(TypeWord, gram{"Qui", 0, 2, 5}, gram{"uic", 1, 3, 6}, gram{"ick", 2, 4, 7},
				gram{"Fox", 3, 8, 11}, gram{"oxe", 4, 9, 12}, gram{"xes", 5, 10, 13})},
		{"edge_ngram defaults", CustomDef{Name: "a", Tokenizer: "edge_ngram"}, "Quick Fox", wantTokens(TypeWord,
			gram{"Q", 0, 0, 1}, gram{"Qu", 1, 0, 2})},
		{"edge_ngram token_chars, lowercase fused", CustomDef{Name: "a", Tokenizer: "t", Filter: []string{"lowercase"},
			Tokenizers: map[string]TokenizerDef{"t": {Type: "edge_ngram", Params: edgeLetterDigit}}},
			"2 Quick Foxes.", wantTokens(TypeWord, gram{"qu", 0, 2, 4}, gram{"qui", 1, 2, 5}, gram{"quic", 2, 2, 6}, gram{"quick", 3, 2, 7},
				gram{"fo", 4, 8, 10}, gram{"fox", 5, 8, 11}, gram{"foxe", 6, 8, 12}, gram{"foxes", 7, 8, 13})},
		{"custom token chars and byte offsets of multi-byte text", CustomDef{Name: "a", Tokenizer: "t",
			Tokenizers: map[string]TokenizerDef{"t": {Type: "edge_ngram", Params: map[string][]string{
				"min_gram": {"1"}, "max_gram": {"3"}, "token_chars": {"letter", "custom"}, "custom_token_chars": {"+-"}}}}},
			"é+x c", wantTokens(TypeWord, gram{"é", 0, 0, 2}, gram{"é+", 1, 0, 3}, gram{"é+x", 2, 0, 4}, gram{"c", 3, 5, 6})},
		{"a text shorter than min_gram", CustomDef{Name: "a", Tokenizer: "t", Tokenizers: map[string]TokenizerDef{"t": {Type: "ngram", Params: letterDigit}}},
			"ab", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if diff := cmp.Diff(c.want, analyzeCustom(t, c.def, c.text)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestNgramFilters(t *testing.T) {
	def := func(params map[string][]string) CustomDef {
		return CustomDef{Name: "a", Tokenizer: "standard", Filter: []string{"f"}, Filters: map[string]FilterDef{"f": {Type: params["type"][0], Params: params}}}
	}
	cases := []struct {
		name string
		def  CustomDef
		text string
		want []Token
	}{
		{"ngram defaults", CustomDef{Name: "a", Tokenizer: "standard", Filter: []string{"ngram"}}, "Quick fox", wantTokens(TypeAlphaNum,
			gram{"Q", 0, 0, 5}, gram{"Qu", 0, 0, 5}, gram{"u", 0, 0, 5}, gram{"ui", 0, 0, 5}, gram{"i", 0, 0, 5}, gram{"ic", 0, 0, 5},
			gram{"c", 0, 0, 5}, gram{"ck", 0, 0, 5}, gram{"k", 0, 0, 5},
			gram{"f", 1, 6, 9}, gram{"fo", 1, 6, 9}, gram{"o", 1, 6, 9}, gram{"ox", 1, 6, 9}, gram{"x", 1, 6, 9})},
		{"ngram preserve_original", def(map[string][]string{"type": {"ngram"}, "min_gram": {"2"}, "max_gram": {"3"}, "preserve_original": {"true"}}),
			"a abc abcd", wantTokens(TypeAlphaNum, gram{"a", 0, 0, 1},
				gram{"ab", 1, 2, 5}, gram{"abc", 1, 2, 5}, gram{"bc", 1, 2, 5},
				gram{"ab", 2, 6, 10}, gram{"abc", 2, 6, 10}, gram{"bc", 2, 6, 10}, gram{"bcd", 2, 6, 10}, gram{"cd", 2, 6, 10}, gram{"abcd", 2, 6, 10})},
		{"a dropped short token keeps its position", def(map[string][]string{"type": {"ngram"}, "min_gram": {"2"}, "max_gram": {"2"}}),
			"a bc", wantTokens(TypeAlphaNum, gram{"bc", 1, 2, 4})},
		{"pre-built edge_ngram is one character", CustomDef{Name: "a", Tokenizer: "standard", Filter: []string{"edge_ngram"}}, "the fox",
			wantTokens(TypeAlphaNum, gram{"t", 0, 0, 3}, gram{"f", 1, 4, 7})},
		{"edge_ngram", def(map[string][]string{"type": {"edge_ngram"}, "min_gram": {"1"}, "max_gram": {"3"}}), "the quick",
			wantTokens(TypeAlphaNum, gram{"t", 0, 0, 3}, gram{"th", 0, 0, 3}, gram{"the", 0, 0, 3},
				gram{"q", 1, 4, 9}, gram{"qu", 1, 4, 9}, gram{"qui", 1, 4, 9})},
		{"edge_ngram back and preserve_original", def(map[string][]string{"type": {"edgeNGram"}, "min_gram": {"2"}, "max_gram": {"3"}, "side": {"back"}, "preserve_original": {"true"}}),
			"x quick", wantTokens(TypeAlphaNum, gram{"x", 0, 0, 1}, gram{"ck", 1, 2, 7}, gram{"ick", 1, 2, 7}, gram{"quick", 1, 2, 7})},
		{"nGram type", def(map[string][]string{"type": {"nGram"}, "min_gram": {"3"}, "max_gram": {"3"}}), "über",
			wantTokens(TypeAlphaNum, gram{"übe", 0, 0, 5}, gram{"ber", 0, 0, 5})},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if diff := cmp.Diff(c.want, analyzeCustom(t, c.def, c.text)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestNgramErrors(t *testing.T) {
	tok := func(params map[string][]string) CustomDef {
		return CustomDef{Name: "a", Tokenizer: "t", Tokenizers: map[string]TokenizerDef{"t": {Type: params["type"][0], Params: params}}}
	}
	filter := func(params map[string][]string) CustomDef {
		return CustomDef{Name: "a", Tokenizer: "standard", Filter: []string{"f"}, Filters: map[string]FilterDef{"f": {Type: params["type"][0], Params: params}}}
	}
	diff := "The difference between max_gram and min_gram in NGram Tokenizer must be less than or equal to: [1] but was [2]. This limit can be set by changing the [index.max_ngram_diff] index level setting."
	cases := []struct {
		name   string
		def    CustomDef
		reason string
	}{
		{"tokenizer max_ngram_diff", tok(map[string][]string{"type": {"ngram"}, "min_gram": {"1"}, "max_gram": {"3"}}), diff},
		{"filter max_ngram_diff", filter(map[string][]string{"type": {"ngram"}, "min_gram": {"1"}, "max_gram": {"3"}}), diff},
		{"min_gram over max_gram", tok(map[string][]string{"type": {"edge_ngram"}, "min_gram": {"3"}, "max_gram": {"2"}}), "minGram must not be greater than maxGram"},
		{"min_gram zero", filter(map[string][]string{"type": {"edge_ngram"}, "min_gram": {"0"}}), "minGram must be greater than zero"},
		{"side", filter(map[string][]string{"type": {"edge_ngram"}, "side": {"left"}}), "invalid side: left"},
		{"custom without its characters", tok(map[string][]string{"type": {"ngram"}, "token_chars": {"custom"}}), "Token type: 'custom' requires setting `custom_token_chars`"},
		{"unknown token_chars", tok(map[string][]string{"type": {"ngram"}, "token_chars": {" Letters "}}),
			"Unknown token type: 'letters', must be one of [symbol, private_use, paragraph_separator, start_punctuation, unassigned, enclosing_mark, connector_punctuation, letter_number, other_number, math_symbol, lowercase_letter, space_separator, surrogate, initial_quote_punctuation, decimal_digit_number, digit, other_punctuation, dash_punctuation, currency_symbol, non_spacing_mark, custom, format, modifier_letter, control, uppercase_letter, other_symbol, end_punctuation, modifier_symbol, other_letter, line_separator, titlecase_letter, letter, punctuation, combining_spacing_mark, final_quote_punctuation, whitespace]"},
		{"pre-built nGram filter", CustomDef{Name: "a", Tokenizer: "standard", Filter: []string{"nGram"}},
			"The [nGram] token filter name was deprecated in 6.4 and cannot be used in new indices. Please change the filter name to [ngram] instead."},
		{"pre-built edgeNGram filter", CustomDef{Name: "a", Tokenizer: "standard", Filter: []string{"edgeNGram"}},
			"The [edgeNGram] token filter name was deprecated in 6.4 and cannot be used in new indices. Please change the filter name to [edge_ngram] instead."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewCustom(c.def)
			var e *Error
			if !errors.As(err, &e) || e.Reason != c.reason || e.Type != "illegal_argument_exception" || e.Unsupported {
				t.Errorf("error %+v, want %q", err, c.reason)
			}
		})
	}
	// A larger index.max_ngram_diff allows the difference; the edge variants never check it.
	ok := tok(map[string][]string{"type": {"ngram"}, "min_gram": {"1"}, "max_gram": {"3"}})
	ok.MaxNgramDiff = intp(2)
	if _, err := NewCustom(ok); err != nil {
		t.Errorf("max_ngram_diff 2: %v", err)
	}
	if _, err := NewCustom(tok(map[string][]string{"type": {"edge_ngram"}, "min_gram": {"1"}, "max_gram": {"20"}})); err != nil {
		t.Errorf("edge_ngram 1..20: %v", err)
	}
	// An unused definition is still checked when the index is created.
	unused := CustomDef{Tokenizers: map[string]TokenizerDef{"t": {Type: "ngram", Params: map[string][]string{"max_gram": {"5"}}}}}
	if err := CheckDefinitions(unused); err == nil || err.Error() != "The difference between max_gram and min_gram in NGram Tokenizer must be less than or equal to: [1] but was [4]. This limit can be set by changing the [index.max_ngram_diff] index level setting." {
		t.Errorf("CheckDefinitions: %v", err)
	}
}
