package knn

import "testing"

func TestScoresPerSpace(t *testing.T) {
	q := []float32{1, 2}
	v := []float32{3, -1}
	for _, tc := range []struct {
		space    Space
		distance float32
		score    float32
	}{
		{L2, 13, 1.0 / 14},                       // 2² + 3²
		{L1, 5, 1.0 / 6},                         // 2 + 3
		{LInf, 3, 1.0 / 4},                       // max(2, 3)
		{InnerProduct, -1, 2},                    // dot = 1 → 1 + 1
		{CosineSimil, 1 - 0.14142136, 0.5707107}, // cos = 1/(√5·√10)
	} {
		d := Distance(tc.space, q, v)
		if diff := d - tc.distance; diff > 1e-6 || diff < -1e-6 {
			t.Errorf("%s: distance %v, want %v", tc.space, d, tc.distance)
		}
		if s := Score(tc.space, d); s-tc.score > 1e-6 || tc.score-s > 1e-6 {
			t.Errorf("%s: score %v, want %v", tc.space, s, tc.score)
		}
	}
	// a negative inner product scores 1 / (1 - dot)
	if s := Score(InnerProduct, Distance(InnerProduct, []float32{1, 0}, []float32{-3, 0})); s != 0.25 {
		t.Errorf("negative inner product: %v", s)
	}
	// hamming counts differing bits of the bytes (-1 is 0xff)
	if d := Distance(Hamming, []float32{-1, 0}, []float32{0, 3}); d != 10 {
		t.Errorf("hamming: %v", d)
	}
	// opposite vectors: cosine -1 scores 0
	if s := Score(CosineSimil, Distance(CosineSimil, []float32{1, 0}, []float32{-1, 0})); s != 0 {
		t.Errorf("opposite cosine: %v", s)
	}
}

func TestParseNames(t *testing.T) {
	if s, ok := ParseSpace("InnerProduct"); !ok || s != InnerProduct || s.EnumName() != "INNER_PRODUCT" {
		t.Errorf("ParseSpace: %v %v", s, ok)
	}
	if _, ok := ParseSpace("dot"); ok {
		t.Error("unknown space parsed")
	}
	if e, ok := ParseEngine("FAISS"); !ok || e != Faiss || e.String() != "faiss" || e.EnumName() != "FAISS" {
		t.Errorf("ParseEngine: %v %v", e, ok)
	}
	if Lucene.SupportsSpace(L1) || !NMSLIB.SupportsSpace(LInf) || NMSLIB.SupportsFilters() || !Faiss.SupportsRadial() {
		t.Error("engine capabilities")
	}
}

func TestTopKKeepsBestAndEarlierOnTies(t *testing.T) {
	top := NewTopK(3)
	for i, s := range []float32{0.5, 0.9, 0.1, 0.9, 0.7, 0.2} {
		top.Add(Hit{Slot: int32(i), Score: s})
	}
	got := top.BySlot()
	want := []Hit{{1, 0.9}, {3, 0.9}, {4, 0.7}}
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
	top = NewTopK(1)
	top.Add(Hit{Slot: 5, Score: 1})
	top.Add(Hit{Slot: 2, Score: 1})
	if h := top.BySlot(); h[0].Slot != 2 {
		t.Errorf("tie kept slot %d, want the earlier 2", h[0].Slot)
	}
}
