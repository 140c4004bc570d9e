package search

import (
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// This file holds the readers the parsers of a search body's sections
// share: SearchSourceBuilder's field parsers and their errors.

// BodyInt reads an integer member: a number (a fraction truncated) or a
// string holding one; anything else is the parsing_exception of an unknown
// key.
func BodyInt(m *xcontent.Member) (int, error) {
	v := &m.Value
	switch v.Kind {
	case xcontent.Number:
		if n, ok := v.Int64(); ok {
			return int(n), nil
		}
		f, _ := v.Float64()
		return int(f), nil
	case xcontent.String:
		n, err := strconv.Atoi(v.Str)
		if err != nil {
			return 0, apierr.New(apierr.TypeXContentParse, xcontent.Loc(v.Line, v.Col)+" ["+m.Key+"] failed to parse field ["+m.Key+"]")
		}
		return n, nil
	}
	return 0, UnknownKey(m)
}

// BodyBool reads a boolean member: true, false or their strings.
func BodyBool(m *xcontent.Member) (bool, error) {
	v := &m.Value
	switch {
	case v.Kind == xcontent.Bool:
		return v.Bool, nil
	case v.Kind == xcontent.String && (v.Str == "true" || v.Str == "false"):
		return v.Str == "true", nil
	}
	return false, UnknownKey(m)
}

// UnknownKey is the parsing_exception of a member the section does not
// know (or of a value of the wrong kind), at the value's location.
func UnknownKey(m *xcontent.Member) *apierr.Error {
	return &apierr.Error{Status: 400, Type: apierr.TypeParsing, Reason: "Unknown key for a " + m.Value.Token() + " in [" + m.Key + "].",
		Meta: []apierr.Meta{{Key: "line", Value: m.Value.Line}, {Key: "col", Value: m.Value.Col}}}
}

// SetOrder sets the direction from a sort's "order" (SortOrder.fromString:
// asc or desc in any case).
func (s *Sort) SetOrder(order string) error {
	switch strings.ToLower(order) {
	case "asc":
		s.Desc = false
	case "desc":
		s.Desc = true
	default:
		return apierr.IllegalArgument("Unknown SortOrder [%s]", order)
	}
	return nil
}

// xerr converts a body parse error of the xcontent package into the API
// error; other errors pass through.
func xerr(err error) error {
	if xe, ok := err.(*xcontent.Error); ok {
		return apierr.FromXContent(xe)
	}
	return err
}
