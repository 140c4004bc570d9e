package aggs

import (
	"math"

	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// Block paths of the collectors whose common cases cannot fail: keyword
// terms (with block-safe sub-aggregations grouped by bucket), integer
// metrics and keyword cardinality. Each keeps the per-document results
// exactly: documents reach every bucket in slot order.

// termsGatherMax caps the dictionary size for which terms groups a block's
// documents by bucket for its sub-aggregations.
const termsGatherMax = 1 << 12

// blockSafe reports whether a subFactory's collectors are block safe; only
// before its first make, which hands out the collectors it checked.
func (f *subFactory) blockSafe() bool {
	return len(f.aggs) == 0 || (f.first != nil && f.first.blockSafe())
}

func (c *termsCollector) initBlock() {
	v := c.v
	if c.counts == nil || v.constant || v.unmapped || v.script != nil || v.ords == nil || v.ords.Multi {
		return
	}
	if c.bsubs != nil && (len(c.counts) > termsGatherMax || !c.subs.blockSafe()) {
		return
	}
	c.block = true
	if c.bsubs != nil && len(c.subs.first) == 1 {
		if st, ok := c.subs.first[0].(*statsCollector); ok && st.op == opSum && st.longs != nil {
			n := len(c.counts)
			c.fused = &fusedSum{longs: st.longs, sums: make([]int64, n), counts: make([]int64, n), docs: make([]int32, n)}
		}
	}
}

// fusedSum is terms with one avg or sum of a plain integer column: the
// block loop adds each document's value to its bucket's integer partial
// sum, and each bucket's compensated sum takes the block's sum at once,
// which is exact while every bucket's sum stays below exactLimit (the
// first block that could leave it goes back to grouping by bucket).
type fusedSum struct {
	longs  *shard.LongColumn
	sums   []int64 // this block's sum by ordinal
	counts []int64 // this block's values by ordinal
	docs   []int32 // this block's documents by ordinal
	// off turns the fused loop off for good once a block held a value too
	// large or a bucket's sum grew too large: grouping by bucket then
	// adds value by value, as the compensated sum must.
	off bool
}

// collectFused is collectBlock for fusedSum; false means the block holds
// a value too large for exact integer sums (nothing was counted, and the
// fused loop is off from now on).
func (c *termsCollector) collectFused(slots []int32, score float32) bool {
	f, v := c.fused, c.v
	ords, counts, longs := v.ords, c.counts, f.longs
	if len(slots) > 1<<10 {
		return false // a block's sum must stay within 2^50
	}
	for _, slot := range slots {
		if n, ok := longs.Single(slot); ok && (n > valueLimit || n < -valueLimit) {
			f.off = true
			return false
		}
	}
	last := uint32(len(counts) - 1)
	missing, hasMissing := min(v.missingOrd, last), v.hasMissing
	touched := c.touched[:0]
	for _, slot := range slots {
		o, ok := ords.Single(slot)
		switch {
		case ok:
			o = min(o, last)
		case hasMissing:
			o = missing
		default:
			continue
		}
		counts[o]++
		if f.docs[o]++; f.docs[o] == 1 {
			touched = append(touched, o)
		}
		if n, ok := longs.Single(slot); ok {
			f.sums[o] += n
			f.counts[o]++
		}
	}
	for _, o := range touched {
		if c.bsubs[o] == nil {
			c.bsubs[o] = c.subs.make()
		}
		st := c.bsubs[o][0].(*statsCollector)
		st.st.count += f.counts[o]
		st.st.sum.add(float64(f.sums[o]))
		if math.Abs(st.st.sum.value) > exactLimit {
			f.off = true
		}
		f.sums[o], f.counts[o], f.docs[o] = 0, 0, 0
	}
	c.touched = touched
	return true
}

func (c *termsCollector) blockSafe() bool { return c.block }

func (c *termsCollector) collectBlock(slots []int32, score float32) {
	v := c.v
	ords, counts := v.ords, c.counts
	last := uint32(len(counts) - 1)
	missing, hasMissing := min(v.missingOrd, last), v.hasMissing
	if c.bsubs == nil {
		for _, slot := range slots {
			if o, ok := ords.Single(slot); ok {
				counts[min(o, last)]++
			} else if hasMissing {
				counts[missing]++
			}
		}
		return
	}
	if c.fused != nil && !c.fused.off && c.collectFused(slots, score) {
		return
	}
	if c.pending == nil {
		c.pending = make([][]int32, len(counts))
	}
	pending, touched := c.pending, c.touched[:0]
	for _, slot := range slots {
		o, ok := ords.Single(slot)
		switch {
		case ok:
			o = min(o, last)
		case hasMissing:
			o = missing
		default:
			continue
		}
		counts[o]++
		p := pending[o]
		if len(p) == 0 {
			touched = append(touched, o)
		}
		pending[o] = append(p, slot)
	}
	for _, o := range touched {
		if c.bsubs[o] == nil {
			c.bsubs[o] = c.subs.make()
		}
		c.bsubs[o].collectBlock(pending[o], score)
		pending[o] = pending[o][:0]
	}
	c.touched = touched
}

func (c *statsCollector) blockSafe() bool { return c.longs != nil }

// exactLimit bounds the running sum, and valueLimit the values, for which
// integer addition gives the compensated sum's result exactly: every
// partial sum of integers below 2^53 is a double, so the compensation
// stays 0.
const (
	exactLimit = 1<<53 - 1<<50
	valueLimit = 1 << 40
)

func (c *statsCollector) collectBlock(slots []int32, _ float32) {
	longs := c.longs
	if c.op != opSum {
		for _, slot := range slots {
			if n, ok := longs.Single(slot); ok {
				c.add(float64(n))
			}
		}
		return
	}
	st := &c.st
	if st.sum.delta != 0 || math.Abs(st.sum.value) > exactLimit || st.sum.value != math.Trunc(st.sum.value) || len(slots) > 1<<10 {
		for _, slot := range slots {
			if n, ok := longs.Single(slot); ok {
				c.add(float64(n))
			}
		}
		return
	}
	var sum, count int64
	for i, slot := range slots {
		n, ok := longs.Single(slot)
		if !ok {
			continue
		}
		if n > valueLimit || n < -valueLimit {
			// Out of the exact range: the rest value by value.
			st.count += count
			st.sum.add(float64(sum))
			for _, s := range slots[i:] {
				if n, ok := longs.Single(s); ok {
					c.add(float64(n))
				}
			}
			return
		}
		sum += n
		count++
	}
	st.count += count
	st.sum.add(float64(sum))
}

func (c *cardinalityCollector) blockSafe() bool {
	v := c.v
	return c.seen != nil && !v.constant && !v.unmapped && v.script == nil && !v.ords.Multi
}

func (c *cardinalityCollector) collectBlock(slots []int32, _ float32) {
	v := c.v
	ords, seen := v.ords, c.seen
	last := uint32(len(seen) - 1)
	missing, hasMissing := min(v.missingOrd, last), v.hasMissing
	for _, slot := range slots {
		if o, ok := ords.Single(slot); ok {
			seen[min(o, last)] = true
		} else if hasMissing {
			seen[missing] = true
		}
	}
}
