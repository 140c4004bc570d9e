package notify

import (
	"strconv"
	"unicode/utf8"
)

// jsonWriter writes compact JSON in a fixed key order, escaping strings the
// way Jackson does (no HTML escaping, non-ASCII kept as is).
type jsonWriter struct {
	buf []byte
	// first[i] is true while the container at depth i has no element yet.
	first []bool
	// afterKey is set between a key and its value.
	afterKey bool
}

func (w *jsonWriter) sep() {
	if w.afterKey {
		w.afterKey = false
		return
	}
	if n := len(w.first); n > 0 {
		if !w.first[n-1] {
			w.buf = append(w.buf, ',')
		}
		w.first[n-1] = false
	}
}

func (w *jsonWriter) obj() {
	w.sep()
	w.buf = append(w.buf, '{')
	w.first = append(w.first, true)
}

func (w *jsonWriter) arr() {
	w.sep()
	w.buf = append(w.buf, '[')
	w.first = append(w.first, true)
}

func (w *jsonWriter) end() {
	w.buf = append(w.buf, '}')
	w.first = w.first[:len(w.first)-1]
}

func (w *jsonWriter) endArr() {
	w.buf = append(w.buf, ']')
	w.first = w.first[:len(w.first)-1]
}

func (w *jsonWriter) key(k string) {
	w.sep()
	w.buf = appendQuoted(w.buf, k)
	w.buf = append(w.buf, ':')
	w.afterKey = true
}

func (w *jsonWriter) str(s string) {
	w.sep()
	w.buf = appendQuoted(w.buf, s)
}

func (w *jsonWriter) int(n int64) {
	w.sep()
	w.buf = strconv.AppendInt(w.buf, n, 10)
}

func (w *jsonWriter) bool(b bool) {
	w.sep()
	w.buf = strconv.AppendBool(w.buf, b)
}

// raw appends an already-encoded JSON value.
func (w *jsonWriter) raw(b []byte) {
	w.sep()
	w.buf = append(w.buf, b...)
}

func (w *jsonWriter) strList(list []string) {
	w.arr()
	for _, s := range list {
		w.str(s)
	}
	w.endArr()
}

func (w *jsonWriter) bytes() []byte { return w.buf }

const hexDigits = "0123456789abcdef"

// appendQuoted appends s as a JSON string. Invalid UTF-8 becomes U+FFFD.
func appendQuoted(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"':
				b = append(b, '\\', '"')
			case c == '\\':
				b = append(b, '\\', '\\')
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c == '\b':
				b = append(b, '\\', 'b')
			case c == '\f':
				b = append(b, '\\', 'f')
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, "\ufffd"...)
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}
