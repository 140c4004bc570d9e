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
		// One load of eight bytes (the compiler combines the shifts).
		w := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		if w&0x8080808080808080 != 0 {
			break
		}
		if i+8 > n {
			return true // an ASCII prefix of more than n runes
		}
	}
	for i < len(s) && s[i] < utf8.RuneSelf {
		i++
	}
	return i+utf8.RuneCountInString(s[i:]) > n
}
