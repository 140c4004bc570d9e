package dsl

import (
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// DistanceFeature scores documents by how close a date or geo_point field
// is to Origin: boost * pivot / (pivot + distance).
type DistanceFeature struct {
	Base
	Field  string
	Origin *xcontent.Value // a date (math) string or number, or a geo point
	Pivot  string          // a time value ("7d") or a distance ("1km")
}

// Kind returns "distance_feature".
func (*DistanceFeature) Kind() string { return "distance_feature" }

func parseDistanceFeature(obj *xcontent.Value) (Query, *Error) {
	q := &DistanceFeature{Base: newBase(obj)}
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		var err *Error
		switch m.Key {
		case "field":
			q.Field = v.Text()
		case "origin":
			q.Origin = v
		case "pivot":
			q.Pivot = v.Text()
		case "_name":
			q.Name = v.Text()
		case "boost":
			err = optFloat(&q.Boost, v)
		default:
			return nil, xParse(m.Line, m.Col, "[distance_feature] unknown field ["+m.Key+"]", nil)
		}
		if err != nil {
			return nil, err
		}
	}
	switch {
	case q.Field == "":
		return nil, illegalArgument("[distance_feature] query requires [field]")
	case q.Origin == nil:
		return nil, illegalArgument("[distance_feature] query requires [origin]")
	case q.Pivot == "":
		return nil, illegalArgument("[distance_feature] query requires [pivot]")
	}
	return q, nil
}

// ParseTimeNanos reads a time value ("1h", "100000000nanos", "7d") as
// TimeValue.parseTimeValue does, in nanoseconds.
func ParseTimeNanos(s string) (int64, bool) {
	units := []struct {
		suffix string
		nanos  int64
	}{{"nanos", 1}, {"micros", 1e3}, {"ms", 1e6}, {"s", 1e9}, {"m", 60e9}, {"h", 3600e9}, {"d", 86400e9}}
	t := strings.ToLower(strings.TrimSpace(s))
	for _, u := range units {
		if num, ok := strings.CutSuffix(t, u.suffix); ok {
			if u.suffix == "s" && (strings.HasSuffix(num, "nano") || strings.HasSuffix(num, "micro") || strings.HasSuffix(num, "m")) {
				continue
			}
			if u.suffix == "m" && strings.HasSuffix(num, "m") {
				continue
			}
			n, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64)
			if err != nil {
				f, ferr := strconv.ParseFloat(strings.TrimSpace(num), 64)
				if ferr != nil {
					return 0, false
				}
				return int64(f * float64(u.nanos)), true
			}
			return n * u.nanos, true
		}
	}
	return 0, false
}
