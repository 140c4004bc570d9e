package notify

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"
)

// kind is the XContent token kind of a parsed JSON value.
type kind int

const (
	kObject kind = iota
	kArray
	kString
	kNumber
	kBool
	kNull
)

// tokenName is the XContentParser.Token name used in parser errors.
func (k kind) tokenName() string {
	return [...]string{"START_OBJECT", "START_ARRAY", "VALUE_STRING", "VALUE_NUMBER", "VALUE_BOOLEAN", "VALUE_NULL"}[k]
}

// node is one JSON value with the position of its first token, so that
// errors can carry the line and column the real parser reports.
type node struct {
	kind  kind
	line  int
	col   int
	text  string // string value, number literal, "true"/"false"
	keys  []string
	vals  []*node // object values, parallel to keys
	items []*node // array items
}

// treeParser builds nodes from encoding/json's token stream.
type treeParser struct {
	data []byte
	dec  *json.Decoder
}

// parseTree parses one JSON document. Malformed JSON becomes the
// json_parse_exception (400) that Jackson's parser raises.
func parseTree(data []byte) (*node, *Error) {
	p := &treeParser{data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	if !utf8.Valid(data) {
		// Jackson decodes UTF-8 strictly; encoding/json would substitute U+FFFD.
		off := 0
		for off < len(data) {
			r, size := utf8.DecodeRune(data[off:])
			if r == utf8.RuneError && size == 1 {
				break
			}
			off += size
		}
		line, col := p.position(off)
		return nil, &Error{Status: 400, Type: "json_parse_exception",
			Reason: fmt.Sprintf("Invalid UTF-8 start byte 0x%02x at [line: %d, column: %d]", data[off], line, col)}
	}
	p.dec.UseNumber()
	n, err := p.value()
	if err != nil {
		var se *json.SyntaxError
		msg := err.Error()
		if errors.As(err, &se) {
			line, col := p.position(int(se.Offset))
			msg = fmt.Sprintf("%s at [line: %d, column: %d]", se.Error(), line, col)
		} else if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			msg = "Unexpected end-of-input"
		}
		return nil, &Error{Status: 400, Type: "json_parse_exception", Reason: msg}
	}
	return n, nil
}

// position turns a byte offset into Jackson's 1-based line and column.
func (p *treeParser) position(off int) (line, col int) {
	if off > len(p.data) {
		off = len(p.data)
	}
	line, col = 1, 1
	for i := 0; i < off; {
		r, size := utf8.DecodeRune(p.data[i:])
		if r == '\n' {
			line++
			col = 1
		} else {
			col++
		}
		i += size
	}
	return line, col
}

// tokenStart skips the separators between the decoder's offset and the
// next token.
func (p *treeParser) tokenStart() int {
	off := int(p.dec.InputOffset())
	for off < len(p.data) {
		switch p.data[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
			continue
		}
		break
	}
	return off
}

func (p *treeParser) value() (*node, error) {
	start := p.tokenStart()
	tok, err := p.dec.Token()
	if err != nil {
		return nil, err
	}
	return p.fromToken(tok, start)
}

func (p *treeParser) fromToken(tok json.Token, start int) (*node, error) {
	n := &node{}
	n.line, n.col = p.position(start)
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			n.kind = kObject
			for p.dec.More() {
				kt, err := p.dec.Token()
				if err != nil {
					return nil, err
				}
				k, _ := kt.(string)
				v, err := p.value()
				if err != nil {
					return nil, err
				}
				n.keys = append(n.keys, k)
				n.vals = append(n.vals, v)
			}
		case '[':
			n.kind = kArray
			for p.dec.More() {
				v, err := p.value()
				if err != nil {
					return nil, err
				}
				n.items = append(n.items, v)
			}
		default:
			return nil, fmt.Errorf("unexpected %q", rune(t))
		}
		if _, err := p.dec.Token(); err != nil { // closing delimiter
			return nil, err
		}
	case string:
		n.kind, n.text = kString, t
	case json.Number:
		n.kind, n.text = kNumber, string(t)
	case bool:
		n.kind, n.text = kBool, strconv.FormatBool(t)
	case nil:
		n.kind = kNull
	}
	return n, nil
}

// The accessors below mirror XContentParser's, with its errors.

// where is the " at L:C" suffix of XContentLocation.
func (n *node) where() string {
	return fmt.Sprintf("%d:%d", n.line, n.col)
}

// expect is XContentParserUtils.ensureExpectedToken.
func (n *node) expect(k kind) *Error {
	if n.kind == k {
		return nil
	}
	return parsingErr(fmt.Sprintf("Failed to parse object: expecting token of type [%s] but found [%s]",
		k.tokenName(), n.kind.tokenName()), n.line, n.col)
}

// textValue is parser.text(): scalars give their text, anything else fails.
func (n *node) textValue() (string, *Error) {
	switch n.kind {
	case kString, kNumber, kBool:
		return n.text, nil
	}
	return "", illegalState("Can't get text on a " + n.kind.tokenName() + " at " + n.where())
}

// textOrNull is parser.textOrNull().
func (n *node) textOrNull() (*string, *Error) {
	if n.kind == kNull {
		return nil, nil
	}
	s, err := n.textValue()
	if err != nil {
		return nil, err
	}
	return &s, nil
}

// jacksonToken is the Jackson JsonToken name used in its own exceptions.
func (n *node) jacksonToken() string {
	switch n.kind {
	case kNumber:
		if isIntegerLiteral(n.text) {
			return "VALUE_NUMBER_INT"
		}
		return "VALUE_NUMBER_FLOAT"
	case kBool:
		if n.text == "true" {
			return "VALUE_TRUE"
		}
		return "VALUE_FALSE"
	}
	return n.kind.tokenName()
}

func isIntegerLiteral(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '.' || s[i] == 'e' || s[i] == 'E' {
			return false
		}
	}
	return true
}

// boolValue is parser.booleanValue(): strings must be "true" or "false".
func (n *node) boolValue() (bool, *Error) {
	switch n.kind {
	case kBool:
		return n.text == "true", nil
	case kString:
		switch n.text {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
		return false, illegalArgument("Failed to parse value [" + n.text + "] as only [true] or [false] are allowed.")
	}
	return false, &Error{Status: 400, Type: "json_parse_exception",
		Reason: "Current token (" + n.jacksonToken() + ") not of boolean type"}
}

// intValue is parser.intValue() with coercion: numeric strings and
// fractions are accepted and truncated.
func (n *node) intValue() (int, *Error) {
	switch n.kind {
	case kString:
		if n.text == "" {
			return 0, &Error{Status: 400, Type: "number_format_exception", Reason: "empty String"}
		}
		f, err := strconv.ParseFloat(n.text, 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return 0, &Error{Status: 400, Type: "number_format_exception", Reason: `For input string: "` + n.text + `"`}
		}
		if f < -2147483648 || f >= 2147483648 {
			return 0, illegalArgument("Value [" + n.text + "] is out of range for an integer")
		}
		return int(f), nil
	case kNumber:
		if isIntegerLiteral(n.text) {
			v, err := strconv.ParseInt(n.text, 10, 32)
			if err != nil {
				return 0, &Error{Status: 400, Type: "input_coercion_exception",
					Reason: "Numeric value (" + n.text + ") out of range of int (-2147483648 - 2147483647)"}
			}
			return int(v), nil
		}
		f, _ := strconv.ParseFloat(n.text, 64)
		if f < -2147483648 || f >= 2147483648 {
			return 0, &Error{Status: 400, Type: "input_coercion_exception",
				Reason: "Numeric value (" + n.text + ") out of range of int (-2147483648 - 2147483647)"}
		}
		return int(f), nil
	}
	return 0, &Error{Status: 400, Type: "json_parse_exception",
		Reason: "Current token (" + n.jacksonToken() + ") not numeric, can not use numeric value accessors"}
}

// stringList is common-utils' XContentParser.stringList().
func (n *node) stringList() ([]string, *Error) {
	if err := n.expect(kArray); err != nil {
		return nil, err
	}
	out := make([]string, 0, len(n.items))
	for _, it := range n.items {
		s, err := it.textValue()
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}
