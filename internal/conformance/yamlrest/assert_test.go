package yamlrest

import (
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/conformance"
)

type N = conformance.Number

func TestStash(t *testing.T) {
	body := conformance.M("task", "node1:42")
	s := NewStash(func() any { return body })
	s.Set("id", "abc")
	s.Set("node", conformance.M("name", "n1", "port", N("9300")))
	cases := map[string]string{
		"$id":                  `"abc"`,
		"$node.name":           `"n1"`,
		"$node":                `{"name":"n1","port":9300}`,
		"${id}-x-${node.port}": `"abc-x-9300"`,
		"$body.task":           `"node1:42"`,
		"plain":                `"plain"`,
	}
	for in, want := range cases {
		v, err := s.Resolve(in)
		if err != nil || conformance.Short(v) != want {
			t.Errorf("Resolve(%q) = %s, %v; want %s", in, conformance.Short(v), err, want)
		}
	}
	s.Set("null", nil)
	for _, bad := range []string{"$missing", "x${missing}y", "$null", "$node.nope"} {
		if _, err := s.Resolve(bad); err == nil || !strings.Contains(err.Error(), "not found") {
			t.Errorf("Resolve(%q) error = %v", bad, err)
		}
	}
	replaced, err := s.Replace(conformance.M("task_id", "$body.task", "$id", []any{"${id}", N("1")}))
	if err != nil || conformance.Short(replaced) != `{"task_id":"node1:42","abc":["abc",1]}` {
		t.Fatalf("Replace = %s, %v", conformance.Short(replaced), err)
	}
	s.Set("node_id", "n1")
	path, err := s.Path(`nodes.$node_id.indices\.x`)
	if err != nil || strings.Join(path, "|") != "nodes|n1|indices.x" {
		t.Fatalf("Path = %q, %v", path, err)
	}
}

func TestAssertions(t *testing.T) {
	body := conformance.M(
		"hits", conformance.M("total", N("3"), "hits", []any{conformance.M("_id", "1", "_score", N("1.0"))}),
		"name", "Hello World", "zero", N("0"), "zerof", N("0.0"), "f", "FALSE", "empty", "",
		"obj", conformance.M(), "list", []any{}, "uni", "é😀", "big", N("9223372036854775807"),
		"float", N("3.140000104904175"), "tags", []any{"a", conformance.M("k", "v", "x", N("1"))},
	)
	cases := []struct {
		kind, path string
		expected   any
		ok         bool
	}{
		{"match", "hits.total", N("3.0"), true},
		{"match", "hits.total", "3", false},
		{"match", "hits.hits.0._id", "1", true},
		{"match", "hits.hits.0", conformance.M("_score", N("1"), "_id", "1"), false}, // nested: Integer 1 is not Double 1.0
		{"match", "hits.hits.0", conformance.M("_score", N("1.0"), "_id", "1"), true},
		{"match", "hits.hits.0._score", N("1"), true}, // top level: compared as doubles
		{"gte", "hits.hits.0._score", N("1"), false},  // Double against Integer: a cast error in Java
		{"gte", "hits.hits.0._score", N("0.5"), true},
		{"gt", "big", N("1"), false},                // Long against Integer
		{"gt", "big", N("2147483648"), true},        // Long against Long
		{"gt", "hits.total", N("2.5"), true},        // an Integer converts to a Double bound
		{"lt", "hits.total", N("2147483648"), true}, // an Integer converts to a Long bound
		{"contains", "tags", conformance.M("x", N("1.0")), false},
		{"match", "hits.hits.0", conformance.M("_id", "1"), false},
		{"match", "name", "/^hello \\s world$/", false},
		{"match", "name", "  /^Hello \\s World$/  ", true},
		{"match", "name", "/^Hello # a comment\n .World/", true},
		{"match", "hits.total", "/3/", false},
		{"match", "missing", nil, true},
		{"match", "name", nil, false},
		{"match", "big", N("9223372036854775807"), true},
		{"match", "big", N("9223372036854775806"), false},
		{"match", "", conformance.M(), false},
		{"is_true", "name", nil, true},
		{"is_true", "obj", nil, true},
		{"is_true", "list", nil, true},
		{"is_true", "zerof", nil, true},
		{"is_true", "zero", nil, false},
		{"is_true", "f", nil, false},
		{"is_true", "empty", nil, false},
		{"is_true", "missing", nil, false},
		{"is_false", "missing", nil, true},
		{"is_false", "zero", nil, true},
		{"is_false", "name", nil, false},
		{"length", "hits.hits", N("1"), true},
		{"length", "obj", N("0"), true},
		{"length", "uni", N("3"), true},
		{"length", "name", N("3"), false},
		{"length", "zero", N("1"), false},
		{"gt", "hits.total", N("2"), true},
		{"gt", "hits.total", N("3"), false},
		{"gte", "hits.total", N("3"), true},
		{"lt", "float", N("3.141"), true},
		{"lte", "float", N("3.14"), false},
		{"gte", "float", N("3.14"), true},
		{"lt", "name", N("1"), false},
		{"gt", "name", "Hello", true},
		{"contains", "tags", "a", true},
		{"contains", "tags", conformance.M("k", "v"), true},
		{"contains", "tags", conformance.M("k", "w"), false},
		{"contains", "tags", "b", false},
		{"contains", "name", "H", false},
		{"close_to", "float", conformance.M("value", N("3.14"), "error", N("0.001")), true},
		{"close_to", "float", conformance.M("value", N("3.2"), "error", N("0.001")), false},
		{"match", "hits.hits.5", nil, false}, // out of bounds is an error, not null
	}
	for _, c := range cases {
		s := NewStash(nil)
		err := assert(Step{Kind: c.kind, Path: c.path, Expected: c.expected}, body, s)
		if (err == nil) != c.ok {
			t.Errorf("%s %q %s: err = %v, want ok=%v", c.kind, c.path, conformance.Short(c.expected), err, c.ok)
		}
	}
	eps := N("0.001")
	for _, c := range []struct {
		expected any
		ok       bool
	}{{N("3.14"), true}, {N("3.15"), false}, {"3.14", false}} {
		err := assert(Step{Kind: "match", Path: "float", Expected: c.expected, Epsilon: &eps}, body, NewStash(nil))
		if (err == nil) != c.ok {
			t.Errorf("match with epsilon %s: err = %v, want ok=%v", conformance.Short(c.expected), err, c.ok)
		}
	}
}

func TestSetAndStashedExpectation(t *testing.T) {
	body := conformance.M("_id", "gen-1", "nodes", conformance.M("xyz", conformance.M("name", "n")))
	s := NewStash(func() any { return body })
	for _, st := range []Step{
		{Kind: "set", Path: "_id", Expected: "id"},
		{Kind: "set", Path: "nodes._arbitrary_key_", Expected: "node_id"},
		{Kind: "match", Path: "_id", Expected: "$id"},
		{Kind: "match", Path: "nodes.$node_id.name", Expected: "n"},
		{Kind: "is_true", Path: "nodes.$node_id"},
		{Kind: "match", Path: "$id", Expected: "gen-1"},
		{Kind: "match", Path: "$body", Expected: conformance.M("_id", "gen-1", "nodes", conformance.M("xyz", conformance.M("name", "n")))},
	} {
		if err := assert(st, body, s); err != nil {
			t.Fatalf("%s %s: %v", st.Kind, st.Path, err)
		}
	}
	if err := assert(Step{Kind: "match", Path: "_id", Expected: "$nope"}, body, s); err == nil {
		t.Fatal("an unknown stash key must fail")
	}
}

func TestCompileCommentsRegex(t *testing.T) {
	cases := []struct{ pattern, input string }{
		{`no.such.index`, "no such index [x]"},
		{`a \ b`, "a b"},
		{`[a b]+c`, "abc"},
		{`[]x]`, "]"},
		{`[^]x]y`, "zy"},
		{"x # comment\ny", "xy"},
		{`[#]`, "#"},
	}
	for _, c := range cases {
		re, err := CompileCommentsRegex(c.pattern)
		if err != nil || !re.MatchString(c.input) {
			t.Errorf("%q on %q: %v", c.pattern, c.input, err)
		}
	}
	if _, err := CompileCommentsRegex(`(?<=a)b`); err == nil {
		t.Error("a lookbehind must report that Go cannot compile it")
	}
}

func FuzzCompileCommentsRegex(f *testing.F) {
	for _, s := range []string{`no.such.index`, `[a b]`, "x # c\ny", `\`, `[`, `[]`, `[^]]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pattern string) {
		re, err := CompileCommentsRegex(pattern)
		if err == nil {
			_ = re.MatchString(pattern)
		}
	})
}
