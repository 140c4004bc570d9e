package analysis

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestIndexAnalysisFromSettings(t *testing.T) {
	ia, err := NewIndexAnalysis(map[string][]string{
		"index.number_of_shards":                                 {"1"},
		"index.analysis.analyzer.default.type":                   {"custom"},
		"index.analysis.analyzer.default.tokenizer":              {"my_tok"},
		"index.analysis.analyzer.default.filter":                 {"lowercase", "my_stop"},
		"index.analysis.analyzer.default.position_increment_gap": {"10"},
		"index.analysis.tokenizer.my_tok.type":                   {"standard"},
		"index.analysis.tokenizer.my_tok.max_token_length":       {"4"},
		"index.analysis.filter.my_stop.type":                     {"stop"},
		"index.analysis.filter.my_stop.stopwords":                {"jumps", "_english_"},
		"analysis.analyzer.std_en.type":                          {"standard"},
		"analysis.analyzer.std_en.stopwords":                     {"_english_"},
		"index.analysis.normalizer.my.norm.filter":               {"lowercase", "trim"},
	})
	if err != nil {
		t.Fatal(err)
	}
	got := terms(ia.Default().Analyze(nil, "The FOX jumps quickly"))
	if diff := cmp.Diff([]string{"fox", "jump", "s", "quic", "kly"}, got); diff != "" {
		t.Errorf("default (-want +got):\n%s", diff)
	}
	if ia.DefaultSearch() != ia.Default() {
		t.Error("default_search should fall back to default")
	}
	if g := ia.PositionIncrementGap("default"); g != 10 {
		t.Errorf("gap = %d", g)
	}
	if g := ia.PositionIncrementGap("standard"); g != DefaultPositionIncrementGap {
		t.Errorf("builtin gap = %d", g)
	}
	a, ok := ia.Analyzer("std_en")
	if !ok {
		t.Fatal("std_en missing")
	}
	if got := terms(a.Analyze(nil, "The End")); !cmp.Equal(got, []string{"end"}) {
		t.Errorf("std_en = %q", got)
	}
	if a, ok := ia.Analyzer("whitespace"); !ok || len(a.Analyze(nil, "a b")) != 2 {
		t.Error("builtin whitespace missing")
	}
	if _, ok := ia.Analyzer("nope"); ok {
		t.Error("unknown analyzer found")
	}
	n, ok := ia.Normalizer("my.norm")
	if !ok || n.Normalize(" AbC ") != "abc" {
		t.Errorf("normalizer: ok=%v", ok)
	}
	if _, ok := ia.Normalizer("lowercase"); !ok {
		t.Error("builtin lowercase normalizer missing")
	}
}

func TestIndexAnalysisEmptyAndErrors(t *testing.T) {
	ia, err := NewIndexAnalysis(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := terms(ia.Default().Analyze(nil, "Hello World")); !cmp.Equal(got, []string{"hello", "world"}) {
		t.Errorf("default = %q", got)
	}
	cases := []struct {
		settings map[string][]string
		typ      string
		reason   string
	}{
		{map[string][]string{"index.analysis.analyzer.a.filter": {"lowercase"}}, "illegal_argument_exception",
			"analyzer [a] must specify either an analyzer type, or a tokenizer"},
		{map[string][]string{"index.analysis.analyzer.a.tokenizer": {"standard"}, "index.analysis.analyzer.a.filter": {"x"}}, "illegal_argument_exception",
			"Custom Analyzer [a] failed to find filter under name [x]"},
		{map[string][]string{"index.analysis.tokenizer.t.type": {"standard"}, "index.analysis.tokenizer.t.max_token_length": {"abc"}}, "settings_exception",
			"Failed to parse int setting [index.analysis.tokenizer.t.max_token_length] with value [abc]"},
		{map[string][]string{"index.analysis.filter.f.type": {"stop"}, "index.analysis.filter.f.ignore_case": {"yes"}}, "illegal_argument_exception",
			"Failed to parse value [yes] as only [true] or [false] are allowed."},
		{map[string][]string{"index.analysis.normalizer.n.filter": {"stop"}}, "illegal_argument_exception",
			"Custom normalizer [n] may not use filter [stop]"},
	}
	for _, c := range cases {
		_, err := NewIndexAnalysis(c.settings)
		e, ok := err.(*Error)
		if !ok || e.Type != c.typ || e.Reason != c.reason {
			t.Errorf("%v: got %v, want %s %q", c.settings, err, c.typ, c.reason)
		}
	}
}
