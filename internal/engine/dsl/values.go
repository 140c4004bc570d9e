package dsl

import (
	"math"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// This file reads option values the way OpenSearch's XContentParser accessors
// do (floatValue, intValue, booleanValue, text), with their failures.

// numberFormat is Java's NumberFormatException (400 in OpenSearch).
func numberFormat(s string) *Error {
	if strings.TrimFunc(s, isJavaSpace) == "" {
		return &Error{Type: "number_format_exception", Reason: "empty String", Status: 400}
	}
	return &Error{Type: "number_format_exception", Reason: `For input string: "` + s + `"`, Status: 400}
}

// intFormat is the NumberFormatException of Integer.parseInt.
func intFormat(s string) *Error {
	return &Error{Type: "number_format_exception", Reason: `For input string: "` + s + `"`, Status: 400}
}

func isJavaSpace(r rune) bool { return r <= ' ' }

// jacksonTokenName is Jackson's own token name, which its messages print.
func jacksonTokenName(v *xcontent.Value) string {
	switch v.Kind {
	case xcontent.Null:
		return "VALUE_NULL"
	case xcontent.Bool:
		if v.Bool {
			return "VALUE_TRUE"
		}
		return "VALUE_FALSE"
	case xcontent.Number:
		if v.IsInteger() {
			return "VALUE_NUMBER_INT"
		}
		return "VALUE_NUMBER_FLOAT"
	case xcontent.String:
		return "VALUE_STRING"
	case xcontent.Object:
		return "START_OBJECT"
	}
	return "START_ARRAY"
}

func notNumeric(v *xcontent.Value) *Error {
	return jacksonError("json_parse_exception", "Current token ("+jacksonTokenName(v)+") not numeric, can not use numeric value accessors", v)
}

// javaFloat parses s as Java's Double.parseDouble does: surrounding control
// characters and spaces trimmed, an optional f/F/d/D suffix, NaN, Infinity.
func javaFloat(s string) (float64, bool) {
	t := strings.TrimFunc(s, isJavaSpace)
	if t == "" {
		return 0, false
	}
	body := t
	if c := body[0]; c == '+' || c == '-' {
		body = body[1:]
	}
	if body == "NaN" || body == "Infinity" {
		f, _ := strconv.ParseFloat(t, 64)
		return f, true
	}
	if n := len(body); n > 1 && strings.ContainsRune("fFdD", rune(body[n-1])) {
		t = t[:len(t)-1]
		body = body[:n-1]
	}
	if strings.HasPrefix(body, "0x") || strings.HasPrefix(body, "0X") {
		if !strings.ContainsAny(body, "pP") {
			return 0, false
		}
	} else {
		// Only digits, one point and an exponent: Go also takes "inf",
		// underscores and the like, which Java rejects.
		for i := 0; i < len(body); i++ {
			c := body[i]
			if !(c >= '0' && c <= '9' || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
				return 0, false
			}
		}
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return f, true
		}
		return 0, false
	}
	return f, true
}

// floatValue is XContentParser.floatValue(): numbers as they are, strings
// parsed by Float.parseFloat.
func floatValueRaw(v *xcontent.Value) (float32, *Error) {
	switch v.Kind {
	case xcontent.Number:
		f, _ := v.Float64()
		return float32(f), nil
	case xcontent.String:
		f, ok := javaFloat(v.Str)
		if !ok {
			return 0, numberFormat(v.Str)
		}
		return float32(f), nil
	}
	return 0, notNumeric(v)
}

// doubleValue is XContentParser.doubleValue().
func doubleValueRaw(v *xcontent.Value) (float64, *Error) {
	switch v.Kind {
	case xcontent.Number:
		f, _ := v.Float64()
		return f, nil
	case xcontent.String:
		f, ok := javaFloat(v.Str)
		if !ok {
			return 0, numberFormat(v.Str)
		}
		return f, nil
	}
	return 0, notNumeric(v)
}

// intValue is XContentParser.intValue(): integral numbers must fit an int;
// decimals are truncated; strings are parsed as doubles, range checked and
// truncated.
func intValueRaw(v *xcontent.Value) (int, *Error) {
	switch v.Kind {
	case xcontent.Number:
		f, _ := v.Float64()
		if v.IsInteger() {
			n, ok := v.Int64()
			if !ok || n < math.MinInt32 || n > math.MaxInt32 {
				return 0, intOverflow(v)
			}
			return int(n), nil
		}
		if f < math.MinInt32 || f > math.MaxInt32 || math.IsNaN(f) {
			return 0, intOverflow(v)
		}
		return int(f), nil
	case xcontent.String:
		f, ok := javaFloat(v.Str)
		if !ok {
			return 0, numberFormat(v.Str)
		}
		if f < math.MinInt32 || f > math.MaxInt32 {
			return 0, illegalArgument("Value [" + v.Str + "] is out of range for an integer")
		}
		return int(f), nil
	}
	return 0, notNumeric(v)
}

// boolValue is XContentParser.booleanValue(): true/false, or exactly the
// strings "true" and "false".
func boolValueRaw(v *xcontent.Value) (bool, *Error) {
	switch v.Kind {
	case xcontent.Bool:
		return v.Bool, nil
	case xcontent.String:
		switch v.Str {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
		return false, illegalArgument("Failed to parse value [" + v.Str + "] as only [true] or [false] are allowed.")
	}
	return false, jacksonError("json_parse_exception", "Current token ("+jacksonTokenName(v)+") not of boolean type", v)
}

// textOrNull is XContentParser.textOrNull(): "" and false for null.
func textOrNull(v *xcontent.Value) (string, bool) {
	if v.Kind == xcontent.Null {
		return "", false
	}
	return v.Text(), true
}

// intOverflow is Jackson's InputCoercionException for an int that does not
// fit; OpenSearch 2.x answers it with 500 (3.1 and later with 400).
func intOverflow(v *xcontent.Value) *Error {
	e := jacksonError("input_coercion_exception", "Numeric value ("+v.Str+") out of range of int (-2147483648 - 2147483647)", v)
	e.Status = 500
	return e
}

// The accessors as the parsers use them: a failure records that the parser
// stood on the value, for the wrappers that report where parsing stopped.

func floatValue(v *xcontent.Value) (float32, *Error) {
	f, err := floatValueRaw(v)
	return f, located(err, v)
}

func doubleValue(v *xcontent.Value) (float64, *Error) {
	f, err := doubleValueRaw(v)
	return f, located(err, v)
}

func intValue(v *xcontent.Value) (int, *Error) {
	n, err := intValueRaw(v)
	return n, located(err, v)
}

func boolValue(v *xcontent.Value) (bool, *Error) {
	b, err := boolValueRaw(v)
	return b, located(err, v)
}

// located records v as the parser position of err (if err has none).
func located(err *Error, v *xcontent.Value) *Error {
	if err != nil {
		if line, _ := err.Pos(); line == 0 {
			err.At(v.Line, v.Col)
		}
	}
	return err
}
