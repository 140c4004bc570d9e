package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/reindex"
	"github.com/clustersearch/clustersearch-go/internal/engine/tasks"
)

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
	rps, e := reindex.ParseRPS(r.Params["requests_per_second"], true)
	if e != nil {
		return nil, e
	}
	id, e := tasks.ParseID(r.PathParam("task_id"))
	if e != nil {
		return nil, e
	}
	j := d.jobs.Get(id)
	t, _ := d.tasks.Lookup(id)
	if j == nil || t == nil {
		return OK(d.renderTasks(nil, "nodes", true, []any{tasks.FailedNode(id.Node, apierr.New(apierr.TypeResourceNotFound, "task ["+id.String()+"] is not found"))})), nil
	}
	j.Rethrottle(rps)
	return OK(d.renderTasks([]*tasks.Task{t}, "nodes", true, nil)), nil
}
