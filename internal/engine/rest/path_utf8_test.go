package rest

import "testing"

func TestReplaceInvalidUTF8(t *testing.T) {
	for in, want := range map[string]string{
		"bi":               "bi",
		"bi\xff":           "bi\uFFFD",
		"\xff\xfe":         "\uFFFD\uFFFD",
		"a\xe2\x82b":       "a\uFFFDb",           // a 3-byte sequence cut short: one replacement
		"\xe0\x80":         "\uFFFD\uFFFD",       // E0 80 is never well-formed: each byte alone
		"\xf0\x9f\x98":     "\uFFFD",             // a 4-byte sequence missing its last byte
		"\xed\xa0\x80":     "\uFFFD\uFFFD\uFFFD", // a surrogate
		"ok\u00e9\xc3":     "ok\u00e9\uFFFD",
		"\xf4\x90\x80\x80": "\uFFFD\uFFFD\uFFFD\uFFFD", // above U+10FFFF
	} {
		if got := replaceInvalidUTF8(in); got != want {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
	}
}
