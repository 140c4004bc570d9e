package aggs

import (
	"math"
	"slices"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// rangeTypeName is a range field's RangeType name, as the range histogram
// aggregators print it.
func rangeTypeName(fieldType string) string {
	if fieldType == mapping.TypeIPRange {
		return fieldType
	}
	return strings.TrimSuffix(fieldType, "_range")
}

// rangeCollector is a histogram or date_histogram over a range field
// (RangeHistogramAggregator, DateRangeHistogramAggregator): a document
// counts once in every bucket one of its ranges overlaps.
func (s *histSpec) rangeCollector(env *shardEnv, a *Agg, f *mapping.Field) (collector, *apierr.Error) {
	switch {
	case s.date && f.Type != mapping.TypeDateRange:
		return nil, apierr.IllegalArgument("Expected date range type but found range type [%s]", rangeTypeName(f.Type))
	case !s.date && f.Type == mapping.TypeIPRange:
		return nil, apierr.IllegalArgument("Expected numeric range type but found non-numeric range [%s]", rangeTypeName(f.Type))
	}
	v := &values{typ: vsNumeric, fieldType: f.Type}
	switch {
	case f.Type == mapping.TypeDateRange:
		spec := s.format
		if spec == "" {
			spec = f.DateFormat()
		}
		fm, err := dateFormat(spec, s.zone)
		if err != nil {
			return nil, err
		}
		v.typ, v.format = vsDate, fm
	case s.format != "":
		v.format = docFormat{kind: fmtDecimal, pattern: s.format}
	}
	hc, err := s.newCollector(env, a, v)
	if err != nil {
		return nil, err
	}
	c := &rangeHistCollector{histCollector: hc, env: env}
	if f.Type == mapping.TypeFloatRange || f.Type == mapping.TypeDoubleRange {
		c.floats = env.r.DoubleColumn(f.Path)
	} else {
		c.longs = env.r.LongColumn(f.Path)
	}
	return c, nil
}

// rangeHistCollector feeds a histCollector the buckets of each document's
// ranges, stored as (from, to) pairs with inclusive bounds.
type rangeHistCollector struct {
	*histCollector
	env    *shardEnv
	longs  *shard.LongColumn
	floats *shard.DoubleColumn
	lbuf   []int64
	fbuf   []float64
	ranges [][2]float64
	failed bool
}

func (c *rangeHistCollector) collect(slot int32, score float32) {
	if c.failed {
		return
	}
	c.ranges = c.ranges[:0]
	if c.longs != nil {
		c.lbuf = c.longs.Append(c.lbuf[:0], slot)
		for i := 0; i+1 < len(c.lbuf); i += 2 {
			c.ranges = append(c.ranges, [2]float64{float64(c.lbuf[i]), float64(c.lbuf[i+1])})
		}
	} else {
		c.fbuf = c.floats.Append(c.fbuf[:0], slot)
		for i := 0; i+1 < len(c.fbuf); i += 2 {
			c.ranges = append(c.ranges, [2]float64{c.fbuf[i], c.fbuf[i+1]})
		}
	}
	if len(c.ranges) > 1 {
		// The doc values keep a document's ranges sorted by from, then to.
		slices.SortFunc(c.ranges, func(a, b [2]float64) int {
			if a[0] != b[0] {
				return compareDoubles(a[0], b[0])
			}
			return compareDoubles(a[1], b[1])
		})
	}
	prev := math.Inf(-1)
	limit := c.env.maxBuckets
	for _, r := range c.ranges {
		from, to := r[0], r[1]
		if c.hardMin != nil {
			from = math.Max(from, *c.hardMin)
		}
		if c.hardMax != nil {
			to = math.Min(to, *c.hardMax)
		}
		start, end := c.rangeKey(from), c.rangeKey(to)
		n := 0
		for k := math.Max(start, prev); k <= end; k = c.nextKey(k) {
			if k == prev {
				continue
			}
			// A range without bounds spans more buckets than a search
			// may hold: fail as the bucket limit does instead of looping.
			if n++; limit > 0 && n > limit {
				c.failed = true
				c.env.fail(TooManyBuckets(limit, n))
				return
			}
			c.add(c.bucketKey(k), slot, score)
		}
		if end > prev {
			prev = end
		}
	}
}

// rangeKey is the bucket of a range bound: the histogram's key index
// (floor((x - offset) / interval)), or the date_histogram's rounded date.
func (c *rangeHistCollector) rangeKey(x float64) float64 {
	s := c.spec
	if s.rounding != nil {
		return float64(s.rounding.round(clampMillis(x)))
	}
	return math.Floor((x - s.offset) / s.interval)
}

// bucketKey is the bucket key of a rangeKey.
func (c *rangeHistCollector) bucketKey(k float64) float64 {
	if s := c.spec; s.rounding == nil {
		return k*s.interval + s.offset
	}
	return k
}

// nextKey is the bucket after k, in rangeKey's terms.
func (c *rangeHistCollector) nextKey(k float64) float64 {
	if s := c.spec; s.rounding != nil {
		return float64(s.rounding.next(int64(k)))
	}
	return k + 1
}

// clampMillis keeps an open range's bound (the long limits) inside the
// dates the calendar can round.
func clampMillis(x float64) int64 {
	const limit = 1 << 53
	return int64(math.Max(-limit, math.Min(limit, x)))
}

// blockSafe: documents go through collect one by one (a range spans
// buckets, and the bucket limit can fail the shard).
func (c *rangeHistCollector) blockSafe() bool { return false }
