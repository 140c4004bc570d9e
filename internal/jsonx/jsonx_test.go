package jsonx

import (
	"testing"
)

type sample struct {
	Name  string     `json:"name"`
	Count int64      `json:"count"`
	Raw   RawMessage `json:"raw,omitempty"`
}

func TestRoundTrip(t *testing.T) {
	in := []byte(`{"name":"a\"b","count":9007199254740993,"raw":{"x":[1,2]}}`)
	var s sample
	if err := Unmarshal(in, &s); err != nil {
		t.Fatal(err)
	}
	if s.Name != `a"b` || s.Count != 9007199254740993 || string(s.Raw) != `{"x":[1,2]}` {
		t.Fatalf("decoded %+v", s)
	}
	out, err := Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != string(in) {
		t.Fatalf("got %s, want %s", out, in)
	}
}

func TestInvalid(t *testing.T) {
	var s sample
	if err := Unmarshal([]byte(`{"name":`), &s); err == nil {
		t.Fatal("truncated JSON decoded without error")
	}
	if Valid([]byte(`{"a":}`)) || !Valid([]byte(`[1,"x",null]`)) {
		t.Fatal("Valid disagrees with the JSON grammar")
	}
}
