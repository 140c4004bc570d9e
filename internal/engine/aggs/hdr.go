package aggs

import (
	"math"
	"slices"
)

// hdrHistogram is the auto-resizing DoubleHistogram of HdrHistogram that
// OpenSearch's HDR percentiles keep. A DoubleHistogram maps doubles onto an
// integer histogram whose unit is lowest/subBucketHalfCount, where lowest
// (the bottom of its auto range) is a power of two that ends at the largest
// power of two at or below the smallest non-zero value recorded (the range
// only widens without losing precision). A value v in [2^e, 2^(e+1)) falls
// in one of subBucketHalfCount equal sub-buckets of that octave, whatever
// the range; so the fake keeps counts per (octave, sub-bucket) and applies
// the unit only when it reads a value back.
type hdrHistogram struct {
	digits  int
	halfMag int // log2(subBucketHalfCount)
	zeros   int64
	buckets map[hdrKey]int64
	total   int64
	// minExp is the octave of the smallest non-zero value (lowest = 2^minExp).
	minExp int
}

// hdrKey is a value's octave and sub-bucket.
type hdrKey struct {
	exp int
	sub int64
}

func newHDR(digits int) *hdrHistogram {
	// AbstractHistogram.init: the sub-bucket count is the power of two that
	// holds 2*10^digits values at unit resolution.
	single := 2 * math.Pow(10, float64(digits))
	countMag := int(math.Ceil(math.Log(single) / math.Log(2)))
	halfMag := max(countMag, 1) - 1
	return &hdrHistogram{digits: digits, halfMag: halfMag, buckets: map[hdrKey]int64{}, minExp: math.MaxInt}
}

// key is the bucket of a positive value.
func (h *hdrHistogram) key(v float64) hdrKey {
	_, e := math.Frexp(v)
	e-- // v in [2^e, 2^(e+1))
	return hdrKey{exp: e, sub: int64(math.Ldexp(v, h.halfMag-e))}
}

func (h *hdrHistogram) add(v float64, n int64) {
	switch {
	case math.IsNaN(v):
		return
	case v < 0:
		return // the collector fails the shard first
	case v == 0:
		h.zeros += n
	default:
		k := h.key(v)
		h.buckets[k] += n
		h.minExp = min(h.minExp, k.exp)
	}
	h.total += n
}

// merge adds another histogram's counts, as DoubleHistogram.add does (each
// bucket's lowest value lands in the same bucket here).
func (h *hdrHistogram) merge(o *hdrHistogram) {
	h.zeros += o.zeros
	h.total += o.total
	for k, n := range o.buckets {
		h.buckets[k] += n
	}
	h.minExp = min(h.minExp, o.minExp)
}

func (h *hdrHistogram) size() int64 { return h.total }

func (h *hdrHistogram) sortedKeys() []hdrKey {
	keys := make([]hdrKey, 0, len(h.buckets))
	for k := range h.buckets {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b hdrKey) int {
		if a.exp != b.exp {
			return a.exp - b.exp
		}
		return int(a.sub - b.sub)
	})
	return keys
}

// unit is integerToDoubleValueConversionRatio: lowest/subBucketHalfCount.
func (h *hdrHistogram) unit() float64 {
	if h.minExp == math.MaxInt {
		return math.Ldexp(1, 800-h.halfMag) // the initial range: only zeros
	}
	return math.Ldexp(1, h.minExp-h.halfMag)
}

// valueAt is DoubleHistogram.getValueAtPercentile (p in [0,100]): the
// highest value equivalent to the bucket holding the p-th count (the
// lowest one for p == 0), in the histogram's integer units.
func (h *hdrHistogram) valueAt(p float64) float64 {
	req := math.Min(math.Max(math.Nextafter(p, math.Inf(-1)), 0), 100)
	want := int64(math.Ceil(req * float64(h.total) / 100))
	want = max(want, 1)
	seen := h.zeros
	if seen >= want {
		return 0
	}
	for _, k := range h.sortedKeys() {
		seen += h.buckets[k]
		if seen < want {
			continue
		}
		shift := uint(k.exp - h.minExp)
		low := k.sub << shift
		if p == 0 {
			return float64(low) * h.unit()
		}
		return float64(low+(1<<shift)-1) * h.unit()
	}
	return 0
}

// rankOf is DoubleHistogram.getPercentileAtOrBelowValue: the share of
// counts in buckets up to the value's own.
func (h *hdrHistogram) rankOf(v float64) float64 {
	if h.total == 0 {
		return 100
	}
	if v < 0 {
		// A negative integer value indexes past the counts array, which
		// the library clamps to its last slot: every count.
		return 100
	}
	seen := h.zeros
	if v >= h.unit()*math.Ldexp(1, h.halfMag) { // at or above lowest
		k := h.key(v)
		for _, b := range h.sortedKeys() {
			if b.exp > k.exp || (b.exp == k.exp && b.sub > k.sub) {
				break
			}
			seen += h.buckets[b]
		}
	}
	return 100 * float64(seen) / float64(h.total)
}
