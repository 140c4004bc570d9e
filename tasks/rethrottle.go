package tasks

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/transport"
)

// Unthrottled, as the requests_per_second of Rethrottle (or of a reindex or
// by-query call), lifts the throttle.
const Unthrottled = -1.0

// Rethrottle changes how fast a running reindex, update by query or delete by
// query task goes: requestsPerSecond sub-requests a second, or Unthrottled. A
// slowing down takes effect after the batch in progress, a speeding up at once.
// The answer lists the task with its new rate, grouped by node (ListResponse.Nodes).
//
// The server serves /_reindex, /_update_by_query and /_delete_by_query
// /<task_id>/_rethrottle alike, for any of the three kinds of task: this call
// uses the first.
func (s *Service) Rethrottle(ctx context.Context, taskID TaskID, requestsPerSecond float64) (*ListResponse, error) {
	if taskID == "" {
		return nil, errors.New("tasks: Rethrottle needs a task id")
	}
	if _, err := ParseTaskID(string(taskID)); err != nil {
		return nil, err
	}
	if requestsPerSecond <= 0 && requestsPerSecond != Unthrottled {
		return nil, errors.New("tasks: Rethrottle needs a rate above 0, or Unthrottled")
	}
	params := url.Values{"requests_per_second": {strconv.FormatFloat(requestsPerSecond, 'f', -1, 64)}}
	out := &ListResponse{}
	req := &transport.Request{Method: http.MethodPost, Path: transport.Path("_reindex", string(taskID), "_rethrottle"), Params: params}
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}
