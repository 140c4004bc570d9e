package analysis

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestShingleFilter(t *testing.T) {
	def := func(tok string, params map[string][]string, before ...string) CustomDef {
		return CustomDef{Name: "a", Tokenizer: tok, Filter: append(before, "sh"), Filters: map[string]FilterDef{"sh": {Type: "shingle", Params: params}}}
	}
	sh := func(term string, pos, start, end, posLen int) Token {
		return Token{Term: term, Position: pos, StartOffset: start, EndOffset: end, Type: "shingle", PositionLength: int32(posLen)}
	}
	word := func(term string, pos, start, end int) Token {
		return Token{Term: term, Position: pos, StartOffset: start, EndOffset: end, Type: TypeWord}
	}
	cases := []struct {
		name string
		def  CustomDef
		text string
		want []Token
	}{
		{"pre-built", CustomDef{Name: "a", Tokenizer: "whitespace", Filter: []string{"shingle"}}, "quick brown fox", []Token{
			word("quick", 0, 0, 5), sh("quick brown", 0, 0, 11, 2), word("brown", 1, 6, 11), sh("brown fox", 1, 6, 15, 2), word("fox", 2, 12, 15)}},
		{"sizes 2-3 without unigrams", def("whitespace", map[string][]string{"min_shingle_size": {"2"}, "max_shingle_size": {"3"}, "output_unigrams": {"false"}}),
			"quick brown fox jumps", []Token{
				sh("quick brown", 0, 0, 11, 0), sh("quick brown fox", 0, 0, 15, 2), sh("brown fox", 1, 6, 15, 0), sh("brown fox jumps", 1, 6, 21, 2),
				sh("fox jumps", 2, 12, 21, 0)}},
		// A filler spans nothing at the start of the token after it.
		{"fillers for removed words", def("whitespace", map[string][]string{"max_shingle_size": {"3"}, "filler_token": {"+"}, "token_separator": {"-"}}, "stop"),
			"the quick a b the fox", []Token{
				sh("+-quick", 0, 4, 9, 2), sh("+-quick-+", 0, 4, 12, 3),
				word("quick", 1, 4, 9), sh("quick-+", 1, 4, 12, 2), sh("quick-+-b", 1, 4, 13, 3),
				sh("+-b", 2, 12, 13, 2), sh("+-b-+", 2, 12, 18, 3),
				word("b", 3, 12, 13), sh("b-+", 3, 12, 18, 2), sh("b-+-fox", 3, 12, 21, 3),
				sh("+-fox", 4, 18, 21, 2),
				word("fox", 5, 18, 21)}},
		{"unigrams when no shingle fits", def("whitespace", map[string][]string{"min_shingle_size": {"3"}, "max_shingle_size": {"3"}, "output_unigrams": {"false"}, "output_unigrams_if_no_shingles": {"true"}}),
			"a b", []Token{word("a", 0, 0, 1), word("b", 1, 2, 3)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if diff := cmp.Diff(c.want, analyzeCustom(t, c.def, c.text)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestShingleFilterErrors(t *testing.T) {
	one := func(params map[string][]string) CustomDef {
		return CustomDef{Name: "a", Tokenizer: "standard", Filter: []string{"f"}, Filters: map[string]FilterDef{"f": {Type: "shingle", Params: params}}}
	}
	cases := []struct {
		name   string
		def    CustomDef
		reason string
	}{
		{"max_shingle_diff", one(map[string][]string{"max_shingle_size": {"5"}}),
			"In Shingle TokenFilter the difference between max_shingle_size and min_shingle_size (and +1 if outputting unigrams) must be less than or equal to: [3] but was [4]. This limit can be set by changing the [index.max_shingle_diff] index level setting."},
		{"max below 2", one(map[string][]string{"max_shingle_size": {"1"}, "min_shingle_size": {"1"}}), "Max shingle size must be >= 2"},
		{"min below 2", one(map[string][]string{"min_shingle_size": {"1"}}), "Min shingle size must be >= 2"},
		{"min over max", one(map[string][]string{"min_shingle_size": {"3"}, "output_unigrams": {"false"}}), "Min shingle size must be <= max shingle size"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewCustom(c.def)
			var e *Error
			if !errors.As(err, &e) || e.Reason != c.reason || e.Type != "illegal_argument_exception" {
				t.Errorf("error %+v, want %q", err, c.reason)
			}
		})
	}
	ok := one(map[string][]string{"max_shingle_size": {"5"}})
	ok.MaxShingleDiff = intp(4)
	if _, err := NewCustom(ok); err != nil {
		t.Errorf("max_shingle_diff 4: %v", err)
	}
}
