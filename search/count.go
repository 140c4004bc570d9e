package search

import (
	"context"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

// CountParams are the URL parameters of Count.
type CountParams struct {
	AllowNoIndices    *bool                 `url:"allow_no_indices,omitempty"`
	Analyzer          string                `url:"analyzer,omitempty"`
	AnalyzeWildcard   *bool                 `url:"analyze_wildcard,omitempty"`
	DefaultOperator   types.Operator        `url:"default_operator,omitempty"`
	DF                string                `url:"df,omitempty"`
	ExpandWildcards   types.ExpandWildcards `url:"expand_wildcards,omitempty"`
	IgnoreThrottled   *bool                 `url:"ignore_throttled,omitempty"`
	IgnoreUnavailable *bool                 `url:"ignore_unavailable,omitempty"`
	Lenient           *bool                 `url:"lenient,omitempty"`
	MinScore          *float64              `url:"min_score,omitempty"`
	Preference        string                `url:"preference,omitempty"`
	Q                 string                `url:"q,omitempty"`
	Routing           []string              `url:"routing,comma,omitempty"`
	TerminateAfter    *int                  `url:"terminate_after,omitempty"`
}

// CountRequest is the body of Count.
type CountRequest struct {
	Query query.Query `json:"query,omitempty"`
}

// CountResponse is the number of matching documents.
type CountResponse struct {
	types.ResponseMeta

	Count           int64                 `json:"count"`
	TerminatedEarly *bool                 `json:"terminated_early,omitempty"`
	Shards          types.ShardStatistics `json:"_shards"`
}

// Count counts the documents of indices (none means all) that match body's query or
// params.Q; with neither, every document (GET/POST /_count, /<index>/_count).
func (s *Service) Count(ctx context.Context, indices []string, body *CountRequest, params *CountParams) (*CountResponse, error) {
	target, err := joinNames(indices)
	if err != nil {
		return nil, err
	}
	req := &transport.Request{Method: http.MethodGet, Path: transport.Path(target, "_count"), Params: params}
	if body != nil {
		req.Method = http.MethodPost
		req.Body = body
	}
	out := new(CountResponse)
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}
