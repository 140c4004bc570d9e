package aggs

import (
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// roundingInfo is one rung of auto_date_histogram's rounding ladder
// (AutoDateHistogramAggregationBuilder.buildRoundings): a calendar unit, its
// rough length, its abbreviation and the multiples it may merge into.
type roundingInfo struct {
	unit   string
	rough  int64
	abbrev string
	inner  []int
}

// roundingLadder is the ladder from seconds to years.
var roundingLadder = []roundingInfo{
	{"second", 1000, "s", []int{1, 5, 10, 30}},
	{"minute", 60 * 1000, "m", []int{1, 5, 10, 30}},
	{"hour", 60 * 60 * 1000, "h", []int{1, 3, 12}},
	{"day", 24 * 60 * 60 * 1000, "d", []int{1, 7}},
	{"month", 30 * 24 * 60 * 60 * 1000, "M", []int{1, 3}},
	{"year", 365 * 24 * 60 * 60 * 1000, "y", []int{1, 5, 10, 20, 50, 100}},
}

func (ri *roundingInfo) maxInner() int64 { return int64(ri.inner[len(ri.inner)-1]) }

// autoDateSpec is an auto_date_histogram aggregation: date buckets at the
// finest rung of the ladder that keeps them near the target count.
type autoDateSpec struct {
	source
	buckets int
	ladder  []roundingInfo // from minimum_interval up
}

// allowedMinimumIntervals are the minimum_interval values, in the order the
// error lists them.
var allowedMinimumIntervals = []string{"year", "month", "day", "hour", "minute", "second"}

func parseAutoDate(p *parser) (spec, *apierr.Error) {
	s := &autoDateSpec{buckets: 10, ladder: roundingLadder}
	p.known = []string{"field", "missing", "value_type", "valueType", "script", "format", "time_zone", "buckets", "minimum_interval"}
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		if ok, err := s.parseSourceField(p, m, true); ok || err != nil {
			return ok, err
		}
		var err *apierr.Error
		switch m.Key {
		case "buckets":
			if s.buckets, err = p.integer(m); err == nil && s.buckets <= 0 {
				err = p.failed(m, apierr.IllegalArgument("buckets must be greater than 0 for [%s]", p.agg.Name))
			}
		case "minimum_interval":
			var name string
			if name, err = p.str(m); err == nil {
				i := slices.IndexFunc(roundingLadder, func(r roundingInfo) bool { return r.unit == name })
				if i < 0 {
					return true, p.failed(m, apierr.IllegalArgument("minimum_interval must be one of [%s]", joinComma(allowedMinimumIntervals)))
				}
				s.ladder = roundingLadder[i:]
			}
		default:
			return false, nil
		}
		return true, err
	})
	if err != nil {
		return nil, err
	}
	return s, nil
}

func joinComma(list []string) string {
	out := ""
	for i, s := range list {
		if i > 0 {
			out += ", "
		}
		out += s
	}
	return out
}

func (s *autoDateSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	// The target may not pass search.max_buckets over the largest inner
	// interval below years (30).
	if env.maxBuckets > 0 {
		if ceiling := env.maxBuckets / 30; s.buckets > ceiling {
			return nil, apierr.IllegalArgument("buckets must be less than %d", ceiling)
		}
	}
	v, err := env.values(a, &s.source, vsDate, vsDate, vsNumeric, vsBoolean)
	if err != nil {
		return nil, err
	}
	subs, err := newSubFactory(env, a)
	if err != nil {
		return nil, err
	}
	zone := s.zone
	if zone == nil {
		zone = time.UTC
	}
	return &autoDateCollector{spec: s, agg: a, v: v, zone: zone, subs: subs}, nil
}

// autoDateCollector keeps each matching document's values with its
// sub-collectors at the finest rung; result() picks the shard's rung.
type autoDateCollector struct {
	spec   *autoDateSpec
	agg    *Agg
	v      *values
	zone   *time.Location
	subs   *subFactory
	keys   []int64 // distinct values seen, as epoch millis rounded to the second rung's unit
	counts map[int64]int64
	bsubs  map[int64]subCollectors
	buf    []float64
}

func (c *autoDateCollector) rounding(i int) autoRounding {
	return newAutoRounding(c.spec.ladder[i].unit, c.zone)
}

// autoRounding is a rung's rounding; in UTC the units up to days are plain
// multiples of their length, which skips the calendar arithmetic.
type autoRounding struct {
	*rounding
	step int64 // the unit's length when fixed, else 0
}

func newAutoRounding(unit string, zone *time.Location) autoRounding {
	r := autoRounding{rounding: &rounding{unit: unit, zone: zone}}
	if zone == time.UTC {
		switch unit {
		case "second":
			r.step = 1000
		case "minute":
			r.step = 60 * 1000
		case "hour":
			r.step = 60 * 60 * 1000
		case "day":
			r.step = 24 * 60 * 60 * 1000
		}
	}
	return r
}

func (r autoRounding) round(ms int64) int64 {
	if r.step > 0 {
		return floorDiv(ms, r.step) * r.step
	}
	return r.rounding.round(ms)
}

func (r autoRounding) next(key int64) int64 {
	if r.step > 0 {
		return key + r.step
	}
	return r.rounding.next(key)
}

func (c *autoDateCollector) collect(slot int32, score float32) {
	if c.counts == nil {
		c.counts, c.bsubs = map[int64]int64{}, map[int64]subCollectors{}
	}
	// Buckets at the finest rung; coarser rungs merge them (each document
	// counts once per bucket of the rung it lands in).
	r := c.rounding(0)
	c.buf = c.v.doubles(slot, c.buf)
	var last int64
	for i, f := range c.buf {
		k := r.round(int64(f))
		if i > 0 && k == last {
			continue
		}
		last = k
		if _, ok := c.counts[k]; !ok {
			c.keys = append(c.keys, k)
		}
		c.counts[k]++
		if len(c.agg.Subs) > 0 {
			sc := c.bsubs[k]
			if sc == nil {
				sc = c.subs.make()
				c.bsubs[k] = sc
			}
			sc.collect(slot, score)
		}
	}
}

// autoBucket is one auto_date_histogram bucket.
type autoBucket struct {
	key      int64
	docCount int64
	subs     aggList
}

func (c *autoDateCollector) result() result {
	r := &autoDateResult{spec: c.spec, zone: c.zone, format: c.v.format, empty: c.subs.empty()}
	r.idx = c.shardRung()
	slices.Sort(c.keys)
	for _, k := range c.keys {
		b := &autoBucket{key: k, docCount: c.counts[k]}
		if sc := c.bsubs[k]; sc != nil {
			b.subs = sc.results(c.agg.Subs)
		}
		r.fine = append(r.fine, b)
	}
	return r
}

// shardRung replays the collector's increaseRoundingIfNeeded over the keys
// in the order they first came: each new bucket widens min and max (as
// rounded when it came) and may promote the rounding while the bucket count
// or the span passes what the rung holds.
func (c *autoDateCollector) shardRung() int {
	ladder := c.spec.ladder
	target := int64(c.spec.buckets)
	fits := func(idx, n int, span int64) bool {
		ri := &ladder[idx]
		return int64(n) <= target*ri.maxInner() && span <= target*ri.rough*ri.maxInner()
	}
	idx := 0
	rd := c.rounding(0)
	seen := map[int64]bool{}
	lo, hi := int64(math.MaxInt64), int64(math.MinInt64)
	for _, k := range c.keys {
		key := rd.round(k)
		if seen[key] {
			continue
		}
		seen[key] = true
		if idx >= len(ladder)-1 {
			continue
		}
		lo, hi = min(lo, key), max(hi, key)
		if fits(idx, len(seen), hi-lo) {
			continue
		}
		for {
			idx++
			rd = c.rounding(idx)
			next := map[int64]bool{}
			for old := range seen {
				next[rd.round(old)] = true
			}
			seen = next
			if idx >= len(ladder)-1 || fits(idx, len(seen), hi-lo) {
				break
			}
		}
	}
	return idx
}

// autoDateResult is InternalAutoDateHistogram. Each shard keeps its
// buckets at the finest rung (with the rung it chose): the reduce groups
// them once at the final rung, so sub-aggregations reduce once.
type autoDateResult struct {
	spec    *autoDateSpec
	zone    *time.Location
	format  docFormat
	idx     int // the rung
	inner   int // the merged multiple of the rung (the reduced result)
	fine    []*autoBucket
	buckets []*autoBucket
	empty   aggList // the sub-aggregations of an empty bucket
}

func (r *autoDateResult) typeName() string { return "auto_date_histogram" }

func (r *autoDateResult) rounding(i int) autoRounding {
	return newAutoRounding(r.spec.ladder[i].unit, r.zone)
}

// rounded lists the distinct keys of buckets at rung idx, ascending.
func (r *autoDateResult) rounded(buckets []*autoBucket, idx int) []int64 {
	rd := r.rounding(idx)
	var out []int64
	for _, b := range buckets {
		k := rd.round(b.key)
		if n := len(out); n == 0 || out[n-1] != k {
			out = append(out, k)
		}
	}
	return out
}

func (r *autoDateResult) reduce(all []result, rc *reduceCtx) (result, *apierr.Error) {
	out := &autoDateResult{spec: r.spec, zone: r.zone, format: r.format, empty: r.empty, inner: 1}
	var fine []*autoBucket
	for _, x := range all {
		s := x.(*autoDateResult)
		out.idx = max(out.idx, s.idx)
		fine = append(fine, s.fine...)
	}
	slices.SortStableFunc(fine, func(a, b *autoBucket) int {
		switch {
		case a.key < b.key:
			return -1
		case a.key > b.key:
			return 1
		}
		return 0
	})
	if len(fine) == 0 {
		return out, nil
	}
	// The rung's keys from the first to the last, empty ones included
	// (addEmptyBuckets), at a coarser rung while there are too many.
	target := int64(r.spec.buckets)
	var keys []int64
	for {
		rd := r.rounding(out.idx)
		keys = keys[:0]
		last := rd.round(fine[len(fine)-1].key)
		for k := rd.round(fine[0].key); k <= last; k = rd.next(k) {
			keys = append(keys, k)
		}
		if int64(len(keys)) <= target*r.spec.ladder[out.idx].maxInner() || out.idx == len(r.spec.ladder)-1 {
			break
		}
		out.idx++
	}
	// Merge consecutive buckets by the first inner multiple that reaches
	// the target (maybeMergeConsecutiveBuckets).
	if int64(len(keys)) > target {
		for _, n := range r.spec.ladder[out.idx].inner {
			if int64((len(keys)+n-1)/n) <= target {
				out.inner = n
				break
			}
		}
	}
	rd := r.rounding(out.idx)
	groupOf := map[int64]int{}
	for i, k := range keys {
		groupOf[k] = i / out.inner
	}
	groups := make([][]*autoBucket, (len(keys)+out.inner-1)/out.inner)
	for _, b := range fine {
		g := groupOf[rd.round(b.key)]
		groups[g] = append(groups[g], b)
	}
	for g, members := range groups {
		nb := &autoBucket{key: keys[g*out.inner]}
		var lists []aggList
		for _, b := range members {
			nb.docCount += b.docCount
			if b.subs != nil {
				lists = append(lists, b.subs)
			}
		}
		if len(lists) == 0 && r.empty != nil {
			lists = append(lists, r.empty)
		}
		subs, err := reduceLists(lists, rc)
		if err != nil {
			return nil, err
		}
		nb.subs = subs
		out.buckets = append(out.buckets, nb)
	}
	return out, rc.consume(len(out.buckets))
}

func (r *autoDateResult) render(rc *renderCtx) jsonout.Object {
	list := make([]any, 0, len(r.buckets))
	for _, b := range r.buckets {
		o := jsonout.Object{}
		if !r.format.raw() {
			o = append(o, jsonout.Field{Key: "key_as_string", Value: r.format.long(b.key)})
		}
		o = append(o, jsonout.Field{Key: "key", Value: b.key}, jsonout.Field{Key: "doc_count", Value: b.docCount})
		list = append(list, renderSubs(o, b.subs, rc))
	}
	inner := max(r.inner, 1)
	return jsonout.Object{{Key: "buckets", Value: list}, {Key: "interval", Value: strconv.Itoa(inner) + r.spec.ladder[r.idx].abbrev}}
}
