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
