package aggs

import (
	"math"
	"math/bits"
)

// hllpp is OpenSearch's HyperLogLogPlusPlus for one bucket: linear counting
// over a set of 32-bit encoded hashes until the set outgrows three quarters
// of the register space, then HyperLogLog registers (2^p run lengths) fed by
// replaying the set.
//
// The fake computes every step as OpenSearch does except one: the bias
// correction HLL++ applies to raw estimates at most 5*2^p (empirical tables
// from the HLL++ paper's appendix) is not applied, so a count that falls in
// that range (above the linear-counting threshold, e.g. about 11,500 to
// 82,000 distinct values at the default precision 14) can differ slightly.
type hllpp struct {
	p    int
	lc   map[uint32]struct{} // nil once upgraded
	regs []byte              // nil until upgraded
}

// hllP2 is the precision of the encoded hashes linear counting keeps.
const hllP2 = 25

// hllThresholds are the linear-counting thresholds of HLL++, by precision
// 4..18 (the paper's empirical values).
var hllThresholds = [...]int64{10, 20, 40, 80, 220, 400, 900, 1800, 3100, 6500, 11500, 20000, 50000, 120000, 350000}

// hllDefaultPrecision is HyperLogLogPlusPlus.DEFAULT_PRECISION, used
// without precision_threshold.
const hllDefaultPrecision = 14

// precisionFromThreshold turns precision_threshold into a precision: enough
// bits for a hash table of threshold/0.75 ints, clamped to [4, 18].
func precisionFromThreshold(count int64) int {
	entries := int64(math.Ceil(float64(float32(count) / float32(0.75))))
	p := bitsRequired(entries * 4)
	return min(max(p, 4), 18)
}

// bitsRequired is PackedInts.bitsRequired.
func bitsRequired(v int64) int { return max(1, 64-bits.LeadingZeros64(uint64(v))) }

func newHLLPP(p int) *hllpp { return &hllpp{p: p, lc: map[uint32]struct{}{}} }

// lcThreshold is the set size past which linear counting upgrades.
func (h *hllpp) lcThreshold() int {
	capacity := (1 << h.p) / 4 // the registers' bytes, as ints
	return int(float32(capacity) * float32(0.75))
}

func (h *hllpp) collect(hash uint64) {
	if h.lc != nil {
		h.addEncoded(encodeHash(hash, h.p))
		return
	}
	idx := hash >> (64 - h.p)
	run := 1 + min(bits.LeadingZeros64(hash<<h.p), 64-h.p)
	h.addRunLen(int(idx), byte(run))
}

func (h *hllpp) addEncoded(enc uint32) {
	if h.lc == nil {
		h.collectEncoded(enc)
		return
	}
	h.lc[enc] = struct{}{}
	if len(h.lc) > h.lcThreshold() {
		h.upgrade()
	}
}

func (h *hllpp) upgrade() {
	set := h.lc
	h.lc = nil
	h.regs = make([]byte, 1<<h.p)
	for enc := range set {
		h.collectEncoded(enc)
	}
}

func (h *hllpp) addRunLen(i int, run byte) {
	if run > h.regs[i] {
		h.regs[i] = run
	}
}

func (h *hllpp) collectEncoded(enc uint32) {
	var idx uint32
	var run int
	if enc&1 == 1 {
		idx = enc >> 7
		run = int((enc>>1)&0x3F) + hllP2 - h.p
	} else {
		idx = enc >> 1
		run = 1 + bits.LeadingZeros32(enc<<(31+h.p-hllP2))
	}
	h.addRunLen(int(idx>>(hllP2-h.p)), byte(run))
}

// merge adds another sketch of the same precision, as
// HyperLogLogPlusPlus.merge does.
func (h *hllpp) merge(o *hllpp) {
	if o.lc != nil {
		for enc := range o.lc {
			h.addEncoded(enc)
		}
		return
	}
	if h.lc != nil {
		h.upgrade()
	}
	for i, r := range o.regs {
		h.addRunLen(i, r)
	}
}

// encodeHash is AbstractLinearCounting.encodeHash: the hash's top 25 bits,
// with its run length when the bits past the precision are all zero.
func encodeHash(hash uint64, p int) uint32 {
	e := hash >> (64 - hllP2)
	if e&(1<<(hllP2-p)-1) == 0 {
		run := uint64(1 + min(bits.LeadingZeros64(hash<<hllP2), 64-hllP2))
		return uint32(e<<7 | run<<1 | 1)
	}
	return uint32(e << 1)
}

// cardinality is the sketch's estimate.
func (h *hllpp) cardinality() int64 {
	if h.lc != nil {
		const m = 1 << hllP2
		return linearCounting(m, m-int64(len(h.lc)))
	}
	m := 1 << h.p
	var alpha float64
	switch h.p {
	case 4:
		alpha = 0.673
	case 5:
		alpha = 0.697
	default:
		alpha = 0.7213 / (1 + 1.079/float64(m))
	}
	var inv float64
	zeros := 0
	for _, r := range h.regs {
		inv += 1.0 / float64(uint64(1)<<r)
		if r == 0 {
			zeros++
		}
	}
	e := alpha * float64(m) * float64(m) / inv
	var est int64
	if zeros != 0 {
		est = linearCounting(int64(m), int64(zeros))
	} else {
		est = int64(math.Round(e))
	}
	if est <= hllThresholds[h.p-4] {
		return est
	}
	return int64(math.Round(e))
}

// linearCounting is m*ln(m/v), rounded as Math.round.
func linearCounting(m, v int64) int64 {
	return int64(math.Floor(float64(m)*math.Log(float64(m)/float64(v)) + 0.5))
}

// bitMix64 is HPPC's BitMixer.mix64 (David Stafford's variant 9 of the
// MurmurHash3 finalizer): OpenSearch's hash of a numeric value.
func bitMix64(z uint64) uint64 {
	z = (z ^ z>>32) * 0x4cd6944c5cc20b6d
	z = (z ^ z>>29) * 0xfc12c5b19d3259e9
	return z ^ z>>32
}

// murmur3x64h1 is the first half of MurmurHash3's x64 128-bit hash (seed
// 0): OpenSearch's hash of a term's UTF-8 bytes.
func murmur3x64h1(b string) uint64 {
	const c1, c2 = 0x87c37b91114253d5, 0x4cf5ad432745937f
	var h1, h2 uint64
	n := len(b)
	for len(b) >= 16 {
		k1 := le64(b)
		k2 := le64(b[8:])
		b = b[16:]
		k1 *= c1
		k1 = bits.RotateLeft64(k1, 31)
		k1 *= c2
		h1 ^= k1
		h1 = bits.RotateLeft64(h1, 27)
		h1 += h2
		h1 = h1*5 + 0x52dce729
		k2 *= c2
		k2 = bits.RotateLeft64(k2, 33)
		k2 *= c1
		h2 ^= k2
		h2 = bits.RotateLeft64(h2, 31)
		h2 += h1
		h2 = h2*5 + 0x38495ab5
	}
	var k1, k2 uint64
	for i := len(b) - 1; i >= 8; i-- {
		k2 = k2<<8 | uint64(b[i])
	}
	for i := min(len(b), 8) - 1; i >= 0; i-- {
		k1 = k1<<8 | uint64(b[i])
	}
	if len(b) > 8 {
		k2 *= c2
		k2 = bits.RotateLeft64(k2, 33)
		k2 *= c1
		h2 ^= k2
	}
	if len(b) > 0 {
		k1 *= c1
		k1 = bits.RotateLeft64(k1, 31)
		k1 *= c2
		h1 ^= k1
	}
	h1 ^= uint64(n)
	h2 ^= uint64(n)
	h1 += h2
	h2 += h1
	h1 = fmix64(h1)
	h2 = fmix64(h2)
	h1 += h2
	return h1
}

// le64 reads 8 bytes of a string, little-endian.
func le64(b string) uint64 {
	_ = b[7]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

func fmix64(k uint64) uint64 {
	k ^= k >> 33
	k *= 0xff51afd7ed558ccd
	k ^= k >> 33
	k *= 0xc4ceb9fe1a85ec53
	k ^= k >> 33
	return k
}
