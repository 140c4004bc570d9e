package rest

import (
	"strings"
	"testing"
)

// The two readers differ only on a present, empty value: the primitive
// overload of paramAsBoolean reads it as true, the boxed one (and
// IndicesOptions) as the default.
func TestBoolParamOverloads(t *testing.T) {
	cases := []struct {
		params      map[string]string
		def         bool
		prim, boxed bool
		bad         bool
	}{
		{params: map[string]string{}, def: false, prim: false, boxed: false},
		{params: map[string]string{}, def: true, prim: true, boxed: true},
		{params: map[string]string{"p": ""}, def: false, prim: true, boxed: false},
		{params: map[string]string{"p": ""}, def: true, prim: true, boxed: true},
		{params: map[string]string{"p": "false"}, def: true, prim: false, boxed: false},
		{params: map[string]string{"p": "true"}, def: false, prim: true, boxed: true},
		{params: map[string]string{"p": "yes"}, bad: true},
	}
	for _, c := range cases {
		r := &Request{Params: c.params}
		prim, err1 := r.Bool("p", c.def)
		boxed, err2 := r.BoolOrDefault("p", c.def)
		if c.bad {
			if err1 == nil || err2 == nil {
				t.Errorf("%v: want errors, got %v %v", c.params, err1, err2)
			} else if want := "Failed to parse value [yes] as only [true] or [false] are allowed."; !strings.Contains(err1.Error(), want) {
				t.Errorf("%v: error %v", c.params, err1)
			}
			continue
		}
		if err1 != nil || err2 != nil || prim != c.prim || boxed != c.boxed {
			t.Errorf("%v def %v: Bool %v %v, BoolOrDefault %v %v; want %v, %v", c.params, c.def, prim, err1, boxed, err2, c.prim, c.boxed)
		}
	}
}
