package searchexec

import (
	"sync"

	"github.com/clustersearch/clustersearch-go/internal/engine/tasks"
)

// TaskRun ties a search (or count, or one search of a multi-search) to
// its task: the executor polls the task for cancellation (a
// search.Canceller), and the server's test hold may park the search before
// each shard (a search.ShardWatcher).
type TaskRun struct {
	Task *tasks.Task
	Hold *Hold
}

// Cancelled reports the task's cancellation (search.Canceller).
func (s *TaskRun) Cancelled() (bool, string) { return s.Task.Cancelled() }

// ShardStarting parks the search while the hold is on (search.ShardWatcher).
func (s *TaskRun) ShardStarting(int) { s.Hold.park(s.Task) }

// Hold parks searches before each shard while it is on, so a test can see
// a search running and cancel it. Its zero value is off. It is
// safe for concurrent use.
type Hold struct {
	mu     sync.Mutex
	gate   chan struct{} // closed by Release; nil while off
	parked chan string   // the task ids of searches as they park
}

// Hold turns the hold on and returns the channel that receives the task id
// of every search that parks (sends that would block are dropped).
func (h *Hold) Hold() <-chan string {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.gate == nil {
		h.gate, h.parked = make(chan struct{}), make(chan string, 64)
	}
	return h.parked
}

// Release turns the hold off and lets the parked searches go on.
func (h *Hold) Release() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.gate != nil {
		close(h.gate)
		h.gate, h.parked = nil, nil
	}
}

// Step lets each parked search go on to its next shard, where it parks
// again while the hold is on.
func (h *Hold) Step() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.gate != nil {
		close(h.gate)
		h.gate = make(chan struct{})
	}
}

// park waits, while the hold is on, until it is released or t is cancelled.
func (h *Hold) park(t *tasks.Task) {
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
