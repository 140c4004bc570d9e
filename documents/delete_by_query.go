package documents

import (
	"context"
	"errors"

	"github.com/clustersearch/clustersearch-go/query"
)

// DeleteByQueryRequest is the body of DeleteByQuery.
type DeleteByQueryRequest struct {
	Query     query.Query  `json:"query,omitempty"`
	MaxDocs   *int64       `json:"max_docs,omitempty"`
	Slice     *ManualSlice `json:"slice,omitempty"`
	Conflicts Conflicts    `json:"conflicts,omitempty"` // ConflictsAbort or ConflictsProceed (as the URL parameter)
}

// DeleteByQuery deletes every document of indices (names, aliases, wildcards; at least one,
// []string{"_all"} for every index) that matches body's query, or params.Q, and waits for the result
// (POST /<index>/_delete_by_query). Use DeleteByQueryAsync to run it as a task. As with
// Reindex, a run that stopped on failures returns both the response and the *types.Error.
func (s *Service) DeleteByQuery(ctx context.Context, indices []string, body *DeleteByQueryRequest, params *DeleteByQueryParams) (*DeleteByQueryResponse, error) {
	if params != nil && params.WaitForCompletion != nil && !*params.WaitForCompletion {
		return nil, errors.New("documents: DeleteByQuery with wait_for_completion=false answers a task; use DeleteByQueryAsync")
	}
	req, err := byQueryRequest(indices, "_delete_by_query", body, params)
	if err != nil {
		return nil, err
	}
	return s.doByQuery(ctx, req)
}

// DeleteByQueryAsync starts the delete by query as a task (wait_for_completion=false) and
// returns its id.
func (s *Service) DeleteByQueryAsync(ctx context.Context, indices []string, body *DeleteByQueryRequest, params *DeleteByQueryParams) (*TaskStarted, error) {
	p := DeleteByQueryParams{}
	if params != nil {
		p = *params
	}
	p.WaitForCompletion = new(bool)
	req, err := byQueryRequest(indices, "_delete_by_query", body, &p)
	if err != nil {
		return nil, err
	}
	return s.startTask(ctx, req)
}
