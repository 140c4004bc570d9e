package tasks

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/types"
)

// GetParams are the optional parameters of GET /_tasks/<task_id>.
type GetParams struct {
	// WaitForCompletion blocks until the task completes (or Timeout passes).
	WaitForCompletion *bool          `url:"wait_for_completion,omitempty"`
	Timeout           types.Duration `url:"timeout,omitempty"`
}

// GetResponse is one task. A completed task (one run with wait_for_completion=false
// and stored in the .tasks index) carries its Response or its Error.
type GetResponse struct {
	types.ResponseMeta
	Completed bool     `json:"completed"`
	Task      TaskInfo `json:"task"`
	// Response is the final answer of the task as the server wrote it;
	// BulkByScrollResult decodes it for reindex and the by-query actions.
	Response json.RawMessage `json:"response,omitempty"`
	// Error is why the task failed.
	Error *types.ErrorCause `json:"error,omitempty"`
}

// BulkByScrollResult decodes Response for reindex, update-by-query and delete-by-query tasks.
func (r *GetResponse) BulkByScrollResult() (*BulkByScrollResult, error) {
	if len(r.Response) == 0 {
		return nil, fmt.Errorf("tasks: task %s has no response (completed=%v)", r.Task.TaskID(), r.Completed)
	}
	res := &BulkByScrollResult{}
	if err := jsonx.Unmarshal(r.Response, res); err != nil {
		return nil, fmt.Errorf("tasks: response of %s: %w", r.Task.TaskID(), err)
	}
	return res, nil
}

// Get returns one task: GET /_tasks/<task_id>. An unknown task is a
// *types.Error with status 404 (resource_not_found_exception).
func (s *Service) Get(ctx context.Context, taskID TaskID, params *GetParams) (*GetResponse, error) {
	if _, err := ParseTaskID(string(taskID)); err != nil {
		return nil, err
	}
	if params == nil {
		params = &GetParams{}
	}
	out := &GetResponse{}
	req := &transport.Request{Method: http.MethodGet, Path: transport.Path("_tasks", string(taskID)), Params: params}
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}
