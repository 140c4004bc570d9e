package cluster

import (
	"context"
	"errors"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/types"
)

// GetSettingsParams are the URL parameters of GetSettings.
type GetSettingsParams struct {
	ClusterManagerTimeout types.Duration `url:"cluster_manager_timeout,omitempty"`
	FlatSettings          *bool          `url:"flat_settings,omitempty"` // "a.b.c" keys instead of nested objects
	IncludeDefaults       *bool          `url:"include_defaults,omitempty"`
	MasterTimeout         types.Duration `url:"master_timeout,omitempty"` // deprecated upstream: ClusterManagerTimeout
	Timeout               types.Duration `url:"timeout,omitempty"`
}

// SettingsResponse holds the cluster's dynamic settings by scope, nested
// ({"action": {"auto_create_index": "false"}}) or, with flat_settings, flat
// ({"action.auto_create_index": "false"}). The server sends every value as a string.
type SettingsResponse struct {
	types.ResponseMeta

	Persistent map[string]any `json:"persistent"`
	Transient  map[string]any `json:"transient"`
	// Defaults is filled when GetSettingsParams.IncludeDefaults is true.
	Defaults map[string]any `json:"defaults,omitempty"`
}

// GetSettings returns the cluster's persistent and transient settings
// (GET /_cluster/settings).
func (s *Service) GetSettings(ctx context.Context, params *GetSettingsParams) (*SettingsResponse, error) {
	out := new(SettingsResponse)
	if _, err := s.t.Do(ctx, &transport.Request{Method: http.MethodGet, Path: "/_cluster/settings", Params: params}, out); err != nil {
		return nil, err
	}
	return out, nil
}

// PutSettingsRequest is the body of PutSettings. Persistent settings survive a
// full cluster restart, transient ones do not. A nil value resets a setting
// to its default. Keys may be flat ("action.auto_create_index") or nested.
type PutSettingsRequest struct {
	Persistent map[string]any `json:"persistent,omitempty"`
	Transient  map[string]any `json:"transient,omitempty"`
}

// PutSettingsParams are the URL parameters of PutSettings.
type PutSettingsParams struct {
	ClusterManagerTimeout types.Duration `url:"cluster_manager_timeout,omitempty"`
	FlatSettings          *bool          `url:"flat_settings,omitempty"`
	MasterTimeout         types.Duration `url:"master_timeout,omitempty"` // deprecated upstream: ClusterManagerTimeout
	Timeout               types.Duration `url:"timeout,omitempty"`
}

// PutSettingsResponse echoes the settings that were applied, by scope.
type PutSettingsResponse struct {
	types.ResponseMeta

	Acknowledged bool           `json:"acknowledged"`
	Persistent   map[string]any `json:"persistent"`
	Transient    map[string]any `json:"transient"`
}

// PutSettings changes dynamic cluster settings (PUT /_cluster/settings).
//
//	c.Cluster.PutSettings(ctx, &cluster.PutSettingsRequest{
//		Transient: map[string]any{"action.auto_create_index": false},
//	}, nil)
func (s *Service) PutSettings(ctx context.Context, body *PutSettingsRequest, params *PutSettingsParams) (*PutSettingsResponse, error) {
	if body == nil || (len(body.Persistent) == 0 && len(body.Transient) == 0) {
		return nil, errors.New("cluster: PutSettings needs at least one persistent or transient setting")
	}
	out := new(PutSettingsResponse)
	if _, err := s.t.Do(ctx, &transport.Request{Method: http.MethodPut, Path: "/_cluster/settings", Params: params, Body: body}, out); err != nil {
		return nil, err
	}
	return out, nil
}
