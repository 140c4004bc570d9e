package tasks

import (
	"context"
	"errors"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/transport"
)

// CancelParams filter the tasks to cancel. With a task id they narrow it further.
type CancelParams struct {
	Actions []string `url:"actions,comma,omitempty"` // action names; wildcards allowed
	Nodes   []string `url:"nodes,comma,omitempty"`
	// ParentTaskID cancels the children of this task.
	ParentTaskID TaskID `url:"parent_task_id,omitempty"`
	// WaitForCompletion waits until the cancelled tasks have stopped.
	WaitForCompletion *bool `url:"wait_for_completion,omitempty"`
	// GroupBy shapes the answer like List's (GroupByNodes by default).
	GroupBy GroupBy `url:"group_by,omitempty"`
}

// CancelResponse lists the cancelled tasks (now with cancelled=true), grouped
// as CancelParams.GroupBy asks (by node by default). A task that could not be cancelled (unknown, or not cancellable) is
// reported in NodeFailures or TaskFailures with HTTP 200, not as an error.
type CancelResponse struct {
	ListResponse
}

// Cancel cancels one task (POST /_tasks/<task_id>/_cancel); params narrow it further. An
// empty taskID is an error: CancelAll cancels every cancellable task that params match.
func (s *Service) Cancel(ctx context.Context, taskID TaskID, params *CancelParams) (*CancelResponse, error) {
	if taskID == "" {
		return nil, errors.New("tasks: Cancel needs a task id; CancelAll cancels every matching task")
	}
	if _, err := ParseTaskID(string(taskID)); err != nil {
		return nil, err
	}
	return s.cancel(ctx, transport.Path("_tasks", string(taskID), "_cancel"), params)
}

// CancelAll cancels every cancellable task that params match (POST /_tasks/_cancel): with
// nil params, every cancellable task of the cluster. Narrow it with Actions, Nodes or
// ParentTaskID.
func (s *Service) CancelAll(ctx context.Context, params *CancelParams) (*CancelResponse, error) {
	return s.cancel(ctx, "/_tasks/_cancel", params)
}

func (s *Service) cancel(ctx context.Context, path string, params *CancelParams) (*CancelResponse, error) {
	if params == nil {
		params = &CancelParams{}
	}
	out := &CancelResponse{}
	if _, err := s.t.Do(ctx, &transport.Request{Method: http.MethodPost, Path: path, Params: params}, out); err != nil {
		return nil, err
	}
	return out, nil
}
