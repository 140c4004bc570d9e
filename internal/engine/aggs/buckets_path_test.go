package aggs

import (
	"reflect"
	"testing"
)

func TestParseAggPath(t *testing.T) {
	for _, c := range []struct {
		path string
		want []string
		err  string
	}{
		{"a", []string{"a"}, ""},
		{"a.value", []string{"a", "value"}, ""},
		{"a>b>c.99.9", []string{"a", "b", "c.99", "9"}, ""},
		{"t['x']>s.value", []string{"t", "'x'", "s", "value"}, ""},
		{"t[x]>s", []string{"t", "x", "s"}, ""},
		{" a > > b ", []string{"a", "b"}, ""},
		{"_count", []string{"_count"}, ""},
		{"", nil, "Invalid path []"},
		{">", nil, "Invalid path []"},
		{"a.", nil, "Invalid path element [a.] in path [a.]"},
		{".a", nil, "Invalid path element [.a] in path [.a]"},
		{"t['c']._count", nil, "Invalid path element [t['c']._count] in path [t['c']._count]"},
		{"[x]>a", nil, "Invalid path element [[x]] in path [[x]>a]"},
	} {
		elems, err := parseAggPath(c.path)
		if c.err != "" {
			if err == nil || err.Reason != c.err {
				t.Errorf("%q: error %v, want %q", c.path, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.path, err)
			continue
		}
		if got := pathStrings(elems); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: %q, want %q", c.path, got, c.want)
		}
	}
}

func TestGapPolicyNames(t *testing.T) {
	if g, err := parseGapPolicy("insert_zeros", 1, 1); err != nil || g != gapInsertZeros {
		t.Errorf("insert_zeros: %v %v", g, err)
	}
	if g, err := parseGapPolicy("skip", 1, 1); err != nil || g != gapSkip {
		t.Errorf("skip: %v %v", g, err)
	}
	for _, bad := range []string{"keep_values", "SKIP", "insertZeros"} {
		if _, err := parseGapPolicy(bad, 2, 3); err == nil || err.Reason != "Invalid gap policy: ["+bad+"], accepted values: [insert_zeros, skip]" {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

// TestPipelineOrder: a pipeline reading another one runs after it, the
// rest keep the request order.
func TestPipelineOrder(t *testing.T) {
	agg := func(name, typ string, paths ...string) *Agg {
		return &Agg{Name: name, Type: typ, spec: &bucketMetricsSpec{pipeFields: pipeFields{paths: paths}}}
	}
	h := &Agg{Name: "h", Type: "histogram", Subs: []*Agg{{Name: "s", Type: "sum"}}}
	a := agg("a", "max_bucket", "b")
	b := agg("b", "max_bucket", "h>s")
	c := agg("c", "max_bucket", "h>_count")
	order, err := pipelineOrder([]*Agg{h}, []*Agg{a, b, c})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range order {
		names = append(names, p.Name)
	}
	if !reflect.DeepEqual(names, []string{"b", "a", "c"}) {
		t.Errorf("order %v", names)
	}
	for _, c := range []struct {
		pipes []*Agg
		want  string
	}{
		{[]*Agg{agg("x", "max_bucket", "y"), agg("y", "max_bucket", "x")}, "Cyclical dependency found with pipeline aggregator [x]"},
		{[]*Agg{agg("x", "max_bucket", "nope")}, "No aggregation found for path [nope]"},
		{[]*Agg{agg("x", "max_bucket", "h>t>s")}, "No aggregation [t] found for path [h>t>s]"},
	} {
		if _, err := pipelineOrder([]*Agg{h}, c.pipes); err == nil || err.Reason != c.want {
			t.Errorf("got %v, want %q", err, c.want)
		}
	}
}
