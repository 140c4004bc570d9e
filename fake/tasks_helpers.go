package fake

import (
	"errors"

	"github.com/clustersearch/clustersearch-go/internal/engine/tasks"
)

// Task is a running task as the direct helpers report it.
type Task struct {
	ID          string // "<node>:<n>"
	Action      string // e.g. "indices:data/write/reindex"
	Description string
	Parent      string // "" when none
	Cancellable bool
	Cancelled   bool
}

// Tasks returns the running tasks, oldest first (what GET /_tasks lists,
// without the listing's own tasks).
func (s *Server) Tasks() []Task {
	list := s.docops.Tasks().List(tasks.Filter{})
	out := make([]Task, len(list))
	for i, t := range list {
		c, _ := t.Cancelled()
		out[i] = Task{ID: t.ID().String(), Action: t.Action(), Description: t.Description(), Cancellable: t.Cancellable(), Cancelled: c}
		if p := t.Parent(); !p.IsZero() {
			out[i].Parent = p.String()
		}
	}
	return out
}

// CancelTask cancels a running task (and its children) as
// POST /_tasks/<id>/_cancel does.
func (s *Server) CancelTask(id string) error {
	tid, e := tasks.ParseID(id)
	if e != nil {
		return e
	}
	t, _ := s.docops.Tasks().Lookup(tid)
	if t == nil {
		return errors.New("fake: task [" + id + "] is not running")
	}
	if e := s.docops.Tasks().Cancel(t, "by user request"); e != nil {
		return e
	}
	return nil
}
