package shard

import (
	"testing"
	"time"
)

func TestScheduledRefreshTicks(t *testing.T) {
	t0 := time.UnixMilli(0)
	s := New(0, t0)
	sec := time.Second
	write := func(id string, at time.Duration) {
		if _, c := s.Index(&Write{ID: id, Source: []byte(`{}`), IfSeqNo: NoSeqNo, Now: t0.Add(at)}); c != nil {
			t.Fatal(c)
		}
	}
	write("1", 2500*time.Millisecond) // after the 2s tick
	if v := s.MaybeRefresh(t0.Add(2900*time.Millisecond), sec); v.SeqNo != -1 {
		t.Errorf("refreshed before the 3s tick: %+v", v)
	}
	if got := s.NextScheduledRefresh(sec); !got.Equal(t0.Add(3 * sec)) {
		t.Errorf("next tick %v, want 3s", got.Sub(t0))
	}
	if v := s.MaybeRefresh(t0.Add(3*sec), sec); v.SeqNo != 0 {
		t.Errorf("not refreshed at the 3s tick: %+v", v)
	}
	// A write after the last tick passed waits for the next one.
	write("2", 3500*time.Millisecond)
	if v := s.MaybeRefresh(t0.Add(3700*time.Millisecond), sec); v.SeqNo != 0 {
		t.Errorf("refreshed between ticks: %+v", v)
	}
	if v := s.MaybeRefresh(t0.Add(10*sec), 0); v.SeqNo != 0 {
		t.Errorf("interval 0 refreshed: %+v", v)
	}
	if v := s.MaybeRefresh(t0.Add(10*sec), sec); v.SeqNo != 1 {
		t.Errorf("not refreshed at the 10s tick: %+v", v)
	}
}

func TestRefreshListeners(t *testing.T) {
	s := New(0, time.UnixMilli(0))
	if !s.AddRefreshListener(2) || !s.AddRefreshListener(2) {
		t.Fatal("listeners below the limit refused")
	}
	if s.AddRefreshListener(2) {
		t.Error("third listener accepted with max 2")
	}
	s.RemoveRefreshListener()
	if s.RefreshListeners() != 1 || !s.AddRefreshListener(2) {
		t.Error("a removed listener frees its place")
	}
	ch := s.Refreshed()
	s.Refresh(time.UnixMilli(5))
	select {
	case <-ch:
	default:
		t.Error("Refreshed channel not closed by a refresh")
	}
}
