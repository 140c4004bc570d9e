package documents

import (
	"context"
	"errors"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

// UpdateByQueryParams are the URL parameters of UpdateByQuery: those of DeleteByQuery plus
// an ingest pipeline to run each document through.
type UpdateByQueryParams struct {
	DeleteByQueryParams
	Pipeline string `url:"pipeline,omitempty"`
}

// UpdateByQueryRequest is the body of UpdateByQuery: which documents (Query, MaxDocs, Slice)
// and what to do to each (Script; without one, documents are rewritten as they are, which
// picks up mapping changes).
type UpdateByQueryRequest struct {
	Query     query.Query   `json:"query,omitempty"`
	Script    *types.Script `json:"script,omitempty"`
	MaxDocs   *int64        `json:"max_docs,omitempty"`
	Slice     *ManualSlice  `json:"slice,omitempty"`
	Conflicts Conflicts     `json:"conflicts,omitempty"` // ConflictsAbort or ConflictsProceed
}

// UpdateByQueryResponse is the result of UpdateByQuery.
type UpdateByQueryResponse = ByQueryResponse

// UpdateByQuery updates every document of indices (at least one; []string{"_all"} for every
// index) that matches body's query
// or params.Q, and waits for the result (POST /<index>/_update_by_query). Use
// UpdateByQueryAsync to run it as a task. As with Reindex, a run that stopped on failures
// returns both the response and the *types.Error.
func (s *Service) UpdateByQuery(ctx context.Context, indices []string, body *UpdateByQueryRequest, params *UpdateByQueryParams) (*UpdateByQueryResponse, error) {
	if params != nil && params.WaitForCompletion != nil && !*params.WaitForCompletion {
		return nil, errors.New("documents: UpdateByQuery with wait_for_completion=false answers a task; use UpdateByQueryAsync")
	}
	req, err := byQueryRequest(indices, "_update_by_query", body, params)
	if err != nil {
		return nil, err
	}
	return s.doByQuery(ctx, req)
}

// UpdateByQueryAsync starts the update by query as a task (wait_for_completion=false) and
// returns its id.
func (s *Service) UpdateByQueryAsync(ctx context.Context, indices []string, body *UpdateByQueryRequest, params *UpdateByQueryParams) (*TaskStarted, error) {
	p := UpdateByQueryParams{}
	if params != nil {
		p = *params
	}
	p.WaitForCompletion = new(bool)
	req, err := byQueryRequest(indices, "_update_by_query", body, &p)
	if err != nil {
		return nil, err
	}
	return s.startTask(ctx, req)
}

// byQueryRequest builds POST /<indices>/<endpoint>. An empty index list is an error rather
// than every index: a by-query run on all indices must say so ([]string{"_all"}). body is
// left out when it is a nil pointer.
func byQueryRequest[B any](indices []string, endpoint string, body *B, params any) (*transport.Request, error) {
	if len(indices) == 0 {
		return nil, errors.New("documents: " + endpoint + " needs at least one index; pass []string{\"_all\"} to run it on every index")
	}
	target, err := joinNames(indices)
	if err != nil {
		return nil, err
	}
	req := &transport.Request{Method: http.MethodPost, Path: transport.Path(target, endpoint), Params: params}
	if body != nil {
		req.Body = body
	}
	return req, nil
}
