package painless

import (
	"errors"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonscan"
)

// jsonParser decodes JSON straight into native values over the shared
// tokenizer; it is the per-document hot path of reindex and update_by_query,
// several times faster than encoding/json's token API. With hashed, objects
// become java.util.HashMap (Java's iteration order).
type jsonParser struct {
	s      jsonscan.Scanner
	hashed bool
}

// jsonMessages word the tokenizer's failures.
var jsonMessages = [...]string{
	jsonscan.ErrEnd:           "unexpected end",
	jsonscan.ErrChar:          "unexpected character",
	jsonscan.ErrLiteral:       "bad literal",
	jsonscan.ErrKey:           "expected a key",
	jsonscan.ErrColon:         "expected ':'",
	jsonscan.ErrObjectNext:    "expected ',' or '}'",
	jsonscan.ErrArrayNext:     "expected ',' or ']'",
	jsonscan.ErrNumber:        "bad number",
	jsonscan.ErrLeadingZero:   "bad number", // not raised: the parser is not strict about zeros
	jsonscan.ErrControl:       "control character in string",
	jsonscan.ErrEscape:        "bad escape",
	jsonscan.ErrUnicodeEscape: "bad \\u escape",
	jsonscan.ErrEscapeEnd:     "unexpected end",
	jsonscan.ErrStringEnd:     "unterminated string",
}

var (
	errJSONDepth    = errors.New("painless: JSON nested too deeply")
	errJSONTrailing = errors.New("painless: trailing data after JSON value")
)

func jsonError(e *jsonscan.Error) error {
	if e.Code == jsonscan.ErrTrailing {
		return errJSONTrailing
	}
	off := e.Offset
	if e.Code == jsonscan.ErrEscapeEnd {
		off-- // this parser points at the backslash
	}
	return errors.New("painless: bad JSON at offset " + strconv.Itoa(off) + ": " + jsonMessages[e.Code])
}

func (p *jsonParser) value(depth int) (any, error) {
	if depth > maxJSONDepth {
		return nil, errJSONDepth
	}
	var e *jsonscan.Error
	switch k := p.s.Next(); k {
	case jsonscan.Object:
		return p.object(depth)
	case jsonscan.Array:
		return p.array(depth)
	case jsonscan.String:
		var v string
		if v, e = p.s.ReadString(); e == nil {
			return v, nil
		}
	case jsonscan.Literal:
		var v any
		if v, e = p.s.ReadLiteral(); e == nil {
			return v, nil
		}
	case jsonscan.Number:
		var raw []byte
		if raw, e = p.s.ReadNumber(); e == nil {
			return parseJSONNumber(string(raw))
		}
	default:
		e = p.s.Fail(k)
	}
	return nil, jsonError(e)
}

func (p *jsonParser) object(depth int) (any, error) {
	m := NewMap(8)
	if p.hashed {
		m = newHashMap(8)
	}
	if p.s.OpenObject() {
		return m, nil
	}
	for {
		k, e := p.s.Key()
		if e != nil {
			return nil, jsonError(e)
		}
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		m.Set(k, v)
		more, e := p.s.MoreMembers()
		if e != nil {
			return nil, jsonError(e)
		}
		if !more {
			return m, nil
		}
	}
}

func (p *jsonParser) array(depth int) (any, error) {
	l := &List{Items: []any{}}
	if p.s.OpenArray() {
		return l, nil
	}
	for {
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		l.Items = append(l.Items, v)
		more, e := p.s.MoreItems()
		if e != nil {
			return nil, jsonError(e)
		}
		if !more {
			return l, nil
		}
	}
}
