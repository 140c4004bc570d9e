package javacmp

import (
	"math"
	"testing"
)

func TestDoubleIsJavaDoubleCompare(t *testing.T) {
	nan := math.NaN()
	negZero := math.Copysign(0, -1)
	cases := []struct {
		a, b float64
		want int
	}{
		{1, 2, -1}, {2, 1, 1}, {1.5, 1.5, 0},
		{negZero, 0, -1}, {0, negZero, 1}, {negZero, negZero, 0},
		{nan, 1, 1}, {1, nan, -1}, {nan, nan, 0},
		{nan, math.Inf(1), 1}, {math.Inf(-1), -math.MaxFloat64, -1},
		{-1, negZero, -1},
	}
	for _, c := range cases {
		if got := Double(c.a, c.b); got != c.want {
			t.Errorf("Double(%v, %v) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
