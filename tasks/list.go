package tasks

import (
	"context"
	"maps"
	"net/http"
	"slices"

	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/types"
)

// GroupBy says how List and Cancel group the tasks of their answer.
type GroupBy string

// Values of ListParams.GroupBy and CancelParams.GroupBy.
const (
	GroupByNodes   GroupBy = "nodes"   // the default: ListResponse.Nodes
	GroupByParents GroupBy = "parents" // ListResponse.Tasks.ByParent
	GroupByNone    GroupBy = "none"    // ListResponse.Tasks.Flat
)

// ListParams are the optional parameters of GET /_tasks. The spec's master_timeout
// is not among them: the server does not accept it on this endpoint.
type ListParams struct {
	Actions           []string       `url:"actions,comma,omitempty"` // action names; wildcards allowed
	Detailed          *bool          `url:"detailed,omitempty"`
	GroupBy           GroupBy        `url:"group_by,omitempty"`
	Nodes             []string       `url:"nodes,comma,omitempty"` // node ids or names; "_local"
	ParentTaskID      TaskID         `url:"parent_task_id,omitempty"`
	Timeout           types.Duration `url:"timeout,omitempty"`
	WaitForCompletion *bool          `url:"wait_for_completion,omitempty"`
}

// ListResponse lists tasks. With the default grouping they are in Nodes; with
// GroupByParents or GroupByNone they are in Tasks. Failures are listed only when
// some node or task failed.
type ListResponse struct {
	types.ResponseMeta
	NodeFailures []types.ErrorCause  `json:"node_failures,omitzero"`
	TaskFailures []TaskFailure       `json:"task_failures,omitzero"`
	Nodes        map[string]TaskNode `json:"nodes,omitzero"`
	Tasks        TaskGroups          `json:"tasks,omitzero"`
}

// All returns every task of the response, whatever the grouping, in a stable
// order: by node id and task number, children right after their parent.
func (r *ListResponse) All() []TaskInfo {
	var out []TaskInfo
	for _, node := range slices.Sorted(maps.Keys(r.Nodes)) {
		tasks := r.Nodes[node].Tasks
		for _, id := range slices.SortedFunc(maps.Keys(tasks), TaskID.Compare) {
			out = append(out, tasks[id])
		}
	}
	out = append(out, r.Tasks.Flat...)
	var walk func(g TaskGroup)
	walk = func(g TaskGroup) {
		out = append(out, g.TaskInfo)
		for _, c := range g.Children {
			walk(c)
		}
	}
	for _, id := range slices.SortedFunc(maps.Keys(r.Tasks.ByParent), TaskID.Compare) {
		walk(r.Tasks.ByParent[id])
	}
	return out
}

// List returns the running tasks: GET /_tasks. A finished task is not listed.
func (s *Service) List(ctx context.Context, params *ListParams) (*ListResponse, error) {
	if params == nil {
		params = &ListParams{}
	}
	out := &ListResponse{}
	if _, err := s.t.Do(ctx, &transport.Request{Method: http.MethodGet, Path: "/_tasks", Params: params}, out); err != nil {
		return nil, err
	}
	return out, nil
}
