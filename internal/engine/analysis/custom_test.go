package analysis

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func intp(v int) *int    { return &v }
func boolp(v bool) *bool { return &v }

func analyzeCustom(t *testing.T, def CustomDef, text string) []Token {
	t.Helper()
	a, err := NewCustom(def)
	if err != nil {
		t.Fatalf("NewCustom: %v", err)
	}
	return a.Analyze(nil, text)
}

func TestCustomPipelines(t *testing.T) {
	cases := []struct {
		name string
		def  CustomDef
		text string
		want []Token
	}{
		{
			"whitespace lowercase unique",
			CustomDef{Name: "a", Type: "custom", Tokenizer: "whitespace", Filter: []string{"lowercase", "unique"}},
			"Foo foo BAR bar x",
			[]Token{
				{Term: "foo", Position: 0, StartOffset: 0, EndOffset: 3, Type: TypeWord},
				{Term: "bar", Position: 1, StartOffset: 8, EndOffset: 11, Type: TypeWord},
				{Term: "x", Position: 2, StartOffset: 16, EndOffset: 17, Type: TypeWord},
			},
		},
		{
			"unique only on same position keeps repeats",
			CustomDef{Name: "a", Tokenizer: "whitespace", Filter: []string{"u"}, Filters: map[string]FilterDef{"u": {Type: "unique", OnlyOnSamePosition: true}}},
			"a a",
			[]Token{
				{Term: "a", Position: 0, StartOffset: 0, EndOffset: 1, Type: TypeWord},
				{Term: "a", Position: 1, StartOffset: 2, EndOffset: 3, Type: TypeWord},
			},
		},
		{
			"standard tokenizer, stop words from a list, case-insensitive, positions keep gaps",
			CustomDef{Name: "a", Tokenizer: "standard", Filter: []string{"my_stop"},
				Filters: map[string]FilterDef{"my_stop": {Type: "stop", Stopwords: []string{"OVER", "_english_"}, IgnoreCase: true}}},
			"The Fox over Dog",
			[]Token{
				{Term: "Fox", Position: 1, StartOffset: 4, EndOffset: 7, Type: TypeAlphaNum},
				{Term: "Dog", Position: 3, StartOffset: 13, EndOffset: 16, Type: TypeAlphaNum},
			},
		},
		{
			"default stop filter is English and case-sensitive",
			CustomDef{Name: "a", Tokenizer: "letter", Filter: []string{"stop"}},
			"The cat and the hat",
			[]Token{
				{Term: "The", Position: 0, StartOffset: 0, EndOffset: 3, Type: TypeWord},
				{Term: "cat", Position: 1, StartOffset: 4, EndOffset: 7, Type: TypeWord},
				{Term: "hat", Position: 4, StartOffset: 16, EndOffset: 19, Type: TypeWord},
			},
		},
		{
			"length counts UTF-16 units",
			CustomDef{Name: "a", Tokenizer: "whitespace", Filter: []string{"len"}, Filters: map[string]FilterDef{"len": {Type: "length", Min: intp(2), Max: intp(3)}}},
			"a 𐌀 abc abcd ab",
			[]Token{
				{Term: "𐌀", Position: 1, StartOffset: 2, EndOffset: 6, Type: TypeWord},
				{Term: "abc", Position: 2, StartOffset: 7, EndOffset: 10, Type: TypeWord},
				{Term: "ab", Position: 4, StartOffset: 16, EndOffset: 18, Type: TypeWord},
			},
		},
		{
			"keyword, trim, uppercase",
			CustomDef{Name: "a", Tokenizer: "keyword", Filter: []string{"trim", "uppercase"}},
			" \tNew ßtraße\n",
			[]Token{{Term: "NEW ßTRAßE", Position: 0, StartOffset: 0, EndOffset: 15, Type: TypeWord}},
		},
		{
			"tokenizer defined in settings with max_token_length",
			CustomDef{Name: "a", Tokenizer: "short", Filter: []string{"lowercase"}, Tokenizers: map[string]TokenizerDef{"short": {Type: "standard", MaxTokenLength: intp(3)}}},
			"ABCDE",
			[]Token{
				{Term: "abc", Position: 0, StartOffset: 0, EndOffset: 3, Type: TypeAlphaNum},
				{Term: "de", Position: 1, StartOffset: 3, EndOffset: 5, Type: TypeAlphaNum},
			},
		},
		{
			"type standard with stopwords",
			CustomDef{Name: "a", Type: "standard", Stopwords: []string{"_english_"}, MaxTokenLength: intp(4)},
			"The Lazy Dogs",
			[]Token{
				{Term: "lazy", Position: 1, StartOffset: 4, EndOffset: 8, Type: TypeAlphaNum},
				{Term: "dogs", Position: 2, StartOffset: 9, EndOffset: 13, Type: TypeAlphaNum},
			},
		},
		{
			"type stop with its own list",
			CustomDef{Name: "a", Type: "stop", Stopwords: []string{"lazy"}},
			"The Lazy Dogs",
			[]Token{
				{Term: "the", Position: 0, StartOffset: 0, EndOffset: 3, Type: TypeWord},
				{Term: "dogs", Position: 2, StartOffset: 9, EndOffset: 13, Type: TypeWord},
			},
		},
		{
			"type whitespace",
			CustomDef{Name: "a", Type: "whitespace"},
			"A-B c",
			[]Token{
				{Term: "A-B", Position: 0, StartOffset: 0, EndOffset: 3, Type: TypeWord},
				{Term: "c", Position: 1, StartOffset: 4, EndOffset: 5, Type: TypeWord},
			},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if diff := cmp.Diff(c.want, analyzeCustom(t, c.def, c.text)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestCustomErrors(t *testing.T) {
	cases := []struct {
		def         CustomDef
		reason      string
		unsupported bool
	}{
		{CustomDef{Name: "my"}, "analyzer [my] must specify either an analyzer type, or a tokenizer", false},
		{CustomDef{Name: "my", Type: "custom"}, "Custom Analyzer [my] must be configured with a tokenizer", false},
		{CustomDef{Name: "my", Type: "foo"}, "Unknown analyzer type [foo] for [my]", false},
		{CustomDef{Name: "my", Tokenizer: "nope"}, "Custom Analyzer [my] failed to find tokenizer under name [nope]", false},
		{CustomDef{Name: "my", Tokenizer: "standard", Filter: []string{"lowercase", "nope"}}, "Custom Analyzer [my] failed to find filter under name [nope]", false},
		{CustomDef{Name: "my", Tokenizer: "standard", CharFilter: []string{"nope"}}, "Custom Analyzer [my] failed to find char_filter under name [nope]", false},
		{CustomDef{Name: "my", Tokenizer: "t", Tokenizers: map[string]TokenizerDef{"t": {}}}, "tokenizer [t] must specify either an analyzer type, or a tokenizer", false},
		{CustomDef{Name: "my", Tokenizer: "t", Tokenizers: map[string]TokenizerDef{"t": {Type: "bogus"}}}, "Unknown tokenizer type [bogus] for [t]", false},
		{CustomDef{Name: "my", Tokenizer: "standard", Filter: []string{"f"}, Filters: map[string]FilterDef{"f": {}}}, "filter [f] must specify either an analyzer type, or a tokenizer", false},
		{CustomDef{Name: "my", Tokenizer: "standard", Filter: []string{"f"}, Filters: map[string]FilterDef{"f": {Type: "bogus"}}}, "Unknown filter type [bogus] for [f]", false},
		{CustomDef{Name: "my", Tokenizer: "standard", Filter: []string{"f"}, Filters: map[string]FilterDef{"f": {Type: "length", Min: intp(5), Max: intp(2)}}}, "maximum length must not be greater than minimum length", false},
		{CustomDef{Name: "my", Tokenizer: "standard", Filter: []string{"f"}, Filters: map[string]FilterDef{"f": {Type: "length", Min: intp(-1)}}}, "minimum length must be greater than or equal to zero", false},
		{CustomDef{Name: "my", Type: "standard", MaxTokenLength: intp(0)}, "maxTokenLength must be greater than zero", false},
		{CustomDef{Name: "my", Type: "standard", MaxTokenLength: intp(2000000)}, "maxTokenLength may not exceed 1048576", false},
		{CustomDef{Name: "my", Type: "french"}, "analyzer type [french] is not supported by the fake yet", true},
		{CustomDef{Name: "my", Tokenizer: "classic"}, "tokenizer [classic] is not supported by the fake yet", true},
		{CustomDef{Name: "my", Tokenizer: "standard", Filter: []string{"snowball"}}, "token filter [snowball] is not supported by the fake yet", true},
		{CustomDef{Name: "my", Tokenizer: "standard", CharFilter: []string{"html_strip"}}, "char_filter [html_strip] is not supported by the fake yet", true},
		{CustomDef{Name: "my", Tokenizer: "standard", Filter: []string{"s"}, Filters: map[string]FilterDef{"s": {Type: "stop", RemoveTrailing: boolp(false)}}}, "stop filter option [remove_trailing: false] is not supported by the fake yet", true},
	}
	for _, c := range cases {
		_, err := NewCustom(c.def)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%+v: error %v, want %q", c.def, err, c.reason)
			continue
		}
		if e.Reason != c.reason || e.Type != "illegal_argument_exception" || e.Unsupported != c.unsupported {
			t.Errorf("got %+v, want reason %q unsupported %v", e, c.reason, c.unsupported)
		}
	}
}

func TestNormalizers(t *testing.T) {
	lc, ok := BuiltinNormalizer("lowercase")
	if !ok {
		t.Fatal("no lowercase normalizer")
	}
	if got := lc.Normalize("ÀB Ç"); got != "àb ç" {
		t.Errorf("lowercase = %q", got)
	}
	if _, ok := BuiltinNormalizer("standard"); ok {
		t.Error("standard is not a built-in normalizer")
	}
	n, err := NewNormalizer(NormalizerDef{Name: "n", Filter: []string{"trim", "up"}, Filters: map[string]FilterDef{"up": {Type: "uppercase"}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := n.Normalize("  mixed Case "); got != "MIXED CASE" {
		t.Errorf("custom = %q", got)
	}
	if got := n.Normalize(""); got != "" {
		t.Errorf("empty = %q", got)
	}
	errCases := []struct {
		def    NormalizerDef
		reason string
	}{
		{NormalizerDef{Name: "n", Type: "standard"}, "Unknown normalizer type [standard] for [n]"},
		{NormalizerDef{Name: "n", Tokenizer: "keyword"}, "Custom normalizer [n] cannot configure a tokenizer"},
		{NormalizerDef{Name: "n", Filter: []string{"nope"}}, "Custom Analyzer [n] failed to find filter under name [nope]"},
		{NormalizerDef{Name: "n", Filter: []string{"stop"}}, "Custom normalizer [n] may not use filter [stop]"},
		{NormalizerDef{Name: "n", CharFilter: []string{"nope"}}, "Custom normalizer [n] failed to find char_filter under name [nope]"},
	}
	for _, c := range errCases {
		_, err := NewNormalizer(c.def)
		if err == nil || err.Error() != c.reason {
			t.Errorf("%+v: got %v, want %q", c.def, err, c.reason)
		}
	}
}

func TestASCIIFolding(t *testing.T) {
	// OpenSearch's asciifolding documentation example.
	got := analyzeCustom(t, CustomDef{Name: "a", Tokenizer: "standard", Filter: []string{"asciifolding"}}, "açaí à la carte")
	if diff := cmp.Diff([]string{"acai", "a", "la", "carte"}, terms(got)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	got = analyzeCustom(t, CustomDef{Name: "a", Tokenizer: "standard", Filter: []string{"f"},
		Filters: map[string]FilterDef{"f": {Type: "asciifolding", PreserveOriginal: true}}}, "açaí à la carte")
	want := []Token{
		{Term: "acai", Position: 0, StartOffset: 0, EndOffset: 6, Type: TypeAlphaNum},
		{Term: "açaí", Position: 0, StartOffset: 0, EndOffset: 6, Type: TypeAlphaNum},
		{Term: "a", Position: 1, StartOffset: 7, EndOffset: 9, Type: TypeAlphaNum},
		{Term: "à", Position: 1, StartOffset: 7, EndOffset: 9, Type: TypeAlphaNum},
		{Term: "la", Position: 2, StartOffset: 10, EndOffset: 12, Type: TypeAlphaNum},
		{Term: "carte", Position: 3, StartOffset: 13, EndOffset: 18, Type: TypeAlphaNum},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("preserve_original (-want +got):\n%s", diff)
	}
	if n := NumTerms(got); n != 4 {
		t.Errorf("NumTerms = %d, want 4 (preserved originals overlap)", n)
	}
	// Lucene's ASCIIFoldingFilter test sentence (Latin-1 and ligatures), whitespace tokens.
	in := "Des mot clés À LA CHAÎNE À Á Â Ã Ä Å Æ Ç È É Ê Ë Ì Í Î Ï Ĳ Ð Ñ Ò Ó Ô Õ Ö Ø Œ Þ Ù Ú Û Ü Ý Ÿ " +
		"à á â ã ä å æ ç è é ê ë ì í î ï ĳ ð ñ ò ó ô õ ö ø œ ß þ ù ú û ü ý ÿ ﬁ ﬂ"
	wantTerms := strings.Fields("Des mot cles A LA CHAINE A A A A A A AE C E E E E I I I I IJ D N O O O O O O OE TH U U U U Y Y " +
		"a a a a a a ae c e e e e i i i i ij d n o o o o o o oe ss th u u u u y y fi fl")
	got = analyzeCustom(t, CustomDef{Name: "a", Tokenizer: "whitespace", Filter: []string{"asciifolding"}}, in)
	if diff := cmp.Diff(wantTerms, terms(got)); diff != "" {
		t.Errorf("Latin-1 (-want +got):\n%s", diff)
	}
	// Punctuation, enclosed and fullwidth forms fold to several characters; others stay.
	got = analyzeCustom(t, CustomDef{Name: "a", Tokenizer: "keyword", Filter: []string{"asciifolding"}}, "“⑴ ⒜ Ｆｕｌｌ—日本”")
	if diff := cmp.Diff([]string{`"(1) (a) Full-日本"`}, terms(got)); diff != "" {
		t.Errorf("symbols (-want +got):\n%s", diff)
	}
	n, err := NewNormalizer(NormalizerDef{Name: "n", Filter: []string{"lowercase", "f"},
		Filters: map[string]FilterDef{"f": {Type: "asciifolding", PreserveOriginal: true}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := n.Normalize("Ĳssel Café"); got != "ijssel cafe" {
		t.Errorf("normalizer = %q", got)
	}
}

func TestASCIIFoldingTable(t *testing.T) {
	for i, e := range asciiFoldings {
		if i > 0 && asciiFoldings[i-1].r >= e.r {
			t.Fatalf("table not sorted at %U", e.r)
		}
		if e.r < 0x80 || e.fold == "" {
			t.Fatalf("bad entry %U", e.r)
		}
		for j := 0; j < len(e.fold); j++ {
			if e.fold[j] >= 0x80 {
				t.Fatalf("%U folds to non-ASCII %q", e.r, e.fold)
			}
		}
	}
	if f, ok := asciiFold('ß'); !ok || f != "ss" {
		t.Errorf("ß = %q %v", f, ok)
	}
	if _, ok := asciiFold('中'); ok {
		t.Error("中 should not fold")
	}
}
