package painless

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/javafmt"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonscan"
)

// FromGo converts a decoded JSON value into the interpreter's representation. It accepts
// what encoding/json (with or without UseNumber) and friends produce: map[string]any
// (keys sorted, since a Go map has no order), []any, string, bool, nil, json.Number,
// float64/float32 (Double/Float), and Go integers (Integer when they fit in 32 bits,
// otherwise Long, as Jackson parses them). Values already native (*Map, *List, ...) are
// returned as they are. A json.Number is classified as Jackson would: Integer, Long, or
// Double when it has a fraction or exponent.
func FromGo(v any) (any, error) {
	switch x := v.(type) {
	case nil, bool, string, int32, int64, float64, float32, *Map, *List, *Set, *Entry, *Date,
		*Instant, *ZonedDateTime, *big.Int, *DocLookup:
		return v, nil
	case int:
		return intValue(int64(x)), nil
	case int8:
		return int32(x), nil
	case int16:
		return int32(x), nil
	case uint8:
		return int32(x), nil
	case uint16:
		return int32(x), nil
	case uint32:
		return intValue(int64(x)), nil
	case uint:
		if uint64(x) > math.MaxInt64 {
			return new(big.Int).SetUint64(uint64(x)), nil
		}
		return intValue(int64(x)), nil
	case uint64:
		if x > math.MaxInt64 {
			return new(big.Int).SetUint64(x), nil
		}
		return intValue(int64(x)), nil
	case json.Number:
		return parseJSONNumber(string(x))
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		m := newHashMap(len(x))
		for _, k := range keys {
			cv, err := FromGo(x[k])
			if err != nil {
				return nil, err
			}
			m.Set(k, cv)
		}
		return m, nil
	case []any:
		items := make([]any, len(x))
		for i, e := range x {
			cv, err := FromGo(e)
			if err != nil {
				return nil, err
			}
			items[i] = cv
		}
		return &List{Items: items}, nil
	case []string:
		items := make([]any, len(x))
		for i, e := range x {
			items[i] = e
		}
		return &List{Items: items}, nil
	case map[string]string:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		m := newHashMap(len(x))
		for _, k := range keys {
			m.Set(k, x[k])
		}
		return m, nil
	}
	return nil, fmt.Errorf("painless: cannot use a Go value of type %T as a script value", v)
}

// intValue narrows to Integer when the value fits, as Jackson does for JSON integers.
func intValue(n int64) any {
	if n >= math.MinInt32 && n <= math.MaxInt32 {
		return int32(n)
	}
	return n
}

func parseJSONNumber(s string) (any, error) {
	if strings.ContainsAny(s, ".eE") {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return nil, fmt.Errorf("painless: bad number %q", s)
		}
		return f, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		if b, ok := new(big.Int).SetString(s, 10); ok && errors.Is(err, strconv.ErrRange) {
			return b, nil // a BigInteger, as Jackson reads integers beyond 64 bits
		}
		return nil, fmt.Errorf("painless: bad number %q", s)
	}
	return intValue(n), nil
}

// ToGo converts a native value back to plain Go: *Map → map[string]any (non-string keys
// become their Java string form), *List and *Set → []any; Integer, Long, Float and Double
// stay int32, int64, float32 and float64; Byte and Short become int32, a Character its
// one-character string. Use AppendJSON to render exactly as OpenSearch
// does (key order, "20.0").
func ToGo(v any) any {
	switch x := v.(type) {
	case *Map:
		out := make(map[string]any, x.Len())
		for i, k := range x.keys { // a Go map has no order to keep
			ks, ok := k.(string)
			if !ok {
				ks = javaString(k)
			}
			out[ks] = ToGo(x.vals[i])
		}
		return out
	case *List:
		out := make([]any, len(x.Items))
		for i, e := range x.Items {
			out[i] = ToGo(e)
		}
		return out
	case *Set:
		items := x.iter()
		out := make([]any, len(items))
		for i, e := range items {
			out[i] = ToGo(e)
		}
		return out
	case *Entry:
		return map[string]any{javaString(x.key): ToGo(x.Value())}
	case *Date:
		return x.ISO()
	case *Instant:
		return x.xcontent()
	case *ZonedDateTime:
		return x.xcontent()
	case *closure, *javaThrowable:
		return javaString(v)
	case javaByte, javaShort:
		return int32(toInt64(x)) // a JSON number, as a Byte or Short is written
	case javaChar:
		return charString(x)
	}
	return v
}

// ParseJSON decodes one JSON document into native values, objects as LinkedHashMaps that
// keep key order, numbers classified as Jackson does (see FromGo). It is how _update
// reads a stored _source: the script sees and writes back the order OpenSearch keeps.
func ParseJSON(data []byte) (any, error) { return parseJSON(data, false) }

// ParseJSONHashMap decodes like ParseJSON but makes every object a java.util.HashMap, as
// OpenSearch parses _update_by_query and _reindex sources and script params: iteration
// and the JSON written back follow Java's HashMap order, not the document's.
func ParseJSONHashMap(data []byte) (any, error) { return parseJSON(data, true) }

func parseJSON(data []byte, hashed bool) (any, error) {
	p := &jsonParser{s: jsonscan.New(data, false), hashed: hashed}
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	if e := p.s.Finish(); e != nil {
		return nil, jsonError(e)
	}
	return v, nil
}

const maxJSONDepth = 1000

// EncodeJSON renders v with AppendJSON after checking that it can be written: a script
// can store a map inside itself (`ctx._source.ctx = ctx`), which is OpenSearch's
// illegal_argument_exception "Iterable object is self-referencing itself", and nesting
// deeper than Jackson's limit of 1000 levels fails too.
func EncodeJSON(v any) ([]byte, error) {
	if err := checkEncodable(v); err != nil {
		return nil, err
	}
	return AppendJSON(nil, v), nil
}

// maxNestingDepth is Jackson's default StreamWriteConstraints nesting limit.
const maxNestingDepth = 1000

func checkEncodable(v any) error {
	var odd any
	switch unwritable(v, map[any]bool{}, 0, &odd) {
	case cyclic:
		return illegalArgument("Iterable object is self-referencing itself")
	case tooDeep:
		return illegalArgument("[fake] document nesting depth exceeds the maximum allowed (1000)")
	case unknownValue:
		// XContentBuilder has no writer for lambdas, streams, Optional or Map.Entry
		return illegalArgument("cannot write xcontent for unknown value of type class " + className(odd))
	}
	return nil
}

const (
	writable = iota
	cyclic
	tooDeep
	unknownValue
)

// unwritable finds a container that reappears below itself on the path from the root
// (the same map reached twice through different paths is fine, as in OpenSearch) or
// nesting deeper than maxNestingDepth.
func unwritable(v any, path map[any]bool, depth int, odd *any) int {
	var children []any
	switch x := v.(type) {
	case *closure, *methodRef, *stream, *optional, *collector, *Entry, *javaThrowable, *ZoneId, javaChar:
		// (XContentBuilder writes Byte and Short, but has no writer for Character.)
		*odd = v
		return unknownValue
	case *Map:
		children = x.vals
	case *List:
		children = x.Items
	case *Set:
		children = x.items
	case []any:
		children = x
	case map[string]any:
		if depth > maxNestingDepth {
			return tooDeep
		}
		for _, c := range x {
			if r := unwritable(c, path, depth+1, odd); r != writable {
				return r
			}
		}
		return writable
	default:
		return writable
	}
	if _, isSlice := v.([]any); !isSlice { // slices are not comparable, and a plain slice cannot hold itself
		if path[v] {
			return cyclic
		}
		path[v] = true
		defer delete(path, v)
	}
	if depth > maxNestingDepth {
		return tooDeep
	}
	for _, c := range children {
		if r := unwritable(c, path, depth+1, odd); r != writable {
			return r
		}
	}
	return writable
}

// AppendJSON appends v as JSON the way OpenSearch writes a script-modified _source (v
// must be acyclic: use EncodeJSON on what a script produced): map keys in order (plain Go maps sorted), Integer and Long as integers, Double and Float in
// Java's Double.toString form ("20.0", "1.0E10"), NaN and infinities as strings (as
// Jackson quotes non-numeric numbers).
func AppendJSON(dst []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(dst, "null"...)
	case bool:
		return strconv.AppendBool(dst, x)
	case int32:
		return strconv.AppendInt(dst, int64(x), 10)
	case int64:
		return strconv.AppendInt(dst, x, 10)
	case int:
		return strconv.AppendInt(dst, int64(x), 10)
	case javaByte:
		return strconv.AppendInt(dst, int64(x), 10)
	case javaShort:
		return strconv.AppendInt(dst, int64(x), 10)
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return jsonout.AppendString(dst, formatDouble(x))
		}
		return append(dst, formatDouble(x)...)
	case float32:
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return jsonout.AppendString(dst, formatFloat(x))
		}
		return append(dst, formatFloat(x)...)
	case json.Number:
		return append(dst, x...)
	case *big.Int:
		return x.Append(dst, 10)
	case string:
		return jsonout.AppendString(dst, x)
	case *Map:
		keys, vals := x.iter()
		dst = append(dst, '{')
		for i, k := range keys {
			if i > 0 {
				dst = append(dst, ',')
			}
			ks, ok := k.(string)
			if !ok {
				ks = javaString(k)
			}
			dst = jsonout.AppendString(dst, ks)
			dst = append(dst, ':')
			dst = AppendJSON(dst, vals[i])
		}
		return append(dst, '}')
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		dst = append(dst, '{')
		for i, k := range keys {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = jsonout.AppendString(dst, k)
			dst = append(dst, ':')
			dst = AppendJSON(dst, x[k])
		}
		return append(dst, '}')
	case *List:
		return appendJSONArray(dst, x.Items)
	case []any:
		return appendJSONArray(dst, x)
	case *Set:
		return appendJSONArray(dst, x.iter())
	case *Date:
		return jsonout.AppendString(dst, x.ISO())
	case *Instant:
		return jsonout.AppendString(dst, x.xcontent())
	case *ZonedDateTime:
		return jsonout.AppendString(dst, x.xcontent())
	}
	return jsonout.AppendString(dst, javaString(v))
}

func appendJSONArray(dst []byte, items []any) []byte {
	dst = append(dst, '[')
	for i, e := range items {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = AppendJSON(dst, e)
	}
	return append(dst, ']')
}

// formatDouble renders a double as Java's Double.toString does (shortest digits that
// round-trip, as JDK 19+ prints them).
func formatDouble(f float64) string { return javafmt.Double(f) }

// formatFloat renders a float as Java's Float.toString does.
func formatFloat(f float32) string { return javafmt.Float(float64(f), 32) }
