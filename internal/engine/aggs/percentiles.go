package aggs

import (
	"math"
	"slices"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// defaultPercents are PercentilesAggregationBuilder.DEFAULT_PERCENTS.
var defaultPercents = []float64{1, 5, 25, 50, 75, 95, 99}

// percentilesSpec is a percentiles or percentile_ranks aggregation: the
// keys (percents, or the values to rank), the method and its setting.
type percentilesSpec struct {
	source
	ranks       bool
	keys        []float64
	keyed       bool
	hdr         bool
	compression float64 // tdigest
	digits      int     // hdr number_of_significant_value_digits
}

// parsePercentiles reads both types, as AbstractPercentilesAggregationBuilder's
// ConstructingObjectParser does: every field first, then the builder checks
// the keys and the method (its failures wrapped as "Failed to build").
func parsePercentiles(p *parser) (spec, *apierr.Error) {
	s := &percentilesSpec{ranks: p.agg.Type == "percentile_ranks", keyed: true, compression: 100, digits: 3}
	keysField := "percents"
	if s.ranks {
		keysField = "values"
	}
	var tdigestSeen, hdrSeen bool
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		if ok, err := s.parseSourceField(p, m, false); ok || err != nil {
			return ok, err
		}
		var err *apierr.Error
		switch m.Key {
		case keysField:
			s.keys, err = p.doubleArray(m)
			if err == nil && s.keys == nil {
				s.keys = []float64{}
			}
		case "keyed":
			s.keyed, err = p.boolean(m)
		case "tdigest", "TDigest", "TDIGEST":
			p.deprecatedName(m.Key, "tdigest")
			tdigestSeen = true
			err = p.subObject(m, "tdigest", func(sub *parser, f *xcontent.Member) (bool, *apierr.Error) {
				if f.Key != "compression" {
					return false, nil
				}
				c, err := sub.double(f)
				if err == nil && c < 0 {
					err = sub.failed(f, apierr.IllegalArgument("[compression] must be greater than or equal to 0. Found [%s]", double(c).String()))
				}
				s.compression = c
				return true, err
			})
		case "hdr", "HDR":
			p.deprecatedName(m.Key, "hdr")
			hdrSeen = true
			err = p.subObject(m, "hdr", func(sub *parser, f *xcontent.Member) (bool, *apierr.Error) {
				if f.Key != "number_of_significant_value_digits" {
					return false, nil
				}
				d, err := sub.integer(f)
				if err == nil && (d < 0 || d > 5) {
					err = sub.failed(f, apierr.IllegalArgument("[numberOfSignificantValueDigits] must be between 0 and 5"))
				}
				s.digits = d
				return true, err
			})
		default:
			return false, nil
		}
		return true, err
	})
	if err != nil {
		return nil, err
	}
	build := func(cause *apierr.Error) *apierr.Error {
		e := apierr.New(apierr.TypeXContentParse, "Failed to build ["+p.agg.Type+"] after last required field arrived")
		e.Status = 400
		e.Cause = cause
		return e
	}
	name := p.agg.Name
	switch {
	case s.keys == nil && !s.ranks:
		s.keys = slices.Clone(defaultPercents)
	case s.keys == nil:
		return nil, build(apierr.IllegalArgument("[values] must not be null: [%s]", name))
	case len(s.keys) == 0 && !s.ranks:
		return nil, build(apierr.IllegalArgument("[percents] must not be empty: [%s]", name))
	case len(s.keys) == 0:
		return nil, build(apierr.IllegalArgument("[values] must not be an empty array: [%s]", name))
	}
	slices.Sort(s.keys)
	if !s.ranks {
		for _, k := range s.keys {
			if k < 0 || k > 100 {
				return nil, build(apierr.IllegalArgument("percent must be in [0,100], got [%s]: [%s]", double(k).String(), name))
			}
		}
	}
	if tdigestSeen && hdrSeen {
		return nil, build(apierr.IllegalArgument("Only one percentiles method should be declared."))
	}
	s.hdr = hdrSeen
	return s, nil
}

// doubleArray reads a declareDoubleArray field: an array of numbers (or
// numeric strings), or one such value.
func (p *parser) doubleArray(m *xcontent.Member) ([]float64, *apierr.Error) {
	v := &m.Value
	items := []xcontent.Value{*v}
	switch v.Kind {
	case xcontent.Array:
		items = v.Items
	case xcontent.Number, xcontent.String:
	default:
		return nil, p.wrongType(m)
	}
	out := make([]float64, 0, len(items))
	for i := range items {
		it := &items[i]
		switch it.Kind {
		case xcontent.Number:
			f, _ := it.Float64()
			out = append(out, f)
		case xcontent.String:
			f, err := strconv.ParseFloat(it.Str, 64)
			if err != nil {
				return nil, p.failed(m, numberFormat(it.Str))
			}
			out = append(out, f)
		default:
			return nil, p.failed(m, apierr.New(apierr.TypeParsing, sprintf("[%s] failed to parse field [%s]", p.agg.Type, m.Key)))
		}
	}
	return out, nil
}

// subObject parses an object field with its own ObjectParser named name;
// its errors are wrapped in "[type] failed to parse field [key]".
func (p *parser) subObject(m *xcontent.Member, name string, fn func(sub *parser, f *xcontent.Member) (bool, *apierr.Error)) *apierr.Error {
	if m.Value.Kind != xcontent.Object {
		return p.wrongType(m)
	}
	sub := &parser{agg: &Agg{Name: p.agg.Name, Type: name}, v: &m.Value, warn: p.warn}
	err := sub.fields(func(f *xcontent.Member) (bool, *apierr.Error) { return fn(sub, f) })
	if err != nil {
		return p.failed(m, err)
	}
	return nil
}

// deprecatedName warns about a deprecated spelling of a field.
func (p *parser) deprecatedName(used, preferred string) {
	if used != preferred && p.warn != nil {
		p.warn("Deprecated field [" + used + "] used, expected [" + preferred + "] instead")
	}
}

func (s *percentilesSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	v, err := env.values(a, &s.source, vsNumeric, numericTypes...)
	if err != nil {
		return nil, err
	}
	c := &percentilesCollector{v: v, spec: s, env: env}
	if s.hdr {
		c.hdr = newHDR(s.digits)
	} else {
		c.td = newTDigest(s.compression)
	}
	return c, nil
}

// percentilesCollector feeds every value into the shard's sketch.
type percentilesCollector struct {
	env  *shardEnv
	v    *values
	spec *percentilesSpec
	td   *tdigest
	hdr  *hdrHistogram
	buf  []float64
}

func (c *percentilesCollector) collect(slot int32, _ float32) {
	c.buf = c.v.doubles(slot, c.buf)
	for _, x := range c.buf {
		if c.hdr != nil {
			if x < 0 {
				c.env.fail(hdrNegative(x, c.hdr))
				continue
			}
			c.hdr.add(x, 1)
		} else {
			c.td.add(x, 1)
		}
	}
}

func (c *percentilesCollector) result() result {
	return &percentilesResult{spec: c.spec, format: c.v.format, td: c.td, hdr: c.hdr}
}

// percentilesResult is InternalTDigestPercentiles,
// InternalTDigestPercentileRanks, InternalHDRPercentiles or
// InternalHDRPercentileRanks.
type percentilesResult struct {
	spec   *percentilesSpec
	format docFormat
	td     *tdigest
	hdr    *hdrHistogram
}

func (r *percentilesResult) typeName() string {
	method := "tdigest"
	if r.hdr != nil {
		method = "hdr"
	}
	if r.spec.ranks {
		return method + "_percentile_ranks"
	}
	return method + "_percentiles"
}

func (r *percentilesResult) reduce(all []result, _ *reduceCtx) (result, *apierr.Error) {
	out := &percentilesResult{spec: r.spec, format: r.format}
	if r.hdr != nil {
		out.hdr = newHDR(r.hdr.digits)
	} else {
		out.td = newTDigest(r.td.compression)
	}
	for _, x := range all {
		o := x.(*percentilesResult)
		if out.hdr != nil {
			out.hdr.merge(o.hdr)
		} else {
			out.td.merge(o.td)
		}
	}
	return out, nil
}

func (r *percentilesResult) size() int64 {
	if r.hdr != nil {
		return r.hdr.size()
	}
	return r.td.size()
}

// value is the percentile (or the rank) of one key, as value(double).
func (r *percentilesResult) value(key float64) float64 {
	if r.hdr != nil {
		if !r.spec.ranks {
			return r.hdr.valueAt(key)
		}
		if r.hdr.size() == 0 {
			return math.NaN()
		}
		return math.Min(math.Max(r.hdr.rankOf(key), 0), 100)
	}
	if !r.spec.ranks {
		return r.td.quantile(key / 100)
	}
	rank := r.td.cdf(key)
	if rank < 0 {
		rank = 0
	} else if rank > 1 {
		rank = 1
	}
	return rank * 100
}

// property reads a percentile by its key as a string ("99", "99.9"), as
// value(String) parses it.
func (r *percentilesResult) property(name string) (float64, bool) {
	k, err := strconv.ParseFloat(name, 64)
	if err != nil || name == "" {
		return 0, false
	}
	return r.value(k), true
}

func (r *percentilesResult) render(*renderCtx) jsonout.Object {
	empty := r.size() == 0
	if r.spec.keyed {
		values := jsonout.Object{}
		for _, k := range r.spec.keys {
			key := double(k).String()
			if empty {
				values = append(values, jsonout.Field{Key: key, Value: nil})
				continue
			}
			v := r.value(k)
			values = append(values, jsonout.Field{Key: key, Value: double(v)})
			if !r.format.raw() {
				values = append(values, jsonout.Field{Key: key + "_as_string", Value: r.format.double(v)})
			}
		}
		return jsonout.Object{{Key: "values", Value: values}}
	}
	list := make([]any, 0, len(r.spec.keys))
	for _, k := range r.spec.keys {
		o := jsonout.Object{{Key: "key", Value: double(k)}}
		if empty {
			list = append(list, append(o, jsonout.Field{Key: "value", Value: nil}))
			continue
		}
		v := r.value(k)
		o = append(o, jsonout.Field{Key: "value", Value: double(v)})
		if !r.format.raw() {
			o = append(o, jsonout.Field{Key: "value_as_string", Value: r.format.double(v)})
		}
		list = append(list, o)
	}
	return jsonout.Object{{Key: "values", Value: list}}
}

// hdrNegative is the ArrayIndexOutOfBoundsException DoubleHistogram throws
// for a negative value; it fails the shard.
func hdrNegative(x float64, h *hdrHistogram) *apierr.Error {
	low := h.unit() * math.Ldexp(1, h.halfMag)
	e := apierr.New("array_index_out_of_bounds_exception", "The value "+double(x).String()+
		" is out of bounds for histogram, current covered range ["+double(low).String()+", "+double(low*8).String()+
		") cannot be extended any further.\nCaused by: java.lang.ArrayIndexOutOfBoundsException: Negative values cannot be recorded")
	e.Status = 500
	return e
}
