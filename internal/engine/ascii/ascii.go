// Package ascii compares strings ignoring the case of ASCII letters only, as
// Java's equalsIgnoreCase does for the option names and enum values the
// engine reads (all ASCII words).
package ascii

// EqualFold reports whether a and b are equal when ASCII letters are
// compared without case; every other byte must match exactly.
func EqualFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if lower(a[i]) != lower(b[i]) {
			return false
		}
	}
	return true
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
