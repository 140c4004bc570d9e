package tasks

import (
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
)

// closed reports whether ch is closed, without waiting.
func closed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// The cancel and done channels are made when first asked for; whether
// asked before or after the event, they must end up closed by it.
func TestChannelsAskedBeforeAndAfter(t *testing.T) {
	m := New(clock.NewManual(time.UnixMilli(0)), "n")

	early := m.Register(Spec{Action: "a", Cancellable: true})
	cancelled, done := early.CancelledCh(), early.Done()
	if closed(cancelled) || closed(done) {
		t.Fatal("channels closed before the task was cancelled or ended")
	}
	if err := m.Cancel(early, "stop"); err != nil {
		t.Fatal(err)
	}
	if !closed(cancelled) || closed(done) {
		t.Errorf("after cancel: cancelled closed %v (want true), done closed %v (want false)", closed(cancelled), closed(done))
	}
	m.Finish(early, nil, nil)
	if !closed(done) || early.Done() != done || early.CancelledCh() != cancelled {
		t.Error("after finish: done not closed, or a channel was made again")
	}

	late := m.Register(Spec{Action: "a", Cancellable: true})
	if err := m.Cancel(late, "stop"); err != nil {
		t.Fatal(err)
	}
	m.Finish(late, nil, nil)
	if !closed(late.CancelledCh()) || !closed(late.Done()) {
		t.Error("channels asked for after the events are not closed")
	}

	never := m.Register(Spec{Action: "a"})
	m.Finish(never, nil, nil)
	if closed(never.CancelledCh()) || !closed(never.Done()) {
		t.Error("an ended, uncancelled task: cancel channel closed or done open")
	}
}
