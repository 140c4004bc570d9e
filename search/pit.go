package search

import (
	"context"
	"errors"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/types"
)

// CreatePITParams are the URL parameters of CreatePIT. KeepAlive is required.
type CreatePITParams struct {
	KeepAlive               types.Duration        `url:"keep_alive"`
	AllowNoIndices          *bool                 `url:"allow_no_indices,omitempty"`
	AllowPartialPitCreation *bool                 `url:"allow_partial_pit_creation,omitempty"`
	ExpandWildcards         types.ExpandWildcards `url:"expand_wildcards,omitempty"`
	IgnoreThrottled         *bool                 `url:"ignore_throttled,omitempty"`
	IgnoreUnavailable       *bool                 `url:"ignore_unavailable,omitempty"`
	Preference              string                `url:"preference,omitempty"`
	Routing                 []string              `url:"routing,comma,omitempty"`
}

// CreatePITResponse identifies a new point in time.
type CreatePITResponse struct {
	types.ResponseMeta

	PitID        string                `json:"pit_id"`
	Shards       types.ShardStatistics `json:"_shards"`
	CreationTime int64                 `json:"creation_time"` // ms since the epoch
}

// CreatePIT freezes a view of indices that searches can page through consistently
// (POST /<index>/_search/point_in_time, OpenSearch 2.4+). Search it with Request.PIT and no
// indices, and delete it with DeletePIT when done.
func (s *Service) CreatePIT(ctx context.Context, indices []string, params *CreatePITParams) (*CreatePITResponse, error) {
	if len(indices) == 0 {
		return nil, errors.New("search: CreatePIT needs at least one index")
	}
	if params == nil || params.KeepAlive <= 0 {
		return nil, errors.New("search: CreatePIT needs a positive KeepAlive")
	}
	target, err := joinNames(indices)
	if err != nil {
		return nil, err
	}
	out := new(CreatePITResponse)
	req := &transport.Request{Method: http.MethodPost, Path: transport.Path(target, "_search", "point_in_time"), Params: params}
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}

// DeletePITResponse reports each deleted point in time.
type DeletePITResponse struct {
	types.ResponseMeta

	Pits []DeletedPIT `json:"pits"`
}

// DeletedPIT is the outcome for one point in time.
type DeletedPIT struct {
	PitID      string `json:"pit_id"`
	Successful bool   `json:"successful"`
}

// DeletePIT deletes the named points in time (DELETE /_search/point_in_time). It needs at
// least one id: DeleteAllPITs deletes every point in time of the cluster.
func (s *Service) DeletePIT(ctx context.Context, pitIDs ...string) (*DeletePITResponse, error) {
	if err := checkIDs("DeletePIT", "DeleteAllPITs", pitIDs); err != nil {
		return nil, err
	}
	return s.deletePITs(ctx, &transport.Request{Method: http.MethodDelete, Path: "/_search/point_in_time", Body: struct {
		PitID []string `json:"pit_id"`
	}{pitIDs}})
}

// DeleteAllPITs deletes every point in time of the cluster, whoever opened it
// (DELETE /_search/point_in_time/_all).
func (s *Service) DeleteAllPITs(ctx context.Context) (*DeletePITResponse, error) {
	return s.deletePITs(ctx, &transport.Request{Method: http.MethodDelete, Path: "/_search/point_in_time/_all"})
}

func (s *Service) deletePITs(ctx context.Context, req *transport.Request) (*DeletePITResponse, error) {
	out := new(DeletePITResponse)
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}

// ListPITsResponse lists the live points in time.
type ListPITsResponse struct {
	types.ResponseMeta

	Pits []PITDetail `json:"pits"`
}

// PITDetail describes one live point in time.
type PITDetail struct {
	PitID        string `json:"pit_id"`
	CreationTime int64  `json:"creation_time"`
	KeepAlive    int64  `json:"keep_alive"` // milliseconds
}

// ListPITs lists every live point in time (GET /_search/point_in_time/_all).
func (s *Service) ListPITs(ctx context.Context) (*ListPITsResponse, error) {
	out := new(ListPITsResponse)
	if _, err := s.t.Do(ctx, &transport.Request{Method: http.MethodGet, Path: "/_search/point_in_time/_all"}, out); err != nil {
		return nil, err
	}
	return out, nil
}
