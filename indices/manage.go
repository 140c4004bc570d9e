package indices

import (
	"context"
	"errors"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/types"
)

// CreateRequest is the body of Create. All parts are optional.
type CreateRequest struct {
	// Settings such as {"number_of_shards": 1, "number_of_replicas": 0} or {"index": {...}}.
	Settings map[string]any `json:"settings,omitempty"`
	// Mappings such as {"properties": {"title": {"type": "text"}}}.
	Mappings any `json:"mappings,omitempty"`
	// Aliases keyed by alias name, e.g. {"books-read": {}} or
	// {"scifi": indices.Alias{Filter: query.Term("genre", "scifi")}}.
	Aliases map[string]any `json:"aliases,omitempty"`
}

// CreateParams are the URL parameters of Create.
type CreateParams struct {
	ClusterManagerTimeout types.Duration            `url:"cluster_manager_timeout,omitempty"`
	MasterTimeout         types.Duration            `url:"master_timeout,omitempty"`
	Timeout               types.Duration            `url:"timeout,omitempty"`
	WaitForActiveShards   types.WaitForActiveShards `url:"wait_for_active_shards,omitempty"`
}

// CreateResponse is the answer to Create.
type CreateResponse struct {
	types.ResponseMeta

	Acknowledged       bool   `json:"acknowledged"`
	ShardsAcknowledged bool   `json:"shards_acknowledged"`
	Index              string `json:"index"`
}

// Create creates index with optional settings, mappings and aliases (PUT /<index>).
// An existing index answers 400 resource_already_exists_exception.
func (s *Service) Create(ctx context.Context, index string, body *CreateRequest, params *CreateParams) (*CreateResponse, error) {
	if index == "" {
		return nil, errors.New("indices: Create needs an index name")
	}
	req := &transport.Request{Method: http.MethodPut, Path: transport.Path(index), Params: params}
	if body != nil {
		req.Body = body
	}
	out := new(CreateResponse)
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}

// DeleteParams are the URL parameters of Delete.
type DeleteParams struct {
	AllowNoIndices        *bool                 `url:"allow_no_indices,omitempty"`
	ClusterManagerTimeout types.Duration        `url:"cluster_manager_timeout,omitempty"`
	ExpandWildcards       types.ExpandWildcards `url:"expand_wildcards,omitempty"`
	IgnoreUnavailable     *bool                 `url:"ignore_unavailable,omitempty"`
	MasterTimeout         types.Duration        `url:"master_timeout,omitempty"`
	Timeout               types.Duration        `url:"timeout,omitempty"`
}

// AcknowledgedResponse is the answer of operations that only acknowledge.
type AcknowledgedResponse struct {
	types.ResponseMeta

	Acknowledged bool `json:"acknowledged"`
}

// Delete deletes indices (DELETE /<index>). A missing index answers 404 index_not_found_exception.
func (s *Service) Delete(ctx context.Context, indices []string, params *DeleteParams) (*AcknowledgedResponse, error) {
	if len(indices) == 0 {
		return nil, errors.New("indices: Delete needs at least one index")
	}
	target, err := joinNames(indices)
	if err != nil {
		return nil, err
	}
	out := new(AcknowledgedResponse)
	req := &transport.Request{Method: http.MethodDelete, Path: transport.Path(target), Params: params}
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}

// ExistsParams are the URL parameters of Exists.
type ExistsParams struct {
	AllowNoIndices        *bool                 `url:"allow_no_indices,omitempty"`
	ClusterManagerTimeout types.Duration        `url:"cluster_manager_timeout,omitempty"`
	ExpandWildcards       types.ExpandWildcards `url:"expand_wildcards,omitempty"`
	FlatSettings          *bool                 `url:"flat_settings,omitempty"`
	IgnoreUnavailable     *bool                 `url:"ignore_unavailable,omitempty"`
	IncludeDefaults       *bool                 `url:"include_defaults,omitempty"`
	Local                 *bool                 `url:"local,omitempty"`
}

// Exists reports whether all of indices exist (HEAD /<index>). 404 is false with no error.
func (s *Service) Exists(ctx context.Context, indices []string, params *ExistsParams) (bool, error) {
	if len(indices) == 0 {
		return false, errors.New("indices: Exists needs at least one index")
	}
	target, err := joinNames(indices)
	if err != nil {
		return false, err
	}
	_, err = s.t.Perform(ctx, &transport.Request{Method: http.MethodHead, Path: transport.Path(target), Params: params})
	switch {
	case err == nil:
		return true, nil
	case types.IsNotFound(err):
		return false, nil
	}
	return false, err
}

// RefreshParams are the URL parameters of Refresh.
type RefreshParams struct {
	AllowNoIndices    *bool                 `url:"allow_no_indices,omitempty"`
	ExpandWildcards   types.ExpandWildcards `url:"expand_wildcards,omitempty"`
	IgnoreUnavailable *bool                 `url:"ignore_unavailable,omitempty"`
}

// RefreshResponse is the answer to Refresh.
type RefreshResponse struct {
	types.ResponseMeta

	Shards types.ShardStatistics `json:"_shards"`
}

// Refresh makes recent writes of indices (none means all) visible to search
// (POST /<index>/_refresh or /_refresh).
func (s *Service) Refresh(ctx context.Context, indices []string, params *RefreshParams) (*RefreshResponse, error) {
	target, err := joinNames(indices)
	if err != nil {
		return nil, err
	}
	out := new(RefreshResponse)
	req := &transport.Request{Method: http.MethodPost, Path: transport.Path(target, "_refresh"), Params: params}
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}
