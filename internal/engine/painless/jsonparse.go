package painless

import (
	"errors"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// jsonParser decodes JSON straight into native values; it is the per-document hot path
// of reindex and update_by_query, several times faster than encoding/json's token API.
type jsonParser struct {
	data   []byte
	i      int
	hashed bool
}

func (p *jsonParser) fail(what string) error {
	return errors.New("painless: bad JSON at offset " + strconv.Itoa(p.i) + ": " + what)
}

func (p *jsonParser) skipSpace() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *jsonParser) value(depth int) (any, error) {
	if depth > maxJSONDepth {
		return nil, errors.New("painless: JSON nested too deeply")
	}
	p.skipSpace()
	if p.i >= len(p.data) {
		return nil, p.fail("unexpected end")
	}
	switch c := p.data[p.i]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		return p.str()
	case c == 't':
		return p.literal("true", true)
	case c == 'f':
		return p.literal("false", false)
	case c == 'n':
		return p.literal("null", nil)
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	}
	return nil, p.fail("unexpected character")
}

func (p *jsonParser) literal(word string, v any) (any, error) {
	if len(p.data)-p.i < len(word) || string(p.data[p.i:p.i+len(word)]) != word {
		return nil, p.fail("bad literal")
	}
	p.i += len(word)
	return v, nil
}

func (p *jsonParser) object(depth int) (any, error) {
	p.i++ // {
	m := NewMap(8)
	if p.hashed {
		m = newHashMap(8)
	}
	p.skipSpace()
	if p.i < len(p.data) && p.data[p.i] == '}' {
		p.i++
		return m, nil
	}
	for {
		p.skipSpace()
		if p.i >= len(p.data) || p.data[p.i] != '"' {
			return nil, p.fail("expected a key")
		}
		k, err := p.str()
		if err != nil {
			return nil, err
		}
		p.skipSpace()
		if p.i >= len(p.data) || p.data[p.i] != ':' {
			return nil, p.fail("expected ':'")
		}
		p.i++
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		m.Set(k, v)
		p.skipSpace()
		if p.i >= len(p.data) {
			return nil, p.fail("unexpected end")
		}
		switch p.data[p.i] {
		case ',':
			p.i++
		case '}':
			p.i++
			return m, nil
		default:
			return nil, p.fail("expected ',' or '}'")
		}
	}
}

func (p *jsonParser) array(depth int) (any, error) {
	p.i++ // [
	l := &List{Items: []any{}}
	p.skipSpace()
	if p.i < len(p.data) && p.data[p.i] == ']' {
		p.i++
		return l, nil
	}
	for {
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		l.Items = append(l.Items, v)
		p.skipSpace()
		if p.i >= len(p.data) {
			return nil, p.fail("unexpected end")
		}
		switch p.data[p.i] {
		case ',':
			p.i++
		case ']':
			p.i++
			return l, nil
		default:
			return nil, p.fail("expected ',' or ']'")
		}
	}
}

func (p *jsonParser) number() (any, error) {
	start := p.i
	if p.data[p.i] == '-' {
		p.i++
	}
	digits := func() int {
		n := 0
		for p.i < len(p.data) && p.data[p.i] >= '0' && p.data[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	if p.i < len(p.data) && p.data[p.i] == '0' {
		p.i++
	} else if digits() == 0 {
		return nil, p.fail("bad number")
	}
	if p.i < len(p.data) && p.data[p.i] == '.' {
		p.i++
		if digits() == 0 {
			return nil, p.fail("bad number")
		}
	}
	if p.i < len(p.data) && (p.data[p.i] == 'e' || p.data[p.i] == 'E') {
		p.i++
		if p.i < len(p.data) && (p.data[p.i] == '+' || p.data[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return nil, p.fail("bad number")
		}
	}
	return parseJSONNumber(string(p.data[start:p.i]))
}

// str reads a string, replacing invalid UTF-8 and lone surrogates with U+FFFD as
// encoding/json does.
func (p *jsonParser) str() (string, error) {
	p.i++ // opening quote
	start := p.i
	// fast path: no escapes, plain ASCII or valid UTF-8
	for p.i < len(p.data) {
		c := p.data[p.i]
		if c == '"' {
			s := p.data[start:p.i]
			p.i++
			if utf8.Valid(s) {
				return string(s), nil
			}
			return string([]rune(string(s))), nil
		}
		if c == '\\' || c < 0x20 {
			break
		}
		p.i++
	}
	buf := append([]byte(nil), p.data[start:p.i]...)
	for p.i < len(p.data) {
		c := p.data[p.i]
		switch {
		case c == '"':
			p.i++
			if utf8.Valid(buf) {
				return string(buf), nil
			}
			return string([]rune(string(buf))), nil
		case c < 0x20:
			return "", p.fail("control character in string")
		case c == '\\':
			if p.i+1 >= len(p.data) {
				return "", p.fail("unexpected end")
			}
			e := p.data[p.i+1]
			p.i += 2
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
				r, ok := p.hex4()
				if !ok {
					return "", p.fail("bad \\u escape")
				}
				if utf16.IsSurrogate(r) {
					r2 := rune(-1)
					if p.i+1 < len(p.data) && p.data[p.i] == '\\' && p.data[p.i+1] == 'u' {
						save := p.i
						p.i += 2
						if v, ok := p.hex4(); ok {
							r2 = v
						} else {
							return "", p.fail("bad \\u escape")
						}
						if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
							buf = utf8.AppendRune(buf, d)
							continue
						}
						p.i = save
					}
					r = utf8.RuneError
				}
				buf = utf8.AppendRune(buf, r)
			default:
				return "", p.fail("bad escape")
			}
		default:
			buf = append(buf, c)
			p.i++
		}
	}
	return "", p.fail("unterminated string")
}

func (p *jsonParser) hex4() (rune, bool) {
	if len(p.data)-p.i < 4 {
		return 0, false
	}
	var r rune
	for _, c := range p.data[p.i : p.i+4] {
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
	p.i += 4
	return r, true
}
