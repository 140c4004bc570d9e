package search

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/types"
)

// ScrollParams are the URL parameters of Scroll.
type ScrollParams struct {
	RestTotalHitsAsInt *bool `url:"rest_total_hits_as_int,omitempty"`
}

// Scroll fetches the next page of a search started with Params.Scroll, keeping the scroll
// context alive for keepAlive more (POST /_search/scroll). The scroll id travels in the body,
// so it never ends up in URLs or logs.
func (s *Service) Scroll(ctx context.Context, scrollID string, keepAlive types.Duration, params *ScrollParams) (*Response, error) {
	return ScrollAs[json.RawMessage](ctx, s, scrollID, keepAlive, params)
}

// ScrollAs is Scroll with every hit's _source decoded into S.
func ScrollAs[S any](ctx context.Context, s *Service, scrollID string, keepAlive types.Duration, params *ScrollParams) (*Result[S], error) {
	if scrollID == "" {
		return nil, errors.New("search: Scroll needs a scroll id")
	}
	body := struct {
		Scroll   types.Duration `json:"scroll,omitempty"`
		ScrollID string         `json:"scroll_id"`
	}{keepAlive, scrollID}
	out := new(Result[S])
	req := &transport.Request{Method: http.MethodPost, Path: "/_search/scroll", Params: params, Body: body}
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}

// ClearScrollResponse tells how many scroll contexts were freed.
type ClearScrollResponse struct {
	types.ResponseMeta

	Succeeded bool  `json:"succeeded"`
	NumFreed  int64 `json:"num_freed"`
}

// ClearScroll frees the named scroll contexts before their keep-alive ends
// (DELETE /_search/scroll). It needs at least one id: ClearAllScrolls frees every scroll
// context of the cluster.
func (s *Service) ClearScroll(ctx context.Context, scrollIDs ...string) (*ClearScrollResponse, error) {
	if err := checkIDs("ClearScroll", "ClearAllScrolls", scrollIDs); err != nil {
		return nil, err
	}
	return s.clearScrolls(ctx, scrollIDs)
}

// ClearAllScrolls frees every scroll context of the cluster, whoever opened it
// (DELETE /_search/scroll with the id _all).
func (s *Service) ClearAllScrolls(ctx context.Context) (*ClearScrollResponse, error) {
	return s.clearScrolls(ctx, []string{"_all"})
}

func (s *Service) clearScrolls(ctx context.Context, ids []string) (*ClearScrollResponse, error) {
	out := new(ClearScrollResponse)
	req := &transport.Request{Method: http.MethodDelete, Path: "/_search/scroll", Body: struct {
		ScrollID []string `json:"scroll_id"`
	}{ids}}
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}
