package analysis

import "unsafe"

// arena holds the bytes of terms that differ from their source text (lowercased,
// filtered) for one Analyze call, so that all of them share one allocation instead of one
// string each. Bytes are only ever appended: a term handed out as a string is never
// written again, even after the buffer grows (growth copies into a new array and leaves
// the old one as it is), which is what makes the unsafe.String views immutable.
type arena struct {
	buf []byte
}

// mark returns the current end, the start of the next term.
func (a *arena) mark() int { return len(a.buf) }

// since returns the bytes appended after mark as a string sharing the arena's memory.
func (a *arena) since(mark int) string {
	n := len(a.buf) - mark
	if n == 0 {
		return ""
	}
	return unsafe.String(&a.buf[mark], n)
}

// grow makes room for at least n more bytes, sizing the first allocation for the whole
// text being analyzed so that most calls allocate once.
func (a *arena) grow(n, hint int) {
	if cap(a.buf)-len(a.buf) >= n {
		return
	}
	size := 2*cap(a.buf) + n
	if size < hint {
		size = hint
	}
	nb := make([]byte, len(a.buf), size)
	copy(nb, a.buf)
	a.buf = nb
}
