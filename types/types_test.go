package types

import (
	"net/url"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

func TestDurationString(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		d    Duration
		want string
	}{
		{DurationDisabled, "-1"},
		{Duration(-5 * time.Second), "-1"},
		{0, "0s"},
		{Duration(30 * time.Second), "30s"},
		{Duration(90 * time.Second), "90s"},
		{Duration(time.Minute), "1m"},
		{Duration(2 * time.Hour), "2h"},
		{Duration(48 * time.Hour), "2d"},
		{Duration(500 * time.Millisecond), "500ms"},
		{Duration(1500 * time.Millisecond), "1500ms"},
		{Duration(7 * time.Microsecond), "7micros"},
		{Duration(3), "3nanos"},
	} {
		if got := tc.d.String(); got != tc.want {
			t.Errorf("%d: got %q, want %q", tc.d, got, tc.want)
		}
	}
}

func TestParseDuration(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want Duration
	}{
		{"-1", DurationDisabled}, {"0", 0}, {"30s", Duration(30 * time.Second)}, {"1m", Duration(time.Minute)},
		{"8000ms", Duration(8 * time.Second)}, {"2h", Duration(2 * time.Hour)}, {"1d", Duration(24 * time.Hour)},
		{"15micros", Duration(15 * time.Microsecond)}, {"9nanos", Duration(9)}, {" 5S ", Duration(5 * time.Second)},
	} {
		got, err := ParseDuration(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "s", "10", "1.5s", "-2s", "10x", "ms5"} {
		if _, err := ParseDuration(bad); err == nil {
			t.Errorf("ParseDuration(%q) accepted", bad)
		}
	}
}

func TestDurationJSONAndQuery(t *testing.T) {
	t.Parallel()
	var v struct {
		A Duration `json:"a"`
		B Duration `json:"b"`
		C Duration `json:"c"`
	}
	if err := jsonx.Unmarshal([]byte(`{"a":"1m","b":1500,"c":"-1"}`), &v); err != nil {
		t.Fatal(err)
	}
	if v.A != Duration(time.Minute) || v.B != Duration(1500*time.Millisecond) || v.C != DurationDisabled {
		t.Fatalf("decoded %+v", v)
	}
	out, _ := jsonx.Marshal(v)
	if string(out) != `{"a":"1m","b":"1500ms","c":"-1"}` {
		t.Fatalf("encoded %s", out)
	}
	if err := jsonx.Unmarshal([]byte(`{"a":true}`), &v); err == nil {
		t.Fatal("a boolean decoded as a duration")
	}
	q := url.Values{}
	_ = Duration(45*time.Second).EncodeValues("timeout", &q)
	if q.Get("timeout") != "45s" {
		t.Fatalf("query %v", q)
	}
}

func TestExpandWildcards(t *testing.T) {
	t.Parallel()
	e := ExpandWildcards{WildcardsOpen, WildcardsHidden}
	b, _ := jsonx.Marshal(e)
	if string(b) != `"open,hidden"` {
		t.Fatalf("JSON %s", b)
	}
	var back ExpandWildcards
	if err := jsonx.Unmarshal([]byte(`["open","closed,hidden"]`), &back); err != nil || back.String() != "open,closed,hidden" {
		t.Fatalf("decoded %v, %v", back, err)
	}
	q := url.Values{}
	_ = ExpandWildcards(nil).EncodeValues("expand_wildcards", &q)
	if len(q) != 0 {
		t.Fatal("an empty list was encoded")
	}
}

func TestTotalHitsBothForms(t *testing.T) {
	t.Parallel()
	var v struct {
		Total TotalHits `json:"total"`
	}
	for _, tc := range []struct{ in, out string }{
		{`{"total":{"value":10000,"relation":"gte"}}`, `{"total":{"value":10000,"relation":"gte"}}`},
		{`{"total":42}`, `{"total":42}`},
	} {
		if err := jsonx.Unmarshal([]byte(tc.in), &v); err != nil {
			t.Fatal(err)
		}
		out, err := jsonx.Marshal(v)
		if err != nil || string(out) != tc.out {
			t.Fatalf("%s → %s (%v)", tc.in, out, err)
		}
	}
	if v.Total.Value != 42 || v.Total.Relation != RelationEqual || v.Total.IsLowerBound() {
		t.Fatalf("integer form decoded as %+v", v.Total)
	}
}

func TestStringList(t *testing.T) {
	t.Parallel()
	var l StringList
	if err := jsonx.Unmarshal([]byte(`"a"`), &l); err != nil || len(l) != 1 || l[0] != "a" {
		t.Fatalf("%v %v", l, err)
	}
	if err := jsonx.Unmarshal([]byte(`["a","b"]`), &l); err != nil || len(l) != 2 {
		t.Fatalf("%v %v", l, err)
	}
}

func TestPtr(t *testing.T) {
	p, q := Ptr(false), Ptr(false)
	if p == q || *p || *Ptr(int64(7)) != 7 {
		t.Fatal("Ptr must return a fresh pointer to its argument")
	}
}
