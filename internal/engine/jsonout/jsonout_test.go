package jsonout

import (
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
)

// stdDecode is encoding/json's reading of one value, numbers kept as text.
func stdDecode(s string) (any, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("trailing data")
	}
	return v, nil
}

func TestPretty(t *testing.T) {
	got := string(Pretty([]byte(`{"a":1,"b":[1,{"c":"x:,{"}],"d":{},"e":[]}`)))
	want := "{\n  \"a\" : 1,\n  \"b\" : [\n    1,\n    {\n      \"c\" : \"x:,{\"\n    }\n  ],\n  \"d\" : { },\n  \"e\" : [ ]\n}\n"
	if got != want {
		t.Errorf("Pretty:\n%s\nwant\n%s", got, want)
	}
}

func TestFilter(t *testing.T) {
	src := `{"took":1,"hits":{"total":{"value":2},"hits":[{"_id":"1","_source":{"a":1}},{"_id":"2","_source":{"a":2}}]},"_shards":{"total":1}}`
	tests := []struct{ filter, want string }{
		{"took", `{"took":1}`},
		{"hits.hits._id", `{"hits":{"hits":[{"_id":"1"},{"_id":"2"}]}}`},
		{"**._id", `{"hits":{"hits":[{"_id":"1"},{"_id":"2"}]}}`},
		{"hits.total.*,_shards", `{"hits":{"total":{"value":2}},"_shards":{"total":1}}`},
		{"-hits,-took", `{"_shards":{"total":1}}`},
		{"nothing", `{}`},
	}
	for _, tt := range tests {
		tree, err := Decode([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		out, _ := Marshal(ParseFilter(tt.filter).Apply(tree))
		if string(out) != tt.want {
			t.Errorf("filter %q: %s, want %s", tt.filter, out, tt.want)
		}
	}
}

func TestAppendString(t *testing.T) {
	got := string(AppendString(nil, "a\"b\\c\n\x01\b\f/é\xff"))
	if got != "\"a\\\"b\\\\c\\n\\u0001\\b\\f/é\ufffd\"" { // invalid UTF-8 becomes a raw U+FFFD
		t.Errorf("got %s", got)
	}
}

// FuzzDecodeRoundTrip checks that any valid JSON decodes, re-encodes to
// equivalent JSON, pretty-prints to valid JSON and filters without panicking.
func FuzzDecodeRoundTrip(f *testing.F) {
	for _, s := range []string{`{}`, `[]`, `{"a":[1,2,{"b":null}],"c":"x"}`, `"s"`, `12345678901234567890`, `{"a":{"b":{"c":true}}}`} {
		f.Add(s, "a.b")
	}
	f.Fuzz(func(t *testing.T, s, filter string) {
		v, err := Decode([]byte(s))
		if err != nil {
			return
		}
		out, err := Marshal(v)
		if err != nil {
			t.Fatalf("Marshal: %v", err)
		}
		var a, b any
		if json.Unmarshal([]byte(s), &a) != nil {
			return
		}
		if err := json.Unmarshal(out, &b); err != nil {
			t.Fatalf("re-encoded %q is invalid: %v", out, err)
		}
		if !json.Valid(Pretty(out)) {
			t.Fatalf("pretty output invalid: %q", Pretty(out))
		}
		if _, err := Marshal(ParseFilter(filter).Apply(v)); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzDecodeAgreesWithStdlib checks Decode accepts exactly what encoding/json
// accepts and yields the same values.
func FuzzDecodeAgreesWithStdlib(f *testing.F) {
	for _, s := range []string{"2" + strings.Repeat("0", 400), `{"a":"\u00e9\ud83d\ude00","b":[1.5e3,-0,null]}`, `"\ud800"`, `01`, `{"a":1,}`, `[1 2]`, "\"\x01\"", `{"a":{"a":{"a":[]}}}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := Decode([]byte(s))
		std, stdErr := stdDecode(s)
		if err != nil && stdErr == nil && strings.Contains(err.Error(), "duplicate field") {
			return // encoding/json accepts repeated keys; OpenSearch does not
		}
		if (err == nil) != (stdErr == nil) {
			t.Fatalf("Decode err %v, encoding/json err %v for %q", err, stdErr, s)
		}
		if err != nil {
			return
		}
		out, _ := Marshal(v)
		back, err := stdDecode(string(out))
		if err != nil {
			t.Fatalf("re-encoded invalid: %q", out)
		}
		a, _ := json.Marshal(std)
		b, _ := json.Marshal(back)
		if string(a) != string(b) {
			t.Fatalf("values differ for %q: %s vs %s", s, a, b)
		}
	})
}

func TestDecodeRejectsDuplicateKeys(t *testing.T) {
	big := `{`
	for i := 0; i < 20; i++ {
		big += `"k` + string(rune('a'+i)) + `":1,`
	}
	for _, s := range []string{`{"a":1,"a":2}`, `{"o":{"x":1,"y":2,"x":3}}`, big + `"ka":2}`} {
		if _, err := Decode([]byte(s)); err == nil || !strings.Contains(err.Error(), "duplicate field") {
			t.Errorf("Decode(%.30s...) = %v, want a duplicate field error", s, err)
		}
	}
	if _, err := Decode([]byte(`{"a":{"a":1},"b":[{"a":1},{"a":2}]}`)); err != nil {
		t.Errorf("same key in different objects: %v", err)
	}
}

// Doubles print as Jackson writes them, with Double.toString.
func TestAppendFloatIsJavaDouble(t *testing.T) {
	for f, want := range map[float64]string{1: "1.0", 1223372036854775800.23: "1.2233720368547758E18", 0.0001: "1.0E-4", 12345.5: "12345.5", 1e7: "1.0E7"} {
		if got := string(AppendFloat(nil, f)); got != want {
			t.Errorf("AppendFloat(%v) = %s, want %s", f, got, want)
		}
	}
}
