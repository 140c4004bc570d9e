package notify

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// The JSON reader is internal/engine/xcontent (token locations, duplicate
// keys rejected, Jackson's messages). The helpers below mirror the
// XContentParser accessors the plugin's model parsers call, with their
// errors.

// parseJSON parses a request body; its errors become ours.
func parseJSON(data []byte) (*xcontent.Value, *Error) {
	v, err := xcontent.Parse(data)
	if err != nil {
		var xe *xcontent.Error
		if errors.As(err, &xe) {
			return nil, fromXContent(xe)
		}
		return nil, &Error{Status: 400, Type: "parse_exception", Reason: err.Error()}
	}
	return v, nil
}

func fromXContent(xe *xcontent.Error) *Error {
	if xe == nil {
		return nil
	}
	status := xe.Status
	if status == 0 {
		status = 400
	}
	return &Error{Status: status, Type: xe.Type, Reason: xe.Reason, Line: xe.Line, Col: xe.Col, Cause: fromXContent(xe.CausedBy)}
}

// where is XContentLocation's "L:C".
func where(v *xcontent.Value) string {
	return strconv.Itoa(v.Line) + ":" + strconv.Itoa(v.Col)
}

// expect is XContentParserUtils.ensureExpectedToken.
func expect(v *xcontent.Value, k xcontent.Kind) *Error {
	if v.Kind == k {
		return nil
	}
	want := (&xcontent.Value{Kind: k}).Token()
	return parsingErr(fmt.Sprintf("Failed to parse object: expecting token of type [%s] but found [%s]",
		want, v.Token()), v.Line, v.Col)
}

// textValue is parser.text(): scalars other than null give their text.
func textValue(v *xcontent.Value) (string, *Error) {
	switch v.Kind {
	case xcontent.String, xcontent.Number, xcontent.Bool:
		return v.Text(), nil
	}
	return "", illegalState("Can't get text on a " + v.Token() + " at " + where(v))
}

// textOrNull is parser.textOrNull().
func textOrNull(v *xcontent.Value) (*string, *Error) {
	if v.Kind == xcontent.Null {
		return nil, nil
	}
	s, err := textValue(v)
	if err != nil {
		return nil, err
	}
	return &s, nil
}

// jacksonToken is the Jackson JsonToken name used in its own exceptions.
func jacksonToken(v *xcontent.Value) string {
	switch v.Kind {
	case xcontent.Number:
		if v.IsInteger() {
			return "VALUE_NUMBER_INT"
		}
		return "VALUE_NUMBER_FLOAT"
	case xcontent.Bool:
		if v.Bool {
			return "VALUE_TRUE"
		}
		return "VALUE_FALSE"
	}
	return v.Token()
}

// boolValue is parser.booleanValue(): strings must be "true" or "false".
func boolValue(v *xcontent.Value) (bool, *Error) {
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
	return false, &Error{Status: 400, Type: "json_parse_exception",
		Reason: "Current token (" + jacksonToken(v) + ") not of boolean type"}
}

// intValue is parser.intValue() with coercion: numeric strings and
// fractions are accepted and truncated.
func intValue(v *xcontent.Value) (int, *Error) {
	outOfRange := &Error{Status: 400, Type: "input_coercion_exception",
		Reason: "Numeric value (" + v.Str + ") out of range of int (-2147483648 - 2147483647)"}
	switch v.Kind {
	case xcontent.String:
		if v.Str == "" {
			return 0, &Error{Status: 400, Type: "number_format_exception", Reason: "empty String"}
		}
		f, err := strconv.ParseFloat(v.Str, 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return 0, &Error{Status: 400, Type: "number_format_exception", Reason: `For input string: "` + v.Str + `"`}
		}
		if f < -2147483648 || f >= 2147483648 {
			return 0, illegalArgument("Value [" + v.Str + "] is out of range for an integer")
		}
		return int(f), nil
	case xcontent.Number:
		if v.IsInteger() {
			n, err := strconv.ParseInt(v.Str, 10, 32)
			if err != nil {
				return 0, outOfRange
			}
			return int(n), nil
		}
		f, _ := v.Float64()
		if f < -2147483648 || f >= 2147483648 {
			return 0, outOfRange
		}
		return int(f), nil
	}
	return 0, &Error{Status: 400, Type: "json_parse_exception",
		Reason: "Current token (" + jacksonToken(v) + ") not numeric, can not use numeric value accessors"}
}

// stringList is common-utils' XContentParser.stringList().
func stringList(v *xcontent.Value) ([]string, *Error) {
	if err := expect(v, xcontent.Array); err != nil {
		return nil, err
	}
	out := make([]string, 0, len(v.Items))
	for i := range v.Items {
		s, err := textValue(&v.Items[i])
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}
