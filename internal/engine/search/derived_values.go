package search

import (
	"encoding/json"
	"fmt"
	"math"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

// indexable reads emitted values as the field's type, as the derived field
// types build their Lucene fields; a value that cannot be read fails unless
// ignore_malformed, which skips it.
func indexable(f *mapping.Field, vals []any) ([]any, *apierr.Error) {
	out := make([]any, 0, len(vals))
	sub := f.Path != f.Derived.Name
	for _, v := range vals {
		if v == nil {
			continue
		}
		x, err := readAs(f.Type, v, sub)
		if err != nil {
			if f.Derived.IgnoreMalformed {
				continue
			}
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}

// readAs converts one value for the synthetic source of a type.
func readAs(typ string, v any, sub bool) (any, *apierr.Error) {
	str := javaString(v)
	switch typ {
	case mapping.TypeKeyword, mapping.TypeText:
		if _, ok := v.(string); !ok {
			return nil, classCast(v, "java.lang.String")
		}
		return v, nil
	case mapping.TypeLong:
		if _, err := strconv.ParseInt(strings.TrimPrefix(str, "+"), 10, 64); err != nil {
			return nil, derivedNumberFormat(str)
		}
		return json.Number(strings.TrimPrefix(str, "+")), nil
	case mapping.TypeDouble, mapping.TypeFloat:
		x, err := strconv.ParseFloat(strings.TrimSpace(str), 64)
		if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
			return nil, derivedNumberFormat(str)
		}
		return json.Number(strconv.FormatFloat(x, 'g', -1, 64)), nil
	case mapping.TypeBoolean:
		if b, ok := v.(bool); ok {
			return b, nil
		}
		if str != "true" && str != "false" {
			return nil, apierr.IllegalArgument("Failed to parse value [%s] as only [true] or [false] are allowed.", str)
		}
		return str == "true", nil
	case mapping.TypeDate:
		if s, ok := v.(string); ok && sub {
			return s, nil // an object's dates parse with the default format
		}
		if n, ok := v.(int64); ok {
			return json.Number(strconv.FormatInt(n, 10)), nil
		}
		return nil, classCast(v, "java.lang.Long")
	case mapping.TypeIP:
		if _, err := netip.ParseAddr(str); err != nil {
			return nil, apierr.IllegalArgument("'%s' is not an IP string literal.", str)
		}
		return str, nil
	case mapping.TypeGeoPoint:
		p, ok := v.([2]float64)
		if !ok {
			return nil, apierr.New("class_cast_exception", "geo_point should be in format emit(double lat, double lon) for derived fields")
		}
		return jsonout.Object{{Key: "lat", Value: json.Number(jsonFloat(p[0]))}, {Key: "lon", Value: json.Number(jsonFloat(p[1]))}}, nil
	}
	return nil, apierr.IllegalArgument("Type [%s] isn't supported in Derived field context.", typ)
}

func jsonFloat(x float64) string { return string(jsonout.AppendFloat(nil, x)) }

func derivedNumberFormat(s string) *apierr.Error {
	return apierr.New("number_format_exception", "For input string: \""+s+"\"")
}

func classCast(v any, to string) *apierr.Error {
	return apierr.New("class_cast_exception", fmt.Sprintf("class %s cannot be cast to class %s", javaClass(v), to))
}

// javaClass names the Java class of an emitted value.
func javaClass(v any) string {
	switch v.(type) {
	case string:
		return "java.lang.String"
	case int32:
		return "java.lang.Integer"
	case int64:
		return "java.lang.Long"
	case float32:
		return "java.lang.Float"
	case float64:
		return "java.lang.Double"
	case bool:
		return "java.lang.Boolean"
	case [2]float64:
		return "org.opensearch.common.collect.Tuple"
	case json.Number:
		return "java.lang.Integer"
	}
	return "java.lang.Object"
}

// javaString is an emitted value's toString.
func javaString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return string(jsonout.AppendFloat(nil, x))
	case float32:
		return string(jsonout.AppendFloat(nil, float64(x)))
	case json.Number:
		return x.String()
	}
	return fmt.Sprint(v)
}

// displayValues renders a derived field's values as the fields option
// shows them: dates formatted, geo points as lat/lon objects, the rest as
// emitted.
func displayValues(f *mapping.Field, vals []any) ([]any, *apierr.Error) {
	out := make([]any, 0, len(vals))
	sub := f.Path != f.Derived.Name
	for _, v := range vals {
		switch f.Type {
		case mapping.TypeDate:
			x, err := readAs(mapping.TypeDate, v, sub)
			if err != nil {
				return nil, err
			}
			ms, ok := dateMillis(x)
			if !ok {
				return nil, apierr.New(apierr.TypeParse, fmt.Sprintf("failed to parse date field [%v] with format [%s]", v, mapping.DefaultDateFormat))
			}
			format := f.Derived.Format
			if format == "" {
				format = mapping.DefaultDateFormat
			}
			df, ferr := dsl.ParseDateFormat(format)
			if ferr != nil {
				return nil, apierr.IllegalArgument("%s", ferr.Reason)
			}
			out = append(out, df.Format(time.UnixMilli(ms).UTC(), time.UTC))
		case mapping.TypeGeoPoint:
			p, ok := v.([2]float64)
			if !ok {
				return nil, apierr.New("class_cast_exception", "geo_point should be in format emit(double lat, double lon) for derived fields")
			}
			out = append(out, jsonout.Object{{Key: "lat", Value: p[0]}, {Key: "lon", Value: p[1]}})
		default:
			out = append(out, displayScalar(v))
		}
	}
	return out, nil
}

// dateMillis reads a date value (epoch millis or a date string).
func dateMillis(v any) (int64, bool) {
	switch x := v.(type) {
	case json.Number:
		n, err := x.Int64()
		return n, err == nil
	case string:
		df, err := dsl.ParseDateFormat(mapping.DefaultDateFormat)
		if err != nil {
			return 0, false
		}
		t, perr := df.Parse(x, time.UTC, false)
		if perr != nil {
			return 0, false
		}
		return t.UnixMilli(), true
	}
	return 0, false
}

// displayScalar renders an emitted scalar as JSON does it (a Double keeps
// its ".0").
func displayScalar(v any) any {
	switch x := v.(type) {
	case float32:
		return json.Number(string(jsonout.AppendFloat(nil, float64(x))))
	case float64:
		return json.Number(string(jsonout.AppendFloat(nil, x)))
	case int32:
		return int64(x)
	}
	return v
}
