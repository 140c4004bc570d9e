package mapping

import (
	"encoding/json"
	"math"
	"net/netip"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// Range field types.
const (
	TypeIntegerRange = "integer_range"
	TypeLongRange    = "long_range"
	TypeFloatRange   = "float_range"
	TypeDoubleRange  = "double_range"
	TypeDateRange    = "date_range"
	TypeIPRange      = "ip_range"
)

var rangeParams = []string{"index", "doc_values", "store", "coerce", "boost", "meta"}

// IsRange reports whether a type is one of the range types.
func IsRange(typ string) bool {
	switch typ {
	case TypeIntegerRange, TypeLongRange, TypeFloatRange, TypeDoubleRange, TypeDateRange, TypeIPRange:
		return true
	}
	return false
}

// A range value is stored as its inclusive bounds, in the order indexed, so
// a document's column holds pairs: (from, to), (from, to)...
//
//	integer_range, long_range, date_range  Longs: from, to (date_range in epoch millis)
//	float_range, double_range              Doubles: from, to
//	ip_range                               Keywords: one 32-byte value, from then to (EncodeIP each), no postings

// rangeValue parses one range ({"gte","gt","lte","lt"}, or a CIDR string
// for ip_range) and emits its bounds.
func (p *docParser) rangeValue(fld *Field, v any) *apierr.Error {
	if s, ok := v.(string); ok && fld.Type == TypeIPRange {
		lo, hi, ok := ParseCIDR(s)
		if !ok {
			return p.failField(fld, v, apierr.IllegalArgument("Expected [ip/prefix] but was [%s]", s))
		}
		p.out.Values = append(p.out.Values, Value{Field: fld, Kind: KindDocKeyword, Str: EncodeIP(lo) + EncodeIP(hi)})
		return nil
	}
	obj, ok := v.(jsonout.Object)
	if !ok {
		return p.failField(fld, v, apierr.MapperParsing("error parsing field [%s], expected an object but got %s", fld.Path, valueToken(v)))
	}
	var from, to any
	var fromIncl, toIncl = true, true
	for _, e := range obj {
		switch e.Key {
		case "gte", "gt":
			from, fromIncl = e.Value, e.Key == "gte"
		case "lte", "lt":
			to, toIncl = e.Value, e.Key == "lte"
		default:
			return p.failField(fld, v, apierr.MapperParsing("error parsing field [%s], with unknown parameter [%s]", fld.Path, e.Key))
		}
	}
	switch fld.Type {
	case TypeIntegerRange, TypeLongRange, TypeDateRange:
		lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
		if fld.Type == TypeIntegerRange {
			lo, hi = math.MinInt32, math.MaxInt32
		}
		if from != nil {
			n, err := p.rangeLong(fld, from)
			if err != nil {
				return p.failField(fld, v, err)
			}
			if lo = n; !fromIncl {
				lo++
			}
		}
		if to != nil {
			n, err := p.rangeLong(fld, to)
			if err != nil {
				return p.failField(fld, v, err)
			}
			if hi = n; !toIncl {
				hi--
			}
		}
		if lo > hi {
			return p.failField(fld, v, apierr.IllegalArgument("min value (%d) is greater than max value (%d)", lo, hi))
		}
		p.out.Values = append(p.out.Values, Value{Field: fld, Kind: KindLong, Int: lo}, Value{Field: fld, Kind: KindLong, Int: hi})
	case TypeFloatRange, TypeDoubleRange:
		lo, hi := math.Inf(-1), math.Inf(1)
		if from != nil {
			f, err := rangeDouble(fld, from)
			if err != nil {
				return p.failField(fld, v, err)
			}
			if lo = f; !fromIncl {
				lo = nextUp(fld, lo)
			}
		}
		if to != nil {
			f, err := rangeDouble(fld, to)
			if err != nil {
				return p.failField(fld, v, err)
			}
			if hi = f; !toIncl {
				hi = nextDown(fld, hi)
			}
		}
		if lo > hi {
			return p.failField(fld, v, apierr.IllegalArgument("min value (%s) is greater than max value (%s)", fmtJavaDouble(lo), fmtJavaDouble(hi)))
		}
		p.out.Values = append(p.out.Values, Value{Field: fld, Kind: KindDouble, Float: lo}, Value{Field: fld, Kind: KindDouble, Float: hi})
	case TypeIPRange:
		lo, hi := netip.IPv6Unspecified(), netip.AddrFrom16([16]byte{255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255})
		if from != nil {
			s, _ := from.(string)
			a, ok := ParseIP(s)
			if !ok {
				return p.failField(fld, v, apierr.IllegalArgument("%s", notIP(javaToString(from))))
			}
			if lo = a; !fromIncl {
				lo = netip.AddrFrom16(a.As16()).Next()
			}
		}
		if to != nil {
			s, _ := to.(string)
			a, ok := ParseIP(s)
			if !ok {
				return p.failField(fld, v, apierr.IllegalArgument("%s", notIP(javaToString(to))))
			}
			if hi = a; !toIncl {
				hi = netip.AddrFrom16(a.As16()).Prev()
			}
		}
		p.out.Values = append(p.out.Values, Value{Field: fld, Kind: KindDocKeyword, Str: EncodeIP(lo) + EncodeIP(hi)})
	}
	return nil
}

func valueToken(v any) string {
	switch v.(type) {
	case string:
		return "VALUE_STRING"
	case json.Number:
		return "VALUE_NUMBER"
	case bool:
		return "VALUE_BOOLEAN"
	case []any:
		return "START_ARRAY"
	}
	return "START_OBJECT"
}

func (p *docParser) rangeLong(fld *Field, v any) (int64, *apierr.Error) {
	text, _ := scalarText(v)
	if fld.Type == TypeDateRange {
		ms, err := ParseDate(text, fld.DateFormat())
		if err != nil {
			return 0, apierr.IllegalArgument("failed to parse date field [%s] with format [%s]", text, fld.DateFormat())
		}
		return ms, nil
	}
	typ := TypeLong
	if fld.Type == TypeIntegerRange {
		typ = TypeInteger
	}
	return parseInteger(typ, v, text)
}

func rangeDouble(fld *Field, v any) (float64, *apierr.Error) {
	text, _ := scalarText(v)
	f, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
	if _, isBool := v.(bool); err != nil || isBool {
		return 0, apierr.New(apierr.TypeNumberFormat, "For input string: \""+text+"\"")
	}
	if fld.Type == TypeFloatRange {
		f = float64(float32(f))
	}
	return f, nil
}

func nextUp(fld *Field, f float64) float64 {
	if fld.Type == TypeFloatRange {
		return float64(math.Nextafter32(float32(f), float32(math.Inf(1))))
	}
	return math.Nextafter(f, math.Inf(1))
}

func nextDown(fld *Field, f float64) float64 {
	if fld.Type == TypeFloatRange {
		return float64(math.Nextafter32(float32(f), float32(math.Inf(-1))))
	}
	return math.Nextafter(f, math.Inf(-1))
}

// RangeBounds parses one source value of a range field into its inclusive
// bounds, as indexed: lo and hi for the numeric and date types (longs in
// Int, doubles in Float), or a 32-byte encoded pair for ip_range.
func RangeBounds(fld *Field, v any) (lo, hi Value, ok bool) {
	p := &docParser{out: &Parsed{}}
	if p.rangeValue(fld, v) != nil {
		return lo, hi, false
	}
	vals := p.out.Values
	switch len(vals) {
	case 1:
		return vals[0], vals[0], true
	case 2:
		return vals[0], vals[1], true
	}
	return lo, hi, false
}
