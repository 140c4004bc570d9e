// Package proftime is the profiler's timer (OpenSearch's profile Timer):
// it times every call at first and then a thinning sample of them, at
// most one in 1024 once a method has run about 262,000 times, and
// extrapolates the untimed calls from the timed ones. Profiling a tight
// loop then costs a clock read now and then, not two per call.
package proftime

import "time"

// Timer accumulates the time of one kind of call. The zero value is ready.
type Timer struct {
	count, lastCount int64
	timing           int64
	start            time.Time
	timed            bool
}

// Start begins a call.
func (t *Timer) Start() {
	t.timed = t.count-t.lastCount >= min(t.lastCount>>8, 1024)
	if t.timed {
		t.start = time.Now()
	}
	t.count++
}

// Stop ends the call Start began. A timed call counts at least one
// nanosecond, and stands for the untimed calls since the last timed one.
func (t *Timer) Stop() {
	if t.timed {
		t.timing += (t.count - t.lastCount) * max(time.Since(t.start).Nanoseconds(), 1)
		t.lastCount = t.count
		t.timed = false
	}
}

// Add records one call that took d (measured by the caller).
func (t *Timer) Add(d time.Duration) {
	t.count++
	t.timing += (t.count - t.lastCount) * max(d.Nanoseconds(), 1)
	t.lastCount = t.count
}

// Count is the number of calls.
func (t *Timer) Count() int64 { return t.count }

// Nanos is the time of all calls: the timed ones' and, for the calls since
// the last timed one, their average.
func (t *Timer) Nanos() int64 {
	n := t.timing
	if t.count > t.lastCount && t.lastCount > 0 {
		n += (t.count - t.lastCount) * t.timing / t.lastCount
	}
	return n
}

// Of is a timer that recorded count calls taking nanos in all (for steps
// measured as a whole).
func Of(count, nanos int64) Timer { return Timer{count: count, lastCount: count, timing: nanos} }
