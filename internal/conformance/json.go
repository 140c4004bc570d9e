package conformance

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// maxDepth bounds nesting so hostile input cannot exhaust the stack.
const maxDepth = 1000

// DecodeJSON parses one JSON document into the value model, keeping key order
// and number literals.
func DecodeJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := decodeValue(dec, 0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("invalid JSON: data after the top-level value")
	}
	return v, nil
}

func decodeValue(dec *json.Decoder, depth int) (any, error) {
	if depth > maxDepth {
		return nil, errors.New("invalid JSON: nested too deeply")
	}
	tok, err := dec.Token()
	if err != nil {
		if err == io.EOF {
			return nil, errors.New("invalid JSON: unexpected end of input")
		}
		return nil, fmt.Errorf("invalid JSON: %w", err)
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			m := NewMap()
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, fmt.Errorf("invalid JSON: %w", err)
				}
				key, ok := kt.(string)
				if !ok {
					return nil, errors.New("invalid JSON: object key is not a string")
				}
				v, err := decodeValue(dec, depth+1)
				if err != nil {
					return nil, err
				}
				m.Set(key, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, fmt.Errorf("invalid JSON: %w", err)
			}
			return m, nil
		case '[':
			list := []any{}
			for dec.More() {
				v, err := decodeValue(dec, depth+1)
				if err != nil {
					return nil, err
				}
				list = append(list, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, fmt.Errorf("invalid JSON: %w", err)
			}
			return list, nil
		default:
			return nil, fmt.Errorf("invalid JSON: unexpected %q", rune(t))
		}
	case json.Number:
		return Number(t), nil
	case string, bool, nil:
		return t, nil
	default:
		return nil, fmt.Errorf("invalid JSON: unexpected token %v", tok)
	}
}

// EncodeJSON renders a value as compact JSON, keys in order, numbers as
// written. HTML characters are not escaped.
func EncodeJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	if err := encodeValue(&b, v, 0); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func encodeValue(b *bytes.Buffer, v any, depth int) error {
	if depth > maxDepth {
		return errors.New("value nested too deeply to encode")
	}
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case string:
		encodeString(b, x)
	case Number:
		if !json.Valid([]byte(x)) {
			return fmt.Errorf("%q is not a JSON number", string(x))
		}
		b.WriteString(string(x))
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := encodeValue(b, e, depth+1); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case *Map:
		b.WriteByte('{')
		for i, e := range x.Entries() {
			if i > 0 {
				b.WriteByte(',')
			}
			encodeString(b, e.Key)
			b.WriteByte(':')
			if err := encodeValue(b, e.Value, depth+1); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	default:
		return fmt.Errorf("cannot encode %T as JSON", v)
	}
	return nil
}

func encodeString(b *bytes.Buffer, s string) {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // encoding a string cannot fail
	b.Truncate(b.Len() - 1)
}
