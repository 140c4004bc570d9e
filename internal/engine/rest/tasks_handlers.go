package rest

import (
	"context"
	"net/http"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/tasks"
)

// taskKey is the context key of the request's task holder.
type taskKey struct{}

// taskHolder carries the request's task; a handler that keeps working after
// it answers (wait_for_completion=false) detaches the task and finishes it
// itself.
type taskHolder struct {
	task     *tasks.Task
	detached bool
	mgr      *tasks.Manager // ends the task (nil: the holder cannot hand it over)
}

// detachTaskToFinish hands the request's task to the caller with the
// function that ends it (nil, nil when the request runs as no task).
func detachTaskToFinish(r *Request) (*tasks.Task, func(response any, err *apierr.Error)) {
	if h, ok := r.Ctx.Value(taskKey{}).(*taskHolder); ok && h.mgr != nil {
		h.detached = true
		// The closure is made only here: most requests never detach.
		return h.task, func(response any, err *apierr.Error) { h.mgr.Finish(h.task, response, err) }
	}
	return nil, nil
}

// requestTask returns the request's task (nil when the operation has none).
func requestTask(r *Request) *tasks.Task {
	if h, ok := r.Ctx.Value(taskKey{}).(*taskHolder); ok {
		return h.task
	}
	return nil
}

// detachTask hands the request's task to the caller, who must Finish it.
func detachTask(r *Request) *tasks.Task {
	if h, ok := r.Ctx.Value(taskKey{}).(*taskHolder); ok {
		h.detached = true
		return h.task
	}
	return nil
}

// Tasks returns the task manager.
func (d *DocOps) Tasks() *tasks.Manager { return d.tasks }

// Hook runs every request as a task and echoes X-Opaque-Id: install it as
// Server.Wrap(LayerTasks, d.Hook).
func (d *DocOps) Hook(next Hook) Hook {
	return func(r *Request, h Handler) (*Response, error) { return d.asTask(r, h, next) }
}

func (d *DocOps) asTask(r *Request, h Handler, next Hook) (*Response, error) {
	opaque := r.Header.Get("X-Opaque-Id")
	resp, err := d.runAsTask(r, h, next, opaque)
	if opaque == "" {
		return resp, err
	}
	if err != nil {
		if ae, ok := err.(*apierr.Error); ok {
			c := *ae
			h := http.Header(ae.Header).Clone()
			if h == nil {
				h = http.Header{}
			}
			h.Set("X-Opaque-Id", opaque)
			c.Header = h
			return nil, &c
		}
		return nil, err
	}
	if resp.Header == nil {
		resp.Header = http.Header{}
	}
	resp.Header.Set("X-Opaque-Id", opaque)
	return resp, nil
}

func (d *DocOps) runAsTask(r *Request, h Handler, next Hook, opaque string) (*Response, error) {
	meta := r.Meta()
	if meta.Action == "" {
		return callNext(next, r, h)
	}
	var headers map[string]string // read-only: nil lists as no headers
	if opaque != "" {
		headers = map[string]string{"X-Opaque-Id": opaque}
	}
	t := d.tasks.Register(tasks.Spec{Action: meta.Action, Headers: headers, Cancellable: meta.Has(Cancellable), Describe: taskDescriber(r),
		TrackResources: meta.Has(Tracked)})
	holder := &taskHolder{task: t, mgr: d.tasks}
	r.Ctx = context.WithValue(r.Ctx, taskKey{}, holder)
	defer func() {
		// Deferred so a handler that panics still ends its task.
		if !holder.detached {
			d.tasks.Finish(t, nil, nil)
		}
	}()
	defer t.Track()()
	return callNext(next, r, h)
}

// Close cancels every running cancellable task, so background jobs (a
// throttled reindex waiting on a manual clock) stop with the server.
func (d *DocOps) Close() {
	for _, t := range d.tasks.List(tasks.Filter{}) {
		if t.Cancellable() {
			_ = d.tasks.Cancel(t, "server closed")
		}
	}
}

// taskRoutes are the task management APIs.
func (d *DocOps) taskRoutes() []Route {
	listParams := []string{"actions", "detailed", "group_by", "nodes", "parent_task_id", "timeout", "wait_for_completion"}
	cancelParams := []string{"actions", "group_by", "nodes", "parent_task_id", "wait_for_completion"}
	return []Route{
		{Op: "tasks.list", Method: "GET", Path: "/_tasks", Params: listParams, Handler: d.listTasks},
		{Op: "tasks.get", Method: "GET", Path: "/_tasks/{task_id}", Params: []string{"timeout", "wait_for_completion"}, Handler: d.getTask},
		{Op: "tasks.cancel", Method: "POST", Path: "/_tasks/_cancel", Params: cancelParams, Handler: d.cancelTasks},
		{Op: "tasks.cancel", Method: "POST", Path: "/_tasks/{task_id}/_cancel", Params: cancelParams, Handler: d.cancelTasks},
	}
}

// taskNodes resolves the nodes parameter to the node ids it selects.
func (d *DocOps) taskNodes(r *Request) map[string]bool {
	return tasks.SelectNodes(d.b.Cluster.Nodes, r.List("nodes"))
}

// taskFilter reads actions and parent_task_id.
func taskFilter(r *Request) (tasks.Filter, error) {
	f := tasks.Filter{Actions: r.List("actions")}
	parent, e := tasks.ParseID(r.Params["parent_task_id"])
	if e != nil {
		return f, e
	}
	f.Parent = parent
	return f, nil
}

// groupBy reads the group_by parameter.
func groupBy(r *Request) (string, error) {
	g, e := tasks.ParseGroupBy(r.Params["group_by"])
	if e != nil {
		return "", e
	}
	return g, nil
}

// renderTasks renders a task list grouped as asked, on the first node.
func (d *DocOps) renderTasks(list []*tasks.Task, group string, detailed bool, nodeFailures []any) jsonout.Object {
	return d.tasks.RenderList(list, group, detailed, nodeFailures, d.b.Cluster.Nodes[0])
}

// listTasks is GET /_tasks.
func (d *DocOps) listTasks(r *Request) (*Response, error) {
	f, err := taskFilter(r)
	if err != nil {
		return nil, err
	}
	detailed, err := r.Bool("detailed", false)
	if err != nil {
		return nil, err
	}
	group, err := groupBy(r)
	if err != nil {
		return nil, err
	}
	wait, err := r.Bool("wait_for_completion", false)
	if err != nil {
		return nil, err
	}
	timeout, err := r.Duration("timeout", 30*time.Second)
	if err != nil {
		return nil, err
	}
	if !d.taskNodes(r)[d.tasks.Node()] {
		return OK(d.renderTasks(nil, group, detailed, nil)), nil
	}
	list, e := d.tasks.ListWaiting(r.Ctx, f, requestTask(r), wait, timeout)
	if e != nil {
		return nil, e
	}
	return OK(d.renderTasks(list, group, detailed, nil)), nil
}

// getTask is GET /_tasks/{task_id}.
func (d *DocOps) getTask(r *Request) (*Response, error) {
	id, e := tasks.ParseID(r.PathParam("task_id"))
	if e != nil {
		return nil, e
	}
	if id.IsZero() {
		return nil, apierr.Validation("task id is required")
	}
	wait, err := r.Bool("wait_for_completion", false)
	if err != nil {
		return nil, err
	}
	timeout, err := r.Duration("timeout", 30*time.Second)
	if err != nil {
		return nil, err
	}
	body, e := d.tasks.Get(r.Ctx, d.results, d.b.Cluster.Nodes, id, wait, timeout)
	if e != nil {
		return nil, e
	}
	return OK(body), nil
}

// cancelTasks is POST /_tasks/_cancel and /_tasks/{task_id}/_cancel.
func (d *DocOps) cancelTasks(r *Request) (*Response, error) {
	f, err := taskFilter(r)
	if err != nil {
		return nil, err
	}
	group, err := groupBy(r)
	if err != nil {
		return nil, err
	}
	wait, err := r.Bool("wait_for_completion", false)
	if err != nil {
		return nil, err
	}
	c := tasks.CancelRequest{Filter: f, Nodes: d.taskNodes(r), Self: requestTask(r)}
	if raw, byID := r.PathParams["task_id"]; byID {
		id, e := tasks.ParseID(raw)
		if e != nil {
			return nil, e
		}
		c.ByID, c.ID = true, id
	}
	cancelled, failures := d.tasks.CancelMatching(r.Ctx, c, wait)
	return OK(d.renderTasks(cancelled, group, false, failures)), nil
}
