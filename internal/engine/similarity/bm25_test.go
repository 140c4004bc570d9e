package similarity

import (
	"math"
	"testing"
)

// The two docs samples of the reference (§2.2), reproduced bit for bit.
func TestBM25ReferenceCases(t *testing.T) {
	cases := []struct {
		name             string
		legacy           bool
		docFreq, docs    int64
		dl               int
		sumTTF           int64
		idf, tf, score   string
		boostNodeVisible bool
	}{
		{"2.x legacy n=1 N=4 dl=16 avgdl=17", true, 1, 4, 16, 68, "1.2039728", "0.46575344", "1.2336599", true},
		{"3.x plain n=2 N=4 dl=2 avgdl=2", false, 2, 4, 2, 8, "0.6931472", "0.45454544", "0.31506687", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sim := NewBM25(c.legacy)
			sc := sim.Scorer(1, CollectionStats{DocCount: c.docs, SumTotalTermFreq: c.sumTTF}, TermStats{DocFreq: c.docFreq})
			norm := NormForLength(c.dl)
			if got := FormatFloat(sc.IDF()); got != c.idf {
				t.Errorf("idf = %s, want %s", got, c.idf)
			}
			if got := FormatFloat(sc.Score(1, norm)); got != c.score {
				t.Errorf("score = %s, want %s", got, c.score)
			}
			ex := sc.Explain(FreqExplanation(1), norm)
			if got := FormatFloat(ex.Value); got != c.score {
				t.Errorf("explain value = %s, want %s", got, c.score)
			}
			tf := ex.Details[len(ex.Details)-1]
			if got := FormatFloat(tf.Value); got != c.tf {
				t.Errorf("tf = %s, want %s", got, c.tf)
			}
			if hasBoost := ex.Details[0].Description == "boost"; hasBoost != c.boostNodeVisible {
				t.Errorf("boost node present = %v, want %v", hasBoost, c.boostNodeVisible)
			}
			// The score agrees with the closed form to 1e-6.
			idf := math.Log(1 + (float64(c.docs-c.docFreq)+0.5)/(float64(c.docFreq)+0.5))
			avgdl := float64(c.sumTTF) / float64(c.docs)
			closed := idf / (1 + 1.2*(0.25+0.75*float64(c.dl)/avgdl))
			if c.legacy {
				closed *= 2.2
			}
			if d := math.Abs(float64(sc.Score(1, norm)) - closed); d > 1e-6 {
				t.Errorf("score differs from closed form by %g", d)
			}
		})
	}
}

func TestBM25ExplainTreeLegacy(t *testing.T) {
	sc := NewBM25(true).Scorer(1, CollectionStats{DocCount: 4, SumTotalTermFreq: 68}, TermStats{DocFreq: 1})
	ex := WeightExplanation(TermQueryString("title", "wind"), 0, sc.Explain(FreqExplanation(1), NormForLength(16)))
	want := `{"value":1.2336599,"description":"weight(title:wind in 0) [PerFieldSimilarity], result of:","details":[` +
		`{"value":1.2336599,"description":"score(freq=1.0), computed as boost * idf * tf from:","details":[` +
		`{"value":2.2,"description":"boost","details":[]},` +
		`{"value":1.2039728,"description":"idf, computed as log(1 + (N - n + 0.5) / (n + 0.5)) from:","details":[` +
		`{"value":1,"description":"n, number of documents containing term","details":[]},` +
		`{"value":4,"description":"N, total number of documents with field","details":[]}]},` +
		`{"value":0.46575344,"description":"tf, computed as freq / (freq + k1 * (1 - b + b * dl / avgdl)) from:","details":[` +
		`{"value":1.0,"description":"freq, occurrences of term within document","details":[]},` +
		`{"value":1.2,"description":"k1, term saturation parameter","details":[]},` +
		`{"value":0.75,"description":"b, length normalization parameter","details":[]},` +
		`{"value":16.0,"description":"dl, length of field","details":[]},` +
		`{"value":17.0,"description":"avgdl, average length of field","details":[]}]}]}]}`
	if got := ex.String(); got != want {
		t.Errorf("explain JSON\n got %s\nwant %s", got, want)
	}
}

func TestBM25ExplainTreePlain(t *testing.T) {
	sc := NewBM25(false).Scorer(1, CollectionStats{DocCount: 4, SumTotalTermFreq: 8}, TermStats{DocFreq: 2})
	ex := WeightExplanation(TermQueryString("text", "quick"), 3, sc.Explain(FreqExplanation(1), NormForLength(2)))
	want := `{"value":0.31506687,"description":"weight(text:quick in 3) [PerFieldSimilarity], result of:","details":[` +
		`{"value":0.31506687,"description":"score(freq=1.0), computed as boost * idf * tf from:","details":[` +
		`{"value":0.6931472,"description":"idf, computed as log(1 + (N - n + 0.5) / (n + 0.5)) from:","details":[` +
		`{"value":2,"description":"n, number of documents containing term","details":[]},` +
		`{"value":4,"description":"N, total number of documents with field","details":[]}]},` +
		`{"value":0.45454544,"description":"tf, computed as freq / (freq + k1 * (1 - b + b * dl / avgdl)) from:","details":[` +
		`{"value":1.0,"description":"freq, occurrences of term within document","details":[]},` +
		`{"value":1.2,"description":"k1, term saturation parameter","details":[]},` +
		`{"value":0.75,"description":"b, length normalization parameter","details":[]},` +
		`{"value":2.0,"description":"dl, length of field","details":[]},` +
		`{"value":2.0,"description":"avgdl, average length of field","details":[]}]}]}]}`
	if got := ex.String(); got != want {
		t.Errorf("explain JSON\n got %s\nwant %s", got, want)
	}
}

func TestBM25QueryBoostAndApproximateLength(t *testing.T) {
	// A query boost of 2 multiplies into the 2.x boost node: 2 * 2.2f.
	sc := NewBM25(true).Scorer(2, CollectionStats{DocCount: 10, SumTotalTermFreq: 500}, TermStats{DocFreq: 3})
	if got := FormatFloat(sc.Boost()); got != "4.4" {
		t.Errorf("boost = %s, want 4.4", got)
	}
	ex := sc.Explain(FreqExplanation(3), NormForLength(41))
	if ex.Description != "score(freq=3.0), computed as boost * idf * tf from:" {
		t.Errorf("description = %q", ex.Description)
	}
	dl := ex.Details[2].Details[3]
	if dl.Description != "dl, length of field (approximate)" || dl.Value != 40 {
		t.Errorf("dl node = %+v, want 40 (approximate)", dl)
	}
	if ex.Value != sc.Score(3, NormForLength(41)) {
		t.Errorf("explain value %v != score %v", ex.Value, sc.Score(3, NormForLength(41)))
	}
	// Plain BM25 with boost 1 has no boost node: the idf comes first.
	plain := NewBM25(false).Scorer(1, CollectionStats{DocCount: 10, SumTotalTermFreq: 500}, TermStats{DocFreq: 3})
	if d := plain.Explain(FreqExplanation(1), 5).Details[0].Description; d[:3] != "idf" {
		t.Errorf("first child = %q, want the idf node", d)
	}
	// The legacy score is the plain one times 2.2 (up to float32 rounding).
	l, p := NewBM25(true).Scorer(1, CollectionStats{DocCount: 10, SumTotalTermFreq: 500}, TermStats{DocFreq: 3}).Score(2, 30), plain.Score(2, 30)
	if math.Abs(float64(l)-2.2*float64(p)) > 1e-6 {
		t.Errorf("legacy %v vs 2.2 * plain %v", l, p)
	}
}

func TestBM25NoNormsUsesLengthOne(t *testing.T) {
	sc := NewBM25(true).Scorer(1, CollectionStats{DocCount: 3, SumTotalTermFreq: 3}, TermStats{DocFreq: 1})
	ex := sc.Explain(FreqExplanation(1), NoNormsByte)
	if dl := ex.Details[2].Details[3]; dl.Value != 1 || dl.Description != "dl, length of field" {
		t.Errorf("dl node = %+v", dl)
	}
	// dl == avgdl, so tf = 1 / (1 + 1.2) and the score is 2.2 * idf * tf = idf.
	if d := math.Abs(float64(sc.Score(1, NoNormsByte)) - float64(sc.IDF())); d > 1e-6 {
		t.Errorf("score %v, want idf %v", sc.Score(1, NoNormsByte), sc.IDF())
	}
}

func TestBM25PhraseExplain(t *testing.T) {
	stats := CollectionStats{DocCount: 4, SumTotalTermFreq: 68}
	sc := NewBM25(true).Scorer(1, stats, TermStats{DocFreq: 1}, TermStats{DocFreq: 2})
	idf := sc.Explain(PhraseFreqExplanation(1), NormForLength(16)).Details[1]
	if idf.Description != "idf, sum of:" || len(idf.Details) != 2 {
		t.Fatalf("idf node = %s", idf)
	}
	if got, want := idf.Value, float32(float64(IDF(1, 4))+float64(IDF(2, 4))); got != want {
		t.Errorf("phrase idf = %v, want %v", got, want)
	}
	if got := FormatFloat(idf.Value); got != "1.89712" {
		t.Errorf("phrase idf = %s, want 1.89712", got)
	}
	ex := WeightExplanation(PhraseQueryString("body", []string{"quick", "fox"}, 0), 3,
		sc.Explain(PhraseFreqExplanation(1), NormForLength(16)))
	if ex.Description != `weight(body:"quick fox" in 3) [PerFieldSimilarity], result of:` {
		t.Errorf("description = %q", ex.Description)
	}
	freq := ex.Details[0].Details[2].Details[0]
	if freq.Description != "phraseFreq=1.0" || freq.Value != 1 {
		t.Errorf("freq leaf = %s", freq)
	}
	if got := PhraseQueryString("f", []string{"a", "", "c"}, 2); got != `f:"a ? c"~2` {
		t.Errorf("PhraseQueryString = %s", got)
	}
}

func TestBM25Validate(t *testing.T) {
	if err := NewBM25(true).Validate(); err != nil {
		t.Errorf("default: %v", err)
	}
	if err := (BM25{K1: -1, B: 0.5}).Validate(); err == nil || err.Error() != "illegal k1 value: -1.0, must be a non-negative finite value" {
		t.Errorf("k1 -1: %v", err)
	}
	if err := (BM25{K1: 1, B: 1.5}).Validate(); err == nil || err.Error() != "illegal b value: 1.5, must be between 0 and 1" {
		t.Errorf("b 1.5: %v", err)
	}
}

func TestIDFAndAvgdl(t *testing.T) {
	if got := FormatFloat(IDF(1, 1)); got != "0.2876821" {
		t.Errorf("IDF(1,1) = %s", got)
	}
	if got := AvgFieldLength(CollectionStats{DocCount: 3, SumTotalTermFreq: 10}); got != float32(10.0/3.0) {
		t.Errorf("avgdl = %v", got)
	}
}

func BenchmarkScore(b *testing.B) {
	sc := NewBM25(true).Scorer(1, CollectionStats{DocCount: 100000, SumTotalTermFreq: 6600000}, TermStats{DocFreq: 1234})
	var sink float32
	for i := 0; i < b.N; i++ {
		sink += sc.Score(float32(i&7+1), byte(i))
	}
	if sink < 0 {
		b.Fatal("negative score sum")
	}
}

func BenchmarkNewScorer(b *testing.B) {
	for i := 0; i < b.N; i++ {
		_ = NewBM25(true).Scorer(1, CollectionStats{DocCount: 100000, SumTotalTermFreq: 6600000}, TermStats{DocFreq: 1234})
	}
}

// A captured Elasticsearch 7 / OpenSearch response (LegacyBM25, the same Lucene formulas
// as 2.x): "rock climbing" against a field of 6 terms, 3 docs, 17 terms in total.
func TestBM25CapturedSample(t *testing.T) {
	stats := CollectionStats{DocCount: 3, SumTotalTermFreq: 17}
	sim := NewBM25(true)
	rock := sim.Scorer(1, stats, TermStats{DocFreq: 2})
	climbing := sim.Scorer(1, stats, TermStats{DocFreq: 1})
	norm := NormForLength(6)
	checks := []struct {
		got  float32
		want string
	}{
		{rock.IDF(), "0.47000363"},
		{climbing.IDF(), "0.98082924"},
		{rock.AvgDL(), "5.6666665"},
		{rock.Explain(FreqExplanation(1), norm).Details[2].Value, "0.44386417"},
		{rock.Score(1, norm), "0.4589591"},
		{climbing.Score(1, norm), "0.95778096"},
		{Sum(rock.Score(1, norm), climbing.Score(1, norm)), "1.4167401"},
	}
	for i, c := range checks {
		if got := FormatFloat(c.got); got != c.want {
			t.Errorf("check %d: %s, want %s", i, got, c.want)
		}
	}
	ex := WeightExplanation(TermQueryString("about", "rock"), 0, rock.Explain(FreqExplanation(1), norm))
	if got := ex.Description; got != "weight(about:rock in 0) [PerFieldSimilarity], result of:" {
		t.Errorf("description %q", got)
	}
}
