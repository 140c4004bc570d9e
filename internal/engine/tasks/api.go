package tasks

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/cluster"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// This file is the task management API's logic (list, get, cancel) below
// the HTTP layer, which reads the parameters and hands over their values.

// SelectNodes resolves a nodes parameter (nil: absent) to the ids of the
// cluster nodes it selects: _all, _local (the first node), ids, names and
// wildcards of either.
func SelectNodes(nodes []cluster.Node, list []string) map[string]bool {
	sel := map[string]bool{}
	for i, n := range nodes {
		if list == nil {
			sel[n.ID] = true
			continue
		}
		for _, want := range list {
			if want == "_all" || want == n.ID || want == n.Name || (want == "_local" && i == 0) ||
				(strings.Contains(want, "*") && (matches(want, n.ID) || matches(want, n.Name))) {
				sel[n.ID] = true
			}
		}
	}
	return sel
}

func matches(pattern, s string) bool {
	return Filter{Actions: []string{pattern}}.MatchesAction(s)
}

// ParseGroupBy validates a group_by value ("" is nodes).
func ParseGroupBy(g string) (string, *apierr.Error) {
	switch g {
	case "":
		return "nodes", nil
	case "nodes", "parents", "none":
		return g, nil
	}
	return "", apierr.IllegalArgument("[group_by] must be one of [nodes], [parents] or [none] but was [%s]", g)
}

// ListWaiting is GET /_tasks on this node: the tasks f selects (the listing runs a
// child task of self, when it has one), after waiting for them to end when
// wait is set. ctx ends the wait early.
func (m *Manager) ListWaiting(ctx context.Context, f Filter, self *Task, wait bool, timeout time.Duration) ([]*Task, *apierr.Error) {
	var child *Task
	if self != nil {
		child = m.Register(Spec{Action: self.Action() + "[n]", Parent: self.ID(), Headers: self.Headers()})
		defer m.Finish(child, nil, nil)
	}
	list := m.List(f)
	if wait {
		if e := waitTasks(ctx, list, self, child, timeout); e != nil {
			return nil, e
		}
	}
	return list, nil
}

// waitTasks waits for the listed tasks (but the caller's own) to end.
func waitTasks(ctx context.Context, list []*Task, self, child *Task, timeout time.Duration) *apierr.Error {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for _, t := range list {
		if t == self || t == child {
			continue
		}
		select {
		case <-t.Done():
		case <-ctx.Done():
			return apierr.New(apierr.TypeTimeout, "request cancelled")
		case <-deadline.C:
			return apierr.New(apierr.TypeTimeout, "Timed out waiting for completion of ["+t.ID().String()+"]")
		}
	}
	return nil
}

// RenderList renders a ListTasksResponse (and CancelTasksResponse) in the
// requested grouping; failures come first as in BaseTasksResponse. node is
// the node the tasks run on.
func (m *Manager) RenderList(list []*Task, group string, detailed bool, nodeFailures []any, node cluster.Node) jsonout.Object {
	now := m.Now()
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
		byID := map[ID]int{}
		for i, t := range list {
			byID[t.ID()] = i
		}
		children := map[int][]any{}
		var roots []int
		for i := range list {
			if p, ok := byID[parentOf(infos[i])]; ok {
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
		tasksObj := jsonout.Object{}
		for i, t := range list {
			tasksObj = append(tasksObj, jsonout.Field{Key: t.ID().String(), Value: infos[i]})
		}
		nodes = append(nodes, jsonout.Field{Key: node.ID, Value: append(nodeHeader(node), jsonout.Field{Key: "tasks", Value: tasksObj})})
	}
	return append(o, jsonout.Field{Key: "nodes", Value: nodes})
}

// parentOf reads the parent of a listed task.
func parentOf(info jsonout.Object) ID {
	for _, f := range info {
		if f.Key == "parent_task_id" {
			id, _ := ParseID(f.Value.(string))
			return id
		}
	}
	return ID{}
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

// NotStored is the 404 for a task that is neither running nor stored.
func NotStored(results *ResultStore, id ID) *apierr.Error {
	e := apierr.New(apierr.TypeResourceNotFound, "task ["+id.String()+"] isn't running and hasn't stored its results")
	if exists, _ := results.InIndex(id); !exists {
		e.Cause = apierr.IndexNotFound(".tasks", apierr.ResourceIndexExpression)
	}
	return e
}

// Get is GET /_tasks/{task_id}: a running task (after it ends, with wait),
// else its stored result. nodes are the cluster's nodes; ctx ends the wait
// early.
func (m *Manager) Get(ctx context.Context, results *ResultStore, nodes []cluster.Node, id ID, wait bool, timeout time.Duration) (any, *apierr.Error) {
	known := false
	for _, n := range nodes {
		known = known || n.ID == id.Node
	}
	if !known {
		return nil, apierr.New(apierr.TypeResourceNotFound, "task ["+id.String()+"] belongs to the node ["+id.Node+
			"] which isn't part of the cluster and there is no record of the task").WithCause(NotStored(results, id))
	}
	t, res := m.Lookup(id)
	if t != nil && wait {
		snapshot := t.Info(true, m.Now())
		select {
		case <-t.Done():
		case <-ctx.Done():
			return nil, apierr.New(apierr.TypeTimeout, "request cancelled")
		case <-time.After(timeout):
			return nil, apierr.New(apierr.TypeTimeout, "Timed out waiting for completion of ["+id.String()+"]")
		}
		_, res = m.Lookup(id)
		if _, found := results.InIndex(id); res == nil || !found {
			return jsonout.Object{{Key: "completed", Value: true}, {Key: "task", Value: snapshot}}, nil
		}
		t = nil
	}
	if t != nil {
		return jsonout.Object{{Key: "completed", Value: false}, {Key: "task", Value: t.Info(true, m.Now())}}, nil
	}
	if res == nil {
		// Not in memory (a restarted node): the stored document is the answer.
		if src, found := results.Source(id); found {
			return json.RawMessage(src), nil
		}
	}
	if _, found := results.InIndex(id); res == nil || !found {
		return nil, NotStored(results, id)
	}
	o := jsonout.Object{{Key: "completed", Value: true}, {Key: "task", Value: res.Task}}
	if res.Error != nil {
		o = append(o, jsonout.Field{Key: "error", Value: res.Error.Inline()})
	} else if res.Response != nil {
		o = append(o, jsonout.Field{Key: "response", Value: res.Response})
	}
	return o, nil
}

// CancelRequest is what POST /_tasks/_cancel selects: one task by id (ByID)
// or the tasks Filter matches on the selected nodes, never the request's
// own task (Self).
type CancelRequest struct {
	ByID   bool
	ID     ID
	Filter Filter
	Nodes  map[string]bool
	Self   *Task
}

// CancelMatching cancels what c selects "by user request" and returns the
// cancelled tasks with the node failures (FailedNodeException) of those it
// could not; with wait it waits for the cancelled tasks to end (or ctx).
func (m *Manager) CancelMatching(ctx context.Context, c CancelRequest, wait bool) (cancelled []*Task, failures []any) {
	const reason = "by user request"
	if c.ByID {
		t, _ := m.Lookup(c.ID)
		switch {
		case t == nil || !c.Nodes[c.ID.Node] || !c.Filter.Matches(t):
			failures = append(failures, FailedNode(c.ID.Node, apierr.New(apierr.TypeResourceNotFound, "task ["+c.ID.String()+"] is not found")))
		default:
			if e := m.Cancel(t, reason); e != nil {
				failures = append(failures, FailedNode(c.ID.Node, e))
			} else {
				cancelled = append(cancelled, t)
			}
		}
	} else if c.Nodes[m.Node()] {
		f := c.Filter
		f.Exclude = c.Self
		for _, t := range m.List(f) {
			if m.Cancel(t, reason) == nil {
				cancelled = append(cancelled, t)
			}
		}
	}
	if wait {
		for _, t := range cancelled {
			select {
			case <-t.Done():
			case <-ctx.Done():
			}
		}
	}
	return cancelled, failures
}

// FailedNode is the node_failures entry of a tasks request (FailedNodeException).
func FailedNode(node string, cause *apierr.Error) jsonout.Object {
	return jsonout.Object{{Key: "type", Value: "failed_node_exception"}, {Key: "reason", Value: "Failed node [" + node + "]"},
		{Key: "node_id", Value: node}, {Key: "caused_by", Value: cause.Inline()}}
}
