package cursor

import (
	"encoding/base64"
	"reflect"
	"testing"
)

func TestPITIDRoundTrip(t *testing.T) {
	refs := []PITShard{
		{Index: "books", UUID: "u1", Shard: 0, Node: "n1", Session: "s", Context: 1},
		{Index: "bücher", UUID: "u2", Shard: 300, Node: "n2", Session: "s", Context: 1 << 40},
	}
	id := EncodePITID(136407827, refs)
	got, err := DecodePITID(id)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, refs) {
		t.Errorf("decoded %+v, want %+v", got, refs)
	}
	// The id is unpadded-tolerant like Java's decoder.
	raw := base64.RawURLEncoding.EncodeToString(mustJava(t, id))
	if got, err := DecodePITID(raw); err != nil || !reflect.DeepEqual(got, refs) {
		t.Errorf("unpadded: %+v %v", got, err)
	}
}

func mustJava(t *testing.T, s string) []byte {
	b, msg := javaBase64URL(s)
	if msg != "" {
		t.Fatal(msg)
	}
	return b
}

func TestPITIDErrors(t *testing.T) {
	valid := EncodePITID(1, []PITShard{{Index: "i", UUID: "u", Node: "n", Session: "s", Context: 7}})
	tests := []struct {
		id, reason, cause string
	}{
		{"", "invalid id: []", "e_o_f_exception"},
		{"a", "invalid id: [a]", "Input byte[] should at least have 2 bytes for base64 bytes"},
		{"a+bc", "invalid id: [a+bc]", "Illegal base64 character 2b"},
		{"ab/c", "invalid id: [ab/c]", "Illegal base64 character 2f"},
		{"abcé", "invalid id: [abcé]", "Illegal base64 character -17"},
		{"ab€c", "invalid id: [ab€c]", "Illegal base64 character 3f"},
		{"abcde", "invalid id: [abcde]", "Last unit does not have enough valid bits"},
		{"ab=c", "invalid id: [ab=c]", "Input byte array has wrong 4-byte ending unit"},
		{"=abc", "invalid id: [=abc]", "Input byte array has wrong 4-byte ending unit"},
		{"abc=d", "invalid id: [abc=d]", "Input byte array has incorrect ending byte at 4"},
		{"abcd", "invalid id: [abcd]", "e_o_f_exception"},
		{valid[:len(valid)-8], "invalid id: [" + valid[:len(valid)-8] + "]", "e_o_f_exception"},
		{base64.URLEncoding.EncodeToString(append(mustJava(t, valid), 0)), "Not all bytes were read", ""},
	}
	for _, tt := range tests {
		_, err := DecodePITID(tt.id)
		if err == nil {
			t.Errorf("%q decoded", tt.id)
			continue
		}
		if err.Type != "illegal_argument_exception" || err.Status != 400 || err.Reason != tt.reason {
			t.Errorf("%q: %s %d %q, want %q", tt.id, err.Type, err.Status, err.Reason, tt.reason)
		}
		switch {
		case tt.cause == "":
			if err.Cause != nil {
				t.Errorf("%q: unexpected cause %v", tt.id, err.Cause)
			}
		case tt.cause == "e_o_f_exception":
			if err.Cause == nil || err.Cause.Type != "e_o_f_exception" || !err.Cause.NullReason {
				t.Errorf("%q: cause %+v, want e_o_f_exception with a null reason", tt.id, err.Cause)
			}
		case err.Cause == nil || err.Cause.Type != "illegal_argument_exception" || err.Cause.Reason != tt.cause:
			t.Errorf("%q: cause %+v, want %q", tt.id, err.Cause, tt.cause)
		}
	}
}

// TestJavaBase64Padding checks the decoder against the encodings it must
// accept: padded, unpadded and the double padding of one trailing byte.
func TestJavaBase64Padding(t *testing.T) {
	for _, in := range [][]byte{{}, {1}, {1, 2}, {1, 2, 3}, {0xff, 0xfe, 0xfd, 0xfc}} {
		for _, enc := range []*base64.Encoding{base64.URLEncoding, base64.RawURLEncoding} {
			s := enc.EncodeToString(in)
			got, msg := javaBase64URL(s)
			if msg != "" || string(got) != string(in) {
				t.Errorf("%q: %v %q, want %v", s, got, msg, in)
			}
		}
	}
}

func FuzzDecodePITID(f *testing.F) {
	f.Add(EncodePITID(136407827, []PITShard{{Index: "i", UUID: "u", Shard: 1, Node: "n", Session: "s", Context: 3}}))
	f.Add("")
	f.Add("a")
	f.Add("abc=")
	f.Add("ab==")
	f.Add("_-_-")
	f.Add("AAAA")
	f.Add("k9aFQQIBcBZKanlHbTM4YVFO")
	f.Fuzz(func(t *testing.T, id string) {
		refs, err := DecodePITID(id)
		if err != nil {
			if err.Status != 400 || err.Type != "illegal_argument_exception" {
				t.Fatalf("%q: %+v", id, err)
			}
			return
		}
		// Whatever decodes re-encodes to an id that decodes the same.
		again, err := DecodePITID(EncodePITID(1, refs))
		if err != nil || len(again) != len(refs) {
			t.Fatalf("%q: re-encoded %+v: %v", id, refs, err)
		}
	})
}
