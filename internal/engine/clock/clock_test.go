package clock

import (
	"testing"
	"time"
)

func TestManual(t *testing.T) {
	t0 := time.UnixMilli(1000)
	m := NewManual(t0)
	m.Advance(time.Second)
	if !m.Now().Equal(t0.Add(time.Second)) {
		t.Errorf("Advance: %v", m.Now())
	}
	m.Set(t0)
	if !m.Now().Equal(t0) {
		t.Errorf("Set: %v", m.Now())
	}
	var _ Clock = Real{}
}

func TestManualAfter(t *testing.T) {
	t0 := time.UnixMilli(0)
	m := NewManual(t0)
	now := m.After(0)
	if got := <-now; !got.Equal(t0) {
		t.Errorf("After(0) = %v", got)
	}
	a := m.After(2 * time.Second)
	b := m.After(time.Second)
	if m.Waiters() != 2 {
		t.Fatalf("Waiters = %d, want 2", m.Waiters())
	}
	m.Advance(999 * time.Millisecond)
	select {
	case <-a:
		t.Fatal("a fired early")
	case <-b:
		t.Fatal("b fired early")
	default:
	}
	m.Advance(time.Millisecond)
	if got := <-b; !got.Equal(t0.Add(time.Second)) {
		t.Errorf("b fired at %v", got)
	}
	select {
	case <-a:
		t.Fatal("a fired early")
	default:
	}
	m.Set(t0.Add(5 * time.Second))
	if got := <-a; !got.Equal(t0.Add(5 * time.Second)) {
		t.Errorf("a fired at %v", got)
	}
	if m.Waiters() != 0 {
		t.Errorf("Waiters = %d, want 0", m.Waiters())
	}
}

func TestAfterFallsBackToRealTime(t *testing.T) {
	var c Clock = struct{ Clock }{Real{}}
	select {
	case <-After(c, time.Millisecond):
	case <-time.After(10 * time.Second):
		t.Fatal("After on a plain Clock never fired")
	}
	var _ Timer = Real{}
	var _ Timer = (*Manual)(nil)
}

func TestManualStop(t *testing.T) {
	m := NewManual(time.UnixMilli(0))
	a := m.After(time.Second)
	b := m.After(time.Second)
	Stop(m, a)
	if m.Waiters() != 1 {
		t.Fatalf("Waiters = %d after Stop, want 1", m.Waiters())
	}
	m.Advance(time.Second)
	select {
	case <-a:
		t.Error("a stopped channel fired")
	default:
	}
	<-b
	Stop(m, b)        // already fired: no effect
	Stop(Real{}, nil) // real clocks need nothing
}
