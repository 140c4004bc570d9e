package mapping

import "unicode/utf8"

// runesAbove reports whether s holds more than n runes (as
// utf8.RuneCountInString counts them), without counting an ASCII prefix
// rune by rune: a rune takes one to utf8.UTFMax bytes, and an ASCII byte is
// a rune of its own.
func runesAbove(s string, n int) bool {
	if len(s) <= n {
		return false
	}
	if len(s) > n*utf8.UTFMax {
		return true
	}
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if (s[i]|s[i+1]|s[i+2]|s[i+3]|s[i+4]|s[i+5]|s[i+6]|s[i+7])&0x80 != 0 {
			break
		}
	}
	for i < len(s) && s[i] < utf8.RuneSelf {
		i++
	}
	return i+utf8.RuneCountInString(s[i:]) > n
}
