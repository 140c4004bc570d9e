package tasks

import (
	"context"
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
	GroupBy string `url:"group_by,omitempty"`
}

// CancelResponse lists the cancelled tasks (now with cancelled=true), grouped
// as CancelParams.GroupBy asks (by node by default). A task that could not be cancelled (unknown, or not cancellable) is
// reported in NodeFailures or TaskFailures with HTTP 200, not as an error.
type CancelResponse struct {
	ListResponse
}

// Cancel cancels one task (POST /_tasks/<task_id>/_cancel) or, with an empty
// taskID, every cancellable task matching params (POST /_tasks/_cancel).
func (s *Service) Cancel(ctx context.Context, taskID TaskID, params *CancelParams) (*CancelResponse, error) {
	path := "/_tasks/_cancel"
	if taskID != "" {
		if _, err := ParseTaskID(string(taskID)); err != nil {
			return nil, err
		}
		path = transport.Path("_tasks", string(taskID), "_cancel")
	}
	if params == nil {
		params = &CancelParams{}
	}
	out := &CancelResponse{}
	if _, err := s.t.Do(ctx, &transport.Request{Method: http.MethodPost, Path: path, Params: params}, out); err != nil {
		return nil, err
	}
	return out, nil
}
