package jsonscan

import (
	"encoding/json"
	"testing"
)

// errDeep stops walk on deep nesting (the decoders' own limit).
var errDeep = &Error{Offset: -1}

// walk reads one whole value the way the decoders do, returning the first
// failure.
func walk(s *Scanner, depth int) *Error {
	if depth > 100 {
		return errDeep
	}
	switch k := s.Next(); k {
	case Object:
		if s.OpenObject() {
			return nil
		}
		for {
			if _, e := s.Key(); e != nil {
				return e
			}
			if e := walk(s, depth+1); e != nil {
				return e
			}
			more, e := s.MoreMembers()
			if e != nil || !more {
				return e
			}
		}
	case Array:
		if s.OpenArray() {
			return nil
		}
		for {
			if e := walk(s, depth+1); e != nil {
				return e
			}
			more, e := s.MoreItems()
			if e != nil || !more {
				return e
			}
		}
	case String:
		_, e := s.ReadString()
		return e
	case Literal:
		_, e := s.ReadLiteral()
		return e
	case Number:
		_, e := s.ReadNumber()
		return e
	default:
		return s.Fail(k)
	}
}

func TestReadStringDecodesEscapes(t *testing.T) {
	cases := []struct{ in, want string }{
		{`"plain"`, "plain"},
		{`"a\"b\\c\/d\b\f\n\r\t"`, "a\"b\\c/d\b\f\n\r\t"},
		{`"\u00e9\ud83d\ude00"`, "é😀"},
		{`"\ud800\u0041"`, "\uFFFDA"}, // a high surrogate without its low half
		{`"\udc00x"`, "\uFFFDx"},
		{"\"\xff\"", "\uFFFD"}, // invalid UTF-8
		{`"k":1`, "k"},
	}
	for _, tc := range cases {
		s := New([]byte(tc.in), false)
		if got, err := s.ReadString(); err != nil || got != tc.want {
			t.Errorf("%s: %q %v, want %q", tc.in, got, err, tc.want)
		}
	}
}

func TestErrorsHaveCodeAndOffset(t *testing.T) {
	cases := []struct {
		in     string
		strict bool
		code   Code
		offset int
	}{
		{``, false, ErrEnd, 0},
		{`  x`, false, ErrChar, 2},
		{`nul`, false, ErrLiteral, 0},
		{`{1:2}`, false, ErrKey, 1},
		{`{"a" 1}`, false, ErrColon, 5},
		{`{"a":1 2}`, false, ErrObjectNext, 7},
		{`[1 2]`, false, ErrArrayNext, 3},
		{`[1,`, false, ErrEnd, 3},
		{`-x`, false, ErrNumber, 1},
		{`1.e5`, false, ErrNumber, 2},
		{`1e+`, false, ErrNumber, 3},
		{`012`, true, ErrLeadingZero, 3},
		{"\"a\x01\"", false, ErrControl, 2},
		{`"\q"`, false, ErrEscape, 3},
		{`"\u12G4"`, false, ErrUnicodeEscape, 3},
		{`"\ud800\u12"`, false, ErrUnicodeEscape, 9},
		{`"ab\`, false, ErrEscapeEnd, 4},
		{`"ab`, false, ErrStringEnd, 3},
	}
	for _, tc := range cases {
		s := New([]byte(tc.in), tc.strict)
		e := walk(&s, 0)
		if e == nil || e.Code != tc.code || e.Offset != tc.offset {
			t.Errorf("%q: %+v, want code %d at %d", tc.in, e, tc.code, tc.offset)
		}
	}
	// Without strict zeros "012" is the number 0 and then more data.
	s := New([]byte(`012`), false)
	if raw, e := s.ReadNumber(); e != nil || string(raw) != "0" {
		t.Errorf("lenient zero: %q %v", raw, e)
	}
	if e := s.Finish(); e == nil || e.Code != ErrTrailing || e.Offset != 1 {
		t.Errorf("trailing: %+v", e)
	}
}

// FuzzScanner checks the tokenizer accepts exactly what encoding/json
// accepts (nesting kept shallow) and never panics.
func FuzzScanner(f *testing.F) {
	for _, s := range []string{`{"a":[1,-2.5e3,true,false,null,"x\u00e9"]}`, `01`, `"\ud800\u0041"`, `[`, `{"a" 1}`, ` 1 `, "\"\xff\"", `"\`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s := New(data, true)
		e := walk(&s, 0)
		if e == nil {
			e = s.Finish()
		}
		if e == errDeep {
			return
		}
		if e != nil && (e.Offset < 0 || e.Offset > len(data)) {
			t.Fatalf("offset %d outside %d bytes", e.Offset, len(data))
		}
		if (e == nil) != json.Valid(data) {
			t.Fatalf("%q: scanner %+v, json.Valid %v", data, e, json.Valid(data))
		}
	})
}

// plainLen stops at the first quote, backslash or control character,
// wherever it falls within or after the eight-byte words it reads.
func TestPlainLenStopsAtTheFirstSpecialByte(t *testing.T) {
	t.Parallel()
	for n := 0; n < 20; n++ {
		for _, stop := range []byte{'"', '\\', 0, 0x1f, '\n'} {
			for _, filler := range []byte{'a', 0x20, 0x7f, 0x80, 0xff, '!', '#', '[', ']'} {
				b := make([]byte, 0, 24)
				for i := 0; i < n; i++ {
					b = append(b, filler)
				}
				b = append(b, stop, '"', 0, 'x', 'y', 'z', 0x05, '\\')
				if got := plainLen(b); got != n {
					t.Fatalf("plainLen(%q) = %d, want %d", b, got, n)
				}
			}
		}
		plain := make([]byte, n)
		for i := range plain {
			plain[i] = byte(0x20 + i*7%0x60)
			if plain[i] == '"' || plain[i] == '\\' {
				plain[i] = 'q'
			}
		}
		if got := plainLen(plain); got != n {
			t.Fatalf("plainLen(%q) = %d, want %d", plain, got, n)
		}
	}
}
