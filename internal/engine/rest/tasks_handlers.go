package rest

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/cluster"
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
	finish   func(response any, err *apierr.Error) // ends the task (its manager's Finish)
}

// detachTaskToFinish hands the request's task to the caller with the
// function that ends it (nil, nil when the request runs as no task).
func detachTaskToFinish(r *Request) (*tasks.Task, func(response any, err *apierr.Error)) {
	if h, ok := r.Ctx.Value(taskKey{}).(*taskHolder); ok && h.finish != nil {
		h.detached = true
		return h.task, h.finish
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
	headers := map[string]string{}
	if opaque != "" {
		headers["X-Opaque-Id"] = opaque
	}
	t := d.tasks.Register(tasks.Spec{Action: meta.Action, Headers: headers, Cancellable: meta.Has(Cancellable), Describe: taskDescriber(r),
		TrackResources: meta.Has(Tracked)})
	holder := &taskHolder{task: t, finish: func(response any, err *apierr.Error) { d.tasks.Finish(t, response, err) }}
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
	sel := map[string]bool{}
	list := r.List("nodes")
	for i, n := range d.b.Cluster.Nodes {
		if list == nil {
			sel[n.ID] = true
			continue
		}
		for _, want := range list {
			if want == "_all" || want == n.ID || want == n.Name || (want == "_local" && i == 0) ||
				(strings.Contains(want, "*") && (tasksMatch(want, n.ID) || tasksMatch(want, n.Name))) {
				sel[n.ID] = true
			}
		}
	}
	return sel
}

func tasksMatch(pattern, s string) bool {
	return tasks.Filter{Actions: []string{pattern}}.MatchesAction(s)
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

// groupBy validates the group_by parameter.
func groupBy(r *Request) (string, error) {
	g := r.Params["group_by"]
	switch g {
	case "":
		return "nodes", nil
	case "nodes", "parents", "none":
		return g, nil
	}
	return "", apierr.IllegalArgument("[group_by] must be one of [nodes], [parents] or [none] but was [%s]", g)
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
	self := requestTask(r)
	nodes := d.taskNodes(r)
	if !nodes[d.tasks.Node()] {
		return OK(d.renderTasks(nil, group, detailed, nil)), nil
	}
	// The listing runs a child task on every node it asks.
	var child *tasks.Task
	if self != nil {
		child = d.tasks.Register(tasks.Spec{Action: self.Action() + "[n]", Parent: self.ID(), Headers: self.Headers()})
		defer d.tasks.Finish(child, nil, nil)
	}
	list := d.tasks.List(f)
	if wait {
		if e := waitTasks(r, list, self, child, timeout); e != nil {
			return nil, e
		}
	}
	return OK(d.renderTasks(list, group, detailed, nil)), nil
}

// waitTasks waits for the listed tasks (but the caller's own) to end.
func waitTasks(r *Request, list []*tasks.Task, self, child *tasks.Task, timeout time.Duration) *apierr.Error {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for _, t := range list {
		if t == self || t == child {
			continue
		}
		select {
		case <-t.Done():
		case <-r.Ctx.Done():
			return apierr.New(apierr.TypeTimeout, "request cancelled")
		case <-deadline.C:
			return apierr.New(apierr.TypeTimeout, "Timed out waiting for completion of ["+t.ID().String()+"]")
		}
	}
	return nil
}

// renderTasks renders a ListTasksResponse (and CancelTasksResponse) in the
// requested grouping; failures come first as in BaseTasksResponse.
func (d *DocOps) renderTasks(list []*tasks.Task, group string, detailed bool, nodeFailures []any) jsonout.Object {
	now := d.tasks.Now()
	var o jsonout.Object
	if len(nodeFailures) > 0 {
		o = append(o, jsonout.Field{Key: "node_failures", Value: nodeFailures})
	}
	infos := make([]jsonout.Object, len(list))
	for i, t := range list {
		infos[i] = t.Info(detailed, now)
	}
	switch group {
	case "none":
		all := make([]any, len(infos))
		for i := range infos {
			all[i] = infos[i]
		}
		return append(o, jsonout.Field{Key: "tasks", Value: all})
	case "parents":
		byID := map[tasks.ID]int{}
		for i, t := range list {
			byID[t.ID()] = i
		}
		children := map[int][]any{}
		var roots []int
		for i, t := range list {
			if p, ok := byID[parentOf(infos[i], t)]; ok {
				children[p] = append(children[p], infos[i])
				continue
			}
			roots = append(roots, i)
		}
		var out jsonout.Object
		var render func(i int) jsonout.Object
		render = func(i int) jsonout.Object {
			info := infos[i]
			if kids := children[i]; len(kids) > 0 {
				rendered := make([]any, len(kids))
				for k, kid := range kids {
					rendered[k] = kid
				}
				info = append(append(jsonout.Object{}, info...), jsonout.Field{Key: "children", Value: rendered})
			}
			return info
		}
		for _, i := range roots {
			out = append(out, jsonout.Field{Key: list[i].ID().String(), Value: render(i)})
		}
		if out == nil {
			out = jsonout.Object{}
		}
		return append(o, jsonout.Field{Key: "tasks", Value: out})
	}
	nodes := jsonout.Object{}
	if len(list) > 0 {
		node := d.b.Cluster.Nodes[0]
		tasksObj := jsonout.Object{}
		for i, t := range list {
			tasksObj = append(tasksObj, jsonout.Field{Key: t.ID().String(), Value: infos[i]})
		}
		nodes = append(nodes, jsonout.Field{Key: node.ID, Value: append(nodeHeader(node), jsonout.Field{Key: "tasks", Value: tasksObj})})
	}
	return append(o, jsonout.Field{Key: "nodes", Value: nodes})
}

// parentOf reads the parent of a listed task.
func parentOf(info jsonout.Object, t *tasks.Task) tasks.ID {
	for _, f := range info {
		if f.Key == "parent_task_id" {
			id, _ := tasks.ParseID(f.Value.(string))
			return id
		}
	}
	return tasks.ID{}
}

// nodeHeader is the node part of a grouped-by-nodes task list.
func nodeHeader(n cluster.Node) jsonout.Object {
	roles := make([]any, len(n.Roles))
	for i, r := range n.Roles {
		roles[i] = r
	}
	return jsonout.Object{{Key: "name", Value: n.Name}, {Key: "transport_address", Value: n.TransportAddress}, {Key: "host", Value: n.Host},
		{Key: "ip", Value: n.TransportAddress}, {Key: "roles", Value: roles}}
}

// taskNotStored is the 404 for a task that is neither running nor stored.
func (d *DocOps) taskNotStored(id tasks.ID) *apierr.Error {
	e := apierr.New(apierr.TypeResourceNotFound, "task ["+id.String()+"] isn't running and hasn't stored its results")
	if exists, _ := d.results.InIndex(id); !exists {
		e.Cause = apierr.IndexNotFound(".tasks", apierr.ResourceIndexExpression)
	}
	return e
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
	known := false
	for _, n := range d.b.Cluster.Nodes {
		known = known || n.ID == id.Node
	}
	if !known {
		return nil, apierr.New(apierr.TypeResourceNotFound, "task ["+id.String()+"] belongs to the node ["+id.Node+
			"] which isn't part of the cluster and there is no record of the task").WithCause(d.taskNotStored(id))
	}
	t, res := d.tasks.Lookup(id)
	if t != nil && wait {
		snapshot := t.Info(true, d.tasks.Now())
		select {
		case <-t.Done():
		case <-r.Ctx.Done():
			return nil, apierr.New(apierr.TypeTimeout, "request cancelled")
		case <-time.After(timeout):
			return nil, apierr.New(apierr.TypeTimeout, "Timed out waiting for completion of ["+id.String()+"]")
		}
		_, res = d.tasks.Lookup(id)
		if _, found := d.results.InIndex(id); res == nil || !found {
			return OK(jsonout.Object{{Key: "completed", Value: true}, {Key: "task", Value: snapshot}}), nil
		}
		t = nil
	}
	if t != nil {
		return OK(jsonout.Object{{Key: "completed", Value: false}, {Key: "task", Value: t.Info(true, d.tasks.Now())}}), nil
	}
	if res == nil {
		// Not in memory (a restarted node): the stored document is the answer.
		if src, found := d.results.Source(id); found {
			return OK(json.RawMessage(src)), nil
		}
	}
	if _, found := d.results.InIndex(id); res == nil || !found {
		return nil, d.taskNotStored(id)
	}
	o := jsonout.Object{{Key: "completed", Value: true}, {Key: "task", Value: res.Task}}
	if res.Error != nil {
		o = append(o, jsonout.Field{Key: "error", Value: res.Error.Inline()})
	} else if res.Response != nil {
		o = append(o, jsonout.Field{Key: "response", Value: res.Response})
	}
	return OK(o), nil
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
	const reason = "by user request"
	var targets []*tasks.Task
	var failures []any
	nodes := d.taskNodes(r)
	if raw, byID := r.PathParams["task_id"]; byID {
		id, e := tasks.ParseID(raw)
		if e != nil {
			return nil, e
		}
		t, _ := d.tasks.Lookup(id)
		switch {
		case t == nil || !nodes[id.Node] || !f.Matches(t):
			failures = append(failures, failedNode(id.Node, apierr.New(apierr.TypeResourceNotFound, "task ["+id.String()+"] is not found")))
		default:
			if e := d.tasks.Cancel(t, reason); e != nil {
				failures = append(failures, failedNode(id.Node, e))
			} else {
				targets = append(targets, t)
			}
		}
	} else if nodes[d.tasks.Node()] {
		self := requestTask(r)
		f.Exclude = self
		for _, t := range d.tasks.List(f) {
			if d.tasks.Cancel(t, reason) == nil {
				targets = append(targets, t)
			}
		}
	}
	if wait {
		for _, t := range targets {
			select {
			case <-t.Done():
			case <-r.Ctx.Done():
			}
		}
	}
	return OK(d.renderTasks(targets, group, false, failures)), nil
}

// failedNode is the node_failures entry of a tasks request (FailedNodeException).
func failedNode(node string, cause *apierr.Error) jsonout.Object {
	return jsonout.Object{{Key: "type", Value: "failed_node_exception"}, {Key: "reason", Value: "Failed node [" + node + "]"},
		{Key: "node_id", Value: node}, {Key: "caused_by", Value: cause.Inline()}}
}
