package tasks

import "github.com/clustersearch/clustersearch-go/internal/engine/apierr"

// StartChild registers a task whose parent is t (a search of a
// multi-search); a child of a cancelled task starts cancelled. End it with
// End.
func (t *Task) StartChild(s Spec) *Task {
	s.Parent = t.id
	return t.mgr.Register(s)
}

// End finishes a task started with StartChild.
func (t *Task) End() { t.mgr.Finish(t, nil, nil) }

// Cancel cancels t and its descendants as the tasks cancel API does.
func (t *Task) Cancel(reason string) *apierr.Error { return t.mgr.Cancel(t, reason) }

// AtEnd registers fn to run when the task ends, before Done is closed (a
// timer that must not outlive the task withdraws itself there).
func (t *Task) AtEnd(fn func()) {
	t.mu.Lock()
	t.atEnd = append(t.atEnd, fn)
	t.mu.Unlock()
}
