package similarity

import (
	"encoding/json"
	"testing"
)

func TestDisMax(t *testing.T) {
	a, b, c := Match(1.5, "a"), Match(0.5, "b"), NoMatch(NoMatchingTerm)
	got := DisMax(0, a, c, b)
	if got.String() != `{"value":1.5,"description":"max of:","details":[{"value":1.5,"description":"a","details":[]},{"value":0.5,"description":"b","details":[]}]}` {
		t.Errorf("tie 0: %s", got)
	}
	got = DisMax(0.3, b, a)
	if got.Description != "max plus 0.3 times others of:" {
		t.Errorf("description %q", got.Description)
	}
	if want := float32(1.5 + 0.5*float64(float32(0.3))); got.Value != want {
		t.Errorf("value %v, want %v", got.Value, want)
	}
	none := DisMax(0.3, c, NoMatch("x"))
	if none.Matched || none.String() != `{"value":0.0,"description":"No matching clause","details":[{"value":0.0,"description":"no matching term","details":[]},{"value":0.0,"description":"x","details":[]}]}` {
		t.Errorf("no match: %s", none)
	}
}

func TestBooleanNodes(t *testing.T) {
	term := Match(0.2876821, "weight(f:x in 0) [PerFieldSimilarity], result of:")
	filter := RequiredNonScoringClause(ConstantScore(MatchAllQuery, 1))
	sum := SumOf(Sum(term.Value), term, filter)
	want := `{"value":0.2876821,"description":"sum of:","details":[` +
		`{"value":0.2876821,"description":"weight(f:x in 0) [PerFieldSimilarity], result of:","details":[]},` +
		`{"value":0.0,"description":"match on required clause, product of:","details":[` +
		`{"value":0.0,"description":"# clause","details":[]},` +
		`{"value":1.0,"description":"*:*","details":[]}]}]}`
	if sum.String() != want {
		t.Errorf("got  %s\nwant %s", sum, want)
	}
	if got := NoMatchRequired("f:y", NoMatch(NoMatchingTerm)).Description; got != "no match on required clause (f:y)" {
		t.Errorf("required: %q", got)
	}
	if got := MatchProhibited("f:z", Match(1, "f:z")); got.Matched || got.Description != "match on prohibited clause (f:z)" {
		t.Errorf("prohibited: %+v", got)
	}
	if got := MinShouldMatchFailure(2).Description; got != "Failure to match minimum number of optional clauses: 2" {
		t.Errorf("msm: %q", got)
	}
	if got := ConstantScore("ConstantScore(f:x)", 2.5).Description; got != "ConstantScore(f:x)^2.5" {
		t.Errorf("constant score: %q", got)
	}
	if got := ConstantScoreNoMatch("f:x", 7).Description; got != "f:x doesn't match id 7" {
		t.Errorf("constant score miss: %q", got)
	}
	if got := Sum(0.1, 0.2, 0.3); got != float32(float64(float32(0.1))+float64(float32(0.2))+float64(float32(0.3))) {
		t.Errorf("Sum = %v", got)
	}
}

func TestMarshalJSONIsValidJSON(t *testing.T) {
	sc := NewBM25(true).Scorer(1, CollectionStats{DocCount: 4, SumTotalTermFreq: 68}, TermStats{DocFreq: 1})
	ex := WeightExplanation(TermQueryString("f", `we"ird`), 0, sc.Explain(FreqExplanation(1), 16))
	raw, err := json.Marshal(map[string]any{"explanation": ex})
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Explanation struct {
			Value       float64
			Description string
			Details     []json.RawMessage
		}
	}
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	if back.Explanation.Description != `weight(f:we"ird in 0) [PerFieldSimilarity], result of:` || len(back.Explanation.Details) != 1 {
		t.Errorf("round trip: %+v", back.Explanation)
	}
}

func TestValueJSON(t *testing.T) {
	if got := Match(2.2, "boost").ValueJSON(); got != "2.2" {
		t.Errorf("float: %s", got)
	}
	if got := MatchLong(4, "N").ValueJSON(); got != "4" {
		t.Errorf("long: %s", got)
	}
	if got := NoMatch("x").ValueJSON(); got != "0.0" {
		t.Errorf("no match: %s", got)
	}
}
