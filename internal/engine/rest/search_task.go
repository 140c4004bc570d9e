package rest

import (
	"sync"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/taskdesc"
	"github.com/clustersearch/clustersearch-go/internal/engine/tasks"
)

// searchRun ties a search (or count, or one search of a multi-search) to
// its task: the executor polls the task for cancellation, and the server's
// test hold may park the search before each shard.
type searchRun struct {
	task *tasks.Task
	hold *SearchHold
}

// Cancelled reports the task's cancellation (search.Canceller).
func (s *searchRun) Cancelled() (bool, string) { return s.task.Cancelled() }

// ShardStarting parks the search while the hold is on (search.ShardWatcher).
func (s *searchRun) ShardStarting(int) { s.hold.park(s.task) }

// newSearchRun ties the request's task to the search and schedules its
// cancel_after_time_interval (the request's parameter, else the cluster
// setting search.cancel_after_time_interval, as TransportSearchAction does).
// The run is the executor's Canceller, nil without a task.
func (b *Backend) newSearchRun(r *Request) (search.Canceller, error) {
	t := requestTask(r)
	interval, err := r.Duration("cancel_after_time_interval", b.clusterSettings().Values().CancelAfterTimeInterval)
	if err != nil {
		return nil, err
	}
	if t == nil {
		return nil, nil
	}
	b.cancelAfter(t, interval)
	return &searchRun{task: t, hold: &b.SearchHold}, nil
}

// cancelAfter cancels t once d has passed on the server clock, as
// TimeoutTaskCancellationUtility does; a negative d is off.
func (b *Backend) cancelAfter(t *tasks.Task, d time.Duration) {
	if d < 0 {
		return
	}
	fire := clock.After(b.Clock, d)
	// The timer is withdrawn as the task ends, so a manual clock holds no
	// stale waiter once the search has answered.
	t.AtEnd(func() { clock.Stop(b.Clock, fire) })
	go func() {
		select {
		case <-fire:
			_ = t.Cancel("Cancellation timeout of " + taskdesc.TimeValue(d) + " is expired")
		case <-t.Done():
		}
	}()
}

// runChildSearch runs one search of a multi-search as TransportMultiSearchAction
// does: as a child search task of the msearch task, tracked, with its own
// description and the cancel_after_time_interval of its header, else of the
// msearch request, else of the cluster setting.
func (b *Backend) runChildSearch(r *Request, e msearchEntry, spec *searchreq.Spec) (jsonout.Object, *apierr.Error) {
	parent := requestTask(r)
	if parent == nil {
		return b.exec().Run(e.Index, e.Options, spec, e.Routing)
	}
	interval := b.clusterSettings().Values().CancelAfterTimeInterval
	v, ok := e.Params["cancel_after_time_interval"]
	if !ok {
		v, ok = r.Params["cancel_after_time_interval"]
	}
	if ok {
		d, err := settings.ParseTimeValue(v, "cancel_after_time_interval")
		if err != nil {
			return nil, err
		}
		interval = d
	}
	child := parent.StartChild(tasks.Spec{Action: "indices:data/read/search", Headers: parent.Headers(), Cancellable: true,
		TrackResources: true, Describe: func() string { return msearchEntryDescription(r, e) }})
	defer child.End()
	defer child.Track()()
	b.cancelAfter(child, interval)
	spec.Cancel = &searchRun{task: child, hold: &b.SearchHold}
	return b.exec().Run(e.Index, e.Options, spec, e.Routing)
}

// SearchHold parks searches before each shard while it is on, so a test
// can see a search running and cancel it. Its zero value is off. It is
// safe for concurrent use.
type SearchHold struct {
	mu     sync.Mutex
	gate   chan struct{} // closed by Release; nil while off
	parked chan string   // the task ids of searches as they park
}

// Hold turns the hold on and returns the channel that receives the task id
// of every search that parks (sends that would block are dropped).
func (h *SearchHold) Hold() <-chan string {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.gate == nil {
		h.gate, h.parked = make(chan struct{}), make(chan string, 64)
	}
	return h.parked
}

// Release turns the hold off and lets the parked searches go on.
func (h *SearchHold) Release() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.gate != nil {
		close(h.gate)
		h.gate, h.parked = nil, nil
	}
}

// Step lets each parked search go on to its next shard, where it parks
// again while the hold is on.
func (h *SearchHold) Step() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.gate != nil {
		close(h.gate)
		h.gate = make(chan struct{})
	}
}

// park waits, while the hold is on, until it is released or t is cancelled.
func (h *SearchHold) park(t *tasks.Task) {
	h.mu.Lock()
	gate, parked := h.gate, h.parked
	h.mu.Unlock()
	if gate == nil {
		return
	}
	select {
	case parked <- t.ID().String():
	default:
	}
	select {
	case <-gate:
	case <-t.CancelledCh():
	}
}
