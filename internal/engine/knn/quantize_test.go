package knn

import "testing"

func TestQuantizerThresholdsAndCodes(t *testing.T) {
	vecs := [][]float32{{1, 1}, {2, 2}, {3, 4}}
	all := func(yield func([]float32)) {
		for _, v := range vecs {
			yield(v)
		}
	}
	one := TrainQuantizer(1, 2, all)
	if got := one.thresholds[0]; got[0] != 2 || got[1] != float32(7)/3 {
		t.Fatalf("1-bit thresholds %v, want the means [2 2.3333333]", got)
	}
	two := TrainQuantizer(2, 2, all)
	// dimension 0: mean 2, stddev sqrt(2/3); thresholds mean ∓ stddev/3
	if lo, hi := two.thresholds[0][0], two.thresholds[1][0]; lo < 1.727 || lo > 1.728 || hi < 2.272 || hi > 2.273 {
		t.Fatalf("2-bit thresholds of dimension 0: %v %v", lo, hi)
	}
	q := two.Quantize([]float32{1.5, 1.5}, nil)
	for i, want := range []int{0, 2, 4} {
		if d := HammingCodes(q, two.Quantize(vecs[i], nil)); d != want {
			t.Errorf("hamming to vector %d = %d, want %d", i, d, want)
		}
	}
	if TrainQuantizer(1, 2, func(func([]float32)) {}) != nil {
		t.Error("no vectors must train no quantizer")
	}
}

func TestRescoreCandidates(t *testing.T) {
	for _, tc := range []struct {
		k    int
		f    float32
		want int
	}{{1, 1, 100}, {10, 5, 100}, {40, 3, 120}, {5000, 3, 10000}, {7, 1.5, 100}} {
		if got := FirstPassK(tc.k, tc.f); got != tc.want {
			t.Errorf("FirstPassK(%d, %v) = %d, want %d", tc.k, tc.f, got, tc.want)
		}
	}
	for _, tc := range []struct {
		mode, level string
		dim         int
		want        float32
		ok          bool
	}{{"on_disk", "32x", 384, 5, true}, {"on_disk", "32x", 1536, 3, true}, {"on_disk", "8x", 1536, 2, true},
		{"on_disk", "4x", 384, 0, false}, {"", "32x", 384, 0, false}, {"in_memory", "16x", 384, 0, false}} {
		if got, ok := DefaultOversample(tc.mode, tc.level, tc.dim); got != tc.want || ok != tc.ok {
			t.Errorf("DefaultOversample(%q, %q, %d) = %v, %v", tc.mode, tc.level, tc.dim, got, ok)
		}
	}
}
