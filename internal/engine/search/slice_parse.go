package search

import (
	"math"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// ParseSlice is SliceBuilder's ObjectParser: field, id and max, each setter
// validating as it goes (so the order of the keys decides which check
// fails).
func ParseSlice(v *xcontent.Value) (*Slice, error) {
	if v.Kind != xcontent.Object {
		return nil, apierr.New(apierr.TypeXContentParse, xcontent.Loc(v.Line, v.Col)+" [slice] Expected START_OBJECT but was: "+v.Token())
	}
	s := &Slice{Field: "_id", ID: -1, Max: -1}
	for i := range v.Members {
		m := &v.Members[i]
		val := &m.Value
		failed := func(reason string) error {
			return apierr.New(apierr.TypeXContentParse, xcontent.Loc(val.Line, val.Col)+" [slice] failed to parse field ["+m.Key+"]").
				WithCause(apierr.IllegalArgument("%s", reason))
		}
		switch m.Key {
		case "field":
			if val.Kind != xcontent.String {
				return nil, apierr.New(apierr.TypeXContentParse, xcontent.Loc(val.Line, val.Col)+" [slice] field doesn't support values of type: "+val.Token())
			}
			if val.Str == "" {
				return nil, failed("field name is null or empty")
			}
			s.Field = val.Str
		case "id", "max":
			n, ok := sliceInt(val)
			if !ok {
				return nil, apierr.New(apierr.TypeXContentParse, xcontent.Loc(val.Line, val.Col)+" [slice] failed to parse field ["+m.Key+"]")
			}
			if m.Key == "id" {
				switch {
				case n < 0:
					return nil, failed("id must be greater than or equal to 0")
				case s.Max != -1 && n >= s.Max:
					return nil, failed("max must be greater than id")
				}
				s.ID = n
			} else {
				switch {
				case n <= 1:
					return nil, failed("max must be greater than 1")
				case s.ID != -1 && s.ID >= n:
					return nil, failed("max must be greater than id")
				}
				s.Max = n
			}
		default:
			return nil, apierr.New(apierr.TypeXContentParse, xcontent.Loc(m.Line, m.Col)+" [slice] unknown field ["+m.Key+"]")
		}
	}
	if s.ID == -1 || s.Max == -1 {
		return nil, apierr.Unsupported("a [slice] without both [id] and [max]")
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
