package aggs

import (
	"math"
	"slices"

	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

// The filter rewrite (FilterRewriteOptimizationContext) lets a top-level
// date_histogram, auto_date_histogram or range aggregation without
// sub-aggregations count its buckets by walking the field's BKD tree
// instead of collecting documents. The fake collects as usual; the profile
// reports what OpenSearch's walk would have visited, from a model of the
// one segment the shard is: a 1-D BKD tree with 512 points per leaf.

// maxRewriteFilters is search.max_aggs_rewrite_filters' default: more
// ranges than this and the rewrite is not tried.
const maxRewriteFilters = 3000

// bkdLeafSize is Lucene's default number of points in a BKD leaf.
const bkdLeafSize = 512

// rewriteResult is the rewrite's debug counters for one shard.
type rewriteResult struct {
	segments, optimized, leaf, inner int64
}

// pointRange is one bucket's range of values, lo inclusive, hi exclusive.
type pointRange struct{ lo, hi float64 }

// rewriteCounters memoizes the model's result for the aggregation.
func (p *aggProfile) rewriteCounters(pr *profiler) rewriteResult {
	if p.rewrite == nil {
		r := p.modelRewrite(pr)
		p.rewrite = &r
	}
	return *p.rewrite
}

// optimizedByRewrite reports whether the rewrite counted the buckets.
func (p *aggProfile) optimizedByRewrite(pr *profiler) bool {
	switch p.agg.Type {
	case "date_histogram", "auto_date_histogram", "range", "date_range", "composite":
		return p.rewriteCounters(pr).optimized > 0
	}
	return false
}

// rewriteDebug adds populateDebugInfo's entries: only when a segment was
// optimized.
func (p *aggProfile) rewriteDebug(pr *profiler, add func(string, any)) {
	r := p.rewriteCounters(pr)
	if r.optimized == 0 {
		return
	}
	add("optimized_segments", r.optimized)
	add("unoptimized_segments", r.segments-r.optimized)
	add("leaf_visited", r.leaf)
	add("inner_visited", r.inner)
}

// rewriteFieldTypes are the field types each aggregation's rewrite takes.
var (
	dateRewriteTypes  = map[string]bool{mapping.TypeDate: true, mapping.TypeDateNanos: true}
	rangeRewriteTypes = map[string]bool{"long": true, "integer": true, "short": true, "byte": true, "double": true, "float": true,
		mapping.TypeHalfFloat: true, mapping.TypeUnsignedLong: true, mapping.TypeDate: true, mapping.TypeDateNanos: true}
)

// modelRewrite decides whether the rewrite applies on the shard's segment
// and, when it does, walks the modelled tree.
func (p *aggProfile) modelRewrite(pr *profiler) rewriteResult {
	var out rewriteResult
	a := p.agg
	if p.env == nil || pr.leaves == 0 || len(p.env.parents) > 0 || len(a.Subs) > 0 {
		return out
	}
	var src *source
	types := dateRewriteTypes
	switch s := a.spec.(type) {
	case *histSpec:
		src = &s.source
	case *autoDateSpec:
		src = &s.source
	case *rangeSpec:
		src, types = &s.source, rangeRewriteTypes
		if !pr.query.MatchAll {
			return out // tried only on segments the query matches whole
		}
	case *compositeSpec:
		// One date_histogram source without missing_bucket.
		if len(s.sources) != 1 || s.sources[0].kind != "date_histogram" || s.sources[0].missingBucket {
			return out
		}
		src = &s.sources[0].source
	default:
		return out
	}
	v := p.source()
	if c, ok := p.firstCollector().(*compositeCollector); ok && len(c.srcs) == 1 {
		v = c.srcs[0].v
	}
	f := p.env.field(src.field)
	if v == nil || v.script != nil || src.missing != nil || v.unmapped || v.constant || f == nil || !types[f.Type] || f.Params["index"] == false {
		return out
	}
	out.segments = 1
	if !p.env.r.AllLive() {
		return out // a segment with deletions is collected
	}
	points, ok := p.segmentPoints(v)
	if !ok || len(points) == 0 {
		return out
	}
	ranges := p.rewriteRanges(pr, src.field, points)
	if ranges == nil {
		return out
	}
	out.optimized = 1
	w := &rangeWalk{ranges: ranges, maxNonZero: math.MaxInt}
	if s, ok := a.spec.(*compositeSpec); ok {
		w.maxNonZero = s.size // a page needs no more buckets
	}
	w.node(points, 0, (len(points)+bkdLeafSize-1)/bkdLeafSize, points[0], points[len(points)-1])
	out.leaf, out.inner = w.leaf, w.inner
	return out
}

// segmentPoints returns the field's values on the shard, sorted; false
// when a document has several (the rewrite needs one point per document).
func (p *aggProfile) segmentPoints(v *values) ([]float64, bool) {
	var points, buf []float64
	for d := int32(0); d < p.env.r.MaxDoc(); d++ {
		buf = v.doubles(d, buf)
		if len(buf) > 1 {
			return nil, false
		}
		points = append(points, buf...)
	}
	slices.Sort(points)
	return points, true
}

// rewriteRanges builds the ranges the rewrite counts into: the range
// aggregation's own, or the date buckets between the bounds the query and
// the segment give (nil when the rewrite does not apply).
func (p *aggProfile) rewriteRanges(pr *profiler, field string, points []float64) []pointRange {
	if rc, ok := p.firstCollector().(*rangeCollector); ok {
		out := make([]pointRange, len(rc.ranges))
		for i, r := range rc.ranges {
			if i > 0 && rc.ranges[i-1].to > r.from {
				return nil // overlapping ranges are collected
			}
			out[i] = pointRange{r.from, r.to}
		}
		return out
	}
	lo, hi := int64(points[0]), int64(points[len(points)-1])
	switch {
	case pr.query.MatchAll:
	case pr.query.Field == field && pr.query.Bounded:
		lo, hi = max(lo, pr.query.Lo), min(hi, pr.query.Hi)
		if lo > hi {
			return nil
		}
	case pr.query.Field == field:
	default:
		return nil
	}
	var round func(int64) int64
	var next func(int64) int64
	switch c := p.firstCollector().(type) {
	case *histCollector:
		if c.spec.rounding == nil {
			return nil
		}
		if c.spec.hardMin != nil {
			lo = max(lo, int64(*c.spec.hardMin))
		}
		if c.spec.hardMax != nil {
			hi = min(hi, int64(*c.spec.hardMax)-1)
		}
		round, next = c.spec.rounding.round, c.spec.rounding.next
	case *autoDateCollector:
		r := c.rounding(autoRewriteRung(c.spec, lo, hi))
		round, next = r.round, r.next
	case *compositeCollector:
		r := c.srcs[0].round
		round, next = r.round, r.next
		if len(c.after) == 1 && c.after[0].kind == 'l' {
			// The page starts after the after key's bucket.
			lo = max(lo, next(c.after[0].n))
			if lo > hi {
				return nil
			}
		}
	default:
		return nil
	}
	var out []pointRange
	start := float64(lo)
	for k := round(lo); k <= hi; {
		n := next(k)
		if n <= k || len(out) == maxRewriteFilters {
			return nil
		}
		end := float64(n)
		if n > hi {
			end = float64(hi) + 1
		}
		out = append(out, pointRange{start, end})
		start, k = end, n
	}
	return out
}

// autoRewriteRung is the rung the rewrite of auto_date_histogram rounds
// with: the first whose largest inner interval covers the span divided by
// the target number of buckets.
func autoRewriteRung(s *autoDateSpec, lo, hi int64) int {
	best := (hi - lo) / int64(s.buckets)
	i := 0
	for i < len(s.ladder)-1 && best > s.ladder[i].maxInner()*s.ladder[i].rough {
		i++
	}
	return i
}

func (p *aggProfile) firstCollector() collector {
	if len(p.cols) == 0 {
		return nil
	}
	return p.cols[0]
}

// rangeWalk is the rewrite's traversal (multiRangesTraverse): it keeps
// an active range, skips cells before it, counts whole cells inside it
// and visits the points of leaves that cross it; running past the last
// range ends the walk (the leaf being visited is then not counted).
type rangeWalk struct {
	ranges      []pointRange
	active      int
	leaf, inner int64
	// visited counts the ranges moved to; past maxNonZero the walk ends
	// (a composite page holds size buckets).
	visited, maxNonZero int
}

const (
	cellOutside = iota
	cellInside
	cellCrosses
)

// node walks the subtree of nLeaves leaves starting at leaf first, whose
// cell is [lo, hi]; it returns true when the walk ended.
func (w *rangeWalk) node(points []float64, first, nLeaves int, lo, hi float64) bool {
	rel, done := w.compare(lo, hi)
	if done {
		return true
	}
	switch rel {
	case cellInside:
		w.inner++
	case cellCrosses:
		if nLeaves == 1 {
			end := min((first+1)*bkdLeafSize, len(points))
			for _, x := range points[first*bkdLeafSize : end] {
				if w.visit(x) {
					return true
				}
			}
			w.leaf++
			return false
		}
		left := numLeftLeaves(nLeaves)
		split := points[(first+left)*bkdLeafSize]
		if w.node(points, first, left, lo, split) {
			return true
		}
		return w.node(points, first+left, nLeaves-left, split, hi)
	}
	return false
}

// advancePast moves the active range to the first one that ends after x;
// true when there is none.
func (w *rangeWalk) advancePast(x float64) bool {
	if x < w.ranges[w.active].hi {
		return false
	}
	for !(x < w.ranges[w.active].hi) {
		if w.active++; w.active >= len(w.ranges) {
			return true
		}
	}
	w.visited++
	return w.visited > w.maxNonZero
}

func (w *rangeWalk) inRange(x float64) bool {
	r := w.ranges[w.active]
	return x >= r.lo && x < r.hi
}

func (w *rangeWalk) compare(lo, hi float64) (int, bool) {
	if w.advancePast(lo) {
		return 0, true
	}
	if hi < w.ranges[w.active].lo {
		return cellOutside, false
	}
	if w.inRange(lo) && w.inRange(hi) {
		return cellInside, false
	}
	return cellCrosses, false
}

func (w *rangeWalk) visit(x float64) bool {
	if w.advancePast(x) {
		return true
	}
	return false
}

// numLeftLeaves is how BKDWriter splits leaves between the two children
// of a node: the left one gets a full level's half and as many of the
// remaining leaves as fit.
func numLeftLeaves(numLeaves int) int {
	lastFull := 31
	for lastFull > 0 && numLeaves>>lastFull == 0 {
		lastFull--
	}
	full := 1 << lastFull
	left := full / 2
	return left + min(numLeaves-full, left)
}

// survivingBuckets is auto_date_histogram's bucket count on the shard:
// with the rewrite, at the rung it rounds with; otherwise at the rung
// FromSingle's collection climbs to (more buckets, or a wider span, than
// the rung allows moves it up).
func (p *aggProfile) survivingBuckets(pr *profiler) int64 {
	c, ok := p.firstCollector().(*autoDateCollector)
	if !ok || len(c.keys) == 0 {
		return 0
	}
	distinct := func(i int) (int64, int64, int64) {
		r := c.rounding(i)
		seen := map[int64]bool{}
		lo, hi := int64(math.MaxInt64), int64(math.MinInt64)
		for _, k := range c.keys {
			x := r.round(k)
			seen[x] = true
			lo, hi = min(lo, x), max(hi, x)
		}
		return int64(len(seen)), lo, hi
	}
	if p.optimizedByRewrite(pr) {
		lo, hi := slices.Min(c.keys), slices.Max(c.keys)
		n, _, _ := distinct(autoRewriteRung(c.spec, lo, hi))
		return n
	}
	target := int64(c.spec.buckets)
	for i := range c.spec.ladder {
		n, lo, hi := distinct(i)
		ri := &c.spec.ladder[i]
		if i == len(c.spec.ladder)-1 || (n <= target*ri.maxInner() && hi-lo <= target*ri.maxInner()*ri.rough) {
			return n
		}
	}
	return 0
}
