package analysis

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestWordDelimiterGraph(t *testing.T) {
	def := func(params map[string][]string) CustomDef {
		return CustomDef{Name: "a", Tokenizer: "whitespace", Filter: []string{"w"}, Filters: map[string]FilterDef{"w": {Type: "word_delimiter_graph", Params: params}}}
	}
	tok := func(term string, pos, start, end int, posLen int32) Token {
		return Token{Term: term, Position: pos, StartOffset: start, EndOffset: end, Type: TypeWord, PositionLength: posLen}
	}
	cases := []struct {
		name string
		def  CustomDef
		text string
		want []Token
	}{
		{"pre-built", CustomDef{Name: "a", Tokenizer: "keyword", Filter: []string{"word_delimiter_graph"}}, "Neil's-Super-Duper-XL500--42+AutoCoder", []Token{
			tok("Neil", 0, 0, 4, 0), tok("Super", 1, 7, 12, 0), tok("Duper", 2, 13, 18, 0), tok("XL", 3, 19, 21, 0), tok("500", 4, 21, 24, 0),
			tok("42", 5, 26, 28, 0), tok("Auto", 6, 29, 33, 0), tok("Coder", 7, 33, 38, 0)}},
		{"catenate_words makes a graph", def(map[string][]string{"catenate_words": {"true"}}), "the wi-fi 4-ever", []Token{
			tok("the", 0, 0, 3, 0), tok("wifi", 1, 4, 9, 2), tok("wi", 1, 4, 6, 0), tok("fi", 2, 7, 9, 0), tok("4", 3, 10, 11, 0), tok("ever", 4, 12, 16, 0)}},
		{"catenate_all and preserve_original", def(map[string][]string{"catenate_all": {"true"}, "preserve_original": {"true"}}), "a1-b", []Token{
			tok("a1-b", 0, 0, 4, 3), tok("a1b", 0, 0, 4, 3), tok("a", 0, 0, 1, 0), tok("1", 1, 1, 2, 0), tok("b", 2, 3, 4, 0)}},
		{"possessive, delimiter-only words leave a hole", def(nil), "O'Neil's -- x", []Token{
			tok("O", 0, 0, 1, 0), tok("Neil", 1, 2, 6, 0), tok("x", 3, 12, 13, 0)}},
		// A skipped number part takes no position; a word without delimiters passes whole.
		{"options off", def(map[string][]string{"split_on_case_change": {"false"}, "split_on_numerics": {"false"}, "stem_english_possessive": {"false"},
			"generate_number_parts": {"false"}, "adjust_offsets": {"false"}, "protected_words": {"x-y"}}), "PowerShot500 j2se's 12-ab x-y", []Token{
			tok("PowerShot500", 0, 0, 12, 0), tok("j2se", 1, 13, 19, 0), tok("s", 2, 13, 19, 0), tok("ab", 3, 20, 25, 0), tok("x-y", 4, 26, 29, 0)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if diff := cmp.Diff(c.want, analyzeCustom(t, c.def, c.text)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
