package aggs

import (
	"math"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// KeyKind tells which value a Key holds.
type KeyKind uint8

// The kinds of bucket keys.
const (
	KeyNull   KeyKind = iota // a composite source's missing bucket
	KeyString                // keyword and ip terms
	KeyLong                  // long, integer, boolean (1/0) and date terms
	KeyDouble                // double and float terms
	KeyBool                  // composite keys of boolean fields
)

// Key is a bucket key as the server sent it: a string, a long, a double, a
// boolean or null. Terms buckets of a keyword field have string keys, of a
// long or date field long keys, of a double field double keys.
type Key struct {
	kind KeyKind
	s    string
	n    uint64 // the int64 or the float64 bits
}

// StringKey returns a string key.
func StringKey(s string) Key { return Key{kind: KeyString, s: s} }

// LongKey returns a long key.
func LongKey(n int64) Key { return Key{kind: KeyLong, n: uint64(n)} }

// DoubleKey returns a double key.
func DoubleKey(f float64) Key { return Key{kind: KeyDouble, n: math.Float64bits(f)} }

// BoolKey returns a boolean key.
func BoolKey(b bool) Key {
	if b {
		return Key{kind: KeyBool, n: 1}
	}
	return Key{kind: KeyBool}
}

// Kind returns the kind of value the key holds.
func (k Key) Kind() KeyKind { return k.kind }

// IsNull reports whether the key is null.
func (k Key) IsNull() bool { return k.kind == KeyNull }

// AsString returns a string key's value.
func (k Key) AsString() (string, bool) { return k.s, k.kind == KeyString }

// AsInt64 returns a long key's value.
func (k Key) AsInt64() (int64, bool) { return int64(k.n), k.kind == KeyLong }

// AsFloat64 returns a double key's value, or a long key's converted.
func (k Key) AsFloat64() (float64, bool) {
	switch k.kind {
	case KeyDouble:
		return math.Float64frombits(k.n), true
	case KeyLong:
		return float64(int64(k.n)), true
	}
	return 0, false
}

// AsBool returns a boolean key's value.
func (k Key) AsBool() (bool, bool) { return k.n == 1, k.kind == KeyBool }

// String returns the key as text: the string itself, or the number or
// boolean in Go's shortest form; "" for null.
func (k Key) String() string {
	switch k.kind {
	case KeyString:
		return k.s
	case KeyLong:
		return strconv.FormatInt(int64(k.n), 10)
	case KeyDouble:
		return strconv.FormatFloat(math.Float64frombits(k.n), 'g', -1, 64)
	case KeyBool:
		return strconv.FormatBool(k.n == 1)
	}
	return ""
}

// MarshalJSON writes the key back as the JSON value it was, so a composite
// AfterKey can be sent as the next request's after.
func (k Key) MarshalJSON() ([]byte, error) {
	switch k.kind {
	case KeyString:
		return jsonx.Marshal(k.s)
	case KeyLong, KeyBool:
		return []byte(k.String()), nil
	case KeyDouble:
		f := math.Float64frombits(k.n)
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return jsonx.Marshal(k.String())
		}
		b := strconv.AppendFloat(nil, f, 'g', -1, 64)
		return b, nil
	}
	return []byte("null"), nil
}
