package jsonout

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonscan"
)

// maxDepth bounds nesting so hostile input cannot exhaust the stack.
const maxDepth = 1000

// SyntaxError reports malformed JSON with its byte offset.
type SyntaxError struct {
	Offset int
	Msg    string
}

// Error implements the error interface.
func (e *SyntaxError) Error() string { return fmt.Sprintf("%s at offset %d", e.Msg, e.Offset) }

// Decode parses one JSON value into ordered form: objects become Object, arrays
// []any, numbers json.Number (so big integers survive), strings, bools and nil.
// A key repeated within one object is an error, as OpenSearch's parser
// (strict duplicate detection) rejects it.
func Decode(data []byte) (any, error) {
	d := decoder{s: jsonscan.New(data, true), data: data}
	v, err := d.value(0)
	if err != nil {
		return nil, err
	}
	if e := d.s.Finish(); e != nil {
		return nil, d.syntax(e)
	}
	return v, nil
}

type decoder struct {
	s    jsonscan.Scanner
	data []byte
}

// messages word the scanner's failures.
var messages = [...]string{
	jsonscan.ErrEnd:           "unexpected end of JSON input",
	jsonscan.ErrLiteral:       "invalid literal",
	jsonscan.ErrKey:           "expected a field name",
	jsonscan.ErrColon:         "expected ':' after a field name",
	jsonscan.ErrObjectNext:    "expected ',' or '}'",
	jsonscan.ErrArrayNext:     "expected ',' or ']'",
	jsonscan.ErrNumber:        "invalid number",
	jsonscan.ErrLeadingZero:   "invalid number: leading zero",
	jsonscan.ErrControl:       "invalid control character in string",
	jsonscan.ErrEscape:        "invalid escape in string",
	jsonscan.ErrUnicodeEscape: "invalid escape in string",
	jsonscan.ErrEscapeEnd:     "unexpected end of JSON input",
	jsonscan.ErrStringEnd:     "unexpected end of JSON input",
	jsonscan.ErrTrailing:      "unexpected data after the JSON value",
}

func (d *decoder) syntax(e *jsonscan.Error) error {
	if e.Code == jsonscan.ErrChar {
		return &SyntaxError{Offset: e.Offset, Msg: "invalid character " + strconv.QuoteRune(rune(d.data[e.Offset]))}
	}
	return &SyntaxError{Offset: e.Offset, Msg: messages[e.Code]}
}

func (d *decoder) value(depth int) (any, error) {
	k := d.s.Next()
	if depth > maxDepth {
		return nil, &SyntaxError{Offset: d.s.Offset(), Msg: "JSON nested too deeply"}
	}
	var e *jsonscan.Error
	switch k {
	case jsonscan.Object:
		return d.object(depth)
	case jsonscan.Array:
		return d.array(depth)
	case jsonscan.String:
		var v string
		if v, e = d.s.ReadString(); e == nil {
			return v, nil
		}
	case jsonscan.Literal:
		var v any
		if v, e = d.s.ReadLiteral(); e == nil {
			return v, nil
		}
	case jsonscan.Number:
		var raw []byte
		if raw, e = d.s.ReadNumber(); e == nil {
			return json.Number(raw), nil
		}
	default:
		e = d.s.Fail(k)
	}
	return nil, d.syntax(e)
}

func (d *decoder) object(depth int) (any, error) {
	if d.s.OpenObject() {
		return Object{}, nil
	}
	// The first fields gather on the stack and go to the heap once, at
	// their number: appending to a heap slice would allocate at one, two
	// and four fields for the small objects most documents are made of.
	var small [8]Field
	n := 0
	var big Object // the fields once there are more than fit in small
	var seen map[string]struct{}
	for {
		k, e := d.s.Key()
		if e != nil {
			return nil, d.syntax(e)
		}
		v, err := d.value(depth + 1)
		if err != nil {
			return nil, err
		}
		o := big
		if o == nil {
			o = small[:n]
		}
		if dup(o, k, &seen) {
			return nil, &SyntaxError{Offset: d.s.Offset(), Msg: "duplicate field " + strconv.Quote(k)}
		}
		switch {
		case big != nil:
			big = append(big, Field{Key: k, Value: v})
		case n < len(small):
			small[n] = Field{Key: k, Value: v}
			n++
		default:
			big = append(append(make(Object, 0, 2*len(small)), small[:]...), Field{Key: k, Value: v})
		}
		more, e := d.s.MoreMembers()
		if e != nil {
			return nil, d.syntax(e)
		}
		if !more {
			if big != nil {
				return big, nil
			}
			return append(make(Object, 0, n), small[:n]...), nil
		}
	}
}

func (d *decoder) array(depth int) (any, error) {
	a := []any{}
	if d.s.OpenArray() {
		return a, nil
	}
	for {
		v, err := d.value(depth + 1)
		if err != nil {
			return nil, err
		}
		a = append(a, v)
		more, e := d.s.MoreItems()
		if e != nil {
			return nil, d.syntax(e)
		}
		if !more {
			return a, nil
		}
	}
}

// dup reports whether k is already a key of o. Small objects are scanned;
// larger ones get a set, built on first need.
func dup(o Object, k string, seen *map[string]struct{}) bool {
	if len(o) < 16 {
		for i := range o {
			if o[i].Key == k {
				return true
			}
		}
		return false
	}
	if *seen == nil {
		*seen = make(map[string]struct{}, 2*len(o))
		for i := range o {
			(*seen)[o[i].Key] = struct{}{}
		}
	}
	if _, ok := (*seen)[k]; ok {
		return true
	}
	(*seen)[k] = struct{}{}
	return false
}
