package filter

import (
	"math"
	"strconv"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

func (m *matcher) rangeQuery(x *dsl.Range) (Bits, *apierr.Error) {
	out := newBits(m.max)
	f := m.ctx.Mapping.Lookup(x.Field)
	if f == nil {
		return out, nil
	}
	if x.Relation != "" && x.Relation != "intersects" && x.Relation != "INTERSECTS" {
		return nil, apierr.Unsupported("range relation " + x.Relation)
	}
	switch f.Type {
	case mapping.TypeLong, mapping.TypeInteger, mapping.TypeShort, mapping.TypeByte, mapping.TypeDate, mapping.TypeBoolean:
		lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
		if f.Type == mapping.TypeDate {
			var err *apierr.Error
			if lo, hi, err = m.dateBounds(x, f); err != nil {
				return nil, err
			}
		} else {
			if x.From != nil && x.From.Kind != 0 {
				v, err := m.longValue(f, valueText(x.From))
				if err != nil {
					return nil, err
				}
				if !x.IncludeLower {
					v++
				}
				lo = v
			}
			if x.To != nil && x.To.Kind != 0 {
				v, err := m.longValue(f, valueText(x.To))
				if err != nil {
					return nil, err
				}
				if !x.IncludeUpper {
					v--
				}
				hi = v
			}
		}
		var vals []int64
		for i := int32(0); i < m.max; i++ {
			vals = m.r.Longs(x.Field, i, vals[:0])
			for _, v := range vals {
				if v >= lo && v <= hi {
					out.set(i)
					break
				}
			}
		}
		return out, nil
	case mapping.TypeFloat, mapping.TypeDouble:
		lo, hi := math.Inf(-1), math.Inf(1)
		for _, end := range []struct {
			v     *dsl.Range
			lower bool
		}{{x, true}, {x, false}} {
			val := x.To
			if end.lower {
				val = x.From
			}
			if val == nil || val.Kind == 0 {
				continue
			}
			t := valueText(val)
			n, err := strconv.ParseFloat(t, 64)
			if err != nil {
				return nil, shardError("failed to create query: For input string: \""+t+"\"", apierr.New(apierr.TypeNumberFormat, "For input string: \""+t+"\""))
			}
			if f.Type == mapping.TypeFloat {
				n = float64(float32(n))
			}
			if end.lower {
				if !x.IncludeLower {
					n = math.Nextafter(n, math.Inf(1))
				}
				lo = n
			} else {
				if !x.IncludeUpper {
					n = math.Nextafter(n, math.Inf(-1))
				}
				hi = n
			}
		}
		var vals []float64
		for i := int32(0); i < m.max; i++ {
			vals = m.r.Doubles(x.Field, i, vals[:0])
			for _, v := range vals {
				if v >= lo && v <= hi {
					out.set(i)
					break
				}
			}
		}
		return out, nil
	case mapping.TypeKeyword:
		var vals []string
		for i := int32(0); i < m.max; i++ {
			vals = m.r.Keywords(x.Field, i, vals[:0])
			for _, v := range vals {
				if inStringRange(v, x) {
					out.set(i)
					break
				}
			}
		}
		return out, nil
	}
	return nil, apierr.Unsupported("range queries on " + f.Type + " fields")
}

func inStringRange(v string, x *dsl.Range) bool {
	if x.From != nil && x.From.Kind != 0 {
		lo := valueText(x.From)
		if v < lo || (v == lo && !x.IncludeLower) {
			return false
		}
	}
	if x.To != nil && x.To.Kind != 0 {
		hi := valueText(x.To)
		if v > hi || (v == hi && !x.IncludeUpper) {
			return false
		}
	}
	return true
}

// dateBounds resolves date-math bounds to inclusive epoch milliseconds.
func (m *matcher) dateBounds(x *dsl.Range, f *mapping.Field) (int64, int64, *apierr.Error) {
	spec := f.DateFormat()
	if x.Format != "" {
		spec = x.Format
	}
	format, derr := dsl.ParseDateFormat(spec)
	if derr != nil {
		return 0, 0, fromDSL(derr)
	}
	zone := time.UTC
	if x.TimeZone != "" {
		z, zerr := dsl.ParseTimeZone(x.TimeZone)
		if zerr != nil {
			return 0, 0, fromDSL(zerr)
		}
		zone = z
	}
	lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
	if x.From != nil && x.From.Kind != 0 {
		v, err := dsl.DateRangeBound(valueText(x.From), true, x.IncludeLower, m.ctx.Now, format, zone)
		if err != nil {
			return 0, 0, fromDSL(err)
		}
		lo = v
	}
	if x.To != nil && x.To.Kind != 0 {
		v, err := dsl.DateRangeBound(valueText(x.To), false, x.IncludeUpper, m.ctx.Now, format, zone)
		if err != nil {
			return 0, 0, fromDSL(err)
		}
		hi = v
	}
	return lo, hi, nil
}

// FromDSL converts a parse error of the dsl/xcontent packages.
func FromDSL(e *dsl.Error) *apierr.Error { return fromDSL(e) }

func fromDSL(e *dsl.Error) *apierr.Error {
	if e == nil {
		return nil
	}
	out := &apierr.Error{Status: e.Status, Type: e.Type, Reason: e.Reason}
	if out.Status == 0 {
		out.Status = apierr.StatusOf(e.Type)
	}
	if e.Line > 0 {
		out.Meta = []apierr.Meta{{Key: "line", Value: e.Line}, {Key: "col", Value: e.Col}}
	}
	if e.CausedBy != nil {
		out.Cause = fromDSL(e.CausedBy)
	}
	return out
}
