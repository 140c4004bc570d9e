package aggs

import (
	"math"
	"slices"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// rangeDef is one requested range; bounds given as strings are parsed on
// the shard with the field's format (date math for dates).
type rangeDef struct {
	key              string
	from, to         float64
	fromText, toText string
}

// rangeSpec is a range or date_range aggregation.
type rangeSpec struct {
	source
	date   bool
	geo    bool // a geo_distance aggregation (InternalGeoDistance)
	ranges []rangeDef
	keyed  bool
}

func parseRange(p *parser) (spec, *apierr.Error) {
	s := &rangeSpec{date: p.agg.Type == "date_range"}
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		if ok, err := s.parseSourceField(p, m, s.date); ok || err != nil {
			return ok, err
		}
		var err *apierr.Error
		switch m.Key {
		case "keyed":
			s.keyed, err = p.boolean(m)
		case "ranges":
			if m.Value.Kind != xcontent.Array {
				return true, p.wrongType(m)
			}
			for i := range m.Value.Items {
				r, rerr := parseRangeDef(p, &m.Value.Items[i])
				if rerr != nil {
					return true, rerr
				}
				s.ranges = append(s.ranges, r)
			}
		default:
			return false, nil
		}
		return true, err
	})
	if err != nil {
		return nil, err
	}
	if len(s.ranges) == 0 {
		return nil, apierr.IllegalArgument("No [ranges] specified for the [%s] aggregation", p.agg.Name)
	}
	return s, nil
}

func parseRangeDef(p *parser, v *xcontent.Value) (rangeDef, *apierr.Error) {
	r := rangeDef{from: math.Inf(-1), to: math.Inf(1)}
	if v.Kind != xcontent.Object {
		return r, xerr(v.Line, v.Col, "[range] Expected START_OBJECT but was: %s", v.Token())
	}
	for i := range v.Members {
		m := &v.Members[i]
		switch m.Key {
		case "key":
			r.key = m.Value.Text()
		case "from", "to":
			bound, text := &r.from, &r.fromText
			if m.Key == "to" {
				bound, text = &r.to, &r.toText
			}
			switch m.Value.Kind {
			case xcontent.Number:
				*bound, _ = m.Value.Float64()
			case xcontent.String:
				*text = m.Value.Str
			case xcontent.Null:
			default:
				return r, xerr(m.Value.Line, m.Value.Col, "[range] %s doesn't support values of type: %s", m.Key, m.Value.Token())
			}
		default:
			return r, xerr(m.Line, m.Col, "[range] unknown field [%s]", m.Key)
		}
	}
	return r, nil
}

// bound reads a range's from or to in the values' format: a string always,
// and for date_range a number too, as a whole number in the field's format
// (so epoch_second fields take seconds).
func (s *rangeSpec) bound(v *values, env *shardEnv, x float64, text string) (float64, *apierr.Error) {
	switch {
	case text != "":
		return v.format.parseDouble(text, false, env.now)
	case s.date && !math.IsInf(x, 0) && !math.IsNaN(x):
		return v.format.parseDouble(strconv.FormatInt(int64(x), 10), false, env.now)
	}
	return x, nil
}

func (s *rangeSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	def := vsNumeric
	if s.date {
		def = vsDate
	}
	v, err := env.values(a, &s.source, def, vsNumeric, vsDate, vsBoolean)
	if err != nil {
		return nil, err
	}
	ranges := make([]rangeDef, len(s.ranges))
	for i, r := range s.ranges {
		if r.from, err = s.bound(v, env, r.from, r.fromText); err != nil {
			return nil, err
		}
		if r.to, err = s.bound(v, env, r.to, r.toText); err != nil {
			return nil, err
		}
		ranges[i] = r
	}
	return s.buildCollector(env, a, v, ranges)
}

// buildCollector makes the collector of ranges with numeric bounds.
func (s *rangeSpec) buildCollector(env *shardEnv, a *Agg, v *values, ranges []rangeDef) (*rangeCollector, *apierr.Error) {
	ranges = slices.Clone(ranges)
	// RangeAggregator sorts the ranges by from, then to.
	slices.SortStableFunc(ranges, func(a, b rangeDef) int {
		if c := compareDoubles(a.from, b.from); c != 0 {
			return c
		}
		return compareDoubles(a.to, b.to)
	})
	subs, err := newSubFactory(env, a)
	if err != nil {
		return nil, err
	}
	c := &rangeCollector{spec: s, agg: a, v: v, ranges: ranges, counts: make([]int64, len(ranges)), subs: make([]subCollectors, len(ranges)), hit: make([]bool, len(ranges))}
	for i := range c.subs {
		c.subs[i] = subs.make()
	}
	return c, nil
}

// rangeCollector counts documents per range ([from, to)).
type rangeCollector struct {
	spec   *rangeSpec
	agg    *Agg
	v      *values
	ranges []rangeDef
	counts []int64
	subs   []subCollectors
	buf    []float64
	hit    []bool
	// read, when set, gives a document's values instead of v (the
	// distances of a geo_distance aggregation).
	read func(slot int32, dst []float64) []float64
}

func (c *rangeCollector) collect(slot int32, score float32) {
	c.v.score = score
	if c.read != nil {
		c.buf = c.read(slot, c.buf)
	} else {
		c.buf = c.v.doubles(slot, c.buf)
	}
	if len(c.buf) == 0 {
		return
	}
	clear(c.hit)
	for _, x := range c.buf {
		for i, r := range c.ranges {
			if x >= r.from && x < r.to {
				c.hit[i] = true
			}
		}
	}
	for i, h := range c.hit {
		if h {
			c.counts[i]++
			c.subs[i].collect(slot, score)
		}
	}
}

func (c *rangeCollector) result() result {
	r := &rangeResult{spec: c.spec, format: c.v.format}
	for i, d := range c.ranges {
		r.buckets = append(r.buckets, &rangeBucket{def: d, docCount: c.counts[i], subs: c.subs[i].results(c.agg.Subs)})
	}
	return r
}

type rangeBucket struct {
	def      rangeDef
	docCount int64
	subs     aggList
}

// rangeResult is InternalRange or InternalDateRange.
type rangeResult struct {
	spec    *rangeSpec
	format  docFormat
	buckets []*rangeBucket
}

func (r *rangeResult) typeName() string {
	if r.spec.geo {
		return "geo_distance"
	}
	if r.spec.date {
		return "date_range"
	}
	return "range"
}

func (r *rangeResult) reduce(all []result, rc *reduceCtx) (result, *apierr.Error) {
	out := &rangeResult{spec: r.spec, format: r.format}
	var err *apierr.Error
	out.buckets, err = reduceFixedBuckets(all, len(r.buckets), rc, func(x result, i int) (int64, aggList) {
		o := x.(*rangeResult).buckets[i]
		return o.docCount, o.subs
	}, func(i int, n int64, subs aggList) *rangeBucket {
		return &rangeBucket{def: r.buckets[i].def, docCount: n, subs: subs}
	})
	if err != nil {
		return nil, err
	}
	return out, rc.consume(len(out.buckets))
}

// key is the bucket's key: the requested one, or "from-to" with "*" for
// an open end.
func (r *rangeResult) key(d rangeDef) string {
	if d.key != "" {
		return d.key
	}
	from, to := "*", "*"
	if !math.IsInf(d.from, 0) {
		from = r.format.double(d.from)
	}
	if !math.IsInf(d.to, 0) {
		to = r.format.double(d.to)
	}
	return from + "-" + to
}

func (r *rangeResult) render(rc *renderCtx) jsonout.Object {
	keyed := jsonout.Object{}
	list := make([]any, 0, len(r.buckets))
	for _, b := range r.buckets {
		key := r.key(b.def)
		o := jsonout.Object{}
		if !r.spec.keyed {
			o = append(o, jsonout.Field{Key: "key", Value: key})
		}
		if !math.IsInf(b.def.from, 0) {
			o = append(o, jsonout.Field{Key: "from", Value: double(b.def.from)})
			if !r.format.raw() {
				o = append(o, jsonout.Field{Key: "from_as_string", Value: r.format.double(b.def.from)})
			}
		}
		if !math.IsInf(b.def.to, 0) {
			o = append(o, jsonout.Field{Key: "to", Value: double(b.def.to)})
			if !r.format.raw() {
				o = append(o, jsonout.Field{Key: "to_as_string", Value: r.format.double(b.def.to)})
			}
		}
		o = renderSubs(append(o, jsonout.Field{Key: "doc_count", Value: b.docCount}), b.subs, rc)
		if r.spec.keyed {
			keyed = append(keyed, jsonout.Field{Key: key, Value: o})
		} else {
			list = append(list, o)
		}
	}
	if r.spec.keyed {
		return jsonout.Object{{Key: "buckets", Value: keyed}}
	}
	return jsonout.Object{{Key: "buckets", Value: list}}
}
