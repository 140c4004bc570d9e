package rest

import "unicode/utf8"

// replaceInvalidUTF8 decodes bytes that are not UTF-8 as Java's decoder
// does when RestUtils.decodeComponent builds a String from a percent-decoded
// path: each maximal ill-formed part (a stray byte, or the valid start of a
// sequence cut short) becomes one U+FFFD. So PUT /bi%ff names the index
// "bi\uFFFD", the name OpenSearch gives it.
func replaceInvalidUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	out := make([]byte, 0, len(s)+8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r != utf8.RuneError || n > 1 {
			out = append(out, s[i:i+n]...)
			i += n
			continue
		}
		out = utf8.AppendRune(out, utf8.RuneError)
		i += illFormedPrefix(s[i:])
	}
	return string(out)
}

// illFormedPrefix is the length of the maximal subpart at the start of s
// (Unicode 3.9, table 3-7): the lead byte and the continuation bytes that
// could still begin a well-formed sequence; at least one byte.
func illFormedPrefix(s string) int {
	b := s[0]
	var need int
	lo, hi := byte(0x80), byte(0xBF) // the range of the second byte
	switch {
	case b >= 0xC2 && b <= 0xDF:
		need = 1
	case b == 0xE0:
		need, lo = 2, 0xA0
	case b >= 0xE1 && b <= 0xEC, b == 0xEE, b == 0xEF:
		need = 2
	case b == 0xED:
		need, hi = 2, 0x9F
	case b == 0xF0:
		need, lo = 3, 0x90
	case b >= 0xF1 && b <= 0xF3:
		need = 3
	case b == 0xF4:
		need, hi = 3, 0x8F
	default:
		return 1
	}
	n := 1
	for k := 0; k < need && n < len(s); k++ {
		c := s[n]
		if k == 0 && (c < lo || c > hi) || k > 0 && (c < 0x80 || c > 0xBF) {
			break
		}
		n++
	}
	return n
}
