package aggs

import (
	"math"
	"testing"
)

func TestJavaRandomMatchesJava(t *testing.T) {
	// new Random(42).nextInt() and new Random(42).nextDouble() in Java.
	r := newJavaRandom(42)
	if got := r.next(32); got != -1170105035 {
		t.Errorf("nextInt = %d", got)
	}
	r = newJavaRandom(42)
	if got := r.nextDouble(); got != 0.7275636800328681 {
		t.Errorf("nextDouble = %v", got)
	}
}

func TestTDigestSmallInputsAreExact(t *testing.T) {
	d := newTDigest(100)
	for _, x := range []float64{151, 1, 101, 51} {
		d.add(x, 1)
	}
	want := map[float64]float64{0: 1, 0.25: 26, 0.5: 76, 0.75: 126, 1: 151}
	for q, w := range want {
		if got := d.quantile(q); got != w {
			t.Errorf("quantile(%v) = %v, want %v", q, got, w)
		}
	}
	if got := d.cdf(76); got != 0.5 {
		t.Errorf("cdf(76) = %v", got)
	}
}

func TestTDigestLargeInputStaysClose(t *testing.T) {
	d := newTDigest(100)
	const n = 50000
	// A sequential input makes the digest compress (over 20*compression
	// centroids).
	for i := 0; i < n; i++ {
		d.add(float64(i), 1)
	}
	other := newTDigest(100)
	for i := n; i < 2*n; i++ {
		other.add(float64(i), 1)
	}
	m := newTDigest(100)
	m.merge(d)
	m.merge(other)
	if m.size() != 2*n {
		t.Fatalf("size %d", m.size())
	}
	if len(m.means) > 2000 {
		t.Errorf("%d centroids", len(m.means))
	}
	for _, q := range []float64{0.01, 0.5, 0.99} {
		got := m.quantile(q)
		if math.Abs(got-q*2*n) > 0.01*2*n {
			t.Errorf("quantile(%v) = %v", q, got)
		}
	}
}

func TestHDRBuckets(t *testing.T) {
	h := newHDR(3)
	for _, x := range []float64{1, 51, 101, 151} {
		h.add(x, 1)
	}
	for p, w := range map[float64]float64{0: 1, 50: 51.0302734375, 75: 101.0615234375, 100: 151.1240234375} {
		if got := h.valueAt(p); got != w {
			t.Errorf("valueAt(%v) = %v, want %v", p, got, w)
		}
	}
	if got := h.rankOf(101); got != 75 {
		t.Errorf("rankOf(101) = %v", got)
	}
}
