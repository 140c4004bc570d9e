package search

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

// fetchExtra is the "fields" value of a source value for the newer field
// types (ok false keeps the source value as it is).
func fetchExtra(f *mapping.Field, v any, format string) (any, bool) {
	text, isStr := v.(string)
	if n, ok := v.(json.Number); ok {
		text = n.String()
	}
	if mapping.IsRange(f.Type) {
		return fetchRange(f, v, format)
	}
	switch f.Type {
	case mapping.TypeIP:
		if a, ok := mapping.ParseIP(text); ok && isStr {
			return a.String(), true
		}
	case mapping.TypeScaledFloat:
		d, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
		if err == nil {
			factor := f.ScalingFactor()
			return float64(mapping.ScaleFloat(d, factor)) / factor, true
		}
	case mapping.TypeUnsignedLong:
		if u, err := mapping.ParseUnsigned(text); err == nil {
			return u, true
		}
	case mapping.TypeDateNanos:
		if ns, err := mapping.ParseDateNanos(text, f.DateFormat()); err == nil {
			return formatNanos(f, ns, format), true
		}
	case mapping.TypeGeoPoint:
		if p, err := mapping.ParseGeoPoint(v, true); err == nil {
			// GeoJSON is the default format of geo fields.
			return jsonout.Object{{Key: "coordinates", Value: []any{p.Lon, p.Lat}}, {Key: "type", Value: "Point"}}, true
		}
	}
	return nil, false
}

// formatNanos prints a date_nanos value with a format (the field's when
// empty); epoch_millis keeps the fraction of the millisecond.
func formatNanos(f *mapping.Field, ns int64, format string) any {
	spec := format
	if spec == "" {
		spec = f.DateFormat()
	}
	first, _, _ := strings.Cut(spec, "||")
	if first == "epoch_millis" {
		ms, rest := ns/1e6, ns%1e6
		s := strconv.FormatInt(ms, 10)
		if rest != 0 {
			s += "." + strings.TrimRight(strconv.FormatInt(rest+1e6, 10)[1:], "0")
		}
		return s
	}
	df, err := dsl.ParseDateFormat(spec)
	if err != nil {
		return strconv.FormatInt(ns, 10)
	}
	return df.Format(time.Unix(0, ns).UTC(), time.UTC)
}

// fetchRange is the fields API value of a range: its inclusive bounds as
// {"gte","lte"}, printed as the type prints its values.
func fetchRange(f *mapping.Field, v any, format string) (any, bool) {
	lo, hi, ok := mapping.RangeBounds(f, v)
	if !ok {
		return nil, false
	}
	var l, h any
	switch f.Type {
	case mapping.TypeIPRange:
		l, h = mapping.FormatIP(lo.Str[:16]), mapping.FormatIP(lo.Str[16:])
	case mapping.TypeFloatRange:
		l, h = float32(lo.Float), float32(hi.Float)
	case mapping.TypeDoubleRange:
		l, h = lo.Float, hi.Float
	case mapping.TypeDateRange:
		l, h = FormatDocValue(f, lo.Int, format), FormatDocValue(f, hi.Int, format)
	default:
		l, h = lo.Int, hi.Int
	}
	return jsonout.Object{{Key: "gte", Value: l}, {Key: "lte", Value: h}}, true
}
