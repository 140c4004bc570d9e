// Package clock is the fake server's time source: real time by default, or a
// manual clock tests advance themselves (refresh intervals, creation dates,
// ids, and every server-side wait: refresh=wait_for, health waits, timeouts).
package clock

import (
	"sort"
	"sync"
	"time"
)

// Clock tells the time.
type Clock interface {
	Now() time.Time
}

// Timer is a Clock that can also wake a waiter after a duration of its own
// time. Real and Manual implement it.
type Timer interface {
	Clock
	// After returns a channel that receives the clock's time once d has
	// passed on the clock (at once when d <= 0).
	After(d time.Duration) <-chan time.Time
}

// After waits on c when it is a Timer and on real time otherwise.
func After(c Clock, d time.Duration) <-chan time.Time {
	if t, ok := c.(Timer); ok {
		return t.After(d)
	}
	return time.After(d)
}

// Stopper is a Timer whose pending After channels can be withdrawn.
type Stopper interface {
	// Stop withdraws a channel After returned that has not fired.
	Stop(ch <-chan time.Time)
}

// Stop withdraws ch (from After) when c is a Stopper; real-time channels
// need no withdrawing.
func Stop(c Clock, ch <-chan time.Time) {
	if s, ok := c.(Stopper); ok && ch != nil {
		s.Stop(ch)
	}
}

// Real is the system clock.
type Real struct{}

// Now returns time.Now().
func (Real) Now() time.Time { return time.Now() }

// After is time.After.
func (Real) After(d time.Duration) <-chan time.Time { return time.After(d) }

// Manual is a clock that moves only when told: waiters registered with After
// are released by Advance or Set reaching their deadline. It is safe for
// concurrent use.
type Manual struct {
	mu      sync.Mutex
	now     time.Time
	waiters []waiter
}

type waiter struct {
	at time.Time
	ch chan time.Time
}

// NewManual returns a manual clock set to start.
func NewManual(start time.Time) *Manual { return &Manual{now: start} }

// Now returns the current manual time.
func (m *Manual) Now() time.Time {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.now
}

// After returns a channel that receives the time once the clock has been
// moved d past now (at once when d <= 0).
func (m *Manual) After(d time.Duration) <-chan time.Time {
	ch := make(chan time.Time, 1)
	m.mu.Lock()
	defer m.mu.Unlock()
	if d <= 0 {
		ch <- m.now
		return ch
	}
	m.waiters = append(m.waiters, waiter{at: m.now.Add(d), ch: ch})
	return ch
}

// Stop withdraws a channel After returned, so that Waiters no longer
// counts it; a channel that already fired is left alone.
func (m *Manual) Stop(ch <-chan time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for i, w := range m.waiters {
		if w.ch == ch {
			m.waiters = append(m.waiters[:i], m.waiters[i+1:]...)
			return
		}
	}
}

// Waiters returns how many After channels have not fired yet, so a test can
// wait until a request is parked before advancing the clock.
func (m *Manual) Waiters() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.waiters)
}

// Advance moves the clock forward by d.
func (m *Manual) Advance(d time.Duration) {
	m.mu.Lock()
	m.setLocked(m.now.Add(d))
	m.mu.Unlock()
}

// Set moves the clock to t.
func (m *Manual) Set(t time.Time) {
	m.mu.Lock()
	m.setLocked(t)
	m.mu.Unlock()
}

// setLocked moves the clock and fires the due waiters, earliest first.
func (m *Manual) setLocked(t time.Time) {
	m.now = t
	sort.SliceStable(m.waiters, func(i, j int) bool { return m.waiters[i].at.Before(m.waiters[j].at) })
	n := 0
	for _, w := range m.waiters {
		if w.at.After(t) {
			m.waiters[n] = w
			n++
			continue
		}
		w.ch <- t // buffered, never blocks
	}
	clear(m.waiters[n:])
	m.waiters = m.waiters[:n]
}
