package analysis

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCharFilters(t *testing.T) {
	mapping := func(rules ...string) FilterDef {
		return FilterDef{Type: "mapping", Params: map[string][]string{"mappings": rules}}
	}
	pattern := func(p, r string) FilterDef {
		return FilterDef{Type: "pattern_replace", Params: map[string][]string{"pattern": {p}, "replacement": {r}}}
	}
	def := func(tok string, chars map[string]FilterDef, names ...string) CustomDef {
		return CustomDef{Name: "a", Tokenizer: tok, CharFilter: names, CharFilters: chars}
	}
	cases := []struct {
		name string
		def  CustomDef
		text string
		want []Token
	}{
		// Offsets point into the original text: a shorter value keeps the word's end, the
		// extra characters of a longer one point at the end of what it replaced.
		{"mapping shorter and longer", def("whitespace", map[string]FilterDef{"m": mapping("ph => f", ":) => _happy_", "a=>b=>c")}, "m"),
			"phone :) a=>b", wantTokens(TypeWord, gram{"fone", 0, 0, 5}, gram{"_happy_", 1, 6, 8}, gram{"c", 2, 9, 13})},
		{"mapping longest key wins, escapes", def("keyword", map[string]FilterDef{"m": mapping("a => 1", "ab => 2", `\u0020 => \t`)}, "m"),
			"aba b", wantTokens(TypeWord, gram{"21\tb", 0, 0, 5})},
		{"mapping multi-byte", def("whitespace", map[string]FilterDef{"m": mapping("ä => ae", "x => abc")}, "m"),
			"bär x", wantTokens(TypeWord, gram{"baer", 0, 0, 4}, gram{"abc", 1, 5, 6})},
		{"pattern_replace shorter", def("standard", map[string]FilterDef{"p": pattern(`(\d+)-(\d+)`, "$1$2")}, "p"),
			"My card is 123-456-789", []Token{
				{Term: "My", Position: 0, StartOffset: 0, EndOffset: 2, Type: TypeAlphaNum},
				{Term: "card", Position: 1, StartOffset: 3, EndOffset: 7, Type: TypeAlphaNum},
				{Term: "is", Position: 2, StartOffset: 8, EndOffset: 10, Type: TypeAlphaNum},
				{Term: "123456", Position: 3, StartOffset: 11, EndOffset: 18, Type: TypeNum},
				{Term: "789", Position: 4, StartOffset: 19, EndOffset: 22, Type: TypeNum},
			}},
		// Lucene points every added character at the match's last character.
		{"pattern_replace longer", def("whitespace", map[string]FilterDef{"p": pattern("-", " dash ")}, "p"),
			"a-b", wantTokens(TypeWord, gram{"a", 0, 0, 1}, gram{"dash", 1, 1, 1}, gram{"b", 2, 2, 3})},
		{"pattern_replace named group, escapes, no replacement", def("keyword", map[string]FilterDef{
			"p": pattern(`(?<w>o+)`, `[${w}\$]`), "q": {Type: "pattern_replace", Params: map[string][]string{"pattern": {"X"}, "flags": {"CASE_INSENSITIVE|dotall"}}}}, "p", "q"),
			"fOox", wantTokens(TypeWord, gram{"fO[o$]", 0, 0, 4})},
		{"chained", def("keyword", map[string]FilterDef{"m": mapping("ph => f"), "p": pattern("o", "00")}, "m", "p"),
			"phone", wantTokens(TypeWord, gram{"f00ne", 0, 0, 5})},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if diff := cmp.Diff(c.want, analyzeCustom(t, c.def, c.text)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestCharFilterErrors(t *testing.T) {
	one := func(d FilterDef) CustomDef {
		return CustomDef{Name: "a", Tokenizer: "keyword", CharFilter: []string{"c"}, CharFilters: map[string]FilterDef{"c": d}}
	}
	cases := []struct {
		name        string
		def         CustomDef
		typ, reason string
		unsupported bool
	}{
		{"mapping without rules", one(FilterDef{Type: "mapping"}), "illegal_argument_exception",
			"mapping requires either `mappings` or `mappings_path` to be configured", false},
		{"mappings_path", one(FilterDef{Type: "mapping", Params: map[string][]string{"mappings_path": {"m.txt"}}}), "illegal_argument_exception",
			"char_filter [c] option [mappings_path] is not supported by the fake yet", true},
		{"rule without arrow", one(FilterDef{Type: "mapping", Params: map[string][]string{"mappings": {"a -> b"}}}), "runtime_exception",
			"Invalid Mapping Rule : [a -> b]", false},
		{"empty key", one(FilterDef{Type: "mapping", Params: map[string][]string{"mappings": {" => b"}}}), "illegal_argument_exception",
			"cannot match the empty string", false},
		{"duplicate key", one(FilterDef{Type: "mapping", Params: map[string][]string{"mappings": {"a => b", "a=>c"}}}), "illegal_argument_exception",
			`match "a" was already added`, false},
		{"bad escape", one(FilterDef{Type: "mapping", Params: map[string][]string{"mappings": {`\u12 => b`}}}), "runtime_exception",
			`Invalid escaped char in [\u12]`, false},
		{"pattern missing", one(FilterDef{Type: "pattern_replace"}), "illegal_argument_exception",
			"pattern is missing for [c] char filter of type 'pattern_replace'", false},
		{"unknown flag", one(FilterDef{Type: "pattern_replace", Params: map[string][]string{"pattern": {"a"}, "flags": {"DOTALL|nope"}}}), "illegal_argument_exception",
			"Unknown regex flag [NOPE]", false},
		{"look-ahead", one(FilterDef{Type: "pattern_replace", Params: map[string][]string{"pattern": {`(\d+)-(?=\d)`}}}), "illegal_argument_exception",
			"char_filter [c] pattern [(\\d+)-(?=\\d)] (error parsing regexp: invalid or unsupported Perl syntax: `(?=`) is not supported by the fake yet", true},
		{"no type", one(FilterDef{}), "illegal_argument_exception", "char_filter [c] must specify either an analyzer type, or a tokenizer", false},
		{"unknown type", one(FilterDef{Type: "nope"}), "illegal_argument_exception", "Unknown char_filter type [nope] for [c]", false},
		{"html_strip", one(FilterDef{Type: "html_strip"}), "illegal_argument_exception", "char_filter [html_strip] is not supported by the fake yet", true},
		// mapping and pattern_replace need settings: they are not pre-built names.
		{"mapping as a name", CustomDef{Name: "a", Tokenizer: "keyword", CharFilter: []string{"mapping"}}, "illegal_argument_exception",
			"Custom Analyzer [a] failed to find char_filter under name [mapping]", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewCustom(c.def)
			var e *Error
			if !errors.As(err, &e) || e.Reason != c.reason || e.Type != c.typ || e.Unsupported != c.unsupported {
				t.Errorf("error %+v, want %s %q unsupported %v", err, c.typ, c.reason, c.unsupported)
			}
		})
	}
	// Checked at index creation even when unused.
	unused := CustomDef{CharFilters: map[string]FilterDef{"c": {Type: "pattern_replace"}}}
	if err := CheckDefinitions(unused); err == nil || err.Error() != "pattern is missing for [c] char filter of type 'pattern_replace'" {
		t.Errorf("CheckDefinitions: %v", err)
	}
}

// mapping and pattern_replace also serve in keyword normalizers.
func TestNormalizerCharFilters(t *testing.T) {
	n, err := NewNormalizer(NormalizerDef{Name: "n", CharFilter: []string{"m", "p"}, Filter: []string{"lowercase"},
		CharFilters: map[string]FilterDef{
			"m": {Type: "mapping", Params: map[string][]string{"mappings": {"ß => ss"}}},
			"p": {Type: "pattern_replace", Params: map[string][]string{"pattern": {`\s+`}, "replacement": {"-"}}},
		}})
	if err != nil {
		t.Fatal(err)
	}
	if got := n.Normalize("Große  Straße"); got != "grosse-strasse" {
		t.Errorf("Normalize = %q", got)
	}
}
