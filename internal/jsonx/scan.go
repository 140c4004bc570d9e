package jsonx

import (
	"encoding/binary"
	"errors"
	"math/bits"
	"strconv"
	"unsafe"
)

// Scanner reads one JSON document in place, for decoders written by hand
// for hot response shapes. It checks the grammar of everything it passes
// over, as the codec does, but leaves the decoding of anything unusual to
// the caller (who hands such values to Unmarshal): its strings are only
// the plain ones, without escapes or bytes outside printable ASCII, and
// they alias the input. Errors stick: after the first, every read returns
// zero values and Next reports false.
type Scanner struct {
	data  []byte
	s     string // data as a string, for substrings without copies
	i     int
	err   error
	depth int
}

// errScan is the Scanner's error; a decoder that meets it falls back to
// the codec, which says what is wrong with the input.
var errScan = errors.New("jsonx: malformed JSON")

// scanMaxDepth bounds nesting, so hostile input cannot exhaust the stack.
const scanMaxDepth = 10000

// NewScanner returns a Scanner at the start of data.
func NewScanner(data []byte) Scanner {
	sc := Scanner{data: data}
	if len(data) > 0 {
		sc.s = unsafe.String(&data[0], len(data))
	}
	return sc
}

// Err returns the first error met, nil if none.
func (sc *Scanner) Err() error { return sc.err }

// Fail records an error (the first one sticks).
func (sc *Scanner) Fail() {
	if sc.err == nil {
		sc.err = errScan
	}
}

// Pos returns the offset of the next byte to read.
func (sc *Scanner) Pos() int { return sc.i }

// ws skips white space.
func (sc *Scanner) ws() {
	i, data := sc.i, sc.data
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
			continue
		}
		break
	}
	sc.i = i
}

// Peek returns the next byte that is not white space, 0 at the end or
// after an error.
func (sc *Scanner) Peek() byte {
	if sc.err != nil {
		return 0
	}
	sc.ws()
	if sc.i >= len(sc.data) {
		return 0
	}
	return sc.data[sc.i]
}

// Open consumes c ('{' or '[') or fails.
func (sc *Scanner) Open(c byte) bool {
	if sc.Peek() != c {
		sc.Fail()
		return false
	}
	sc.i++
	sc.depth++
	if sc.depth > scanMaxDepth {
		sc.Fail()
		return false
	}
	return true
}

// Next reports whether the container opened with Open, which end closes,
// has another element, consuming the comma before it or end after the
// last one. first is the caller's loop state, true before the first call.
func (sc *Scanner) Next(end byte, first *bool) bool {
	c := sc.Peek()
	if sc.err != nil {
		return false
	}
	if *first {
		*first = false
		if c == end {
			sc.i++
			sc.depth--
			return false
		}
		return true
	}
	switch c {
	case ',':
		sc.i++
		return true
	case end:
		sc.i++
		sc.depth--
		return false
	}
	sc.Fail()
	return false
}

// Key reads an object key and its colon. plain is false for a key with
// escapes (or bytes outside printable ASCII), whose text is then the raw
// JSON string, quotes included, for the caller to decode.
func (sc *Scanner) Key() (key string, plain bool) {
	sc.Peek()
	start := sc.i
	key, plain = sc.Str()
	if !plain && sc.err == nil {
		key = sc.s[start:sc.i]
	}
	if sc.Peek() != ':' {
		sc.Fail()
		return "", true
	}
	sc.i++
	return key, plain
}

// Str reads a string. A plain one (no escape, only printable ASCII) comes
// back as a substring of the input, good only while the input is; any
// other valid string is passed over and reported with plain false.
func (sc *Scanner) Str() (s string, plain bool) {
	if sc.Peek() != '"' {
		sc.Fail()
		return "", true
	}
	start := sc.i
	data := sc.data
	i := start + 1
	for i+8 <= len(data) {
		w := binary.LittleEndian.Uint64(data[i:])
		m := special(w) | w&0x8080808080808080
		if m == 0 {
			i += 8
			continue
		}
		i += bits.TrailingZeros64(m) >> 3
		break
	}
	for ; i < len(data); i++ {
		c := data[i]
		if c == '"' {
			sc.i = i + 1
			return sc.s[start+1 : i], true
		}
		if c == '\\' || c < 0x20 || c >= 0x80 {
			sc.i = start
			sc.skipString()
			return "", false
		}
	}
	sc.Fail()
	return "", true
}

// special flags with its high bit each byte of w that is '"', '\\' or below
// 0x20. Borrows can flag a byte above a flagged one, never one below, so
// the lowest flag is exact.
func special(w uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	quote := w ^ (ones * '"')
	backslash := w ^ (ones * '\\')
	return ((quote-ones)&^quote | (backslash-ones)&^backslash | (w-ones*0x20)&^w) & highs
}

// skipString passes over the string at sc.i, checking its escapes and
// that it holds no control character.
func (sc *Scanner) skipString() {
	data := sc.data
	i := sc.i + 1
	for {
		for i+8 <= len(data) {
			m := special(binary.LittleEndian.Uint64(data[i:]))
			if m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				break
			}
			i += 8
		}
		for i < len(data) && data[i] != '"' && data[i] != '\\' && data[i] >= 0x20 {
			i++
		}
		if i >= len(data) || data[i] < 0x20 {
			sc.Fail()
			return
		}
		if data[i] == '"' {
			sc.i = i + 1
			return
		}
		// An escape: one of the eight letters, or u and four hex digits.
		if i+1 >= len(data) {
			sc.Fail()
			return
		}
		switch data[i+1] {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			i += 2
		case 'u':
			if i+6 > len(data) || !isHex(data[i+2]) || !isHex(data[i+3]) || !isHex(data[i+4]) || !isHex(data[i+5]) {
				sc.Fail()
				return
			}
			i += 6
		default:
			sc.Fail()
			return
		}
	}
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// Null consumes a null and reports true, or reports false and consumes
// nothing when the next value is something else.
func (sc *Scanner) Null() bool {
	if sc.Peek() != 'n' {
		return false
	}
	sc.literal("null")
	return true
}

// Bool reads true or false.
func (sc *Scanner) Bool() bool {
	switch sc.Peek() {
	case 't':
		sc.literal("true")
		return true
	case 'f':
		sc.literal("false")
		return false
	}
	sc.Fail()
	return false
}

func (sc *Scanner) literal(word string) {
	if len(sc.data)-sc.i < len(word) || sc.s[sc.i:sc.i+len(word)] != word {
		sc.Fail()
		return
	}
	sc.i += len(word)
}

// Number returns the text of a number, checked against JSON's grammar:
// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (sc *Scanner) Number() string {
	sc.ws()
	data, start := sc.data, sc.i
	i := start
	digits := func() int {
		n := 0
		for i < len(data) && data[i] >= '0' && data[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(data) && data[i] == '-' {
		i++
	}
	intStart := i
	if n := digits(); n == 0 || (n > 1 && data[intStart] == '0') {
		sc.Fail()
		return ""
	}
	if i < len(data) && data[i] == '.' {
		i++
		if digits() == 0 {
			sc.Fail()
			return ""
		}
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if digits() == 0 {
			sc.Fail()
			return ""
		}
	}
	sc.i = i
	return sc.s[start:i]
}

// Float reads a number as a float64. ok is false, with nothing consumed
// and no error, when the next value is not a number or does not fit.
func (sc *Scanner) Float() (f float64, ok bool) {
	start := sc.i
	num := sc.Number()
	if sc.err != nil {
		sc.err, sc.i = nil, start
		return 0, false
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil {
		sc.i = start
		return 0, false
	}
	return f, true
}

// Int reads an integer as an int64. ok is false, with nothing consumed and
// no error, when the next value is not an integer that fits.
func (sc *Scanner) Int() (n int64, ok bool) {
	start := sc.i
	num := sc.Number()
	if sc.err != nil {
		sc.err, sc.i = nil, start
		return 0, false
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil {
		sc.i = start
		return 0, false
	}
	return n, true
}

// Skip passes over one value, checking its grammar, and returns its bytes
// (a slice of the input capped at its end).
func (sc *Scanner) Skip() []byte {
	c := sc.Peek()
	start := sc.i
	switch c {
	case '{', '[':
		end := byte('}')
		if c == '[' {
			end = ']'
		}
		if !sc.Open(c) {
			return nil
		}
		first := true
		for sc.Next(end, &first) {
			if c == '{' {
				if sc.Peek() != '"' {
					sc.Fail()
					return nil
				}
				sc.skipString()
				if sc.Peek() != ':' {
					sc.Fail()
					return nil
				}
				sc.i++
			}
			sc.Skip()
		}
	case '"':
		sc.skipString()
	case 't':
		sc.literal("true")
	case 'f':
		sc.literal("false")
	case 'n':
		sc.literal("null")
	default:
		sc.Number()
	}
	if sc.err != nil {
		return nil
	}
	return sc.data[start:sc.i:sc.i]
}

// End checks that only white space follows the value read.
func (sc *Scanner) End() {
	if sc.Peek(); sc.i != len(sc.data) {
		sc.Fail()
	}
}

// SetPos moves the scanner to offset i, just past a value the caller read
// with another decoder.
func (sc *Scanner) SetPos(i int) { sc.i = i }
