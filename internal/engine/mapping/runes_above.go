package mapping

import (
	"encoding/binary"
	"unicode/utf8"
	"unsafe"
)

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
	// The string's bytes read in place, eight at a time.
	b := unsafe.Slice(unsafe.StringData(s), len(s))
	i := 0
	for ; i+8 <= len(b); i += 8 {
		if binary.LittleEndian.Uint64(b[i:])&0x8080808080808080 != 0 {
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
