package proftime

import (
	"testing"
	"time"
)

// The first 256 calls are all timed; later ones are sampled more and more
// thinly, and Nanos extrapolates: a million calls read the clock a few
// thousand times, yet every call is counted and the total stays positive.
func TestTimerSamples(t *testing.T) {
	var tm Timer
	timed := 0
	for i := 0; i < 1_000_000; i++ {
		tm.Start()
		if tm.timed {
			timed++
		}
		tm.Stop()
	}
	if tm.Count() != 1_000_000 || tm.Nanos() < 1_000_000 {
		t.Errorf("count %d, nanos %d: every call counts at least 1ns", tm.Count(), tm.Nanos())
	}
	if timed < 256 || timed > 5000 {
		t.Errorf("%d calls timed of a million", timed)
	}
}

func TestTimerFirstCallsExact(t *testing.T) {
	var tm Timer
	for i := 0; i < 3; i++ {
		tm.Start()
		time.Sleep(time.Millisecond)
		tm.Stop()
	}
	if tm.Count() != 3 || tm.Nanos() < int64(3*time.Millisecond) {
		t.Errorf("count %d nanos %d", tm.Count(), tm.Nanos())
	}
	var zero Timer
	if zero.Count() != 0 || zero.Nanos() != 0 {
		t.Errorf("zero timer: %d %d", zero.Count(), zero.Nanos())
	}
	var added Timer
	added.Add(0)
	if added.Count() != 1 || added.Nanos() != 1 {
		t.Errorf("Add(0): %d %d", added.Count(), added.Nanos())
	}
}
