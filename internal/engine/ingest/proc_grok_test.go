package ingest

import (
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/version"
)

// runProcs runs a pipeline of the given processors JSON on src and returns
// the source with _ingest (as simulate shows them), or the error's reason.
func runProcs(t *testing.T, procs, src string) string {
	t.Helper()
	s := newTestService()
	v, err := painless.ParseJSONHashMap([]byte(`{"processors":` + procs + `}`))
	if err != nil {
		t.Fatal(err)
	}
	p, perr := s.Parse("p", v.(*painless.Map))
	if perr != nil {
		return "config: " + perr.Reason
	}
	d := mustDoc(t, src)
	if rerr := s.RunOne(p, d); rerr != nil {
		return rerr.Type + ": " + rerr.Reason
	}
	out, _ := d.SourceJSON()
	d.Ingest.Delete("timestamp")
	ing, _ := painless.EncodeJSON(d.Ingest)
	if string(ing) != "{}" {
		return string(out) + " _ingest=" + string(ing)
	}
	return string(out)
}

func TestGrokProcessor(t *testing.T) {
	cases := []struct{ name, procs, src, want string }{
		{"first of three same-named captures",
			`[{"grok":{"field":"f","patterns":["%{IP:ip} %{IP:ip} %{IP:ip}"]}}]`,
			`{"f":"192.168.1.1 10.0.0.1 172.16.0.1"}`, `{"f":"192.168.1.1 10.0.0.1 172.16.0.1","ip":"192.168.1.1"}`},
		{"typed captures and dotted fields",
			`[{"grok":{"field":"f","patterns":["%{NUMBER:n.i:int} %{NUMBER:d:double} %{NUMBER:l:long} %{WORD:b:boolean} %{NUMBER:x:float}"]}}]`,
			`{"f":"42 1.5 9000000000 TRUE 2.25"}`, `{"b":true,"d":1.5,"f":"42 1.5 9000000000 TRUE 2.25","x":2.25,"l":9000000000,"n":{"i":42}}`},
		{"combined apache log",
			`[{"grok":{"field":"m","patterns":["%{COMBINEDAPACHELOG}"]}}]`,
			`{"m":"127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] \"GET /a.gif HTTP/1.0\" 200 2326 \"-\" \"Mozilla\""}`, ""},
		{"custom definitions override and extend the bank",
			`[{"grok":{"field":"f","patterns":["%{TAGS:t}"],"pattern_definitions":{"TAGS":"[a-z]+","WORD":"x"}}}]`,
			`{"f":"123 abc"}`, `{"t":"abc","f":"123 abc"}`},
		{"trace_match with several patterns",
			`[{"grok":{"field":"f","patterns":["%{INT:n}x","%{WORD:w}"],"trace_match":true}}]`,
			`{"f":"hello"}`, `{"f":"hello","w":"hello"} _ingest={"_grok_match_index":"1"}`},
		{"trace_match with one pattern",
			`[{"grok":{"field":"f","patterns":["%{WORD:w}"],"trace_match":true}}]`,
			`{"f":"hello"}`, `{"f":"hello","w":"hello"} _ingest={"_grok_match_index":"0"}`},
		{"an atomic number does not give back digits (RE2 would match 12)",
			`[{"grok":{"field":"f","patterns":["^%{NUMBER:n}3"]}}]`,
			`{"f":"123"}`, "illegal_argument_exception: Provided Grok expressions do not match field value: [123]"},
		{"lookbehind keeps an IPv4 from starting inside a number",
			`[{"grok":{"field":"f","patterns":["%{IPV4:ip}"]}}]`,
			`{"f":"x1192.168.1.1"}`, "illegal_argument_exception: Provided Grok expressions do not match field value: [x1192.168.1.1]"},
		{"a product-specific pattern (linux-syslog)",
			`[{"grok":{"field":"f","patterns":["%{SYSLOGLINE}"]}},{"remove":{"field":"f"}}]`,
			`{"f":"Mar  5 10:00:01 web1 sshd[42]: Accepted key"}`, `{"pid":"42","program":"sshd","logsource":"web1","message":"Accepted key","timestamp":"Mar  5 10:00:01"}`},
		{"lookarounds in a bank pattern (mongodb)",
			`[{"grok":{"field":"f","patterns":["%{MONGO_QUERY:q}"]}},{"remove":{"field":"f"}}]`,
			`{"f":"{ a: 1 } ntoreturn:5"}`, `{"q":"{ a: 1 }"}`},
		{"unicode word", `[{"grok":{"field":"f","patterns":["%{WORD:w}"]}}]`, `{"f":"  ñandú!"}`, `{"f":"  ñandú!","w":"ñandú"}`},
		{"ignore_missing", `[{"grok":{"field":"nope","patterns":["%{WORD:w}"],"ignore_missing":true}}]`, `{"f":"a"}`, `{"f":"a"}`},
		{"missing field", `[{"grok":{"field":"nope","patterns":["%{WORD:w}"]}}]`, `{"f":"a"}`, "illegal_argument_exception: field [nope] not present as part of path [nope]"},
		{"null field", `[{"grok":{"field":"f","patterns":["%{WORD:w}"]}}]`, `{"f":null}`, "illegal_argument_exception: field [f] is null, cannot process it."},
		{"not a string", `[{"grok":{"field":"f","patterns":["%{WORD:w}"]}}]`, `{"f":1}`, "illegal_argument_exception: field [f] of type [java.lang.Integer] cannot be cast to [java.lang.String]"},
		{"bad int", `[{"grok":{"field":"f","patterns":["%{WORD:w:int}"]}}]`, `{"f":"abc"}`, `number_format_exception: For input string: "abc"`},
		{"on_failure sees the grok failure",
			`[{"grok":{"field":"f","patterns":["%{INT:n}"],"tag":"g","on_failure":[{"set":{"field":"err","value":"{{_ingest.on_failure_message}}"}}]}}]`,
			`{"f":"x"}`, `{"err":"Provided Grok expressions do not match field value: [x]","f":"x"}`},
		{"missing patterns", `[{"grok":{"field":"f"}}]`, `{}`, "config: [patterns] required property is missing"},
		{"empty patterns", `[{"grok":{"field":"f","patterns":[]}}]`, `{}`, "config: [patterns] List of patterns must not be empty"},
		{"patterns not a list", `[{"grok":{"field":"f","patterns":"x"}}]`, `{}`, "config: [patterns] property isn't a list, but of type [java.lang.String]"},
		{"unknown pattern", `[{"grok":{"field":"f","patterns":["%{NOPE:x}"]}}]`, `{}`,
			"config: [patterns] Invalid regex pattern found in: [%{NOPE:x}]. Unable to find pattern [NOPE] in Grok's pattern dictionary"},
		{"circular definitions", `[{"grok":{"field":"f","patterns":["%{A}"],"pattern_definitions":{"A":"%{B}","B":"%{A}"}}}]`, `{}`,
			"config: [patterns] Invalid regex pattern found in: [%{A}]. circular reference in pattern [B][%{A}] back to pattern [A]"},
		{"self reference", `[{"grok":{"field":"f","patterns":["%{A}"],"pattern_definitions":{"A":"x%{A}"}}}]`, `{}`,
			"config: [patterns] Invalid regex pattern found in: [%{A}]. circular reference in pattern [A][x%{A}]"},
		{"definition referring to an unknown name", `[{"grok":{"field":"f","patterns":["%{A}"],"pattern_definitions":{"A":"%{ZZZ}"}}}]`, `{}`,
			`config: [patterns] Invalid regex pattern found in: [%{A}]. Cannot invoke "String.contains(java.lang.CharSequence)" because "pattern" is null`},
		{"bad regex", `[{"grok":{"field":"f","patterns":["(%{WORD}"]}}]`, `{}`,
			"config: [patterns] Invalid regex pattern found in: [(%{WORD}]. end pattern with unmatched parenthesis"},
		{"unknown option", `[{"grok":{"field":"f","patterns":["x"],"capture_all_matches":true}}]`, `{}`,
			"config: processor [grok] doesn't support one or more provided configuration parameters [capture_all_matches]"},
		{"pattern item not a string", `[{"grok":{"field":"f","patterns":[1]}}]`, `{}`,
			"config: [patterns] Invalid regex pattern found in: [1]. class java.lang.Integer cannot be cast to class java.lang.String (java.lang.Integer and java.lang.String are in module java.base of loader 'bootstrap')"},
	}
	for _, c := range cases {
		got := runProcs(t, c.procs, c.src)
		if c.want == "" {
			if strings.Contains(got, ":") && strings.HasPrefix(got, "illegal") {
				t.Errorf("%s: %s", c.name, got)
			}
			continue
		}
		if got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

func TestGrokApacheLogFields(t *testing.T) {
	got := runProcs(t, `[{"grok":{"field":"m","patterns":["%{COMBINEDAPACHELOG}"]}},{"remove":{"field":"m"}}]`,
		`{"m":"127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] \"GET /a.gif HTTP/1.0\" 200 2326 \"-\" \"Mozilla\""}`)
	for _, want := range []string{`"clientip":"127.0.0.1"`, `"ident":"-"`, `"auth":"frank"`, `"timestamp":"10/Oct/2000:13:55:36 -0700"`,
		`"verb":"GET"`, `"request":"/a.gif"`, `"httpversion":"1.0"`, `"response":"200"`, `"bytes":"2326"`, `"referrer":"\"-\""`, `"agent":"\"Mozilla\""`} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %s in %s", want, got)
		}
	}
	if strings.Contains(got, "rawrequest") {
		t.Errorf("rawrequest set although the request alternative matched: %s", got)
	}
}

// TestEveryBuiltinPatternCompiles expands and compiles each built-in
// pattern, as a processor using it would.
func TestEveryBuiltinPatternCompiles(t *testing.T) {
	for _, p := range GrokPatterns(false) {
		got := runProcs(t, `[{"grok":{"field":"f","patterns":["%{`+p.Name+`:x}"],"ignore_missing":true}}]`, `{}`)
		if got != `{}` {
			t.Errorf("%s: %s", p.Name, got)
		}
	}
}

func TestGrokPatternsListing(t *testing.T) {
	unsorted, sorted := GrokPatterns(false), GrokPatterns(true)
	if len(unsorted) != 310 || len(sorted) != 310 {
		t.Errorf("%d and %d patterns, want 310", len(unsorted), len(sorted))
	}
	if unsorted[0].Name != "S3_REQUEST_LINE" || unsorted[len(unsorted)-1].Name != "SQUID3" {
		t.Errorf("load order: first %s last %s", unsorted[0].Name, unsorted[len(unsorted)-1].Name)
	}
	if sorted[0].Name != "BACULA_CAPACITY" || sorted[len(sorted)-1].Name != "YEAR" {
		t.Errorf("sorted: first %s last %s", sorted[0].Name, sorted[len(sorted)-1].Name)
	}
}

// capture_all_matches exists from 3.3 on: every group of a repeated name
// that matched, as a list; one match stays a single value.
func TestGrokCaptureAllMatchesOn33(t *testing.T) {
	s := newTestService()
	v33, _ := version.Parse("3.3.0")
	s.SetVersion(v33)
	v, _ := painless.ParseJSONHashMap([]byte(`{"processors":[{"grok":{"field":"f","capture_all_matches":true,"patterns":["%{IP:ip} %{IP:ip}( %{IP:ip})?","x %{INT:n:int}"]}}]}`))
	p, err := s.Parse("p", v.(*painless.Map))
	if err != nil {
		t.Fatal(err)
	}
	for src, want := range map[string]string{
		`{"f":"1.1.1.1 2.2.2.2 3.3.3.3"}`: `["1.1.1.1","2.2.2.2","3.3.3.3"]`,
		`{"f":"1.1.1.1 2.2.2.2"}`:         `["1.1.1.1","2.2.2.2"]`,
	} {
		d := mustDoc(t, src)
		if err := s.RunOne(p, d); err != nil {
			t.Fatal(err)
		}
		got, _ := d.Get("ip")
		b, _ := painless.EncodeJSON(got)
		if string(b) != want {
			t.Errorf("%s: ip = %s, want %s", src, b, want)
		}
	}
	d := mustDoc(t, `{"f":"x 7"}`)
	if err := s.RunOne(p, d); err != nil {
		t.Fatal(err)
	}
	if n, _ := d.Get("n"); n != int32(7) {
		t.Errorf("single match: n = %v", n)
	}
}
