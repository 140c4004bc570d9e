package dsl

import (
	"errors"
	"math"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

func parseRescoreJSON(t testing.TB, s string) ([]Rescore, error) {
	t.Helper()
	v, err := xcontent.Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return ParseRescore(v)
}

func TestParseRescoreReadsEveryOption(t *testing.T) {
	rs, err := parseRescoreJSON(t, `[{"query":{"rescore_query":{"match_all":{}}}},`+
		`{"window_size":"7.9","query":{"rescore_query":{"term":{"a":"b"}},"query_weight":"0.25","rescore_query_weight":3,"score_mode":"Max"}},`+
		`{"window_size":2.5,"query":{"rescore_query":{"match_none":{}},"score_mode":"multiply"}}]`)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 3 {
		t.Fatalf("got %d rescorers", len(rs))
	}
	// RescorerBuilder's defaults: window 10, weights 1, total.
	if r := rs[0]; r.WindowSize != 10 || r.QueryWeight != 1 || r.RescoreQueryWeight != 1 || r.Mode != RescoreTotal || r.Query.Kind() != "match_all" {
		t.Errorf("defaults: %+v", r)
	}
	// intValue truncates a decimal string or number.
	if r := rs[1]; r.WindowSize != 7 || r.QueryWeight != 0.25 || r.RescoreQueryWeight != 3 || r.Mode != RescoreMax || r.Query.Kind() != "term" {
		t.Errorf("options: %+v", r)
	}
	if r := rs[2]; r.WindowSize != 2 || r.Mode != RescoreMultiply {
		t.Errorf("third: %+v", r)
	}
	one, err := parseRescoreJSON(t, `{"query":{"rescore_query":{"match_all":{}},"score_mode":"avg"},"window_size":3}`)
	if err != nil || len(one) != 1 || one[0].WindowSize != 3 || one[0].Mode != RescoreAvg {
		t.Errorf("object form: %+v %v", one, err)
	}
}

func TestRescoreModesCombineAsQueryRescoreMode(t *testing.T) {
	cases := []struct {
		mode       RescoreMode
		name       string
		p, s, want float32
	}{
		{RescoreTotal, "sum", 0.1, 0.2, 0.3},
		{RescoreMultiply, "product", 0.1, 3, 0.3},
		{RescoreAvg, "avg", 1, 2, 1.5},
		{RescoreAvg, "avg", math.MaxFloat32, math.MaxFloat32, float32(math.Inf(1))}, // float32 sum overflows first
		{RescoreMax, "max", -1, 2, 2},
		{RescoreMin, "min", -1, 2, -1},
	}
	for _, tc := range cases {
		if got := tc.mode.Combine(tc.p, tc.s); got != tc.want {
			t.Errorf("%s(%v, %v) = %v, want %v", tc.name, tc.p, tc.s, got, tc.want)
		}
		if tc.mode.String() != tc.name {
			t.Errorf("String() = %q, want %q", tc.mode.String(), tc.name)
		}
	}
	// float32 arithmetic: 0.1f + 0.2f is 0.3f exactly, not float64's 0.30000000000000004.
	if got := RescoreTotal.Combine(0.1, 0.2); float64(got) != float64(float32(0.3)) {
		t.Errorf("sum in float32: %v", got)
	}
}

func TestParseRescoreStrayArrayItems(t *testing.T) {
	cases := []struct{ in, typ, reason string }{
		{`[1]`, "parsing_exception", "unexpected token [END_ARRAY] after [null]"},
		{`[1,null]`, "parsing_exception", "unexpected token [VALUE_NULL] after [null]"},
		{`[1,[]]`, "parsing_exception", "unexpected token [START_ARRAY] after [null]"},
		{`[1,{}]`, "named_object_not_found_exception", "[1:4] unknown field [null]"},
		{`["a","b"]`, "null_pointer_exception", "fieldName"},
	}
	for _, tc := range cases {
		_, err := parseRescoreJSON(t, tc.in)
		var e *Error
		if !errors.As(err, &e) || e.Type != tc.typ || e.Reason != tc.reason {
			t.Errorf("%s: %v", tc.in, err)
		}
	}
}

// FuzzParseRescore checks the rescore parser never panics and fails only
// with typed errors.
func FuzzParseRescore(f *testing.F) {
	for _, s := range []string{
		`{"window_size":5,"query":{"rescore_query":{"match":{"t":"x"}},"query_weight":0.7,"rescore_query_weight":1.2,"score_mode":"avg"}}`,
		`[{"query":{"rescore_query":{"match_all":{}}}},{"window_size":-1,"query":{"rescore_query":{"term":{"a":1}},"score_mode":"min"}}]`,
		`{"window_size":"99999999999","query":{}}`, `{"qury":{}}`, `[1,{"a":1}]`, `{"query":{"score_mode":true}}`, `[]`, `{}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := xcontent.Parse(data)
		if err != nil || (v.Kind != xcontent.Object && v.Kind != xcontent.Array) {
			return
		}
		rs, err := ParseRescore(v)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || (e.Status != 400 && e.Status != 500) || e.Type == "" {
				t.Fatalf("bad error %#v", err)
			}
			return
		}
		for _, r := range rs {
			if r.Query == nil || r.Mode > RescoreMultiply {
				t.Fatalf("bad rescorer %+v", r)
			}
		}
	})
}
