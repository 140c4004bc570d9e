package aggs

import (
	"math"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// numericTypes are the source types numeric metrics accept.
var numericTypes = []vsType{vsNumeric, vsDate, vsBoolean}

// metricSpec is the options of a single-source metric (avg, sum, min, max,
// value_count, stats, extended_stats).
type metricSpec struct {
	source
	sigma float64 // extended_stats
}

func parseMetric(p *parser) (spec, *apierr.Error) {
	s := &metricSpec{sigma: 2}
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		if ok, err := s.parseSourceField(p, m, false); ok || err != nil {
			return ok, err
		}
		if m.Key == "sigma" && p.agg.Type == "extended_stats" {
			var err *apierr.Error
			s.sigma, err = p.double(m)
			if err == nil && s.sigma < 0 {
				err = p.failed(m, apierr.IllegalArgument("[sigma] must be greater than or equal to 0. Found [%s] in [%s]", double(s.sigma).String(), p.agg.Name))
			}
			return true, err
		}
		return false, nil
	})
	return s, err
}

// String renders the number as Java does.
func (d double) String() string { return string(d.AppendJSON(nil)) }

func (s *metricSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	if a.Type == "value_count" {
		v, err := env.values(a, &s.source, vsBytes, vsBytes, vsNumeric, vsDate, vsBoolean, vsIP)
		if err != nil {
			return nil, err
		}
		return &valueCountCollector{v: v}, nil
	}
	v, err := env.values(a, &s.source, vsNumeric, numericTypes...)
	if err != nil {
		return nil, err
	}
	c := &statsCollector{v: v, kind: a.Type, op: statsOpOf(a.Type), sigma: s.sigma, st: newStats(), single: v.singleValued()}
	if c.single && v.longs != nil && v.script == nil && !v.hasMissing && !v.unsigned && !v.nanos && !v.constant {
		c.longs = v.longs
	}
	return c, nil
}

// stats are the running figures every numeric metric keeps.
type stats struct {
	count    int64
	sum      compensatedSum
	sumSq    compensatedSum
	min, max float64
}

func newStats() stats { return stats{min: math.Inf(1), max: math.Inf(-1)} }

func (st *stats) add(x float64, squares bool) {
	st.count++
	st.sum.add(x)
	if squares {
		st.sumSq.add(x * x)
	}
	st.min = math.Min(st.min, x)
	st.max = math.Max(st.max, x)
}

// merge adds another shard's figures, as the Internal*.reduce methods do
// (the sums of the shards are Kahan-summed).
func (st *stats) merge(o *stats) {
	st.count += o.count
	st.sum.add(o.sum.value)
	st.sumSq.add(o.sumSq.value)
	st.min = math.Min(st.min, o.min)
	st.max = math.Max(st.max, o.max)
}

// statsCollector collects avg, sum, min, max, stats and extended_stats.
type statsCollector struct {
	v      *values
	kind   string
	op     statsOp
	sigma  float64
	st     stats
	buf    []float64
	single bool // every document has at most one value
	// longs, when set, is a plain single-valued integer column read
	// directly (no missing value, script or decoding).
	longs *shard.LongColumn
}

// statsOp is which figures a statsCollector keeps.
type statsOp uint8

const (
	opSum statsOp = iota // avg and sum
	opMin
	opMax
	opStats
	opExtended
)

func statsOpOf(kind string) statsOp {
	switch kind {
	case "avg", "sum":
		return opSum
	case "min":
		return opMin
	case "max":
		return opMax
	case "extended_stats":
		return opExtended
	}
	return opStats
}

func (c *statsCollector) collect(slot int32, score float32) {
	if c.longs != nil {
		if n, ok := c.longs.Single(slot); ok {
			c.add(float64(n))
		}
		return
	}
	c.v.score = score
	if c.single {
		if x, ok := c.v.single(slot); ok {
			c.add(x)
		}
		return
	}
	c.buf = c.v.doubles(slot, c.buf)
	for _, x := range c.buf {
		c.add(x)
	}
}

// add keeps the figures the kind reports (avg and sum need no bounds).
func (c *statsCollector) add(x float64) {
	st := &c.st
	switch c.op {
	case opSum:
		st.count++
		st.sum.add(x)
	case opMin:
		st.count++
		st.min = math.Min(st.min, x)
	case opMax:
		st.count++
		st.max = math.Max(st.max, x)
	default:
		st.add(x, c.op == opExtended)
	}
}

func (c *statsCollector) result() result {
	return &statsResult{kind: c.kind, st: c.st, format: c.v.format, sigma: c.sigma}
}

// statsResult is InternalAvg, InternalSum, InternalMin, InternalMax,
// InternalStats or InternalExtendedStats, by kind.
type statsResult struct {
	kind   string
	st     stats
	format docFormat
	sigma  float64
}

func (r *statsResult) typeName() string { return r.kind }

func (r *statsResult) reduce(all []result, _ *reduceCtx) (result, *apierr.Error) {
	out := &statsResult{kind: r.kind, st: newStats(), format: r.format, sigma: r.sigma}
	for _, x := range all {
		o := x.(*statsResult)
		out.st.merge(&o.st)
		if !o.format.raw() {
			out.format = o.format
		}
	}
	return out, nil
}

// value is the single value of avg, sum, min and max (ok false: null).
func (r *statsResult) value() (float64, bool) {
	switch r.kind {
	case "avg":
		return r.st.sum.value / float64(r.st.count), r.st.count > 0
	case "sum":
		return r.st.sum.value, true
	case "min":
		return r.st.min, !math.IsInf(r.st.min, 0)
	case "max":
		return r.st.max, !math.IsInf(r.st.max, 0)
	}
	return 0, false
}

func (r *statsResult) render(_ *renderCtx) jsonout.Object {
	switch r.kind {
	case "stats", "extended_stats":
		return r.renderStats()
	}
	v, ok := r.value()
	if !ok {
		return jsonout.Object{{Key: "value", Value: nil}}
	}
	out := jsonout.Object{{Key: "value", Value: double(v)}}
	if !r.format.raw() {
		out = append(out, jsonout.Field{Key: "value_as_string", Value: r.format.double(v)})
	}
	return out
}

func (r *statsResult) renderStats() jsonout.Object {
	st := &r.st
	out := jsonout.Object{{Key: "count", Value: st.count}}
	if st.count == 0 {
		out = append(out, jsonout.Field{Key: "min", Value: nil}, jsonout.Field{Key: "max", Value: nil},
			jsonout.Field{Key: "avg", Value: nil}, jsonout.Field{Key: "sum", Value: double(0)})
	} else {
		avg := st.sum.value / float64(st.count)
		out = append(out, jsonout.Field{Key: "min", Value: double(st.min)}, jsonout.Field{Key: "max", Value: double(st.max)},
			jsonout.Field{Key: "avg", Value: double(avg)}, jsonout.Field{Key: "sum", Value: double(st.sum.value)})
		if !r.format.raw() {
			out = append(out, jsonout.Field{Key: "min_as_string", Value: r.format.double(st.min)},
				jsonout.Field{Key: "max_as_string", Value: r.format.double(st.max)},
				jsonout.Field{Key: "avg_as_string", Value: r.format.double(avg)},
				jsonout.Field{Key: "sum_as_string", Value: r.format.double(st.sum.value)})
		}
	}
	if r.kind == "extended_stats" {
		out = append(out, r.extended()...)
	}
	return out
}

// variance is InternalExtendedStats' population variance (sampling divides
// by count-1), clamped at 0.
func (r *statsResult) variance(sampling bool) float64 {
	st := &r.st
	n := float64(st.count)
	d := n
	if sampling {
		d = n - 1
	}
	v := (st.sumSq.value - st.sum.value*st.sum.value/n) / d
	if v < 0 {
		return 0
	}
	return v
}

var extendedKeys = []string{"sum_of_squares", "variance", "variance_population", "variance_sampling",
	"std_deviation", "std_deviation_population", "std_deviation_sampling"}

var boundKeys = []string{"upper", "lower", "upper_population", "lower_population", "upper_sampling", "lower_sampling"}

func (r *statsResult) extended() jsonout.Object {
	var out jsonout.Object
	if r.st.count == 0 {
		for _, k := range extendedKeys {
			out = append(out, jsonout.Field{Key: k, Value: nil})
		}
		bounds := jsonout.Object{}
		for _, k := range boundKeys {
			bounds = append(bounds, jsonout.Field{Key: k, Value: nil})
		}
		return append(out, jsonout.Field{Key: "std_deviation_bounds", Value: bounds})
	}
	pop, samp := r.variance(false), r.variance(true)
	vals := []float64{r.st.sumSq.value, pop, pop, samp, math.Sqrt(pop), math.Sqrt(pop), math.Sqrt(samp)}
	avg := r.st.sum.value / float64(r.st.count)
	bvals := []float64{avg + math.Sqrt(pop)*r.sigma, avg - math.Sqrt(pop)*r.sigma,
		avg + math.Sqrt(pop)*r.sigma, avg - math.Sqrt(pop)*r.sigma,
		avg + math.Sqrt(samp)*r.sigma, avg - math.Sqrt(samp)*r.sigma}
	for i, k := range extendedKeys {
		out = append(out, jsonout.Field{Key: k, Value: double(vals[i])})
	}
	bounds := jsonout.Object{}
	for i, k := range boundKeys {
		bounds = append(bounds, jsonout.Field{Key: k, Value: double(bvals[i])})
	}
	out = append(out, jsonout.Field{Key: "std_deviation_bounds", Value: bounds})
	if !r.format.raw() {
		for i, k := range extendedKeys {
			out = append(out, jsonout.Field{Key: k + "_as_string", Value: r.format.double(vals[i])})
		}
		sb := jsonout.Object{}
		for i, k := range boundKeys {
			sb = append(sb, jsonout.Field{Key: k, Value: r.format.double(bvals[i])})
		}
		out = append(out, jsonout.Field{Key: "std_deviation_bounds_as_string", Value: sb})
	}
	return out
}

// valueCountCollector counts values (every value of multi-valued fields).
type valueCountCollector struct {
	v     *values
	count int64
	ords  []uint32
	buf   []float64
}

func (c *valueCountCollector) collect(slot int32, _ float32) {
	v := c.v
	switch {
	case v.script != nil && !v.numeric():
		c.count += int64(len(v.strings(slot, nil)))
	case v.constant:
		c.count++
	case v.unmapped:
	case v.ords != nil:
		c.ords = v.ords.Append(c.ords[:0], slot)
		n := len(dedupOrds(c.ords))
		if n == 0 && v.hasMissing {
			n = 1
		}
		c.count += int64(n)
	default:
		c.buf = v.doubles(slot, c.buf)
		c.count += int64(len(c.buf))
	}
}

func (c *valueCountCollector) result() result { return &valueCountResult{count: c.count} }

// valueCountResult is InternalValueCount.
type valueCountResult struct{ count int64 }

func (r *valueCountResult) typeName() string { return "value_count" }

func (r *valueCountResult) reduce(all []result, _ *reduceCtx) (result, *apierr.Error) {
	out := &valueCountResult{}
	for _, x := range all {
		out.count += x.(*valueCountResult).count
	}
	return out, nil
}

func (r *valueCountResult) render(_ *renderCtx) jsonout.Object {
	return jsonout.Object{{Key: "value", Value: r.count}}
}

// dedupOrds sorts a slot's ordinals and drops repeats in place, as
// SortedSetDocValues presents a document's terms once each.
func dedupOrds(o []uint32) []uint32 {
	if len(o) < 2 {
		return o
	}
	sortOrds(o)
	w := 1
	for i := 1; i < len(o); i++ {
		if o[i] != o[w-1] {
			o[w] = o[i]
			w++
		}
	}
	return o[:w]
}
