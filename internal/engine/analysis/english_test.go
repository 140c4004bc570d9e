package analysis

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

type termPos struct {
	Term string
	Pos  int
}

func termPositions(toks []Token) []termPos {
	out := make([]termPos, len(toks))
	for i, t := range toks {
		out[i] = termPos{t.Term, t.Position}
	}
	return out
}

func TestEnglishAnalyzer(t *testing.T) {
	cases := []struct {
		text string
		want []termPos
	}{
		{"The drivers' cars were driving quickly", []termPos{
			{"driver", 1}, {"car", 2}, {"were", 3}, {"drive", 4}, {"quickli", 5}}},
		// Possessives go before lowercasing, with ', U+2019 or U+FF07 and s in either case;
		// other contractions stay.
		{"John’s DOG'S bones aren't Ponies’ toys, a cat＇s", []termPos{
			{"john", 0}, {"dog", 1}, {"bone", 2}, {"aren't", 3}, {"poni", 4}, {"toi", 5}, {"cat", 7}}},
		{"It is not such a thing as THEIR relational hopefulness", []termPos{
			{"thing", 5}, {"relat", 8}, {"hope", 9}}},
		// Apostrophes at a word's edge are not part of it; "s's" loses its 's.
		{"'s s 's's", []termPos{{"s", 0}, {"s", 1}, {"s", 2}}},
	}
	a := mustBuiltin(t, "english")
	for _, c := range cases {
		if diff := cmp.Diff(c.want, termPositions(a.Analyze(nil, c.text))); diff != "" {
			t.Errorf("%q (-want +got):\n%s", c.text, diff)
		}
	}
	toks := a.Analyze(nil, "Drivers' CARS")
	want := []Token{
		{Term: "driver", Position: 0, StartOffset: 0, EndOffset: 7, Type: TypeAlphaNum},
		{Term: "car", Position: 1, StartOffset: 9, EndOffset: 13, Type: TypeAlphaNum},
	}
	if diff := cmp.Diff(want, toks); diff != "" {
		t.Errorf("tokens (-want +got):\n%s", diff)
	}
}

func TestEnglishOptions(t *testing.T) {
	a, err := NewCustom(CustomDef{Name: "en", Type: "english", Stopwords: []string{"_none_"},
		StemExclusion: []string{"driving"}})
	if err != nil {
		t.Fatal(err)
	}
	got := termPositions(a.Analyze(nil, "The drivers are driving"))
	want := []termPos{{"the", 0}, {"driver", 1}, {"ar", 2}, {"driving", 3}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}

	ia, err := NewIndexAnalysis(map[string][]string{
		"index.analysis.analyzer.my_en.type":           {"english"},
		"index.analysis.analyzer.my_en.stopwords":      {"cars", "_english_"},
		"index.analysis.analyzer.my_en.stem_exclusion": {"quickly"},
	})
	if err != nil {
		t.Fatal(err)
	}
	my, _ := ia.Analyzer("my_en")
	got = termPositions(my.Analyze(nil, "The cars were driving quickly"))
	want = []termPos{{"were", 2}, {"drive", 3}, {"quickly", 4}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("index analyzer (-want +got):\n%s", diff)
	}
	builtin, ok := ia.Analyzer("english")
	if !ok {
		t.Fatal("index analysis has no english analyzer")
	}
	if got := terms(builtin.Analyze(nil, "ponies")); !cmp.Equal(got, []string{"poni"}) {
		t.Errorf("built-in english via index = %q", got)
	}
}

func TestStemmerFilters(t *testing.T) {
	cases := []struct {
		filter FilterDef
		want   []string
	}{
		{FilterDef{Type: "porter_stem"}, []string{"the", "pony'", "hop", "cars'"}},
		{FilterDef{Type: "porterStem"}, []string{"the", "pony'", "hop", "cars'"}},
		{FilterDef{Type: "stemmer"}, []string{"the", "pony'", "hop", "cars'"}},
		{FilterDef{Type: "stemmer", Language: "English"}, []string{"the", "pony'", "hop", "cars'"}},
		{FilterDef{Type: "stemmer", Language: "porter"}, []string{"the", "pony'", "hop", "cars'"}},
		{FilterDef{Type: "stemmer", Language: "possessive_english"}, []string{"the", "pony", "hopping", "cars'"}},
	}
	for _, c := range cases {
		a, err := NewCustom(CustomDef{Name: "c", Tokenizer: "whitespace", Filter: []string{"lowercase", "f"},
			Filters: map[string]FilterDef{"f": c.filter}})
		if err != nil {
			t.Fatalf("%+v: %v", c.filter, err)
		}
		if got := terms(a.Analyze(nil, "The PONY's hopping cars'")); !cmp.Equal(got, c.want) {
			t.Errorf("%+v: got %q, want %q", c.filter, got, c.want)
		}
	}

	_, err := NewCustom(CustomDef{Name: "c", Tokenizer: "standard", Filter: []string{"f"},
		Filters: map[string]FilterDef{"f": {Type: "stemmer", Language: "light_english"}}})
	var e *Error
	if !errors.As(err, &e) || !e.Unsupported || e.Reason != "stemmer language [light_english] is not supported by the fake yet" {
		t.Errorf("light_english: got %v", err)
	}

	ia, err := NewIndexAnalysis(map[string][]string{
		"index.analysis.filter.my_stem.type":   {"stemmer"},
		"index.analysis.filter.my_stem.name":   {"possessive_english"},
		"index.analysis.analyzer.a.tokenizer":  {"standard"},
		"index.analysis.analyzer.a.filter":     {"my_stem", "porter_stem"},
		"index.analysis.filter.other.type":     {"stemmer"},
		"index.analysis.filter.other.language": {"english"},
		"index.analysis.analyzer.b.tokenizer":  {"whitespace"},
		"index.analysis.analyzer.b.filter":     {"other"},
	})
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string][]string{"a": {"poni", "hop"}, "b": {"pony'", "hop"}} {
		an, _ := ia.Analyzer(name)
		if got := terms(an.Analyze(nil, "pony's hopping")); !cmp.Equal(got, want) {
			t.Errorf("analyzer %s: got %q, want %q", name, got, want)
		}
	}
}

func BenchmarkEnglishAnalyzer(b *testing.B) {
	a, _ := Builtin("english")
	text := "The drivers' cars were driving quickly past the relational hopefulness of the city's generalizations"
	var dst []Token
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		dst = a.Analyze(dst[:0], text)
	}
}
