package mapping

import "unicode/utf8"

// runesAbove reports whether s holds more than n runes (as
// utf8.RuneCountInString counts them), counting only as far as it takes
// to tell: a rune takes one to utf8.UTFMax bytes, so the bytes left bound
// the runes left either way.
func runesAbove(s string, n int) bool {
	if len(s) <= n {
		return false
	}
	runes := 0
	for i := 0; i < len(s); runes++ {
		left := len(s) - i
		switch {
		case runes+left <= n:
			return false
		case runes+(left+utf8.UTFMax-1)/utf8.UTFMax > n:
			return true
		}
		if s[i] < utf8.RuneSelf {
			i++
		} else {
			_, size := utf8.DecodeRuneInString(s[i:])
			i += size
		}
	}
	return runes > n
}
