package suggest

import (
	"sort"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/analysis"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

func TestDistances(t *testing.T) {
	tests := []struct {
		d    Distance
		a, b string
		want float32
	}{
		{DistanceLevenshtein, "quikc", "quick", 0.6},
		{DistanceLevenshtein, "", "", 1},
		{DistanceLevenshtein, "", "a", 0},
		{DistanceDamerauLevenshtein, "quikc", "quick", 0.8},
		{DistanceDamerauLevenshtein, "ab", "abcd", 0}, // 2 edits over the shorter length
		{DistanceDamerauLevenshtein, "", "", 0},
		{DistanceDamerauLevenshtein, "", "abc", 3},
		// Jaro-Winkler by hand: 5 matches, 1 transposition, prefix 3:
		// j = (1 + 1 + 4/5) / 3, jw = j + min(0.1, 1/5) * 3 * (1 - j).
		{DistanceJaroWinkler, "quikc", "quick", jw(3, 0.1)},
		{DistanceJaroWinkler, "abc", "xyz", 0},
		{DistanceNGram, "a", "ab", 0.5}, // shorter than n: matching leading chars over the longer length
		{DistanceNGram, "ab", "ab", 1},
		{DistanceNGram, "", "", 1},
	}
	for _, tt := range tests {
		if got := tt.d.score(tt.a, tt.b); got != tt.want {
			t.Errorf("%d(%q, %q) = %v, want %v", tt.d, tt.a, tt.b, got, tt.want)
		}
	}
}

// jw computes the Jaro-Winkler of "quikc"/"quick" step by step in float32.
func jw(prefix, bonus float32) float32 {
	m := float32(5)
	j := (m/5 + m/5 + (m-1)/m) / 3
	return j + bonus*prefix*(1-j)
}

// memIndex is a TermIndex over fixed document frequencies.
type memIndex struct {
	df     map[string]int
	maxDoc int
}

func (m memIndex) SortedTerms(string) []string {
	var out []string
	for t := range m.df {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}
func (m memIndex) DocFreq(_, t string) int { return m.df[t] }
func (m memIndex) MaxDoc() int             { return m.maxDoc }

func TestSpellCheckTiesKeepSmallerTerms(t *testing.T) {
	// Four candidates one edit away with equal freq: the queue of
	// numSug*max_inspections keeps the smallest terms, the result the best.
	ix := memIndex{df: map[string]int{"abcx": 1, "abcy": 1, "abcz": 1, "abcw": 1}, maxDoc: 1000}
	o := DefaultTermOptions()
	o.MaxInspections = 1
	got := spellCheck(ix, "f", "abcd", 2, &o)
	want := []Option{{Text: "abcw", Score: 0.75, Freq: 1}, {Text: "abcx", Score: 0.75, Freq: 1}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("got %v, want %v", got, want)
	}
	// Inspections of zero suggest nothing (Lucene would fail on an empty queue).
	o.MaxInspections = 0
	if got := spellCheck(ix, "f", "abcd", 2, &o); got != nil {
		t.Fatalf("got %v", got)
	}
}

func TestSpellCheckSecondPassPrefix(t *testing.T) {
	// prefix_length 0 lets the one-edit pass change the first letter; the
	// two-edit pass always keeps one leading character.
	ix := memIndex{df: map[string]int{"bbcd": 1, "xycd": 1}, maxDoc: 10}
	o := DefaultTermOptions()
	o.PrefixLength = 0
	got := spellCheck(ix, "f", "abcd", 5, &o)
	if len(got) != 1 || got[0] != (Option{Text: "bbcd", Score: 0.75, Freq: 1}) {
		t.Fatalf("got %v", got)
	}
}

func TestParseDefaults(t *testing.T) {
	v, err := xcontent.Parse([]byte(`{"text":"g","a":{"term":{"field":"f"}},"b":{"text":"t","term":{"field":"f","size":2,"shard_size":7,"min_doc_freq":"0.5","sort":"FREQUENCY","string_distance":"NGram"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	req, aerr := Parse(v)
	if aerr != nil {
		t.Fatal(aerr)
	}
	if *req.GlobalText != "g" || len(req.Suggestions) != 2 {
		t.Fatalf("%+v", req)
	}
	a, b := req.Suggestions[0], req.Suggestions[1]
	if a.Name != "a" || a.Text != nil || a.Size != 5 || a.ShardSize != nil || a.Term != DefaultTermOptions() {
		t.Errorf("a: %+v", a)
	}
	if b.Name != "b" || *b.Text != "t" || b.Size != 2 || *b.ShardSize != 7 || b.Term.MinDocFreq != 0.5 || b.Term.Sort != SortFrequency || b.Term.Distance != DistanceNGram {
		t.Errorf("b: %+v", b)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`{"text":"x","a":{"term":{"field":"f"}}}`,
		`{"a":{"text":"x","term":{"field":"f","size":3,"max_edits":1,"suggest_mode":"always","sort":"frequency","string_distance":"jaro_winkler"}}}`,
		`{"a":{"prefix":"x","completion":{"field":"f"}}}`,
		`{"a":{"text":"x","phrase":{"field":"f","size":2,"gram_size":2,"confidence":0,"max_errors":2,"separator":"|","token_limit":3,"force_unigrams":false,"real_word_error_likelihood":0.9}}}`,
		`{"a":{"text":"x","phrase":{"field":"f","smoothing":{"linear_interpolation":{"trigram_lambda":0.5,"bigram_lambda":0.3,"unigram_lambda":0.2}},"highlight":{"pre_tag":"<","post_tag":">"}}}}`,
		`{"a":{"text":"x","phrase":{"field":"f","smoothing":{"laplace":{"alpha":0.1}},"collate":{"query":{"source":"{}"},"params":{"a":1},"prune":true}}}}`,
		`{"a":{"text":"x","phrase":{"field":"f","direct_generator":[{"field":"f","size":2,"suggest_mode":"always","pre_filter":"x","min_doc_freq":0.5}],"smoothing":{"stupid_backoff":{"discount":0.2}}}}}`,
		`{"a":{"text":"x","foo":{}}}`,
		`{"a":[1],"b":1}`,
		`{"a":{"text":"x","term":{"field":"f","size":"x","min_doc_freq":2.5}}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		v, err := xcontent.Parse(body)
		if err != nil || v.Kind != xcontent.Object {
			return
		}
		req, aerr := Parse(v)
		if aerr == nil && req == nil {
			t.Fatal("no request and no error")
		}
		if aerr != nil && (aerr.Status < 400 || aerr.Reason == "") {
			t.Fatalf("bad error %+v", aerr)
		}
	})
}

func FuzzSpellCheck(f *testing.F) {
	f.Add("quikc", "quick quack brown", 0, 2)
	f.Add("ab", "a b abc abd", 1, 1)
	f.Add("😀x", "😀y 😀xx", 0, 2)
	f.Fuzz(func(t *testing.T, term, terms string, prefix, edits int) {
		df := map[string]int{}
		for i, w := range splitWords(terms) {
			df[w] = i%3 + 1
		}
		o := DefaultTermOptions()
		o.PrefixLength = prefix & 3
		o.MaxEdits = edits&1 + 1
		o.MinWordLength = 1
		o.Mode = ModeAlways
		o.MaxTermFreq = 100
		words := spellCheck(memIndex{df: df, maxDoc: 100}, "f", term, 5, &o)
		if len(words) > 5 {
			t.Fatalf("%d words", len(words))
		}
		for _, w := range words {
			if w.Text == term || w.Score < o.Accuracy || w.Score > 1 || df[w.Text] != w.Freq {
				t.Fatalf("bad word %+v for %q", w, term)
			}
		}
	})
}

func splitWords(s string) []string {
	var out []string
	start := -1
	for i, r := range s {
		if r == ' ' {
			if start >= 0 {
				out = append(out, s[start:i])
			}
			start = -1
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

func TestRenderTemplate(t *testing.T) {
	got := renderTemplate(`{"match":{"{{f}}":"{{ suggestion }}","x":{{{n}}},"y":"{{missing}}"}}`, `say "hi"`, map[string]string{"f": "body", "n": "3"})
	if want := `{"match":{"body":"say \"hi\"","x":3,"y":""}}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if got := renderTemplate(`{{unclosed`, "x", nil); got != `{{unclosed` {
		t.Errorf("got %s", got)
	}
}

func TestThresholdTermFrequency(t *testing.T) {
	g := &generator{}
	// round(df * log5(df - plateau) + 1): 1 -> 1, 2 -> round(1.86) = 2,
	// 25 -> round(51) = 51; a df at or under the plateau gives 0.
	for df, want := range map[int]int{0: 0, 1: 1, 2: 2, 25: 51} {
		if got := g.thresholdTermFrequency(df); got != want {
			t.Errorf("threshold(%d) = %d, want %d", df, got, want)
		}
	}
	g.plateau = 3
	if got := g.thresholdTermFrequency(3); got != 0 {
		t.Errorf("threshold at plateau = %d", got)
	}
}

// memPhrase adds total term frequencies (equal to the doc freqs) to memIndex.
type memPhrase struct{ memIndex }

func (m memPhrase) TotalTermFreq(_, t string) int64 { return int64(m.df[t]) }
func (m memPhrase) SumTotalTermFreq(string) int64 {
	var n int64
	for _, v := range m.df {
		n += int64(v)
	}
	return n
}

func FuzzPhrase(f *testing.F) {
	f.Add("quikc brwn fox", "quick brown fox quack the", 5, float32(0.5), 1, float32(1), 0)
	f.Add("a b c d e f g h i j k", "a b c", -3, float32(3), 3, float32(0), 2)
	f.Add("", "x", 0, float32(0.1), 2, float32(0.5), 1)
	f.Fuzz(func(t *testing.T, text, terms string, shardSize int, maxErrors float32, gram int, confidence float32, model int) {
		df := map[string]int{}
		for i, w := range splitWords(terms) {
			df[w] = i%4 + 1
		}
		if len(df) == 0 || maxErrors <= 0 || confidence < 0 || maxErrors != maxErrors {
			return
		}
		o := defaultPhraseOptions()
		o.MaxErrors, o.GramSize, o.Confidence = min(maxErrors, 4), gram&3, confidence
		o.Model = []Smoothing{{Kind: "stupid_backoff", Discount: 0.4}, {Kind: "laplace", Alpha: 0.5},
			{Kind: "linear_interpolation", Trigram: 0.5, Bigram: 0.3, Unigr: 0.2}}[(model%3+3)%3]
		pre, post := "<", ">"
		o.PreTag, o.PostTag = &pre, &post
		ss := shardSize % 8
		p := &prepared{s: &Suggestion{Kind: KindPhrase, Size: 5, ShardSize: &ss, Phrase: &o}, field: "f", text: text,
			analyzer: whitespace{}, gens: []builtGenerator{{field: "f", opts: DefaultTermOptions(), size: 5}}}
		res := runPhrase(p, memPhrase{memIndex{df: df, maxDoc: 50}})
		for i, opt := range res.options {
			if float64(opt.Score) <= res.cutoff || opt.Highlighted == nil {
				t.Fatalf("option %d %+v, cutoff %v", i, opt, res.cutoff)
			}
			if i > 0 && res.options[i-1].Score < opt.Score {
				t.Fatalf("unsorted %+v", res.options)
			}
		}
	})
}

// whitespace splits on spaces (a stand-in analyzer for the fuzz target).
type whitespace struct{}

func (whitespace) Analyze(dst []analysis.Token, text string) []analysis.Token {
	for i, w := range splitWords(text) {
		dst = append(dst, analysis.Token{Term: w, Position: i})
	}
	return dst
}
