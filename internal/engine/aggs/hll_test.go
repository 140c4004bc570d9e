package aggs

import (
	"fmt"
	"testing"
)

func TestMurmur3x64MatchesReference(t *testing.T) {
	// mmh3.hash64("foo") == (-2129773440516405919, 9128664383759220103).
	if got := int64(murmur3x64h1("foo")); got != -2129773440516405919 {
		t.Errorf("h1(foo) = %d", got)
	}
}

func TestPrecisionFromThreshold(t *testing.T) {
	for th, want := range map[int64]int{0: 4, 100: 10, 3000: 14, 40000: 18, 1 << 40: 18} {
		if got := precisionFromThreshold(th); got != want {
			t.Errorf("precisionFromThreshold(%d) = %d, want %d", th, got, want)
		}
	}
}

func TestHLLPPCountsExactlyUnderThresholdAndEstimatesAbove(t *testing.T) {
	// (At 3,000 values two of these terms share their top 25 hash bits,
	// and OpenSearch counts 2,999 too.)
	small := newHLLPP(14)
	for i := 0; i < 1000; i++ {
		small.collect(murmur3x64h1(fmt.Sprint("v", i)))
		small.collect(murmur3x64h1(fmt.Sprint("v", i))) // repeats count once
	}
	if small.lc == nil || small.cardinality() != 1000 {
		t.Errorf("linear counting: %d (upgraded %v)", small.cardinality(), small.lc == nil)
	}
	// Two shards of 60,000 values each, half shared; precision 10 goes
	// to HyperLogLog registers early.
	a, b := newHLLPP(10), newHLLPP(10)
	for i := 0; i < 60000; i++ {
		a.collect(bitMix64(uint64(i)))
		b.collect(bitMix64(uint64(i + 30000)))
	}
	m := newHLLPP(10)
	m.merge(a)
	m.merge(b)
	got := m.cardinality()
	if m.lc != nil || got < 85000 || got > 95000 {
		t.Errorf("estimate %d for 90000", got)
	}
}
