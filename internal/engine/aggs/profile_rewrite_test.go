package aggs

import "testing"

// BKDWriter's split: a full level's half goes left, then the remaining
// leaves fill the left side first.
func TestNumLeftLeaves(t *testing.T) {
	for n, want := range map[int]int{2: 1, 3: 2, 4: 2, 5: 3, 6: 4, 7: 4, 8: 4, 9: 5, 12: 8, 16: 8} {
		if got := numLeftLeaves(n); got != want {
			t.Errorf("numLeftLeaves(%d) = %d, want %d", n, got, want)
		}
	}
}

func walkPoints(n int, value func(i int) float64, ranges []pointRange) (int64, int64) {
	points := make([]float64, n)
	for i := range points {
		points[i] = value(i)
	}
	w := &rangeWalk{ranges: ranges, maxNonZero: 1 << 30}
	w.node(points, 0, (n+bkdLeafSize-1)/bkdLeafSize, points[0], points[n-1])
	return w.leaf, w.inner
}

func TestRangeWalk(t *testing.T) {
	id := func(i int) float64 { return float64(i) }
	cases := []struct {
		name        string
		n           int
		ranges      []pointRange
		leaf, inner int64
	}{
		// One leaf inside one range: counted whole.
		{"one leaf inside", 4, []pointRange{{0, 10}}, 0, 1},
		// One leaf across two ranges: its points are visited.
		{"one leaf crossing", 4, []pointRange{{0, 2}, {2, 10}}, 1, 0},
		// Running past the last range ends the walk before the leaf counts.
		{"past the last range", 4, []pointRange{{0, 2}, {2, 3}}, 0, 0},
		// 1024 points, two leaves, all in one range: the root is inside.
		{"two leaves inside", 1024, []pointRange{{0, 2000}}, 0, 1},
		// Split at 512: a left child's cell ends at the split value (the
		// right leaf's first point, 512), so the left leaf crosses into
		// the second range and is visited; the right one is inside.
		{"two leaves, two ranges", 1024, []pointRange{{0, 512}, {512, 2000}}, 1, 1},
		// Split at 600: the first leaf is inside, the second crosses.
		{"two leaves, split inside the second", 1024, []pointRange{{0, 600}, {600, 2000}}, 1, 1},
		// Three leaves, two on the left: the first leaf's cell [0, 512] is
		// inside, the second's [512, 1024] reaches the next range (visited),
		// the right one is inside the next range.
		{"three leaves", 1100, []pointRange{{0, 1024}, {1024, 5000}}, 1, 2},
		// A range before every point leaves the cell outside; the next holds all.
		{"gap before", 4, []pointRange{{-10, -5}, {-5, 10}}, 0, 1},
	}
	for _, c := range cases {
		leaf, inner := walkPoints(c.n, id, c.ranges)
		if leaf != c.leaf || inner != c.inner {
			t.Errorf("%s: leaf %d inner %d, want %d %d", c.name, leaf, inner, c.leaf, c.inner)
		}
	}
}
