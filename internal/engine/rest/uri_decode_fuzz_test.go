package rest

import (
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzDecodeComponent: decoding never panics, always yields valid UTF-8,
// and reads back what url.PathEscape wrote.
func FuzzDecodeComponent(f *testing.F) {
	for _, s := range []string{"%zz", "a%", "a%2", "%%", "bi%ff", "%c3%a9", "+", "x%2Fy"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if d, err := decodeComponent(s, true); err == nil && !utf8.ValidString(d) {
			t.Fatalf("%q: invalid UTF-8 %q", s, d)
		}
		if !utf8.ValidString(s) || strings.Contains(s, "%") {
			return
		}
		d, err := decodeComponent(url.PathEscape(s), false)
		if err != nil || d != s {
			t.Fatalf("%q: %q %v", s, d, err)
		}
		if _, perr := decodeQueryString(s + "&" + s); perr != nil {
			t.Fatalf("%q: %v", s, perr)
		}
	})
}
