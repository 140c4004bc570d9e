package jsonx

import (
	"strings"
	"testing"
)

func TestValueEndFindsTheEndOfEachKindOfValue(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, value string }{
		{`"a"`, `"a"`},
		{` "a\"b\\" ,1`, `"a\"b\\"`},
		{`"a long string of more than eight bytes with a \" quote", "x"`, `"a long string of more than eight bytes with a \" quote"`},
		{`12.5e3,`, `12.5e3`},
		{`-1}`, `-1`},
		{`null]`, `null`},
		{`true`, `true`},
		{`{"a":[1,{"b":"}]"}],"c":"{"} ,`, `{"a":[1,{"b":"}]"}],"c":"{"}`},
		{"[\n 1 ,\t[ ] ]x", "[\n 1 ,\t[ ] ]"},
		{`{"k\\":"v"}`, `{"k\\":"v"}`},
	} {
		end, err := ValueEnd([]byte(c.in), 0)
		start := SkipSpace([]byte(c.in), 0)
		if err != nil || c.in[start:end] != c.value {
			t.Errorf("ValueEnd(%q) = %q, %v; want %q", c.in, c.in[start:max(end, start)], err, c.value)
		}
	}
}

func TestValueEndRefusesUnfinishedValues(t *testing.T) {
	t.Parallel()
	for _, in := range []string{``, `  `, `"abc`, `"abc\"`, `{"a":1`, `[[]`, `{"a":"}`, `"` + strings.Repeat("x", 20) + `\`} {
		if end, err := ValueEnd([]byte(in), 0); err == nil {
			t.Errorf("ValueEnd(%q) = %d, want an error", in, end)
		}
	}
}

// bodyDecoder records what Unmarshal handed it.
type bodyDecoder struct{ got []byte }

func (d *bodyDecoder) DecodeBody(b []byte) error { d.got = b; return nil }

func TestUnmarshalHandsABodyDecoderTheCallersBytes(t *testing.T) {
	t.Parallel()
	in := []byte(`{"any": "thing"}`)
	var d bodyDecoder
	if err := Unmarshal(in, &d); err != nil || &d.got[0] != &in[0] || len(d.got) != len(in) {
		t.Fatalf("got %q (%v), want the same bytes as given", d.got, err)
	}
}
