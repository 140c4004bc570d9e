package rest

import (
	"sync"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/tasks"
)

// jobRegistry finds running bulk-by-scroll jobs by task id, for _rethrottle.
type jobRegistry struct {
	mu   sync.Mutex
	jobs map[tasks.ID]*scrollJob
}

func (g *jobRegistry) add(id tasks.ID, j *scrollJob) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.jobs == nil {
		g.jobs = map[tasks.ID]*scrollJob{}
	}
	g.jobs[id] = j
}

func (g *jobRegistry) remove(id tasks.ID) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.jobs, id)
}

func (g *jobRegistry) get(id tasks.ID) *scrollJob {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.jobs[id]
}

// rethrottleRoutes change requests_per_second of running jobs.
func (d *DocOps) rethrottleRoutes() []Route {
	params := []string{"requests_per_second"}
	return []Route{
		{Op: "reindex_rethrottle", Method: "POST", Path: "/_reindex/{task_id}/_rethrottle", Params: params, Handler: d.rethrottle},
		{Op: "delete_by_query_rethrottle", Method: "POST", Path: "/_delete_by_query/{task_id}/_rethrottle", Params: params, Handler: d.rethrottle},
		{Op: "update_by_query_rethrottle", Method: "POST", Path: "/_update_by_query/{task_id}/_rethrottle", Params: params, Handler: d.rethrottle},
	}
}

// rethrottle is POST /_reindex|_delete_by_query|_update_by_query/{task_id}/_rethrottle.
// It answers the task list shape with the rethrottled task (detailed).
func (d *DocOps) rethrottle(r *Request) (*Response, error) {
	if !hasParam(r, "requests_per_second") {
		return nil, apierr.IllegalArgument("requests_per_second is a required parameter")
	}
	rps, e := parseRPS(r.Params["requests_per_second"], true)
	if e != nil {
		return nil, e
	}
	id, e := tasks.ParseID(r.PathParam("task_id"))
	if e != nil {
		return nil, e
	}
	j := d.jobs.get(id)
	t, _ := d.tasks.Lookup(id)
	if j == nil || t == nil {
		return OK(d.renderTasks(nil, "nodes", true, []any{failedNode(id.Node, apierr.New(apierr.TypeResourceNotFound, "task ["+id.String()+"] is not found"))})), nil
	}
	j.rethrottle(rps)
	return OK(d.renderTasks([]*tasks.Task{t}, "nodes", true, nil)), nil
}
