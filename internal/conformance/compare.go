package conformance

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Equal reports deep equality: numbers compare by exact value (1 equals 1.0,
// never "1"), maps ignore key order, lists compare element by element.
func Equal(a, b any) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case string:
		y, ok := b.(string)
		return ok && x == y
	case Number:
		y, ok := b.(Number)
		return ok && NumberCompare(x, y) == 0
	case []any, *Map:
		return containersEqual(a, b, Equal)
	}
	return false
}

// containersEqual compares two lists item by item, or two maps key by key
// whatever their key order, with eq; a is a []any or a *Map.
func containersEqual(a, b any, eq func(x, y any) bool) bool {
	switch x := a.(type) {
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !eq(x[i], y[i]) {
				return false
			}
		}
		return true
	case *Map:
		y, ok := b.(*Map)
		if !ok || x.Len() != y.Len() {
			return false
		}
		for _, e := range x.Entries() {
			v, ok := y.Get(e.Key)
			if !ok || !eq(e.Value, v) {
				return false
			}
		}
		return true
	}
	return false
}

// NumberCompare orders two numbers by exact value: -1, 0 or +1. Text that is
// not a number orders as its string.
func NumberCompare(a, b Number) int {
	ra, okA := a.Rat()
	rb, okB := b.Rat()
	if !okA || !okB {
		switch {
		case a < b:
			return -1
		case a > b:
			return 1
		}
		return 0
	}
	return ra.Cmp(rb)
}

// Subset compares an expected payload with an actual one the way the
// api-spec test tool does: every expected key must exist with an equal value,
// extra actual keys are ignored, and arrays compare by position with extra
// trailing actual elements ignored. It returns one line per difference.
func Subset(expected, actual any) []string {
	var diffs []string
	subset(expected, actual, "", &diffs)
	return diffs
}

func subset(expected, actual any, at string, diffs *[]string) {
	where := at
	if where == "" {
		where = "(root)"
	}
	switch x := expected.(type) {
	case *Map:
		y, ok := actual.(*Map)
		if !ok {
			*diffs = append(*diffs, fmt.Sprintf("%s: expected an object, got %s", where, Short(actual)))
			return
		}
		for _, e := range x.Entries() {
			v, ok := y.Get(e.Key)
			if !ok {
				*diffs = append(*diffs, fmt.Sprintf("%s: missing", join(at, e.Key)))
				continue
			}
			subset(e.Value, v, join(at, e.Key), diffs)
		}
	case []any:
		y, ok := actual.([]any)
		if !ok {
			*diffs = append(*diffs, fmt.Sprintf("%s: expected an array, got %s", where, Short(actual)))
			return
		}
		for i, e := range x {
			if i >= len(y) {
				*diffs = append(*diffs, fmt.Sprintf("%s: missing", join(at, strconv.Itoa(i))))
				continue
			}
			subset(e, y[i], join(at, strconv.Itoa(i)), diffs)
		}
	default:
		if !Equal(expected, actual) {
			*diffs = append(*diffs, fmt.Sprintf("%s: expected %s, got %s", where, Short(expected), Short(actual)))
		}
	}
}

func join(at, key string) string {
	if at == "" {
		return key
	}
	return at + "." + key
}

// Short renders a value as JSON for messages, cut to a readable length.
func Short(v any) string {
	b, err := EncodeJSON(v)
	if err != nil {
		return fmt.Sprintf("%v", v)
	}
	const limit = 300
	if len(b) > limit {
		return string(b[:limit]) + "…"
	}
	return string(b)
}

// JavaClass names the Java type the reference runner's parsers give a JSON
// or YAML number: Integer or Long for integers that fit, BigInteger beyond,
// Double for anything with a fraction or exponent.
func JavaClass(n Number) string {
	s := string(n)
	if strings.ContainsAny(s, ".eE") {
		return "Double"
	}
	if _, err := strconv.ParseInt(s, 10, 32); err == nil {
		return "Integer"
	}
	if _, err := strconv.ParseInt(s, 10, 64); err == nil {
		return "Long"
	}
	return "BigInteger"
}

// JavaEqual is Java's equals on the parsed values, as the reference runner
// applies it inside objects and arrays: numbers are equal only when they
// have the same Java class and value (1 never equals 1.0 there).
func JavaEqual(a, b any) bool {
	switch x := a.(type) {
	case Number:
		y, ok := b.(Number)
		if !ok || JavaClass(x) != JavaClass(y) {
			return false
		}
		if JavaClass(x) == "Double" {
			// Double.equals compares the parsed doubles' bits: two texts of
			// one double (1223372036854775800.23 and 1.2233720368547758E18)
			// are equal.
			xf, ok1 := x.Float()
			yf, ok2 := y.Float()
			return ok1 && ok2 && math.Float64bits(xf) == math.Float64bits(yf)
		}
		return NumberCompare(x, y) == 0
	case []any, *Map:
		return containersEqual(a, b, JavaEqual)
	}
	return Equal(a, b)
}

// Float returns the number as the nearest float64 (Java's doubleValue).
func (n Number) Float() (float64, bool) {
	f, err := strconv.ParseFloat(string(n), 64)
	return f, err == nil || errors.Is(err, strconv.ErrRange)
}
