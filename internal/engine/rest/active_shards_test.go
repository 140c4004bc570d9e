package rest

import (
	"testing"
)

func TestParseWaitForNodes(t *testing.T) {
	for _, c := range []struct {
		v    string
		have int
		want bool
	}{
		{"2", 2, true}, {"2", 3, false}, {">=2", 2, true}, {"ge(2)", 1, false}, {"<=2", 2, true}, {"le(2)", 3, false},
		{">2", 3, true}, {"gt(2)", 2, false}, {"<2", 1, true}, {"lt(2)", 2, false},
	} {
		f, err := parseWaitForNodes(c.v)
		if err != nil {
			t.Fatalf("%s: %v", c.v, err)
		}
		if got := f(c.have); got != c.want {
			t.Errorf("wait_for_nodes=%s with %d nodes: %v, want %v", c.v, c.have, got, c.want)
		}
	}
	for _, v := range []string{"x", ">=", "ge(2", "lt()", "2.5"} {
		if _, err := parseWaitForNodes(v); err == nil {
			t.Errorf("wait_for_nodes=%s accepted", v)
		}
	}
}

func FuzzParseWaitForNodes(f *testing.F) {
	for _, s := range []string{"3", ">=1", "ge(2)", "<=4", "le(1)", ">0", "gt(9)", "<5", "lt(3)", "", "x", "ge(", ">=-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		if fn, err := parseWaitForNodes(v); err == nil {
			fn(3) // must not panic
		}
	})
}
