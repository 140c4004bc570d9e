package analysis

import (
	"unicode"
	"unicode/utf8"
)

// lowerTerm lowercases s per code point like Lucene's LowerCaseFilter (Java
// Character.toLowerCase, the locale-independent simple mapping, which is also what Go's
// unicode.ToLower implements). It returns s itself when nothing changes, so the common
// already-lowercase term costs no allocation; otherwise the result lives in a.
func lowerTerm(a *arena, s string, hint int) string {
	i := 0
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				break
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.ToLower(r) != r {
			break
		}
		i += size
	}
	if i == len(s) {
		return s
	}
	return rewrite(a, s, i, hint, unicode.ToLower)
}

// upperTerm uppercases s per code point like Lucene's UpperCaseFilter.
func upperTerm(a *arena, s string, hint int) string {
	i := 0
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.ToUpper(r) != r {
			break
		}
		i += size
	}
	if i == len(s) {
		return s
	}
	return rewrite(a, s, i, hint, unicode.ToUpper)
}

// rewrite copies s[:from] unchanged and maps every rune after it, keeping invalid UTF-8
// bytes as they are.
func rewrite(a *arena, s string, from, hint int, f func(rune) rune) string {
	a.grow(len(s)+utf8.UTFMax, hint)
	m := a.mark()
	a.buf = append(a.buf, s[:from]...)
	for i := from; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if f(rune(c)) != rune(c) {
				c = byte(f(rune(c)))
			}
			a.buf = append(a.buf, c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			a.buf = append(a.buf, c)
		} else {
			a.buf = utf8.AppendRune(a.buf, f(r))
		}
		i += size
	}
	return a.since(m)
}

// utf16Len is the length of s in UTF-16 code units (Java String.length()); invalid bytes
// count as one unit each, as the U+FFFD they decode to.
func utf16Len(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		i += size
	}
	return n
}

// prefixUTF16 returns the byte length of the longest prefix of s with at most units
// UTF-16 code units that does not split a character.
func prefixUTF16(s string, units int) int {
	n := 0
	for i := 0; i < len(s); {
		w := 1
		size := 1
		if s[i] >= utf8.RuneSelf {
			var r rune
			r, size = utf8.DecodeRuneInString(s[i:])
			if r >= 0x10000 {
				w = 2
			}
		}
		if n+w > units {
			return i
		}
		n += w
		i += size
	}
	return len(s)
}
