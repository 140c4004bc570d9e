package aggs

import (
	"math"
	"slices"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// histSpec is the options histogram and date_histogram share.
type histSpec struct {
	source
	date        bool
	interval    float64   // histogram interval; date: fixed interval in ms
	rounding    *rounding // date_histogram
	offset      float64
	minDocCount int64
	keyed       bool
	order       bucketOrder
	extMin      *float64 // extended_bounds
	extMax      *float64
	extMinText  string
	extMaxText  string
	hardMin     *float64
	hardMax     *float64
	hardMinText string
	hardMaxText string
}

func parseHistogram(p *parser) (spec, *apierr.Error) {
	s := &histSpec{order: bucketOrder{{kind: 'k', asc: true}}}
	var intervalSet bool
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		if ok, err := s.parseSourceField(p, m, false); ok || err != nil {
			return ok, err
		}
		var err *apierr.Error
		switch m.Key {
		case "interval":
			s.interval, err = p.double(m)
			intervalSet = true
		case "offset":
			s.offset, err = p.double(m)
		default:
			return s.parseCommon(p, m)
		}
		return true, err
	})
	if err != nil {
		return nil, err
	}
	if !intervalSet || s.interval <= 0 {
		return nil, apierr.IllegalArgument("[interval] must be >0 for histogram aggregation [%s]", p.agg.Name)
	}
	return s, s.finish(p)
}

// parseCommon reads the options both histograms have.
func (s *histSpec) parseCommon(p *parser, m *xcontent.Member) (bool, *apierr.Error) {
	var err *apierr.Error
	switch m.Key {
	case "min_doc_count":
		s.minDocCount, err = p.long(m)
		if err == nil && s.minDocCount < 0 {
			err = p.failed(m, apierr.IllegalArgument("[minDocCount] must be greater than or equal to 0. Found [%d] in [%s]", s.minDocCount, p.agg.Name))
		}
	case "keyed":
		s.keyed, err = p.boolean(m)
	case "order":
		s.order, err = parseOrder(p, m, p.warn)
	case "extended_bounds", "hard_bounds":
		err = s.parseBounds(p, m)
	default:
		return false, nil
	}
	return true, err
}

func (s *histSpec) parseBounds(p *parser, m *xcontent.Member) *apierr.Error {
	if m.Value.Kind != xcontent.Object {
		return p.wrongType(m)
	}
	for i := range m.Value.Members {
		f := &m.Value.Members[i]
		var val *float64
		var text string
		switch f.Value.Kind {
		case xcontent.Number:
			x, _ := f.Value.Float64()
			val = &x
		case xcontent.String:
			text = f.Value.Str
			if !s.date {
				x, err := strconv.ParseFloat(text, 64)
				if err != nil {
					return p.failed(m, numberFormat(text))
				}
				val = &x
			}
		case xcontent.Null:
		default:
			return xerr(f.Line, f.Col, "[%s] %s doesn't support values of type: %s", m.Key, f.Key, f.Value.Token())
		}
		switch {
		case m.Key == "hard_bounds" && f.Key == "min":
			s.hardMin, s.hardMinText = val, text
		case m.Key == "hard_bounds" && f.Key == "max":
			s.hardMax, s.hardMaxText = val, text
		case f.Key == "min":
			s.extMin, s.extMinText = val, text
		case f.Key == "max":
			s.extMax, s.extMaxText = val, text
		default:
			return xerr(f.Line, f.Col, "[%s] unknown field [%s]", m.Key, f.Key)
		}
	}
	return nil
}

// finish validates what the builder checks at build time.
func (s *histSpec) finish(p *parser) *apierr.Error {
	if s.extMin != nil && s.extMax != nil && *s.extMin > *s.extMax {
		return apierr.IllegalArgument("[extended_bounds.min][%s] cannot be greater than [extended_bounds.max][%s] for histogram aggregation [%s]", double(*s.extMin).String(), double(*s.extMax).String(), p.agg.Name)
	}
	s.order = s.order.withKeyTieBreak()
	return nil
}

// key is the bucket key of a value.
func (s *histSpec) key(v float64) float64 {
	if s.rounding != nil {
		return float64(s.rounding.round(int64(v)))
	}
	return math.Floor((v-s.offset)/s.interval)*s.interval + s.offset
}

// next is the key of the bucket after key.
func (s *histSpec) next(key float64) float64 {
	if s.rounding != nil {
		return float64(s.rounding.next(int64(key)))
	}
	return math.Floor((key+s.interval-s.offset)/s.interval)*s.interval + s.offset
}

func (s *histSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	if f := env.field(s.field); f != nil && s.script == nil && mapping.IsRange(f.Type) {
		return s.rangeCollector(env, a, f)
	}
	if s.rounding != nil {
		if err := s.rounding.check(); err != nil {
			return nil, err
		}
	}
	types := []vsType{vsNumeric, vsDate, vsBoolean}
	def := vsNumeric
	if s.date {
		def = vsDate
	}
	v, err := env.values(a, &s.source, def, types...)
	if err != nil {
		return nil, err
	}
	return s.newCollector(env, a, v)
}

// newCollector makes the shard's collector once the values are resolved:
// bounds given as strings are read in the values' format.
func (s *histSpec) newCollector(env *shardEnv, a *Agg, v *values) (*histCollector, *apierr.Error) {
	subs, err := newSubFactory(env, a)
	if err != nil {
		return nil, err
	}
	c := &histCollector{spec: s, agg: a, v: v, subs: subs, index: map[float64]int{}, single: v.singleValued(),
		hardMin: s.hardMin, hardMax: s.hardMax}
	if s.date && v.format.kind == fmtDate {
		// Bounds given as strings are dates in the field's format.
		for _, b := range []struct {
			text string
			dst  **float64
		}{{s.extMinText, &c.extMin}, {s.extMaxText, &c.extMax}, {s.hardMinText, &c.hardMin}, {s.hardMaxText, &c.hardMax}} {
			if b.text == "" {
				continue
			}
			x, err := v.format.parseDouble(b.text, false, env.now)
			if err != nil {
				return nil, err
			}
			*b.dst = &x
		}
	}
	c.dense = newHistDense(c)
	return c, nil
}

// histCollector counts documents per histogram key on one shard.
type histCollector struct {
	spec           *histSpec
	agg            *Agg
	v              *values
	subs           *subFactory
	index          map[float64]int
	buckets        []*histBucket
	buf            []float64
	extMin, extMax *float64
	// hardMin and hardMax are the hard bounds, read in the field's format.
	hardMin, hardMax *float64
	single           bool // every document has at most one value
	dense            *histDense
}

func (c *histCollector) collect(slot int32, score float32) {
	if c.dense != nil {
		c.collectDense(slot, score)
		return
	}
	c.v.score = score
	if c.single {
		if x, ok := c.v.single(slot); ok {
			c.buf = append(c.buf[:0], x)
		} else {
			return
		}
	} else {
		c.buf = c.v.doubles(slot, c.buf)
	}
	prev := math.NaN()
	for _, x := range c.buf {
		k := c.spec.key(x)
		if k == prev {
			continue
		}
		prev = k
		if c.inBounds(x, k) {
			c.add(k, slot, score)
		}
	}
}

// inBounds reports whether the bucket of value x, key k, is inside the
// hard bounds, as the aggregators test it: a date_histogram's key, a
// histogram's key without its offset.
func (c *histCollector) inBounds(x, k float64) bool {
	if c.hardMin == nil && c.hardMax == nil {
		return true
	}
	if s := c.spec; s.rounding == nil {
		k = math.Floor((x-s.offset)/s.interval) * s.interval
	}
	return (c.hardMin == nil || k >= *c.hardMin) && (c.hardMax == nil || k <= *c.hardMax)
}

// add counts the document in the bucket of key k.
func (c *histCollector) add(k float64, slot int32, score float32) {
	i, ok := c.index[k]
	if !ok {
		i = len(c.buckets)
		c.index[k] = i
		c.buckets = append(c.buckets, &histBucket{key: k, subc: c.subs.make()})
	}
	b := c.buckets[i]
	b.docCount++
	b.subc.collect(slot, score)
}

func (c *histCollector) result() result {
	if c.dense != nil && c.dense.countMode {
		c.flushCounts()
	}
	for _, b := range c.buckets {
		b.subs = b.subc.results(c.agg.Subs)
		b.subc = nil
	}
	slices.SortFunc(c.buckets, func(a, b *histBucket) int { return compareDoubles(a.key, b.key) })
	r := &histResult{spec: c.spec, agg: c.agg, format: c.v.format, buckets: c.buckets, empty: c.subs.empty,
		extMin: c.spec.extMin, extMax: c.spec.extMax, hardMin: c.hardMin, hardMax: c.hardMax}
	if c.extMin != nil || c.extMax != nil {
		r.extMin, r.extMax = c.extMin, c.extMax
	}
	return r
}

// histBucket is one histogram bucket.
type histBucket struct {
	key      float64
	docCount int64
	subs     aggList
	subc     subCollectors
}

func (b *histBucket) count() int64     { return b.docCount }
func (b *histBucket) subAggs() aggList { return b.subs }
func (b *histBucket) compareKey(o orderedBucket) int {
	return compareDoubles(b.key, o.(*histBucket).key)
}

// histResult is InternalHistogram or InternalDateHistogram.
type histResult struct {
	spec             *histSpec
	agg              *Agg
	format           docFormat
	buckets          []*histBucket // by key
	empty            func() aggList
	extMin, extMax   *float64
	hardMin, hardMax *float64
}

func (r *histResult) typeName() string {
	if r.spec.date {
		return "date_histogram"
	}
	return "histogram"
}

func (r *histResult) reduce(all []result, rc *reduceCtx) (result, *apierr.Error) {
	out := &histResult{spec: r.spec, agg: r.agg, format: r.format, empty: r.empty, extMin: r.extMin, extMax: r.extMax, hardMin: r.hardMin, hardMax: r.hardMax}
	byKey := map[float64][]*histBucket{}
	var keys []float64
	for _, x := range all {
		h := x.(*histResult)
		if !h.format.raw() {
			out.format = h.format
		}
		for _, b := range h.buckets {
			if _, ok := byKey[b.key]; !ok {
				keys = append(keys, b.key)
			}
			byKey[b.key] = append(byKey[b.key], b)
		}
	}
	slices.SortFunc(keys, compareDoubles)
	var reduced []*histBucket
	for _, k := range keys {
		same := byKey[k]
		b := &histBucket{key: k}
		lists := make([]aggList, 0, len(same))
		for _, x := range same {
			b.docCount += x.docCount
			lists = append(lists, x.subs)
		}
		subs, err := reduceLists(lists, rc)
		if err != nil {
			return nil, err
		}
		b.subs = subs
		if b.docCount >= r.spec.minDocCount {
			reduced = append(reduced, b)
		}
	}
	if r.spec.minDocCount == 0 {
		var err *apierr.Error
		if reduced, err = out.addEmpty(reduced, rc); err != nil {
			return nil, err
		}
	}
	if err := rc.consume(len(reduced)); err != nil {
		return nil, err
	}
	if !r.spec.order.isKeyOrder() || !r.spec.order[0].asc {
		order := r.spec.order
		slices.SortStableFunc(reduced, func(a, b *histBucket) int { return order.compare(a, b) })
	}
	out.buckets = reduced
	return out, nil
}

// addEmpty fills the gaps between the buckets, and out to the extended
// bounds, with empty buckets (min_doc_count 0).
func (r *histResult) addEmpty(list []*histBucket, rc *reduceCtx) ([]*histBucket, *apierr.Error) {
	s := r.spec
	lo, hi := math.Inf(1), math.Inf(-1)
	if len(list) > 0 {
		lo, hi = list[0].key, list[len(list)-1].key
	}
	if r.extMin != nil {
		lo = math.Min(lo, s.key(*r.extMin))
	}
	if r.extMax != nil {
		hi = math.Max(hi, s.key(*r.extMax))
	}
	if r.hardMin != nil {
		lo = math.Max(lo, s.key(*r.hardMin))
	}
	if r.hardMax != nil {
		hi = math.Min(hi, s.key(*r.hardMax))
	}
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return list, nil
	}
	var out []*histBucket
	i := 0
	for k := lo; k <= hi; k = s.next(k) {
		for i < len(list) && list[i].key < k {
			out = append(out, list[i])
			i++
		}
		if i < len(list) && list[i].key == k {
			out = append(out, list[i])
			i++
		} else {
			out = append(out, &histBucket{key: k, subs: r.empty()})
		}
		if rc.maxBuckets > 0 && rc.buckets+len(out) > rc.maxBuckets {
			return nil, TooManyBuckets(rc.maxBuckets, rc.buckets+len(out))
		}
		if s.next(k) <= k {
			// An interval lost in the key's rounding: OpenSearch adds the
			// same empty bucket until its memory runs out; stop at once,
			// as if the fill had passed the limit.
			return nil, TooManyBuckets(rc.maxBuckets, max(rc.maxBuckets, rc.buckets+len(out))+1)
		}
	}
	return append(out, list[i:]...), nil
}

func (r *histResult) render(rc *renderCtx) jsonout.Object {
	var keyed jsonout.Object
	var list []any
	for _, b := range r.buckets {
		o := jsonout.Object{}
		var name string
		if r.spec.date {
			name = r.format.long(int64(b.key))
			o = append(o, jsonout.Field{Key: "key_as_string", Value: name}, jsonout.Field{Key: "key", Value: int64(b.key)})
		} else {
			name = r.format.double(b.key)
			o = append(o, jsonout.Field{Key: "key", Value: double(b.key)})
			if !r.format.raw() {
				o = append(o, jsonout.Field{Key: "key_as_string", Value: name})
			}
		}
		o = renderSubs(append(o, jsonout.Field{Key: "doc_count", Value: b.docCount}), b.subs, rc)
		if r.spec.keyed {
			keyed = append(keyed, jsonout.Field{Key: name, Value: o})
		} else {
			list = append(list, o)
		}
	}
	if r.spec.keyed {
		if keyed == nil {
			keyed = jsonout.Object{}
		}
		return jsonout.Object{{Key: "buckets", Value: keyed}}
	}
	if list == nil {
		list = []any{}
	}
	return jsonout.Object{{Key: "buckets", Value: list}}
}

// validateSubs checks the order's paths against the sub-aggregations.
func (s *histSpec) validateSubs(a *Agg) *apierr.Error { return validateOrderPaths(s.order, a) }
