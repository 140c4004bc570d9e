package analysis

import (
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The sentence of OpenSearch's analyzer documentation, with each built-in analyzer's
// documented output.
const docSentence = "The 2 QUICK Brown-Foxes jumped over the lazy dog's bone."

func TestBuiltinDocsSentence(t *testing.T) {
	cases := map[string][]string{
		"standard":   {"the", "2", "quick", "brown", "foxes", "jumped", "over", "the", "lazy", "dog's", "bone"},
		"simple":     {"the", "quick", "brown", "foxes", "jumped", "over", "the", "lazy", "dog", "s", "bone"},
		"whitespace": {"The", "2", "QUICK", "Brown-Foxes", "jumped", "over", "the", "lazy", "dog's", "bone."},
		"stop":       {"quick", "brown", "foxes", "jumped", "over", "lazy", "dog", "s", "bone"},
		"keyword":    {docSentence},
		"english":    {"2", "quick", "brown", "fox", "jump", "over", "lazi", "dog", "bone"},
	}
	for _, name := range BuiltinNames() {
		got := terms(mustBuiltin(t, name).Analyze(nil, docSentence))
		if diff := cmp.Diff(cases[name], got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", name, diff)
		}
	}
	if _, ok := Builtin("french"); ok {
		t.Error("Builtin(french) should be unknown")
	}
}

func TestSimpleAndStopTokens(t *testing.T) {
	got := mustBuiltin(t, "stop").Analyze(nil, "The QUICK fox")
	want := []Token{
		{Term: "quick", Position: 1, StartOffset: 4, EndOffset: 9, Type: TypeWord},
		{Term: "fox", Position: 2, StartOffset: 10, EndOffset: 13, Type: TypeWord},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("stop (-want +got):\n%s", diff)
	}
	// Letters only: digits and punctuation split, non-Latin letters count.
	got = mustBuiltin(t, "simple").Analyze(nil, "ÉTÉ2024 naïve日本")
	if diff := cmp.Diff([]string{"été", "naïve日本"}, terms(got)); diff != "" {
		t.Errorf("simple (-want +got):\n%s", diff)
	}
	long := strings.Repeat("a", 300)
	if got := terms(mustBuiltin(t, "simple").Analyze(nil, long)); !cmp.Equal(got, []string{long[:255], long[255:]}) {
		t.Errorf("letter tokenizer does not cut at 255: %d tokens", len(got))
	}
}

func TestWhitespaceIsJavaWhitespace(t *testing.T) {
	ws := mustBuiltin(t, "whitespace")
	got := terms(ws.Analyze(nil, "a\u00a0b c\u2003d\te\u0085f\u2028g\x1fh"))
	want := []string{"a\u00a0b", "c", "d", "e\u0085f", "g", "h"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	toks := ws.Analyze(nil, "  Hi  there ")
	wantToks := []Token{
		{Term: "Hi", Position: 0, StartOffset: 2, EndOffset: 4, Type: TypeWord},
		{Term: "there", Position: 1, StartOffset: 6, EndOffset: 11, Type: TypeWord},
	}
	if diff := cmp.Diff(wantToks, toks); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestKeywordAnalyzer(t *testing.T) {
	kw := mustBuiltin(t, "keyword")
	got := kw.Analyze(nil, "New York")
	want := []Token{{Term: "New York", Position: 0, StartOffset: 0, EndOffset: 8, Type: TypeWord}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// Lucene's KeywordTokenizer emits one (empty) token even for empty input.
	if got := kw.Analyze(nil, ""); len(got) != 1 || got[0].Term != "" || got[0].EndOffset != 0 {
		t.Errorf("empty input: %+v", got)
	}
}

func TestUTF16Offsets(t *testing.T) {
	text := "é𐌀 x 中"
	toks := mustBuiltin(t, "standard").Analyze(nil, text)
	UTF16Offsets(text, toks)
	got := make([][2]int, len(toks))
	for i, tk := range toks {
		got[i] = [2]int{tk.StartOffset, tk.EndOffset}
	}
	if diff := cmp.Diff([][2]int{{0, 3}, {4, 5}, {6, 7}}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// Offsets that go backwards (several values analyzed into one list) still convert.
	toks = []Token{{StartOffset: 7, EndOffset: 8}, {StartOffset: 0, EndOffset: 2}}
	UTF16Offsets(text, toks)
	if toks[0].StartOffset != 4 || toks[1].EndOffset != 1 {
		t.Errorf("non-monotonic conversion: %+v", toks)
	}
}

func TestAnalyzersConcurrent(t *testing.T) {
	std := mustBuiltin(t, "standard")
	want := terms(std.Analyze(nil, docSentence))
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []Token
			for i := 0; i < 200; i++ {
				buf = std.Analyze(buf[:0], docSentence)
				if !cmp.Equal(terms(buf), want) {
					t.Error("concurrent analysis differs")
					return
				}
			}
		}()
	}
	wg.Wait()
}

func FuzzAnalyzers(f *testing.F) {
	for _, s := range []string{"", docSentence, "  a\u00a0b ", "ÉTÉ2024 naïve日本", "x\xff\xfey", "İIıi ΣΣ", "açaí à la carte ﬁ ⑴"} {
		f.Add(s)
	}
	custom, err := NewCustom(CustomDef{Name: "c", Tokenizer: "whitespace", Filter: []string{"lowercase", "trim", "unique", "stop", "uppercase"}})
	if err != nil {
		f.Fatal(err)
	}
	folding, err := NewCustom(CustomDef{Name: "f", Tokenizer: "standard", Filter: []string{"fold", "length"},
		Filters: map[string]FilterDef{"fold": {Type: "asciifolding", PreserveOriginal: true}}})
	if err != nil {
		f.Fatal(err)
	}
	analyzers := []Analyzer{custom, folding}
	for _, name := range BuiltinNames() {
		a, _ := Builtin(name)
		analyzers = append(analyzers, a)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, a := range analyzers {
			prevStart, prevPos := 0, -1
			for _, tk := range a.Analyze(nil, text) {
				if tk.StartOffset < prevStart || tk.EndOffset < tk.StartOffset || tk.EndOffset > len(text) || tk.Position < prevPos {
					t.Fatalf("bad token %+v in %q", tk, text)
				}
				prevStart, prevPos = tk.StartOffset, tk.Position
			}
		}
	})
}

func TestNumTerms(t *testing.T) {
	toks := mustBuiltin(t, "stop").Analyze(nil, "the quick and the dead")
	if n := NumTerms(toks); n != 2 {
		t.Errorf("NumTerms = %d, want 2", n)
	}
	overlap := []Token{{Term: "a", Position: 0}, {Term: "b", Position: 0}, {Term: "c", Position: 1}}
	if n := NumTerms(overlap); n != 2 {
		t.Errorf("NumTerms with overlap = %d, want 2", n)
	}
	if n := NumTerms(nil); n != 0 {
		t.Errorf("NumTerms(nil) = %d", n)
	}
}
