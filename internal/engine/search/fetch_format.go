package search

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/javafmt"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

// SourceLeaf is one leaf path of a source document with its values.
type SourceLeaf struct {
	Path   string // the dotted path
	Values []any  // the values at the path, arrays flattened
}

// SourceLeaves flattens a source document into leaf paths with their values
// (arrays flattened), in document order.
func SourceLeaves(v any, prefix string) []SourceLeaf { return sourceLeavesWith(v, prefix, nil) }

// SourceLeavesOf is SourceLeaves where the mapping says which paths hold
// values made of objects or arrays (a geo_point's {"lat","lon"} or [lon, lat]).
func SourceLeavesOf(v any, m *mapping.Mapping) []SourceLeaf {
	return sourceLeavesWith(v, "", func(path string, v any) bool {
		f := m.Lookup(path)
		if f != nil && mapping.IsRange(f.Type) {
			_, isObj := v.(jsonout.Object)
			return isObj
		}
		if f == nil || f.Type != mapping.TypeGeoPoint {
			return false
		}
		if a, ok := v.([]any); ok {
			_, isNum := firstOf(a).(interface{ Float64() (float64, error) })
			return isNum
		}
		return true
	})
}

func firstOf(a []any) any {
	if len(a) == 0 {
		return nil
	}
	return a[0]
}

func sourceLeavesWith(v any, prefix string, whole func(path string, v any) bool) []SourceLeaf {
	var out []SourceLeaf
	index := map[string]int{}
	var walk func(v any, path string)
	walk = func(v any, path string) {
		if _, scalar := v.(string); !scalar && whole != nil && path != "" && v != nil && whole(path, v) {
			i, ok := index[path]
			if !ok {
				i = len(out)
				index[path] = i
				out = append(out, SourceLeaf{Path: path})
			}
			out[i].Values = append(out[i].Values, v)
			return
		}
		switch x := v.(type) {
		case jsonout.Object:
			for _, f := range x {
				p := f.Key
				if path != "" {
					p = path + "." + f.Key
				}
				walk(f.Value, p)
			}
		case []any:
			for _, e := range x {
				walk(e, path)
			}
		case nil:
		default:
			i, ok := index[path]
			if !ok {
				i = len(out)
				index[path] = i
				out = append(out, SourceLeaf{Path: path})
			}
			out[i].Values = append(out[i].Values, x)
		}
	}
	walk(v, prefix)
	return out
}

// FetchValues converts source values as the field type reads them.
func FetchValues(f *mapping.Field, values []any, format string) []any {
	out := make([]any, 0, len(values))
	for _, v := range values {
		switch f.Type {
		case mapping.TypeDate:
			s, _ := v.(string)
			if n, ok := v.(interface{ String() string }); ok && s == "" {
				s = n.String()
			}
			if ms, err := mapping.ParseDate(s, f.DateFormat()); err == nil {
				out = append(out, FormatDocValue(f, ms, format))
				continue
			}
		case mapping.TypeBoolean:
			if s, ok := v.(string); ok {
				out = append(out, s == "true")
				continue
			}
		default:
			if fv, ok := fetchExtra(f, v, format); ok {
				out = append(out, fv)
				continue
			}
		}
		out = append(out, v)
	}
	return out
}

// FormatDocValue renders one doc value as OpenSearch's DocValueFormat does.
func FormatDocValue(f *mapping.Field, v any, format string) any {
	typ := ""
	if f != nil {
		typ = f.Type
	}
	switch typ {
	case mapping.TypeDateRange:
		typ = mapping.TypeDate
	}
	switch typ {
	case mapping.TypeDateNanos:
		ns, _ := v.(int64)
		return formatNanos(f, ns, format)
	case mapping.TypeDate:
		spec := format
		if spec == "" {
			spec = f.DateFormat()
		}
		df, err := dsl.ParseDateFormat(spec)
		ms, _ := v.(int64)
		if err != nil {
			return strconv.FormatInt(ms, 10)
		}
		return df.Format(time.UnixMilli(ms).UTC(), time.UTC)
	case mapping.TypeBoolean:
		n, _ := v.(int64)
		return n == 1
	case mapping.TypeFloat:
		if d, ok := v.(float64); ok && format == "" {
			return float64(float32(d))
		}
	}
	if format != "" {
		switch x := v.(type) {
		case int64:
			return javafmt.Decimal(float64(x), format)
		case float64:
			return javafmt.Decimal(x, format)
		}
	}
	return v
}

// WellFormed keeps the source values the field's type can parse (the
// others are the malformed ones ignore_malformed dropped at index time).
func WellFormed(f *mapping.Field, values []any) []any {
	out := make([]any, 0, len(values))
	for _, v := range values {
		text, _ := v.(string)
		if n, ok := v.(json.Number); ok {
			text = n.String()
		}
		ok := true
		switch f.Type {
		case mapping.TypeLong, mapping.TypeInteger, mapping.TypeShort, mapping.TypeByte,
			mapping.TypeDouble, mapping.TypeFloat, mapping.TypeHalfFloat, mapping.TypeScaledFloat:
			_, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
			ok = err == nil
		case mapping.TypeUnsignedLong:
			_, err := mapping.ParseUnsigned(text)
			ok = err == nil
		case mapping.TypeDate:
			_, err := mapping.ParseDate(text, f.DateFormat())
			ok = err == nil
		case mapping.TypeDateNanos:
			_, err := mapping.ParseDateNanos(text, f.DateFormat())
			ok = err == nil
		case mapping.TypeIP:
			_, ok = mapping.ParseIP(text)
		case mapping.TypeGeoPoint:
			_, err := mapping.ParseGeoPoint(v, true)
			ok = err == nil
		}
		if ok {
			out = append(out, v)
		}
	}
	return out
}
