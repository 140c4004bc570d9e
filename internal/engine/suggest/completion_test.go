package suggest

import (
	"reflect"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

func TestFuzzyBoost(t *testing.T) {
	def := defaultFuzzy()
	tests := []struct {
		form, query string
		o           *FuzzyOptions
		want        int
		ok          bool
	}{
		// Lucene's TestFuzzyCompletionQuery: "sugg" boosts suggestion by 3
		// (the intersection stops at "sug", one deletion away), suaggestion
		// by 2, sugfoo by 3, ssuggestion by 1.
		{"suggestion", "sugg", def, 3, true},
		{"suaggestion", "sugg", def, 2, true},
		{"sugfoo", "sugg", def, 3, true},
		{"ssuggestion", "sugg", def, 1, true},
		{"nirvana", "nrivana", def, 1, true},                                                     // a transposition is one edit
		{"nirvana", "nrivana", &FuzzyOptions{Edits: 1, MinLength: 3, PrefixLength: 1}, 0, false}, // without: two
		{"nirvana", "mirvana", def, 0, false},                                                    // the first unit takes no edit
		{"nirvana", "ni", def, 2, true},                                                          // below min_length: exact prefix
		{"nevermind", "ni", def, 0, false},
		{"caf\u00e9", "cafe", def, 3, true}, // é is two bytes: one substitution, one insertion... within one edit as a prefix
		{"caf\u00e9s", "cafxs", &FuzzyOptions{Edits: 1, MinLength: 3, PrefixLength: 1, UnicodeAware: true}, 3, true}, // code points
		{"caf\u00e9s", "cafxs", def, 0, false}, // bytes: two edits
		{"", "abc", def, 0, false},
	}
	for _, tt := range tests {
		got, _, ok := fuzzyBoost(tt.form, tt.query, tt.o)
		if got != tt.want || ok != tt.ok {
			t.Errorf("fuzzyBoost(%q, %q) = %d, %v; want %d, %v", tt.form, tt.query, got, ok, tt.want, tt.ok)
		}
	}
}

func TestFuzzyAcceptedPrefix(t *testing.T) {
	// The FST intersection stops at the first accepted prefix: "nir" for
	// "nirv" (one deletion); whole query length below min_length.
	if b, n, ok := fuzzyBoost("nirvana", "nirv", defaultFuzzy()); b != 3 || n != 3 || !ok {
		t.Errorf("nirv: %d %d %v", b, n, ok)
	}
	if b, n, ok := fuzzyBoost("nirvana", "ni", defaultFuzzy()); b != 2 || n != 2 || !ok {
		t.Errorf("ni: %d %d %v", b, n, ok)
	}
	o := &FuzzyOptions{Edits: 1, MinLength: 3, PrefixLength: 1, UnicodeAware: true}
	if b, n, ok := fuzzyBoost("\u00e9t\u00e9s", "\u00e9tes", o); b != 2 || n != len("\u00e9t\u00e9s") || !ok {
		t.Errorf("unicode: %d %d %v", b, n, ok)
	}
}

func TestLuceneRegexp(t *testing.T) {
	tests := []struct {
		re    string
		flags int
		match []string
		miss  []string
	}{
		{"n[ei]r", flagAll, []string{"nirvana", "nerd"}, []string{"nar", "anir"}},
		{"a.c", flagAll, []string{"abc", "a\x1fc"}, []string{"ac"}},
		{"(ab|cd)+e", flagAll, []string{"ababe", "cde"}, []string{"abc"}},
		{"a{2,3}b", flagAll, []string{"aab", "aaab"}, []string{"ab"}},
		{"a@z", flagAll, []string{"abcz", "az"}, []string{"abc"}},
		{"a@z", 0, []string{"a@z"}, []string{"abcz"}},
		{`"a.b"`, flagAll, []string{"a.b"}, []string{"axb"}},
		{`a\.b`, flagAll, []string{"a.b"}, []string{"axb"}},
		{"^a$", flagAll, []string{"^a$x"}, []string{"a"}},
		{"[^a-c]x", flagAll, []string{"dx"}, []string{"bx"}},
		{"#", flagAll, nil, []string{"", "a"}},
		{"ab()", flagAll, []string{"ab"}, nil},
	}
	for _, tt := range tests {
		re, err := compileLuceneRegexp(tt.re, tt.flags)
		if err != nil {
			t.Errorf("%q: %v", tt.re, err)
			continue
		}
		for _, s := range tt.match {
			if !re.MatchString(s) {
				t.Errorf("%q does not match %q", tt.re, s)
			}
		}
		for _, s := range tt.miss {
			if re.MatchString(s) {
				t.Errorf("%q matches %q", tt.re, s)
			}
		}
	}
	for _, bad := range []string{"(ab", "[a", "*a", "a{x}", `a\`, `"ab`} {
		if _, err := compileLuceneRegexp(bad, flagAll); err == nil || err.Type != "illegal_argument_exception" {
			t.Errorf("%q: err = %v", bad, err)
		}
	}
	for _, unsupported := range []string{"a&b", "~a", "<1-5>"} {
		if _, err := compileLuceneRegexp(unsupported, flagAll); err == nil || err.Status != 501 {
			t.Errorf("%q: err = %v", unsupported, err)
		}
	}
	if _, err := compileLuceneRegexp("a&b", 0); err != nil {
		t.Errorf("a&b without INTERSECTION: %v", err)
	}
}

func TestCollectCompletion(t *testing.T) {
	p := func(slot int32, score float32, surface string) completionPath {
		return completionPath{slot: slot, score: score, key: surface, surface: surface}
	}
	// Paths in search order (score, key, doc). The queue keeps two documents.
	paths := []completionPath{p(5, 9, "a"), p(5, 8, "b"), p(7, 5, "c"), p(3, 5, "d"), p(1, 5, "e"), p(9, 4, "f")}
	got := collectCompletion(paths, 2, 100, false)
	// Doc 5 once; doc 7 enters; doc 3 (same score, smaller doc) replaces it,
	// doc 1 replaces doc 3; doc 9 (lower score) stops the search.
	var slots []int32
	for _, c := range got {
		slots = append(slots, c.slot)
	}
	if !reflect.DeepEqual(slots, []int32{5, 1}) {
		t.Errorf("collected %v", slots)
	}
	// Skipping duplicates takes a surface form once and orders ties by text.
	paths = []completionPath{p(2, 5, "x"), p(1, 5, "x"), p(4, 5, "b"), p(3, 1, "a")}
	got = collectCompletion(paths, 5, 100, true)
	var texts []string
	for _, c := range got {
		texts = append(texts, c.surface)
	}
	if !reflect.DeepEqual(texts, []string{"b", "x", "a"}) || got[1].slot != 2 {
		t.Errorf("collected %v", texts)
	}
	// The top-N search takes size times the reached prefixes results, a
	// document's second input included: doc 2 is never reached.
	paths = []completionPath{p(1, 9, "a"), p(1, 8, "b"), p(2, 7, "c")}
	if got = collectCompletion(paths, 2, 2, false); len(got) != 1 || got[0].slot != 1 {
		t.Errorf("collected %+v", got)
	}
	// Paths skipped as duplicates are not results: doc 3 is the second.
	paths = []completionPath{p(1, 9, "a"), p(2, 8, "a"), p(3, 7, "c"), p(4, 6, "d")}
	if got = collectCompletion(paths, 2, 2, true); len(got) != 2 || got[0].slot != 1 || got[1].slot != 3 {
		t.Errorf("collected %+v", got)
	}
}

func TestJavaHashOrder(t *testing.T) {
	// HashSet buckets of 16: cafe 3, restaurant 7; city 5, kind 6.
	if got := javaHashOrder([]string{"restaurant", "cafe"}, 16); !reflect.DeepEqual(got, []string{"cafe", "restaurant"}) {
		t.Errorf("got %v", got)
	}
	// A HashMap sized for two grows to four buckets with its second entry:
	// kind would come first in two buckets, city (1) precedes kind (2) in four.
	if got := javaHashOrder([]string{"kind", "city"}, 2); !reflect.DeepEqual(got, []string{"city", "kind"}) {
		t.Errorf("got %v", got)
	}
}

func TestCompletionScore(t *testing.T) {
	for _, tt := range []struct {
		w    int
		b    float32
		want float32
	}{{7, 0, 7}, {0, 3, 3}, {7, 3, 21}, {0, 0, 0}} {
		if got := completionScore(tt.w, tt.b); got != tt.want {
			t.Errorf("score(%d, %v) = %v", tt.w, tt.b, got)
		}
	}
}

func TestCompletionContextBoost(t *testing.T) {
	q := &completionQuery{contexts: []queryContext{{mapping: 0, value: "c", boost: 2, prefix: true}, {mapping: 0, value: "ca", boost: 5}, {mapping: 1, value: "cafe", boost: 9}}}
	tests := []struct {
		c     mapping.CompletionContext
		boost int
		ok    bool
	}{
		{mapping.CompletionContext{Mapping: 0, Value: "ca"}, 5, true},
		// Matched through the "c" prefix, boosted by the longer "ca" it starts with.
		{mapping.CompletionContext{Mapping: 0, Value: "cafe"}, 5, true},
		{mapping.CompletionContext{Mapping: 0, Value: "cup"}, 2, true},
		{mapping.CompletionContext{Mapping: 0, Value: "bar"}, 0, false},
		{mapping.CompletionContext{Mapping: 1, Value: "cafes"}, 0, false},
	}
	for _, tt := range tests {
		if b, ok := q.contextBoost(&tt.c); b != tt.boost || ok != tt.ok {
			t.Errorf("%+v: %d, %v", tt.c, b, ok)
		}
	}
}

// FuzzParseCompletion feeds suggest sections with a completion suggester
// to the parser: it returns a suggestion or an error, never panics.
func FuzzParseCompletion(f *testing.F) {
	for _, s := range []string{
		`{"s":{"prefix":"nir","completion":{"field":"suggest","size":3,"skip_duplicates":true}}}`,
		`{"s":{"prefix":"nir","completion":{"field":"f","fuzzy":{"fuzziness":"AUTO","transpositions":false,"min_length":2,"prefix_length":0,"unicode_aware":true}}}}`,
		`{"s":{"regex":"n[ei]r","completion":{"field":"f","regex":{"flags":"ANYSTRING|EMPTY","max_determinized_states":10}}}}`,
		`{"s":{"text":"x","completion":{"field":"f","contexts":{"k":[{"context":"a","boost":2,"prefix":true},"b"]}}}}`,
		`{"s":{"prefix":"a","completion":{"field":"f","fuzzy":true,"shard_size":2}}}`,
		`{"s":{"completion":{"field":1,"size":"x"}}}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		v, err := xcontent.Parse([]byte(body))
		if err != nil || v.Kind != xcontent.Object {
			return
		}
		req, perr := Parse(v)
		if perr == nil && req == nil {
			t.Fatal("nil request without an error")
		}
		for _, s := range req.suggestionsOrNil() {
			if s.Kind == KindCompletion && s.Completion == nil {
				t.Fatal("completion without options")
			}
		}
	})
}

// FuzzLuceneRegexp translates arbitrary patterns: an error or a regexp,
// never a panic.
func FuzzLuceneRegexp(f *testing.F) {
	for _, s := range []string{"n[ei]r", "a@z", `"q"`, "(a|b){1,3}", "[^a-z]", `\d+`, "a&b", "<1-3>", "~x", "#", "(", "]"} {
		f.Add(s, flagAll)
	}
	f.Fuzz(func(t *testing.T, re string, flags int) {
		if r, err := compileLuceneRegexp(re, flags); err == nil && r == nil {
			t.Fatal("nil regexp without an error")
		}
	})
}

func (r *Request) suggestionsOrNil() []*Suggestion {
	if r == nil {
		return nil
	}
	return r.Suggestions
}
