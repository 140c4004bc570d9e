package jsonx

import (
	"math"
	"testing"
)

// indented is a json.Marshaler whose output has white space and newlines.
type indented struct{}

func (indented) MarshalJSON() ([]byte, error) { return []byte("{\n  \"a\": [1, 2]\n}"), nil }

// TestLineEncoderMatchesMarshal checks that AppendLine writes Marshal's
// bytes and a newline after what dst held, for values that exercise the
// codec's options: HTML escaping, invalid UTF-8, map key order, raw and
// marshaller output (compacted), nil.
func TestLineEncoderMatchesMarshal(t *testing.T) {
	values := []any{
		sample{Name: "x<y & \"z\" \u2028 \xff", Count: -3, Raw: RawMessage("{ \"k\" :\n [1, 2] }")},
		map[string]any{"b": 1, "a": []any{"é", nil, true, 1.5}, "<": map[string]int{"z": 1, "y": 2}},
		indented{},
		nil,
		"plain",
		[]byte("bytes"),
	}
	e := NewLineEncoder()
	for i, v := range values {
		want, err := Marshal(v)
		if err != nil {
			t.Fatalf("value %d: Marshal: %v", i, err)
		}
		got, err := e.AppendLine([]byte("prefix\n"), v)
		if err != nil {
			t.Fatalf("value %d: AppendLine: %v", i, err)
		}
		if string(got) != "prefix\n"+string(want)+"\n" {
			t.Errorf("value %d: got %q, want %q", i, got, "prefix\n"+string(want)+"\n")
		}
	}
}

// TestLineEncoderError checks that a value the codec refuses leaves the
// buffer as it was, and that the encoder serves the next call.
func TestLineEncoderError(t *testing.T) {
	e := NewLineEncoder()
	dst := append(make([]byte, 0, 64), "kept\n"...)
	for _, bad := range []any{math.NaN(), map[string]any{"c": make(chan int)}} {
		got, err := e.AppendLine(dst, bad)
		if err == nil {
			t.Fatalf("%T: no error", bad)
		}
		if string(got) != "kept\n" {
			t.Fatalf("%T: buffer became %q", bad, got)
		}
	}
	got, err := e.AppendLine(dst, map[string]int{"n": 1})
	if err != nil || string(got) != "kept\n{\"n\":1}\n" {
		t.Fatalf("after errors: %q, %v", got, err)
	}
}
