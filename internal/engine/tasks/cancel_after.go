package tasks

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/taskdesc"
)

// CancelAfter cancels t once d has passed on the server clock, as
// TimeoutTaskCancellationUtility does; a negative d is off.
func (t *Task) CancelAfter(c clock.Clock, d time.Duration) {
	if d < 0 {
		return
	}
	fire := clock.After(c, d)
	// The timer is withdrawn as the task ends, so a manual clock holds no
	// stale waiter once the search has answered.
	t.AtEnd(func() { clock.Stop(c, fire) })
	go func() {
		select {
		case <-fire:
			_ = t.Cancel("Cancellation timeout of " + taskdesc.TimeValue(d) + " is expired")
		case <-t.Done():
		}
	}()
}
