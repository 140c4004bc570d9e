package documents

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/types"
)

// doByQuery sends a reindex or by-query request. The server answers a run
// that stopped on failures with the whole response and the highest failure
// status as HTTP status (409 for version conflicts with conflicts=abort, 400
// or 5xx for a failed search shard or write): then both the decoded response,
// whose Failures say what went wrong, and the *types.Error are returned.
func (s *Service) doByQuery(ctx context.Context, req *transport.Request) (*ByQueryResponse, error) {
	out := new(ByQueryResponse)
	if _, err := s.t.Do(ctx, req, out); err != nil {
		if resp := byQueryFromError(err); resp != nil {
			return resp, err
		}
		return nil, err
	}
	return out, nil
}

// startTask sends req, made with wait_for_completion=false, and returns the
// task the server started for it.
func (s *Service) startTask(ctx context.Context, req *transport.Request) (*TaskStarted, error) {
	out := new(TaskStarted)
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}

// byQueryFromError decodes the bulk-by-scroll response an error reply
// carries, or returns nil when its body is an error envelope or anything else.
func byQueryFromError(err error) *ByQueryResponse {
	var e *types.Error
	if !errors.As(err, &e) || e.Type != "" || len(e.Body) == 0 {
		return nil
	}
	var probe struct {
		Error    json.RawMessage `json:"error"`
		Took     *int64          `json:"took"`
		Failures json.RawMessage `json:"failures"`
	}
	if jsonx.Unmarshal(e.Body, &probe) != nil || probe.Error != nil || probe.Took == nil || probe.Failures == nil {
		return nil
	}
	resp := new(ByQueryResponse)
	if jsonx.Unmarshal(e.Body, resp) != nil {
		return nil
	}
	resp.SetMeta(e.StatusCode, e.Header)
	return resp
}
