package aggs

import (
	"math"
	"math/rand/v2"
	"testing"
)

// stepIndex must be floorDiv exactly, around multiples of the step and at
// the edges of the float shortcut.
func TestStepIndexIsFloorDiv(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	steps := []int64{1, 7, 1000, 3600000, 86400000, 7 * 86400000, 1<<40 + 3}
	check := func(local, step int64) {
		if got, want := stepIndex(local, step), floorDiv(local, step); got != want {
			t.Fatalf("stepIndex(%d, %d) = %d, want %d", local, step, got, want)
		}
	}
	for _, step := range steps {
		for _, base := range []int64{0, 1 << 52, 1<<52 - 1, -1, math.MaxInt64 / 2, math.MinInt64 / 2} {
			for d := int64(-3); d <= 3; d++ {
				check(base+d, step)
				check((base/step)*step+d, step)
			}
		}
		for i := 0; i < 100000; i++ {
			check(r.Int64N(1<<53)-1<<51, step)
		}
	}
}
