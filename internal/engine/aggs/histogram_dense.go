package aggs

import "github.com/clustersearch/clustersearch-go/internal/engine/shard"

// histDenseSpan caps the span of step indexes a histDense table covers
// (16 KB); keys outside it go through the collector's map.
const histDenseSpan = 1 << 12

// histDense is a date_histogram's fast path for a fixed-length rounding
// (rounding.step) over a plain single-valued date column: a value's step
// index finds its bucket in a small table over the indexes seen so far,
// without float keys or a map lookup.
//
// Without sub-aggregations the table holds counts instead (countMode),
// which become buckets at the end.
type histDense struct {
	longs     *shard.LongColumn
	r         *rounding
	countMode bool
	base      int64   // the step index of table[0] (and counts[0])
	table     []int32 // bucket index + 1 by step index - base; 0 for none yet
	counts    []int64 // countMode: documents by step index - base
}

// newHistDense returns the fast path when the collector's values allow
// it: no script, missing value, decoding or hard bounds.
func newHistDense(c *histCollector) *histDense {
	v, r := c.v, c.spec.rounding
	if r == nil || r.step <= 0 || !c.single || v.longs == nil || v.longs.Multi || v.script != nil ||
		v.constant || v.unmapped || v.hasMissing || v.unsigned || v.nanos || c.hardMin != nil || c.hardMax != nil {
		return nil
	}
	return &histDense{longs: v.longs, r: r, countMode: len(c.agg.Subs) == 0}
}

// stepIndex is floorDiv(local, step) for the step index of a local time,
// by a float division corrected to the exact quotient (a 64-bit integer
// division costs several times more in the per-document loop).
func stepIndex(local, step int64) int64 {
	const exact = 1 << 52
	if local < 0 || local >= exact {
		return floorDiv(local, step)
	}
	q := int64(float64(local) / float64(step))
	for q*step > local {
		q--
	}
	for (q+1)*step <= local {
		q++
	}
	return q
}

// keyOf is rounding.round's key for step index q.
func (d *histDense) keyOf(q int64) float64 {
	r := d.r
	return float64(q*r.step + r.anchor - r.zoneOff + r.offset)
}

// countBlock counts a block of documents by step index (countMode).
func (c *histCollector) countBlock(slots []int32) {
	d := c.dense
	longs, r := d.longs, d.r
	shift := r.zoneOff - r.anchor - r.offset
	for _, slot := range slots {
		n, ok := longs.Single(slot)
		if !ok {
			continue
		}
		q := stepIndex(n+shift, r.step)
		if i := q - d.base; uint64(i) < uint64(len(d.counts)) {
			d.counts[i]++
			continue
		}
		if !d.growCounts(q) {
			c.add(d.keyOf(q), slot, 0)
			continue
		}
		d.counts[q-d.base]++
	}
}

// growCounts extends the counts to step index q when the span allows.
func (d *histDense) growCounts(q int64) bool {
	if len(d.counts) == 0 {
		d.base, d.counts = q, make([]int64, 1, 64)
		return true
	}
	lo, hi := min(q, d.base), max(q, d.base+int64(len(d.counts))-1)
	if hi-lo+1 > histDenseSpan {
		return false
	}
	grown := make([]int64, hi-lo+1)
	copy(grown[d.base-lo:], d.counts)
	d.base, d.counts = lo, grown
	return true
}

// flushCounts turns the counts into buckets (before result).
func (c *histCollector) flushCounts() {
	d := c.dense
	for i, n := range d.counts {
		if n == 0 {
			continue
		}
		k := d.keyOf(d.base + int64(i))
		j, ok := c.index[k]
		if !ok {
			j = len(c.buckets)
			c.index[k] = j
			c.buckets = append(c.buckets, &histBucket{key: k, subc: c.subs.make()})
		}
		c.buckets[j].docCount += n
	}
	d.counts = nil
}

// collectDense counts one document through the table; the first document
// of a step index finds (or makes) its bucket through the map.
func (c *histCollector) collectDense(slot int32, score float32) {
	d := c.dense
	if d.countMode {
		c.countBlock([]int32{slot})
		return
	}
	n, ok := d.longs.Single(slot)
	if !ok {
		return
	}
	r := d.r
	q := stepIndex(n-r.offset+r.zoneOff-r.anchor, r.step)
	if i := q - d.base; uint64(i) < uint64(len(d.table)) {
		if b := d.table[i]; b != 0 {
			bk := c.buckets[b-1]
			bk.docCount++
			bk.subc.collect(slot, score)
			return
		}
	}
	// rounding.round's key for the step index q.
	k := d.keyOf(q)
	c.add(k, slot, score)
	d.remember(q, int32(c.index[k]))
}

// remember maps step index q to bucket b when the table can span it.
func (d *histDense) remember(q int64, b int32) {
	if len(d.table) == 0 {
		d.base, d.table = q, []int32{b + 1}
		return
	}
	lo, hi := min(q, d.base), max(q, d.base+int64(len(d.table))-1)
	if hi-lo+1 > histDenseSpan {
		return
	}
	if lo < d.base || hi >= d.base+int64(len(d.table)) {
		grown := make([]int32, hi-lo+1)
		copy(grown[d.base-lo:], d.table)
		d.base, d.table = lo, grown
	}
	d.table[q-d.base] = b + 1
}

// blockSafe: the fast path without sub-aggregations cannot fail.
func (c *histCollector) blockSafe() bool { return c.dense != nil && c.dense.countMode }

func (c *histCollector) collectBlock(slots []int32, _ float32) { c.countBlock(slots) }
