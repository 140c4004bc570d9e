package analysis

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMoreFilters(t *testing.T) {
	with := func(tok string, filters map[string]FilterDef, names ...string) CustomDef {
		return CustomDef{Name: "a", Tokenizer: tok, Filter: names, Filters: filters}
	}
	params := func(kv ...string) map[string][]string {
		m := map[string][]string{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = append(m[kv[i]], kv[i+1])
		}
		return m
	}
	words := func(toks []Token) []string {
		out := make([]string, len(toks))
		for i, t := range toks {
			out[i] = t.Term
		}
		return out
	}
	cases := []struct {
		name string
		def  CustomDef
		text string
		want []string
	}{
		{"truncate pre-built is 10", with("whitespace", nil, "truncate"), "internationalization a", []string{"internatio", "a"}},
		{"truncate length, pair cut in half", with("whitespace", map[string]FilterDef{"t": {Type: "truncate", Params: params("length", "3")}}, "t"),
			"abcdef ab😀x é€😀", []string{"abc", "ab\uFFFD", "é€\uFFFD"}},
		{"reverse", with("whitespace", nil, "reverse"), "quick bär 😀x", []string{"kciuq", "räb", "x😀"}},
		{"decimal_digit", with("whitespace", nil, "decimal_digit"), "١٢٣ x٤ ４𝟗", []string{"123", "x4", "49"}},
		{"apostrophe", with("standard", nil, "apostrophe"), "Istanbul'a veya Ankara’dan", []string{"Istanbul", "veya", "Ankara"}},
		{"elision pre-built French articles ignore case", with("standard", nil, "elision"), "L'avion j’aime qu'il d'x z'y", []string{"avion", "aime", "il", "x", "z'y"}},
		{"elision articles, case sensitive by default", with("whitespace", map[string]FilterDef{"e": {Type: "elision", Params: params("articles", "l", "articles", "dell")}}, "e"),
			"l'a L'b dell'c", []string{"a", "L'b", "c"}},
		{"elision articles_case", with("whitespace", map[string]FilterDef{"e": {Type: "elision", Params: params("articles", "l", "articles_case", "true")}}, "e"),
			"L'b", []string{"b"}},
		{"pattern_replace all", with("whitespace", map[string]FilterDef{"p": {Type: "pattern_replace", Params: params("pattern", "(a)(b)?", "replacement", "<$2$1>")}}, "p"),
			"abxa zz", []string{"<ba>x<a>", "zz"}},
		{"pattern_replace first, to empty", with("whitespace", map[string]FilterDef{"p": {Type: "pattern_replace", Params: params("pattern", "[a-z]+", "all", "false")}}, "p"),
			"ab1cd xy", []string{"1cd", ""}},
		{"keyword_marker keeps words from the stemmer", with("whitespace", map[string]FilterDef{"k": {Type: "keyword_marker", Params: params("keywords", "Running", "ignore_case", "true")}}, "lowercase", "k", "porter_stem"),
			"running jumping", []string{"running", "jump"}},
		{"keyword_marker pattern matches whole terms", with("whitespace", map[string]FilterDef{"k": {Type: "keyword_marker", Params: params("keywords_pattern", "jump.*")},
			"t": {Type: "truncate", Params: params("length", "4")}}, "k", "stemmer", "t"),
			"jumping xjumping running", []string{"jumping", "xjum", "run"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if diff := cmp.Diff(c.want, words(analyzeCustom(t, c.def, c.text))); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	// Filters that rewrite terms keep positions, offsets and types.
	got := analyzeCustom(t, with("standard", nil, "reverse", "decimal_digit"), "ab ٣4")
	want := []Token{{Term: "ba", Position: 0, StartOffset: 0, EndOffset: 2, Type: TypeAlphaNum}, {Term: "43", Position: 1, StartOffset: 3, EndOffset: 6, Type: TypeNum}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestMoreFilterErrors(t *testing.T) {
	one := func(d FilterDef) CustomDef {
		return CustomDef{Name: "a", Tokenizer: "standard", Filter: []string{"f"}, Filters: map[string]FilterDef{"f": d}}
	}
	cases := []struct {
		name        string
		def         CustomDef
		reason      string
		unsupported bool
	}{
		{"truncate without length", one(FilterDef{Type: "truncate"}), "length parameter must be provided", false},
		{"truncate zero", one(FilterDef{Type: "truncate", Params: map[string][]string{"length": {"0"}}}), "length parameter must be provided", false},
		{"elision without articles", one(FilterDef{Type: "elision"}), "elision filter requires [articles] or [articles_path] setting", false},
		{"pattern_replace without pattern", one(FilterDef{Type: "pattern_replace"}), "pattern is missing for [f] token filter of type 'pattern_replace'", false},
		{"keyword_marker without words", one(FilterDef{Type: "keyword_marker"}), "keyword filter requires either `keywords`, `keywords_path`, or `keywords_pattern` to be configured", false},
		{"keyword_marker both", one(FilterDef{Type: "keyword_marker", Params: map[string][]string{"keywords": {"a"}, "keywords_pattern": {"b"}}}),
			"cannot specify both `keywords_pattern` and `keywords` or `keywords_path`", false},
		{"keyword_marker as a name", CustomDef{Name: "a", Tokenizer: "standard", Filter: []string{"keyword_marker"}}, "Custom Analyzer [a] failed to find filter under name [keyword_marker]", false},
		{"pattern_replace as a name", CustomDef{Name: "a", Tokenizer: "standard", Filter: []string{"pattern_replace"}}, "Custom Analyzer [a] failed to find filter under name [pattern_replace]", false},
		{"keywords_path", one(FilterDef{Type: "keyword_marker", Params: map[string][]string{"keywords_path": {"k.txt"}}}), "keyword_marker option [keywords_path] is not supported by the fake yet", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewCustom(c.def)
			var e *Error
			if !errors.As(err, &e) || e.Reason != c.reason || e.Type != "illegal_argument_exception" || e.Unsupported != c.unsupported {
				t.Errorf("error %+v, want %q", err, c.reason)
			}
		})
	}
}
