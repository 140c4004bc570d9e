package conformance

import (
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

func TestDecodeJSONKeepsOrderAndNumbers(t *testing.T) {
	v, err := DecodeJSON([]byte(`{"b":1,"a":[true,null,"x",12345678901234567890123,1.50],"c":{}}`))
	if err != nil {
		t.Fatal(err)
	}
	m := v.(*Map)
	if got := strings.Join(m.Keys(), ","); got != "b,a,c" {
		t.Fatalf("keys = %s, want b,a,c", got)
	}
	out, err := EncodeJSON(v)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"b":1,"a":[true,null,"x",12345678901234567890123,1.50],"c":{}}`; string(out) != want {
		t.Fatalf("round trip = %s, want %s", out, want)
	}
}

func TestDecodeJSONErrors(t *testing.T) {
	for _, in := range []string{``, `{`, `{"a":1}x`, `[1,]`, `{1:2}`, strings.Repeat("[", 2000) + strings.Repeat("]", 2000)} {
		if _, err := DecodeJSON([]byte(in)); err == nil {
			t.Errorf("DecodeJSON(%.20q) succeeded, want an error", in)
		}
	}
}

func TestDecodeJSONDuplicateKeyKeepsFirstPositionLastValue(t *testing.T) {
	v, err := DecodeJSON([]byte(`{"a":1,"b":2,"a":3}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := Short(v); got != `{"a":3,"b":2}` {
		t.Fatalf("got %s", got)
	}
}

func TestEncodeJSONDoesNotEscapeHTML(t *testing.T) {
	out, err := EncodeJSON(M("q", "a<b & \"c\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"q":"a<b & \"c\"\n"}`; string(out) != want {
		t.Fatalf("got %s, want %s", out, want)
	}
	if _, err := EncodeJSON(Number("1x")); err == nil {
		t.Fatal("encoding an invalid number succeeded")
	}
}

func TestFromYAML(t *testing.T) {
	src := `
z: 1
a: 1.0
big: 9223372036854775808
hex: 0x1F
list: [x, true, null, ~]
nested: {k: "v"}
anchor: &A {q: 1}
alias: *A
stamp: 2020-01-01
`
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(src), &n); err != nil {
		t.Fatal(err)
	}
	v, err := FromYAML(&n)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"z":1,"a":1.0,"big":9223372036854775808,"hex":31,"list":["x",true,null,null],"nested":{"k":"v"},"anchor":{"q":1},"alias":{"q":1},"stamp":"2020-01-01"}`
	if got := Short(v); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

func TestJavaString(t *testing.T) {
	v := M("root_cause", []any{M("type", "x", "reason", "no such index [a]")}, "status", Number("404"), "ok", false, "n", nil)
	want := "{root_cause=[{type=x, reason=no such index [a]}], status=404, ok=false, n=null}"
	if got := JavaString(v); got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
}

func TestEqual(t *testing.T) {
	cases := []struct {
		a, b any
		want bool
	}{
		{Number("1"), Number("1.0"), true},
		{Number("1"), "1", false},
		{Number("9007199254740993"), Number("9007199254740992"), false},
		{nil, nil, true},
		{nil, false, false},
		{M("a", Number("1"), "b", "x"), M("b", "x", "a", Number("1.0")), true},
		{M("a", Number("1")), M("a", Number("1"), "b", nil), false},
		{[]any{"a", "b"}, []any{"b", "a"}, false},
		{[]any{}, []any{}, true},
		{true, true, true},
	}
	for _, c := range cases {
		if got := Equal(c.a, c.b); got != c.want {
			t.Errorf("Equal(%s, %s) = %v, want %v", Short(c.a), Short(c.b), got, c.want)
		}
	}
}

func TestSubset(t *testing.T) {
	actual := M("hits", M("total", M("value", Number("1"), "relation", "eq"), "hits", []any{M("_id", "1", "_score", Number("1.0")), M("_id", "2")}), "took", Number("3"))
	if d := Subset(M("hits", M("hits", []any{M("_score", Number("1"))})), actual); len(d) != 0 {
		t.Fatalf("subset should match, got %v", d)
	}
	got := Subset(M("hits", M("total", M("value", Number("2")), "max_score", Number("1")), "x", []any{Number("1")}), actual)
	want := []string{"hits.total.value: expected 2, got 1", "hits.max_score: missing", "x: missing"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q, want %q", got, want)
	}
	got = Subset([]any{"a", "b"}, []any{"a"})
	if len(got) != 1 || got[0] != "1: missing" {
		t.Fatalf("got %q", got)
	}
	got = Subset(M("a", Number("1")), []any{})
	if len(got) != 1 || !strings.HasPrefix(got[0], "(root): expected an object") {
		t.Fatalf("got %q", got)
	}
}

func TestSplitPathAndLookup(t *testing.T) {
	if got := SplitPath(`test-index.settings.index\.number_of_routing_shards`); len(got) != 3 || got[2] != "index.number_of_routing_shards" {
		t.Fatalf("SplitPath = %q", got)
	}
	for in, want := range map[string]string{"": "", "a..b": "a|b", ".a.": "a", `a\b.c`: "ab.c", `a\.`: "a."} {
		if got := strings.Join(SplitPath(in), "|"); got != want {
			t.Errorf("SplitPath(%q) = %q, want %q", in, got, want)
		}
	}
	body := M("nodes", M("n1", M("name", "a")), "list", []any{Number("5")}, "empty", M(), "s", "x")
	cases := []struct {
		path    string
		want    string
		wantErr string
	}{
		{"", Short(body), ""},
		{"list.0", "5", ""},
		{"nodes._arbitrary_key_", `"n1"`, ""},
		{"missing.deeper", "null", ""},
		{"list.1", "", "out of bounds"},
		{"list.x", "", "not numeric"},
		{"s.x", "", "within a string"},
		{"empty._arbitrary_key_", "", "empty"},
	}
	for _, c := range cases {
		v, err := Lookup(body, SplitPath(c.path))
		if c.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("Lookup(%q) error = %v, want %q", c.path, err, c.wantErr)
			}
			continue
		}
		if err != nil || Short(v) != c.want {
			t.Errorf("Lookup(%q) = %s, %v; want %s", c.path, Short(v), err, c.want)
		}
	}
}

func FuzzDecodeJSON(f *testing.F) {
	for _, s := range []string{`{"a":[1,2.5,"x",null,true]}`, `[]`, `"s"`, `{"a":{"b":{}}}`, `1e400`, `{`, `{"a":1}{}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := DecodeJSON(data)
		if err != nil {
			return
		}
		out, err := EncodeJSON(v)
		if err != nil {
			t.Fatalf("re-encoding %q: %v", data, err)
		}
		v2, err := DecodeJSON(out)
		if err != nil || !Equal(v, v2) {
			t.Fatalf("round trip of %q changed the value: %s", data, out)
		}
	})
}

func FuzzSplitPath(f *testing.F) {
	for _, s := range []string{"a.b", `a\.b.c`, "", ".", `\`, `a\\.b`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, path string) {
		segs := SplitPath(path)
		if path == "" && segs != nil {
			t.Fatal("empty path must have no segments")
		}
		if _, err := Lookup(M("a", []any{M("b", Number("1"))}), segs); err != nil && err.Error() == "" {
			t.Fatal("an error must have a message")
		}
	})
}

func TestJavaClassAndEqual(t *testing.T) {
	for n, want := range map[Number]string{"1": "Integer", "-2147483648": "Integer", "2147483648": "Long", "9223372036854775808": "BigInteger", "1.0": "Double", "1e3": "Double"} {
		if got := JavaClass(n); got != want {
			t.Errorf("JavaClass(%s) = %s, want %s", n, got, want)
		}
	}
	if JavaEqual([]any{Number("1")}, []any{Number("1.0")}) || !JavaEqual([]any{Number("1.50")}, []any{Number("1.5")}) {
		t.Error("JavaEqual must compare numbers by class and value")
	}
	if !JavaEqual(Number("1223372036854775800.23"), Number("1.2233720368547758e+18")) || JavaEqual(Number("0.1"), Number("0.1000001")) {
		t.Error("JavaEqual must compare doubles as the doubles they parse to")
	}
	// Doubles are equal when their decimals round to the same double (the
	// nearest doubles to ...099.2 and ...099.3 are one), not otherwise.
	if !JavaEqual(Number("900719925474099.2"), Number("900719925474099.3")) || JavaEqual(Number("0.1"), Number("0.2")) {
		t.Error("JavaEqual must compare doubles as doubles")
	}
	// Doubles compare as the doubles their texts parse to, not as decimals.
	if !JavaEqual(Number("10223372036854775807.0"), Number("1.0223372036854776E19")) || JavaEqual(Number("0.1"), Number("0.10000000000000002")) {
		t.Error("JavaEqual must compare doubles by their parsed value")
	}
	if !JavaEqual(M("a", "x", "b", Number("2")), M("b", Number("2"), "a", "x")) || JavaEqual(M("a", "x"), M("a", "y")) {
		t.Error("JavaEqual on maps")
	}
}

func TestJavaNumber(t *testing.T) {
	cases := map[Number]string{
		"1": "1", "-0": "0", "2147483648": "2147483648", "99999999999999999999": "99999999999999999999",
		"1.0": "1.0", "1.50": "1.5", "0.0": "0.0", "1e2": "100.0", "3.140000104904175": "3.140000104904175",
		"1e7": "1.0E7", "12345678.9": "1.23456789E7", "0.001": "0.001", "0.0001234": "1.234E-4", "-2.5e-10": "-2.5E-10",
		"1e400": "Infinity",
	}
	for in, want := range cases {
		if got := JavaString(in); got != want {
			t.Errorf("JavaString(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestText(t *testing.T) {
	for _, c := range []struct {
		v    any
		want string
	}{{nil, ""}, {"a b", "a b"}, {Number("1.50"), "1.50"}, {true, "true"}, {[]any{"x", Number("2")}, `["x",2]`}, {M("k", "v"), `{"k":"v"}`}} {
		if got := Text(c.v); got != c.want {
			t.Errorf("Text(%s) = %q, want %q", Short(c.v), got, c.want)
		}
	}
}
