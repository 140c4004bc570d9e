package taskdesc

import (
	"errors"
	"math"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// errUnprintable marks an option value the search parser would refuse: the
// describer then prints the body as sent.
var errUnprintable = errors.New("taskdesc: value the parser refuses")

// intOf reads an integer option as the search parser does: a number
// (truncated) or a string holding one.
func intOf(m *xcontent.Member) (int, error) {
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
			return 0, errUnprintable
		}
		return n, nil
	}
	return 0, errUnprintable
}

// boolOf reads a boolean option: true, false or their strings.
func boolOf(m *xcontent.Member) (bool, error) {
	v := &m.Value
	switch {
	case v.Kind == xcontent.Bool:
		return v.Bool, nil
	case v.Kind == xcontent.String && (v.Str == "true" || v.Str == "false"):
		return v.Str == "true", nil
	}
	return false, errUnprintable
}

// slice is a parsed "slice" option (SliceBuilder).
type slice struct {
	Field   string
	ID, Max int
}

// sliceOf reads "slice" as SliceBuilder does: field (_id unless given), id
// >= 0 and max > 1 and > id, all given; any other key or value refused.
func sliceOf(v *xcontent.Value) (*slice, error) {
	if v.Kind != xcontent.Object {
		return nil, errUnprintable
	}
	s := &slice{Field: "_id", ID: -1, Max: -1}
	for i := range v.Members {
		m := &v.Members[i]
		val := &m.Value
		switch m.Key {
		case "field":
			if val.Kind != xcontent.String || val.Str == "" {
				return nil, errUnprintable
			}
			s.Field = val.Str
		case "id", "max":
			n, ok := sliceInt(val)
			if !ok {
				return nil, errUnprintable
			}
			if m.Key == "id" {
				if n < 0 || (s.Max != -1 && n >= s.Max) {
					return nil, errUnprintable
				}
				s.ID = n
			} else {
				if n <= 1 || (s.ID != -1 && s.ID >= n) {
					return nil, errUnprintable
				}
				s.Max = n
			}
		default:
			return nil, errUnprintable
		}
	}
	if s.ID == -1 || s.Max == -1 {
		return nil, errUnprintable
	}
	return s, nil
}

// sliceInt reads an int as the parser's intValue does: numbers (a
// fraction truncated) and numeric strings, within Java's int range.
func sliceInt(v *xcontent.Value) (int, bool) {
	switch v.Kind {
	case xcontent.Number:
		if n, ok := v.Int64(); ok {
			return int(n), n >= math.MinInt32 && n <= math.MaxInt32
		}
		f, _ := v.Float64()
		return int(f), f >= math.MinInt32 && f <= math.MaxInt32
	case xcontent.String:
		n, err := strconv.ParseInt(v.Str, 10, 32)
		return int(n), err == nil
	}
	return 0, false
}
