package analysis

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMoreTokenizers(t *testing.T) {
	tok := func(params map[string][]string) CustomDef {
		return CustomDef{Name: "a", Tokenizer: "t", Tokenizers: map[string]TokenizerDef{"t": {Type: params["type"][0], Params: params}}}
	}
	cases := []struct {
		name string
		def  CustomDef
		text string
		want []Token
	}{
		{"lowercase", CustomDef{Name: "a", Tokenizer: "lowercase"}, "The 2 QUICK-Foxes", wantTokens(TypeWord,
			gram{"the", 0, 0, 3}, gram{"quick", 1, 6, 11}, gram{"foxes", 2, 12, 17})},
		{"pattern default splits on non-word runs", CustomDef{Name: "a", Tokenizer: "pattern"}, "  foo,bar_baz--9 ", wantTokens(TypeWord,
			gram{"foo", 0, 2, 5}, gram{"bar_baz", 1, 6, 13}, gram{"9", 2, 15, 16})},
		{"pattern split with flags", tok(map[string][]string{"type": {"pattern"}, "pattern": {"x"}, "flags": {"CASE_INSENSITIVE"}}), "aXbxxc", wantTokens(TypeWord,
			gram{"a", 0, 0, 1}, gram{"b", 1, 2, 3}, gram{"c", 2, 5, 6})},
		{"pattern group, lowercase fused", CustomDef{Name: "a", Tokenizer: "t", Filter: []string{"lowercase"}, Tokenizers: map[string]TokenizerDef{"t": {Type: "pattern",
			Params: map[string][]string{"pattern": {`"((?:\\"|[^"]|\\")+)"`}, "group": {"1"}}}}},
			`"Value", "Value with embedded \" quote"`, wantTokens(TypeWord, gram{"value", 0, 1, 6}, gram{`value with embedded \" quote`, 1, 10, 38})},
		{"char_group", tok(map[string][]string{"type": {"char_group"}, "tokenize_on_chars": {"whitespace", "-", `\n`, `\u00e9`}}),
			"The QUICK-brown\nfoxéx", wantTokens(TypeWord,
				gram{"The", 0, 0, 3}, gram{"QUICK", 1, 4, 9}, gram{"brown", 2, 10, 15}, gram{"fox", 3, 16, 19}, gram{"x", 4, 21, 22})},
		{"char_group max_token_length and classes", tok(map[string][]string{"type": {"char_group"}, "tokenize_on_chars": {"digit", "punctuation"}, "max_token_length": {"3"}}),
			"abcdef1gh.i", wantTokens(TypeWord, gram{"abc", 0, 0, 3}, gram{"def", 1, 3, 6}, gram{"gh", 2, 7, 9}, gram{"i", 3, 10, 11})},
		{"char_group as a name splits nothing", CustomDef{Name: "a", Tokenizer: "char_group"}, "a b", wantTokens(TypeWord, gram{"a b", 0, 0, 3})},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if diff := cmp.Diff(c.want, analyzeCustom(t, c.def, c.text)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestMoreTokenizerErrors(t *testing.T) {
	tok := func(params map[string][]string) CustomDef {
		return CustomDef{Name: "a", Tokenizer: "t", Tokenizers: map[string]TokenizerDef{"t": {Type: params["type"][0], Params: params}}}
	}
	cases := []struct {
		name        string
		def         CustomDef
		typ, reason string
	}{
		{"group past the pattern's", tok(map[string][]string{"type": {"pattern"}, "pattern": {"(a)"}, "group": {"2"}}),
			"illegal_argument_exception", "invalid group specified: pattern only has: 1 capturing groups"},
		{"bad flag", tok(map[string][]string{"type": {"pattern"}, "flags": {"X"}}), "illegal_argument_exception", "Unknown regex flag [X]"},
		{"empty char", tok(map[string][]string{"type": {"char_group"}, "tokenize_on_chars": {""}}), "runtime_exception", "[tokenize_on_chars] cannot contain empty characters"},
		{"unknown class", tok(map[string][]string{"type": {"char_group"}, "tokenize_on_chars": {"letters"}}), "runtime_exception", "Invalid escaped char in [letters]"},
		{"unknown escape", tok(map[string][]string{"type": {"char_group"}, "tokenize_on_chars": {`\q`}}), "runtime_exception", `Invalid escaped char q in [\q]`},
		{"long unicode escape", tok(map[string][]string{"type": {"char_group"}, "tokenize_on_chars": {`\u00e90`}}), "runtime_exception", `Invalid escaped char in [\u00e90]`},
		{"max_token_length", tok(map[string][]string{"type": {"char_group"}, "max_token_length": {"0"}}), "illegal_argument_exception",
			"maxTokenLen must be greater than 0 and less than 1048576 passed: 0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewCustom(c.def)
			var e *Error
			if !errors.As(err, &e) || e.Reason != c.reason || e.Type != c.typ || e.Unsupported {
				t.Errorf("error %+v, want %s %q", err, c.typ, c.reason)
			}
		})
	}
}
