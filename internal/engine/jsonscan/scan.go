// Package jsonscan is the JSON tokenizer the fake's hand-written decoders
// share: jsonout.Decode (ordered trees for rendering) and painless.ParseJSON
// (Java collections for scripts). A Scanner walks a byte slice token by token
// (strings decoded, numbers and literals checked); each decoder only builds
// its own values and words its own errors from the Code of an *Error.
//
// It reads what encoding/json accepts: invalid UTF-8 and lone surrogates in
// strings become U+FFFD, white space is space, tab, CR and LF. It allocates
// only the strings it returns.
package jsonscan

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf16"
	"unicode/utf8"
)

// Kind is what the next token starts.
type Kind uint8

// The token kinds Next reports.
const (
	End     Kind = iota // no more input
	Object              // {
	Array               // [
	String              // "
	Literal             // true, false or null (to check with ReadLiteral)
	Number              // - or a digit
	Invalid             // any other byte
)

// Code says what is wrong with the input.
type Code uint8

// The failures a Scanner reports.
const (
	ErrEnd           Code = iota // the input ends inside a value
	ErrChar                      // a byte that starts no value
	ErrLiteral                   // a misspelt true, false or null
	ErrKey                       // no string where an object key belongs
	ErrColon                     // no ':' after a key
	ErrObjectNext                // neither ',' nor '}' after a member
	ErrArrayNext                 // neither ',' nor ']' after an item
	ErrNumber                    // a malformed number
	ErrLeadingZero               // an integer part with a leading zero (when rejected)
	ErrControl                   // a control character inside a string
	ErrEscape                    // an unknown escape
	ErrUnicodeEscape             // a \u escape without four hex digits
	ErrEscapeEnd                 // the input ends just after a backslash
	ErrStringEnd                 // the input ends inside a string
	ErrTrailing                  // data after the value
)

// Error is a failure at a byte offset.
type Error struct {
	Offset int
	Code   Code
}

// Error implements error; the decoders word their own messages.
func (e *Error) Error() string { return "jsonscan: bad JSON" }

// Scanner reads JSON tokens from data.
type Scanner struct {
	data []byte
	pos  int
	// strictZeros makes "01" an ErrLeadingZero (after all its digits)
	// instead of the number 0 followed by unexpected data.
	strictZeros bool
}

// New returns a Scanner over data. With strictZeros a number with a leading
// zero is an error of its own; without, the number ends after the zero.
func New(data []byte, strictZeros bool) Scanner {
	return Scanner{data: data, strictZeros: strictZeros}
}

// Offset is the current byte offset.
func (s *Scanner) Offset() int { return s.pos }

func (s *Scanner) fail(c Code) *Error { return &Error{Offset: s.pos, Code: c} }

func (s *Scanner) skipSpace() {
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return
		}
	}
}

// Next skips white space and tells what the next token is, without
// reading it.
func (s *Scanner) Next() Kind {
	s.skipSpace()
	if s.pos >= len(s.data) {
		return End
	}
	return kinds[s.data[s.pos]]
}

// kinds is the token kind each byte starts.
var kinds = func() (t [256]Kind) {
	for i := range t {
		t[i] = Invalid
	}
	t['{'], t['['], t['"'] = Object, Array, String
	t['t'], t['f'], t['n'] = Literal, Literal, Literal
	t['-'] = Number
	for c := '0'; c <= '9'; c++ {
		t[c] = Number
	}
	return t
}()

// Fail is the error for a token Next reported as End or Invalid.
func (s *Scanner) Fail(k Kind) *Error {
	if k == End {
		return s.fail(ErrEnd)
	}
	return s.fail(ErrChar)
}

// ReadLiteral reads the literal Next reported: true or false, or nil for
// null.
func (s *Scanner) ReadLiteral() (any, *Error) {
	switch s.data[s.pos] {
	case 't':
		if s.word("true") {
			return true, nil
		}
	case 'f':
		if s.word("false") {
			return false, nil
		}
	case 'n':
		if s.word("null") {
			return nil, nil
		}
	}
	return nil, s.fail(ErrLiteral)
}

func (s *Scanner) word(w string) bool {
	if len(s.data)-s.pos >= len(w) && string(s.data[s.pos:s.pos+len(w)]) == w {
		s.pos += len(w)
		return true
	}
	return false
}

// OpenObject reads the '{' Next reported; empty reports (and reads) a '}'
// right after it.
func (s *Scanner) OpenObject() (empty bool) { return s.open('}') }

// OpenArray reads the '[' Next reported; empty reports (and reads) a ']'
// right after it.
func (s *Scanner) OpenArray() (empty bool) { return s.open(']') }

func (s *Scanner) open(closer byte) bool {
	s.pos++
	s.skipSpace()
	if s.pos < len(s.data) && s.data[s.pos] == closer {
		s.pos++
		return true
	}
	return false
}

// Key reads an object key and the ':' after it.
func (s *Scanner) Key() (string, *Error) {
	s.skipSpace()
	if s.pos >= len(s.data) || s.data[s.pos] != '"' {
		return "", s.fail(ErrKey)
	}
	// Keys rarely hold escapes: read a plain one here, saving a call.
	var k string
	rest := s.data[s.pos+1:]
	if n := plainLen(rest); n < len(rest) && rest[n] == '"' {
		k, s.pos = text(rest[:n]), s.pos+n+2
	} else {
		var err *Error
		if k, err = s.ReadString(); err != nil {
			return "", err
		}
	}
	s.skipSpace()
	if s.pos >= len(s.data) || s.data[s.pos] != ':' {
		return "", s.fail(ErrColon)
	}
	s.pos++
	return k, nil
}

// MoreMembers reads what follows an object member: true after ',', false
// after the closing '}'.
func (s *Scanner) MoreMembers() (bool, *Error) { return s.more('}', ErrObjectNext) }

// MoreItems reads what follows an array item: true after ',', false after
// the closing ']'.
func (s *Scanner) MoreItems() (bool, *Error) { return s.more(']', ErrArrayNext) }

func (s *Scanner) more(closer byte, bad Code) (bool, *Error) {
	s.skipSpace()
	if s.pos >= len(s.data) {
		return false, s.fail(ErrEnd)
	}
	switch s.data[s.pos] {
	case ',':
		s.pos++
		return true, nil
	case closer:
		s.pos++
		return false, nil
	}
	return false, s.fail(bad)
}

// Finish checks that only white space follows the value.
func (s *Scanner) Finish() *Error {
	s.skipSpace()
	if s.pos != len(s.data) {
		return s.fail(ErrTrailing)
	}
	return nil
}

// ReadNumber reads the number Next reported and returns its text (a slice
// of the input).
func (s *Scanner) ReadNumber() ([]byte, *Error) {
	start := s.pos
	if s.data[s.pos] == '-' {
		s.pos++
	}
	switch {
	case s.pos < len(s.data) && s.data[s.pos] == '0':
		s.pos++
		if s.strictZeros && s.digits() > 0 {
			return nil, s.fail(ErrLeadingZero)
		}
	case s.digits() == 0:
		return nil, s.fail(ErrNumber)
	}
	if s.pos < len(s.data) && s.data[s.pos] == '.' {
		s.pos++
		if s.digits() == 0 {
			return nil, s.fail(ErrNumber)
		}
	}
	if s.pos < len(s.data) && (s.data[s.pos] == 'e' || s.data[s.pos] == 'E') {
		s.pos++
		if s.pos < len(s.data) && (s.data[s.pos] == '+' || s.data[s.pos] == '-') {
			s.pos++
		}
		if s.digits() == 0 {
			return nil, s.fail(ErrNumber)
		}
	}
	return s.data[start:s.pos], nil
}

func (s *Scanner) digits() int {
	n := 0
	for s.pos < len(s.data) && s.data[s.pos] >= '0' && s.data[s.pos] <= '9' {
		s.pos++
		n++
	}
	return n
}

// ReadString reads the string Next reported and returns its value.
func (s *Scanner) ReadString() (string, *Error) {
	s.pos++ // opening quote
	start := s.pos
	// Fast path: no escapes, no control characters.
	rest := s.data[start:]
	n := plainLen(rest)
	s.pos += n
	if n < len(rest) && rest[n] == '"' {
		s.pos++
		return text(rest[:n]), nil
	}
	buf := append([]byte(nil), rest[:n]...)
	for s.pos < len(s.data) {
		c := s.data[s.pos]
		switch {
		case c == '"':
			s.pos++
			return text(buf), nil
		case c < 0x20:
			return "", s.fail(ErrControl)
		case c != '\\':
			buf = append(buf, c)
			s.pos++
			continue
		}
		if s.pos+1 >= len(s.data) {
			s.pos++
			return "", s.fail(ErrEscapeEnd)
		}
		e := s.data[s.pos+1]
		s.pos += 2
		switch e {
		case '"', '\\', '/':
			buf = append(buf, e)
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r, ok := s.hex4()
			if !ok {
				return "", s.fail(ErrUnicodeEscape)
			}
			if utf16.IsSurrogate(r) {
				r = s.lowSurrogate(r)
			}
			buf = utf8.AppendRune(buf, r)
		default:
			return "", s.fail(ErrEscape)
		}
	}
	return "", s.fail(ErrStringEnd)
}

// plainLen is how many bytes at the start of b a string holds as they are:
// up to a quote, a backslash or a control character.
func plainLen(b []byte) int {
	n := 0
	// Eight bytes at a time while none of them ends the plain run: a byte
	// is flagged when it is a quote, a backslash or below 0x20, and the
	// lowest flagged byte of a word is exactly the first such byte.
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for n+8 <= len(b) {
		w := binary.LittleEndian.Uint64(b[n:])
		q, bs := w^(ones*'"'), w^(ones*'\\')
		if m := ((q-ones)&^q | (bs-ones)&^bs | (w-ones*0x20)&^w) & highs; m != 0 {
			return n + bits.TrailingZeros64(m)>>3
		}
		n += 8
	}
	for n < len(b) && b[n] != '"' && b[n] != '\\' && b[n] >= 0x20 {
		n++
	}
	return n
}

// lowSurrogate completes a surrogate pair with the \u escape that follows;
// without one the first half is U+FFFD and what follows is read again.
func (s *Scanner) lowSurrogate(high rune) rune {
	if s.pos+1 < len(s.data) && s.data[s.pos] == '\\' && s.data[s.pos+1] == 'u' {
		save := s.pos
		s.pos += 2
		if low, ok := s.hex4(); ok {
			if r := utf16.DecodeRune(high, low); r != utf8.RuneError {
				return r
			}
		}
		s.pos = save
	}
	return utf8.RuneError
}

func (s *Scanner) hex4() (rune, bool) {
	if len(s.data)-s.pos < 4 {
		return 0, false
	}
	var r rune
	for _, c := range s.data[s.pos : s.pos+4] {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			r |= rune(c - 'A' + 10)
		default:
			return 0, false
		}
	}
	s.pos += 4
	return r, true
}

// text is the string of raw bytes, invalid UTF-8 replaced with U+FFFD.
func text(raw []byte) string {
	if utf8.Valid(raw) {
		return string(raw)
	}
	return string([]rune(string(raw)))
}
