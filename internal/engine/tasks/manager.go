package tasks

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"
	"sort"
	"sync"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// Manager tracks the tasks of the node that serves HTTP. It is safe for
// concurrent use.
type Manager struct {
	clock clock.Clock
	node  string

	mu      sync.Mutex
	next    int64
	running map[int64]*Task
	stored  map[int64]*Result
	// storeExists records that a result was ever stored: until then a
	// lookup of an unknown task fails because the .tasks index is missing.
	storeExists bool
	// onStore persists a stored result before waiters see the task end.
	onStore func(ID, *Result)
}

// SetStoreHook installs fn, called with every stored result before the
// task counts as ended (the REST layer writes it to the .tasks index).
func (m *Manager) SetStoreHook(fn func(ID, *Result)) {
	m.mu.Lock()
	m.onStore = fn
	m.mu.Unlock()
}

// Result is a finished task whose result was stored.
type Result struct {
	Task     jsonout.Object // TaskInfo at completion, with its final status
	Response any            // the response body, or nil
	Error    *apierr.Error  // the failure, or nil
}

// New returns a manager whose tasks run on node.
func New(c clock.Clock, node string) *Manager {
	return &Manager{clock: c, node: node, running: map[int64]*Task{}, stored: map[int64]*Result{}}
}

// SkipPast makes the next task id greater than n: a node restarted on a
// data directory numbers its new tasks after the results it stored, so a
// new task never takes the id of a stored one.
func (m *Manager) SkipPast(n int64) {
	m.mu.Lock()
	m.next = max(m.next, n)
	m.mu.Unlock()
}

// Node returns the node id tasks run on.
func (m *Manager) Node() string { return m.node }

// Now is the server clock.
func (m *Manager) Now() time.Time { return m.clock.Now() }

// Register starts a task.
func (m *Manager) Register(s Spec) *Task {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.next++
	t := &Task{id: ID{Node: m.node, N: m.next}, spec: s, start: m.clock.Now(), mgr: m}
	if !s.Parent.IsZero() {
		if p, ok := m.running[s.Parent.N]; ok && p.id == s.Parent {
			if c, reason := p.Cancelled(); c {
				t.cancel(reason, m.clock.Now())
			}
		}
	}
	m.running[t.id.N] = t
	return t
}

// Finish ends a task; a task registered with Store keeps response (or err)
// for GET /_tasks/<id>.
func (m *Manager) Finish(t *Task, response any, err *apierr.Error) {
	now := m.clock.Now()
	var stored *Result
	if t.stores() {
		stored = &Result{Task: t.info(true, true, now, nil, false), Response: response, Error: err}
	}
	m.mu.Lock()
	hook := m.onStore
	m.mu.Unlock()
	// The task stays listed as running until its result is persisted, so a
	// reader sees it either running or stored, never in between.
	if stored != nil && hook != nil {
		hook(t.id, stored)
	}
	m.mu.Lock()
	delete(m.running, t.id.N)
	if stored != nil {
		m.stored[t.id.N] = stored
		m.storeExists = true
	}
	m.mu.Unlock()
	t.mu.Lock()
	atEnd := t.atEnd
	t.atEnd = nil
	t.mu.Unlock()
	for _, fn := range atEnd {
		fn()
	}
	t.mu.Lock()
	t.ended = true
	if t.done != nil {
		close(t.done)
	}
	t.mu.Unlock()
}

// Lookup returns a running task or a stored result by id.
func (m *Manager) Lookup(id ID) (*Task, *Result) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if id.Node != m.node {
		return nil, nil
	}
	if t, ok := m.running[id.N]; ok {
		return t, nil
	}
	return nil, m.stored[id.N]
}

// StoreExists reports whether any result was stored (the .tasks index exists).
func (m *Manager) StoreExists() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.storeExists
}

// Filter selects tasks for list and cancel.
type Filter struct {
	Actions []string // simple wildcard patterns; empty: all
	Parent  ID       // zero: any
	Exclude *Task    // a task not to list (never used for the listing itself)
}

// Matches reports whether t passes the filter.
func (f Filter) Matches(t *Task) bool {
	if !f.Parent.IsZero() && t.spec.Parent != f.Parent {
		return false
	}
	return f.MatchesAction(t.spec.Action)
}

// MatchesAction reports whether action passes the action patterns.
func (f Filter) MatchesAction(action string) bool {
	if len(f.Actions) == 0 {
		return true
	}
	for _, a := range f.Actions {
		if wildcard.Simple(a, action) {
			return true
		}
	}
	return false
}

// List returns the running tasks that match f, by id.
func (m *Manager) List(f Filter) []*Task {
	m.mu.Lock()
	out := make([]*Task, 0, len(m.running))
	for _, t := range m.running {
		if t != f.Exclude && f.Matches(t) {
			out = append(out, t)
		}
	}
	m.mu.Unlock()
	sort.Slice(out, func(i, j int) bool { return out[i].id.N < out[j].id.N })
	return out
}

// Cancel cancels t and its descendants. A task that cannot be cancelled is
// the error OpenSearch gives.
func (m *Manager) Cancel(t *Task, reason string) *apierr.Error {
	if !t.spec.Cancellable {
		return apierr.IllegalArgument("task [%s] doesn't support cancellation", t.id)
	}
	now := m.clock.Now()
	t.cancel(reason, now)
	m.mu.Lock()
	var children []*Task
	for _, c := range m.running {
		if c.spec.Parent == t.id {
			children = append(children, c)
		}
	}
	m.mu.Unlock()
	for _, c := range children {
		if c.spec.Cancellable {
			_ = m.Cancel(c, reason)
		}
	}
	return nil
}

func (t *Task) cancel(reason string, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.cancelled {
		return
	}
	t.cancelled, t.reason, t.cancelTime = true, reason, now
	if t.cancelCh != nil {
		close(t.cancelCh)
	}
}
