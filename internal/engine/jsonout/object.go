// Package jsonout renders response bodies as OpenSearch does: ordered objects,
// Jackson-style pretty printing and filter_path.
package jsonout

import (
	"encoding/json"
	"github.com/clustersearch/clustersearch-go/internal/engine/javafmt"
	"math"
	"strconv"
	"unicode/utf8"
)

// Field is one key of an ordered object.
type Field struct {
	Key   string
	Value any
}

// Object is a JSON object whose keys keep their order.
type Object []Field

// Get returns the value of key and whether it is present.
func (o Object) Get(key string) (any, bool) {
	for _, f := range o {
		if f.Key == key {
			return f.Value, true
		}
	}
	return nil, false
}

// Appender is a value that writes its own compact JSON, without the
// allocations of encoding/json (scores on every hit use it).
type Appender interface {
	AppendJSON(dst []byte) []byte
}

// MarshalJSON implements json.Marshaler.
func (o Object) MarshalJSON() ([]byte, error) { return Append(nil, o) }

// Marshal encodes v compactly. Object, []any and scalars are written directly;
// other values (structs) go through encoding/json.
func Marshal(v any) ([]byte, error) { return Append(nil, v) }

// Append appends the compact JSON encoding of v to dst.
func Append(dst []byte, v any) ([]byte, error) {
	var err error
	switch x := v.(type) {
	case nil:
		return append(dst, "null"...), nil
	case Object:
		return appendObject(dst, x)
	case []any:
		return appendArray(dst, x)
	case []Object:
		// Each element written as an Object, not boxed into an any (an
		// allocation per hit of every search answer).
		dst = append(dst, '[')
		for i, o := range x {
			if i > 0 {
				dst = append(dst, ',')
			}
			if dst, err = appendObject(dst, o); err != nil {
				return dst, err
			}
		}
		return append(dst, ']'), nil
	case []string:
		dst = append(dst, '[')
		for i, e := range x {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = AppendString(dst, e)
		}
		return append(dst, ']'), nil
	case string:
		return AppendString(dst, x), nil
	case bool:
		return strconv.AppendBool(dst, x), nil
	case int:
		return strconv.AppendInt(dst, int64(x), 10), nil
	case int32:
		return strconv.AppendInt(dst, int64(x), 10), nil
	case int64:
		return strconv.AppendInt(dst, x, 10), nil
	case uint64:
		return strconv.AppendUint(dst, x, 10), nil
	case float64:
		return AppendFloat(dst, x), nil
	case json.Number:
		return append(dst, x...), nil
	case json.RawMessage:
		if len(x) == 0 {
			return append(dst, "null"...), nil
		}
		return append(dst, x...), nil
	case Appender:
		return x.AppendJSON(dst), nil
	default:
		b, err := json.Marshal(v)
		if err != nil {
			return dst, err
		}
		return append(dst, b...), nil
	}
}

// appendObject appends the JSON object of o's fields in order.
func appendObject(dst []byte, o Object) ([]byte, error) {
	var err error
	dst = append(dst, '{')
	for i, f := range o {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = AppendString(dst, f.Key)
		dst = append(dst, ':')
		if dst, err = Append(dst, f.Value); err != nil {
			return dst, err
		}
	}
	return append(dst, '}'), nil
}

// appendArray appends a JSON array of items, each encoded by Append.
func appendArray(dst []byte, items []any) ([]byte, error) {
	dst = append(dst, '[')
	for i, e := range items {
		if i > 0 {
			dst = append(dst, ',')
		}
		var err error
		if dst, err = Append(dst, e); err != nil {
			return dst, err
		}
	}
	return append(dst, ']'), nil
}

// AppendFloat writes a float as Java's Double.toString would for the values the
// fake produces: integral values keep a ".0".
func AppendFloat(dst []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(dst, "null"...)
	}
	return append(dst, javafmt.Double(f)...)
}

const hexDigits = "0123456789abcdef"

// AppendString appends s as a JSON string, escaping as Jackson does: quote,
// backslash, the short forms \n \r \t \b \f and \u00XX for other control
// characters; everything else, non-ASCII included, as UTF-8. Invalid UTF-8
// becomes U+FFFD, as a Java string holds it. The engine's one string writer.
func AppendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				dst = append(dst, s[start:i]...)
				dst = append(dst, "\ufffd"...) // as Jackson writes the replacement character: raw UTF-8
				i++
				start = i
				continue
			}
			i += size
			continue
		}
		dst = append(dst, s[start:i]...)
		switch c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		case '\b':
			dst = append(dst, '\\', 'b')
		case '\f':
			dst = append(dst, '\\', 'f')
		default:
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		}
		i++
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
