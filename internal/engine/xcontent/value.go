// Package xcontent reads JSON request bodies the way OpenSearch's XContent layer
// (Jackson underneath) sees them: every token keeps its 1-based line and column,
// object members keep their order, numbers keep their literal text, duplicate
// keys are rejected, and malformed input fails with Jackson's messages.
package xcontent

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// Kind is the JSON type of a Value.
type Kind uint8

// The JSON kinds.
const (
	Null Kind = iota
	Bool
	Number
	String
	Object
	Array
)

// Value is one parsed JSON value with the location of its first byte.
type Value struct {
	Kind Kind
	// Line and Col locate the token as Jackson's getTokenLocation does:
	// 1-based, columns counted in bytes.
	Line, Col int
	// EndLine and EndCol locate the closing '}' or ']' of an Object or
	// Array, and the byte just past a scalar (where Jackson's parser stands
	// after reading it, as its own error messages report).
	EndLine, EndCol int
	// Str is the decoded text of a String, or the literal text of a Number.
	Str string
	// Bool is the value of a Bool.
	Bool bool
	// Members are the entries of an Object, in document order.
	Members []Member
	// Items are the elements of an Array.
	Items []Value
}

// Member is one key of an Object with the location of the key token.
type Member struct {
	Key       string
	Line, Col int
	Value     Value
}

// Token returns the name of the XContentParser token this value starts with
// (VALUE_STRING, START_OBJECT, ...), as OpenSearch messages print it.
func (v *Value) Token() string {
	switch v.Kind {
	case Null:
		return "VALUE_NULL"
	case Bool:
		return "VALUE_BOOLEAN"
	case Number:
		return "VALUE_NUMBER"
	case String:
		return "VALUE_STRING"
	case Object:
		return "START_OBJECT"
	default:
		return "START_ARRAY"
	}
}

// IsScalar reports whether the value is a string, number, boolean or null
// (XContentParser.Token.isValue).
func (v *Value) IsScalar() bool { return v.Kind != Object && v.Kind != Array }

// Get returns the member named key, or nil.
func (v *Value) Get(key string) *Value {
	for i := range v.Members {
		if v.Members[i].Key == key {
			return &v.Members[i].Value
		}
	}
	return nil
}

// Text returns the value as XContentParser.text() does for scalars: the string,
// the number's literal, "true"/"false", or "null" for null.
func (v *Value) Text() string {
	switch v.Kind {
	case String, Number:
		return v.Str
	case Bool:
		if v.Bool {
			return "true"
		}
		return "false"
	case Null:
		return "null"
	}
	return ""
}

// IsInteger reports whether a Number was written without fraction or exponent.
func (v *Value) IsInteger() bool {
	return v.Kind == Number && !strings.ContainsAny(v.Str, ".eE")
}

// Int64 parses a Number as a 64-bit integer; ok is false when it has a
// fraction or does not fit.
func (v *Value) Int64() (n int64, ok bool) {
	if v.Kind != Number {
		return 0, false
	}
	n, err := strconv.ParseInt(v.Str, 10, 64)
	return n, err == nil
}

// Float64 parses a Number as a double.
func (v *Value) Float64() (float64, bool) {
	if v.Kind != Number {
		return 0, false
	}
	f, err := strconv.ParseFloat(v.Str, 64)
	return f, err == nil
}

// BigInt parses an integral Number exactly, whatever its size.
func (v *Value) BigInt() (*big.Int, bool) {
	if !v.IsInteger() {
		return nil, false
	}
	return new(big.Int).SetString(v.Str, 10)
}

// Interface converts the value to plain Go data: nil, bool, string,
// json-literal numbers as float64 (or int64 when integral and in range),
// []any and map[string]any. Member order is lost; use Members when it matters.
func (v *Value) Interface() any {
	switch v.Kind {
	case Null:
		return nil
	case Bool:
		return v.Bool
	case String:
		return v.Str
	case Number:
		if n, ok := v.Int64(); ok {
			return n
		}
		f, _ := v.Float64()
		return f
	case Array:
		out := make([]any, len(v.Items))
		for i := range v.Items {
			out[i] = v.Items[i].Interface()
		}
		return out
	default:
		out := make(map[string]any, len(v.Members))
		for i := range v.Members {
			out[v.Members[i].Key] = v.Members[i].Value.Interface()
		}
		return out
	}
}

// AppendJSON appends the value as compact JSON, keeping member order and
// number literals.
func (v *Value) AppendJSON(dst []byte) []byte {
	switch v.Kind {
	case Null:
		return append(dst, "null"...)
	case Bool:
		return strconv.AppendBool(dst, v.Bool)
	case Number:
		return append(dst, v.Str...)
	case String:
		return jsonout.AppendString(dst, v.Str)
	case Array:
		dst = append(dst, '[')
		for i := range v.Items {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = v.Items[i].AppendJSON(dst)
		}
		return append(dst, ']')
	default:
		dst = append(dst, '{')
		for i := range v.Members {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = jsonout.AppendString(dst, v.Members[i].Key)
			dst = append(dst, ':')
			dst = v.Members[i].Value.AppendJSON(dst)
		}
		return append(dst, '}')
	}
}
