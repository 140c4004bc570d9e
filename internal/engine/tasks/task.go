package tasks

import (
	"sync"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// Spec describes a task to register.
type Spec struct {
	Action      string // e.g. "indices:data/write/reindex"
	Description string
	// Describe, when set and Description is empty, computes the description the
	// first time a detailed listing asks (request descriptions cost a body scan).
	Describe    func() string
	Parent      ID
	Headers     map[string]string // X-Opaque-Id
	Cancellable bool
	// Store keeps the task's result after it ends (wait_for_completion=false).
	Store bool
	// TrackResources records the CPU and memory of the task's work (Track),
	// as OpenSearch does for search tasks only.
	TrackResources bool
}

// Task is a registered task. Its methods are safe for concurrent use.
type Task struct {
	id    ID
	spec  Spec
	start time.Time
	mgr   *Manager

	mu         sync.Mutex
	cancelled  bool
	reason     string
	cancelTime time.Time
	// The channels are made when first asked for: most tasks (every
	// search) end without anyone waiting on them.
	cancelCh chan struct{} // closed on cancel
	done     chan struct{} // closed when the task ends
	ended    bool
	status   func() jsonout.Object
	runs     []*threadRun // resource tracking (resource.go)
	run0     threadRun    // the first run, kept here to save its allocation
	run0Used bool
	runs0    [1]*threadRun // the backing array of runs while it has one
	atEnd    []func()      // run by Finish (AtEnd)
}

// ID returns the task's id.
func (t *Task) ID() ID { return t.id }

// Action returns the action name.
func (t *Task) Action() string { return t.spec.Action }

// Description returns the task's description.
func (t *Task) Description() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.descriptionLocked()
}

// descriptionLocked resolves a lazy description once; t.mu is held.
func (t *Task) descriptionLocked() string {
	if t.spec.Description == "" && t.spec.Describe != nil {
		t.spec.Description = t.spec.Describe()
		t.spec.Describe = nil
	}
	return t.spec.Description
}

// Parent returns the parent task's id (zero when none).
func (t *Task) Parent() ID { return t.spec.Parent }

// Cancellable reports whether the task can be cancelled.
func (t *Task) Cancellable() bool { return t.spec.Cancellable }

// Headers returns the request headers the task keeps.
func (t *Task) Headers() map[string]string { return t.spec.Headers }

// CancelledCh is closed when the task is cancelled.
func (t *Task) CancelledCh() <-chan struct{} {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.cancelCh == nil {
		t.cancelCh = make(chan struct{})
		if t.cancelled {
			close(t.cancelCh)
		}
	}
	return t.cancelCh
}

// Done is closed when the task has ended.
func (t *Task) Done() <-chan struct{} {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.done == nil {
		t.done = make(chan struct{})
		if t.ended {
			close(t.done)
		}
	}
	return t.done
}

// Cancelled reports whether the task was cancelled and why.
func (t *Task) Cancelled() (bool, string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.cancelled, t.reason
}

// SetDescription sets the description detailed listings show.
func (t *Task) SetDescription(d string) {
	t.mu.Lock()
	t.spec.Description = d
	t.mu.Unlock()
}

// SetDescriber replaces the lazy description with describe, unless the
// description was already set or computed: a handler that parsed its
// request hands the parsed form over, so describing never parses the
// body again.
func (t *Task) SetDescriber(describe func() string) {
	t.mu.Lock()
	if t.spec.Description == "" {
		t.spec.Describe = describe
	}
	t.mu.Unlock()
}

// KeepResult makes the manager store the task's result when it ends, as
// wait_for_completion=false does.
func (t *Task) KeepResult() {
	t.mu.Lock()
	t.spec.Store = true
	t.mu.Unlock()
}

func (t *Task) stores() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.spec.Store
}

// SetStatus installs the function that reports the task's status (the
// bulk-by-scroll counters for reindex and the by-query APIs).
func (t *Task) SetStatus(fn func() jsonout.Object) {
	t.mu.Lock()
	t.status = fn
	t.mu.Unlock()
}

// Status returns the current status object, or nil.
func (t *Task) Status() jsonout.Object {
	t.mu.Lock()
	fn := t.status
	t.mu.Unlock()
	if fn == nil {
		return nil
	}
	return fn()
}

// Info renders the task as TaskInfo.toXContent: node, id, type, action,
// [status], [description], start_time_in_millis, running_time_in_nanos,
// cancellable, cancelled, [cancellation_time_millis], [parent_task_id],
// headers, [resource_stats]. Task.taskInfo fills status and description
// only when detailed.
func (t *Task) Info(detailed bool, now time.Time) jsonout.Object {
	return t.info(detailed, detailed, now, nil, detailed)
}

// info renders TaskInfo; withStats adds resource_stats (detailed listings,
// never the stored result, whose index mapping has no room for it).
func (t *Task) info(detailed, withStatus bool, now time.Time, status jsonout.Object, withStats bool) jsonout.Object {
	o := jsonout.Object{{Key: "node", Value: t.id.Node}, {Key: "id", Value: t.id.N}, {Key: "type", Value: "transport"}, {Key: "action", Value: t.spec.Action}}
	if withStatus {
		if status == nil {
			status = t.Status()
		}
		if status != nil {
			o = append(o, jsonout.Field{Key: "status", Value: status})
		}
	}
	if detailed {
		t.mu.Lock()
		desc := t.descriptionLocked()
		t.mu.Unlock()
		o = append(o, jsonout.Field{Key: "description", Value: desc})
	}
	running := now.Sub(t.start)
	if running < 0 {
		running = 0
	}
	o = append(o, jsonout.Field{Key: "start_time_in_millis", Value: t.start.UnixMilli()},
		jsonout.Field{Key: "running_time_in_nanos", Value: running.Nanoseconds()},
		jsonout.Field{Key: "cancellable", Value: t.spec.Cancellable})
	cancelled, _ := t.Cancelled()
	o = append(o, jsonout.Field{Key: "cancelled", Value: cancelled})
	if cancelled {
		t.mu.Lock()
		ct := t.cancelTime
		t.mu.Unlock()
		o = append(o, jsonout.Field{Key: "cancellation_time_millis", Value: ct.UnixMilli()})
	}
	if !t.spec.Parent.IsZero() {
		o = append(o, jsonout.Field{Key: "parent_task_id", Value: t.spec.Parent.String()})
	}
	headers := jsonout.Object{}
	if v, ok := t.spec.Headers["X-Opaque-Id"]; ok {
		headers = append(headers, jsonout.Field{Key: "X-Opaque-Id", Value: v})
	}
	o = append(o, jsonout.Field{Key: "headers", Value: headers})
	if withStats {
		o = append(o, jsonout.Field{Key: "resource_stats", Value: t.resourceStats()})
	}
	return o
}
