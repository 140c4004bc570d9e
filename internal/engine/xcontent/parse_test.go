package xcontent

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

const src = "[Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: "

func TestParseStructure(t *testing.T) {
	v, err := Parse([]byte("{\"a\": 1,\n  \"b\": [true, null, 1.50, \"x\\u00e9\\n\"],\r\n\"c\":{} }"))
	if err != nil {
		t.Fatal(err)
	}
	if v.Kind != Object || len(v.Members) != 3 {
		t.Fatalf("got %+v", v)
	}
	want := []struct {
		key       string
		line, col int
		vline     int
		vcol      int
	}{{"a", 1, 2, 1, 7}, {"b", 2, 3, 2, 8}, {"c", 3, 1, 3, 5}}
	for i, w := range want {
		m := v.Members[i]
		if m.Key != w.key || m.Line != w.line || m.Col != w.col || m.Value.Line != w.vline || m.Value.Col != w.vcol {
			t.Errorf("member %d = %q %d:%d value %d:%d, want %+v", i, m.Key, m.Line, m.Col, m.Value.Line, m.Value.Col, w)
		}
	}
	b := v.Get("b")
	if b.Items[2].Str != "1.50" || b.Items[2].IsInteger() || b.Items[3].Str != "xé\n" || b.Items[1].Kind != Null || !b.Items[0].Bool {
		t.Errorf("array items: %+v", b.Items)
	}
	if got := string(v.AppendJSON(nil)); got != `{"a":1,"b":[true,null,1.50,"xé\n"],"c":{}}` {
		t.Errorf("AppendJSON = %s", got)
	}
	if v.Get("zz") != nil {
		t.Error("Get of a missing key")
	}
}

func TestParseNumbers(t *testing.T) {
	v, err := Parse([]byte(`[1, 1.0, -0, 12345678901234567890123, 1e3, -2.5E-3]`))
	if err != nil {
		t.Fatal(err)
	}
	if n, ok := v.Items[0].Int64(); !ok || n != 1 || !v.Items[0].IsInteger() {
		t.Errorf("1: %d %v", n, ok)
	}
	if v.Items[1].IsInteger() {
		t.Error("1.0 is not an integer literal")
	}
	if _, ok := v.Items[3].Int64(); ok {
		t.Error("big integer fits int64?")
	}
	if b, ok := v.Items[3].BigInt(); !ok || b.String() != "12345678901234567890123" {
		t.Errorf("BigInt = %v", b)
	}
	if f, ok := v.Items[5].Float64(); !ok || f != -0.0025 {
		t.Errorf("float = %v", f)
	}
}

func TestParseComments(t *testing.T) {
	v, err := Parse([]byte("// lead\n{ /* c */ \"a\" /* d */ : 1 // end\n}"))
	if err != nil {
		t.Fatal(err)
	}
	if v.Members[0].Line != 2 || v.Members[0].Col != 11 {
		t.Errorf("key at %d:%d", v.Members[0].Line, v.Members[0].Col)
	}
}

func TestParseTrailingIgnored(t *testing.T) {
	v, n, err := ParsePrefix([]byte(`{"a":1} {"b":2}`))
	if err != nil || n != 7 || v.Get("a") == nil {
		t.Fatalf("n=%d err=%v", n, err)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in, reason string
	}{
		{`{"a":}`, "Unexpected character ('}' (code 125)): expected a valid value (JSON String, Number, Array, Object or token 'null', 'true' or 'false')\n at " + src + "1, column: 7]"},
		{`{"a":`, "Unexpected end-of-input within/between Object entries\n at " + src + "1, column: 6]"},
		{`{"a"`, "Unexpected end-of-input within/between Object entries\n at " + src + "1, column: 5]"},
		{`{"a":1,`, "Unexpected end-of-input within/between Object entries\n at " + src + "1, column: 8]"},
		{`[1,`, "Unexpected end-of-input within/between Array entries\n at " + src + "1, column: 4]"},
		{"{\x01}", "Illegal character ((CTRL-CHAR, code 1)): only regular white space (\\r, \\n, \\t) is allowed between tokens\n at " + src + "1, column: 3]"},
		{`{"a":1,}`, "Unexpected character ('}' (code 125)): was expecting double-quote to start field name\n at " + src + "1, column: 9]"},
		{`[1,]`, "Unexpected character (']' (code 93)): expected a valid value (JSON String, Number, Array, Object or token 'null', 'true' or 'false')\n at " + src + "1, column: 5]"},
		{`{"a" 1}`, "Unexpected character ('1' (code 49)): was expecting a colon to separate field name and value\n at " + src + "1, column: 7]"},
		{`{"a":1 "b":2}`, "Unexpected character ('\"' (code 34)): was expecting comma to separate Object entries\n at " + src + "1, column: 9]"},
		{`[1 2]`, "Unexpected character ('2' (code 50)): was expecting comma to separate Array entries\n at " + src + "1, column: 5]"},
		{`{"a":1,"a":2}`, "Duplicate field 'a'\n at " + src + "1, column: 11]"},
		{`{"a":1]`, "Unexpected close marker ']': expected '}' (for Object starting at " + src + "1, column: 1])\n at " + src + "1, column: 8]"},
		{`[1}`, "Unexpected close marker '}': expected ']' (for Array starting at " + src + "1, column: 1])\n at " + src + "1, column: 4]"},
		{"{\n  \"a\": 1", "Unexpected end-of-input: expected close marker for Object (start marker at " + src + "1, column: 1])\n at " + src + "2, column: 9]"},
		{"[1, 2", "Unexpected end-of-input: expected close marker for Array (start marker at " + src + "1, column: 1])\n at " + src + "1, column: 6]"},
		{"[1,\x01]", "Illegal character ((CTRL-CHAR, code 1)): only regular white space (\\r, \\n, \\t) is allowed between tokens\n at " + src + "1, column: 5]"},
		{"{\"a\":1\x01}", "Illegal character ((CTRL-CHAR, code 1)): only regular white space (\\r, \\n, \\t) is allowed between tokens\n at " + src + "1, column: 8]"},
		{`["abc`, "Unexpected end-of-input: was expecting closing quote for a string value\n at " + src + "1, column: 6]"},
		{`{"a":tru}`, "Unrecognized token 'tru': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')\n at " + src + "1, column: 9]"},
		{`{"a":nulls}`, "Unrecognized token 'nulls': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')\n at " + src + "1, column: 11]"},
		{`{"a":01}`, "Invalid numeric value: Leading zeroes not allowed\n at " + src + "1, column: 8]"},
		{`[-x]`, "Unexpected character ('x' (code 120)) in numeric value: expected digit (0-9) to follow minus sign, for valid numeric value\n at " + src + "1, column: 4]"},
		{`[1.x]`, "Unexpected character ('x' (code 120)) in numeric value: Decimal point not followed by a digit\n at " + src + "1, column: 5]"},
		{`[1e]`, "Unexpected character (']' (code 93)) in numeric value: Exponent indicator not followed by a digit\n at " + src + "1, column: 5]"},
		{"[\"a\nb\"]", "Illegal unquoted character ((CTRL-CHAR, code 10)): has to be escaped using backslash to be included in string value\n at " + src + "1, column: 5]"},
		{`["\x"]`, "Unrecognized character escape 'x' (code 120)\n at " + src + "1, column: 5]"},
		{`["\u12g4"]`, "Unexpected character ('g' (code 103)): expected a hex-digit for character escape sequence\n at " + src + "1, column: 8]"},
		{`{'a':1}`, "Unexpected character (''' (code 39)): was expecting double-quote to start field name\n at " + src + "1, column: 3]"},
		{`[@]`, "Unexpected character ('@' (code 64)): expected a valid value (JSON String, Number, Array, Object or token 'null', 'true' or 'false')\n at " + src + "1, column: 3]"},
		{`{/x}`, "Unexpected character ('x' (code 120)): was expecting either '*' or '/' for a comment\n at " + src + "1, column: 4]"},
	}
	for _, tt := range tests {
		_, err := Parse([]byte(tt.in))
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: err = %v", tt.in, err)
			continue
		}
		if e.Type != "json_parse_exception" || e.Status != 400 || e.Reason != tt.reason {
			t.Errorf("%s:\n got %s %d %q\nwant %q", tt.in, e.Type, e.Status, e.Reason, tt.reason)
		}
	}
}

func TestParseEmpty(t *testing.T) {
	_, err := Parse([]byte("  \n "))
	var e *Error
	if !errors.As(err, &e) || e.Type != "parse_exception" || e.Reason != "request body is required" {
		t.Fatalf("err = %v", err)
	}
}

func TestParseDepth(t *testing.T) {
	deep := strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth)
	if _, err := Parse([]byte(deep)); err != nil {
		t.Fatalf("depth %d rejected: %v", MaxDepth, err)
	}
	_, err := Parse([]byte("[" + deep + "]"))
	var e *Error
	if !errors.As(err, &e) || !strings.HasPrefix(e.Reason, "Document nesting depth (1001) exceeds the maximum allowed (1000") {
		t.Fatalf("err = %v", err)
	}
}

func TestDuplicateLargeObject(t *testing.T) {
	var b strings.Builder
	b.WriteString("{")
	for i := 0; i < 40; i++ {
		b.WriteString(`"k` + strconv.Itoa(i) + `":1,`)
	}
	b.WriteString(`"k2":2}`)
	if _, err := Parse([]byte(b.String())); err == nil || !strings.Contains(err.Error(), "Duplicate field 'k2'") {
		t.Fatalf("err = %v", err)
	}
}

func TestSurrogates(t *testing.T) {
	v, err := Parse([]byte(`"\ud83d\ude00\u0041"`))
	if err != nil || v.Str != "😀A" {
		t.Fatalf("%q %v", v.Str, err)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{`{"a":[1,2.5e3,"x\u0041",true,null,{}]}`, `{"a":`, `[`, `"\ud800"`, `{"a":1,"a":2}`, "/* c */ 1", `-`, `{"query":{"bool":{"must":[{"match":{"f":"x"}}]}}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, n, err := ParsePrefix(data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Status != 400 {
				t.Fatalf("error %v is not a 400 *Error", err)
			}
			return
		}
		if n > len(data) {
			t.Fatalf("consumed %d of %d", n, len(data))
		}
		// What we print must read back to the same thing.
		out := v.AppendJSON(nil)
		w, err := Parse(out)
		if err != nil {
			t.Fatalf("re-parse of %s: %v", out, err)
		}
		if string(w.AppendJSON(nil)) != string(out) {
			t.Fatalf("round trip changed %s", out)
		}
	})
}

var benchBody = []byte(`{
  "query": {
    "bool": {
      "must": [
        {"match": {"title": {"query": "quick brown fox", "operator": "and"}}},
        {"range": {"published": {"gte": "now-1d/d", "lt": "now/d"}}}
      ],
      "filter": [
        {"term": {"status.keyword": "active"}},
        {"terms": {"tags": ["a", "b", "c", "d"]}},
        {"exists": {"field": "author"}}
      ],
      "should": [
        {"match_phrase": {"body": {"query": "lazy dog", "slop": 2}}},
        {"prefix": {"user": {"value": "ki", "boost": 2.0}}}
      ],
      "must_not": [{"ids": {"values": ["1", "2", "3"]}}],
      "minimum_should_match": "1",
      "boost": 1.5
    }
  },
  "sort": [{"published": "desc"}, "_score"],
  "from": 0, "size": 20,
  "_source": {"includes": ["title", "published", "author.*"], "excludes": ["body"]},
  "aggs": {"by_tag": {"terms": {"field": "tags", "size": 10}}},
  "track_total_hits": true
}`)

func BenchmarkParse2KB(b *testing.B) {
	b.SetBytes(int64(len(benchBody)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Parse(benchBody); err != nil {
			b.Fatal(err)
		}
	}
}

func TestEndLocations(t *testing.T) {
	v, err := Parse([]byte("{\"a\": [1, \"xy\"],\n \"b\": true\n}"))
	if err != nil {
		t.Fatal(err)
	}
	a := v.Get("a")
	if v.EndLine != 3 || v.EndCol != 1 || a.EndLine != 1 || a.EndCol != 15 || a.Items[1].EndCol != 15 || v.Get("b").EndCol != 11 {
		t.Fatalf("ends: obj %d:%d arr %d:%d str %d bool %d", v.EndLine, v.EndCol, a.EndLine, a.EndCol, a.Items[1].EndCol, v.Get("b").EndCol)
	}
}

func TestAppendJSONEscapes(t *testing.T) {
	v, err := Parse([]byte(`"a\"b\\c\/d\n\r\t\b\f\u0001é"`))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(v.AppendJSON(nil)); got != `"a\"b\\c/d\n\r\t\b\f\u0001é"` {
		t.Errorf("AppendJSON = %s", got)
	}
}
