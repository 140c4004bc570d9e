package knn

import (
	"math"
	"math/bits"
)

// Quantizer is the plugin's binary quantization state for one segment
// (OneBitScalarQuantizer, MultiBitScalarQuantizer): per dimension, bits
// thresholds; a component becomes one bit per threshold it exceeds.
type Quantizer struct {
	// thresholds[i][j] is the i-th threshold of dimension j.
	thresholds [][]float32
}

// TrainQuantizer computes the thresholds from vectors, with the plugin's
// float32 arithmetic: one bit thresholds at the mean; 2 and 4 bits at
// mean + (-1 + 2(i+1)/(bits+1))·stddev. vectors calls yield for each
// training vector; nil is returned when there are none.
func TrainQuantizer(nbits, dim int, vectors func(yield func(v []float32))) *Quantizer {
	sum := make([]float32, dim)
	var sq []float32
	if nbits > 1 {
		sq = make([]float32, dim)
	}
	n := 0
	vectors(func(v []float32) {
		n++
		for j, x := range v[:dim] {
			sum[j] += x
			if sq != nil {
				sq[j] += float32(x * x) // rounded: no fused multiply-add
			}
		}
	})
	if n == 0 {
		return nil
	}
	for j := range sum {
		sum[j] /= float32(n)
	}
	if nbits == 1 {
		return &Quantizer{thresholds: [][]float32{sum}}
	}
	std := make([]float32, dim)
	for j := range std {
		std[j] = float32(math.Sqrt(float64(sq[j]/float32(n) - float32(sum[j]*sum[j]))))
	}
	q := &Quantizer{thresholds: make([][]float32, nbits)}
	coef := float32(nbits + 1)
	for i := range q.thresholds {
		c := -1 + 2*float32(i+1)/coef
		t := make([]float32, dim)
		for j := range t {
			t[j] = sum[j] + float32(c*std[j])
		}
		q.thresholds[i] = t
	}
	return q
}

// Quantize packs v's bits (one per threshold and dimension) into dst.
// Only Hamming distances between codes matter, so the packing order is
// free.
func (q *Quantizer) Quantize(v []float32, dst []uint64) []uint64 {
	n := len(q.thresholds) * len(v)
	dst = dst[:0]
	for i := 0; i < (n+63)/64; i++ {
		dst = append(dst, 0)
	}
	b := 0
	for _, t := range q.thresholds {
		for j, x := range v {
			if x > t[j] {
				dst[b>>6] |= 1 << (b & 63)
			}
			b++
		}
	}
	return dst
}

// HammingCodes is the number of bits two codes differ in.
func HammingCodes(a, b []uint64) int {
	d := 0
	for i := range a {
		d += bits.OnesCount64(a[i] ^ b[i])
	}
	return d
}

// FirstPassK is how many candidates a rescored search takes from the
// quantized index before rescoring them (RescoreContext.getFirstPassK with
// shard-level rescoring, 2.19's default): k times the oversample factor,
// within [100, 10000].
func FirstPassK(k int, oversample float32) int {
	n := int(math.Ceil(float64(float32(k) * oversample)))
	return min(10000, max(100, n))
}

// DefaultOversample is the oversample factor of the rescoring an on_disk
// field gets when the query does not say (CompressionLevel's default
// rescore context): 5 up to 1,000 dimensions, else 2 for 8x and 3 for 16x
// and 32x. ok is false when the field is not rescored by default.
func DefaultOversample(mode, compression string, dim int) (float32, bool) {
	if mode != "on_disk" {
		return 0, false
	}
	var factor float32
	switch compression {
	case "8x":
		factor = 2
	case "16x", "32x":
		factor = 3
	default:
		return 0, false
	}
	if dim <= 1000 {
		return 5, true
	}
	return factor, true
}
