// Package conformance holds what the conformance runners share: an ordered
// JSON value model, path lookup and comparison, version ranges, test results
// with their per-folder table, and the expected-failure list.
//
// Values are nil, bool, string, Number, []any and *Map. Maps keep their keys
// in document order because request bodies must be sent as written and the
// reference runner renders error objects in response order.
package conformance

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Number is a JSON number kept as its literal text, so that integers beyond
// 2^53 survive a round trip exactly.
type Number string

// Rat returns the exact value of the number, or false if the text is not a
// number.
func (n Number) Rat() (*big.Rat, bool) {
	r, ok := new(big.Rat).SetString(string(n))
	return r, ok
}

// Entry is one key of a Map.
type Entry struct {
	Key   string
	Value any
}

// Map is a JSON object that keeps its keys in insertion order.
type Map struct {
	entries []Entry
	index   map[string]int
}

// NewMap returns an empty map.
func NewMap() *Map { return &Map{index: map[string]int{}} }

// Set stores value under key; an existing key keeps its position.
func (m *Map) Set(key string, value any) {
	if m.index == nil {
		m.index = map[string]int{}
	}
	if i, ok := m.index[key]; ok {
		m.entries[i].Value = value
		return
	}
	m.index[key] = len(m.entries)
	m.entries = append(m.entries, Entry{Key: key, Value: value})
}

// Get returns the value stored under key.
func (m *Map) Get(key string) (any, bool) {
	if m == nil {
		return nil, false
	}
	i, ok := m.index[key]
	if !ok {
		return nil, false
	}
	return m.entries[i].Value, true
}

// Len returns the number of keys.
func (m *Map) Len() int {
	if m == nil {
		return 0
	}
	return len(m.entries)
}

// Entries returns the keys and values in order. The slice must not be
// modified.
func (m *Map) Entries() []Entry {
	if m == nil {
		return nil
	}
	return m.entries
}

// Keys returns the keys in order.
func (m *Map) Keys() []string {
	keys := make([]string, 0, m.Len())
	for _, e := range m.Entries() {
		keys = append(keys, e.Key)
	}
	return keys
}

// M builds a Map from alternating keys and values; it is meant for tests and
// constant tables.
func M(kv ...any) *Map {
	m := NewMap()
	for i := 0; i+1 < len(kv); i += 2 {
		m.Set(kv[i].(string), kv[i+1])
	}
	return m
}

// TypeName names the JSON type of a value for error messages.
func TypeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case Number:
		return "number"
	case []any:
		return "array"
	case *Map:
		return "object"
	default:
		return "unknown"
	}
}

// JavaString renders a value the way Java's toString renders the parsed
// response (LinkedHashMap, ArrayList, String): the reference runner matches
// `catch: /regex/` against that text.
func JavaString(v any) string {
	var b strings.Builder
	writeJava(&b, v)
	return b.String()
}

func writeJava(b *strings.Builder, v any) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		if x {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case string:
		b.WriteString(x)
	case Number:
		b.WriteString(javaNumber(x))
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			writeJava(b, e)
		}
		b.WriteByte(']')
	case *Map:
		b.WriteByte('{')
		for i, e := range x.Entries() {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(e.Key)
			b.WriteByte('=')
			writeJava(b, e.Value)
		}
		b.WriteByte('}')
	}
}

// javaNumber renders a number as Java's Integer, Long or Double toString
// does: "1.5", "100.0", "1.0E7", "1.234E-5".
func javaNumber(n Number) string {
	switch JavaClass(n) {
	case "Integer", "Long":
		i, _ := strconv.ParseInt(string(n), 10, 64)
		return strconv.FormatInt(i, 10)
	case "BigInteger":
		return string(n)
	}
	f, ok := n.Float()
	if !ok {
		return string(n)
	}
	switch {
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		if math.Signbit(f) {
			return "-0.0"
		}
		return "0.0"
	}
	if a := math.Abs(f); a >= 1e-3 && a < 1e7 {
		s := strconv.FormatFloat(f, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	// Scientific: a mantissa with at least one fraction digit, "E", and an
	// exponent without sign padding.
	s := strconv.FormatFloat(f, 'E', -1, 64)
	mant, exp, _ := strings.Cut(s, "E")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	e, _ := strconv.Atoi(exp)
	return mant + "E" + strconv.Itoa(e)
}

// Text renders a scalar as written in the test file: strings as they are,
// numbers as their literal, booleans as true/false, null as empty. Arrays
// and objects render as JSON. Request parameters and headers use it.
func Text(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case Number:
		return string(x)
	case bool:
		return strconv.FormatBool(x)
	default:
		b, err := EncodeJSON(v)
		if err != nil {
			return Short(v)
		}
		return string(b)
	}
}
