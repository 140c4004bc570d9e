package notifications

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/types"
)

const configsPath = "/_plugins/_notifications/configs"

// ConfigItem is a stored configuration with its id and timestamps (ms since the epoch).
type ConfigItem struct {
	ConfigID          string `json:"config_id"`
	LastUpdatedTimeMs int64  `json:"last_updated_time_ms"`
	CreatedTimeMs     int64  `json:"created_time_ms"`
	Config            Config `json:"config"`
}

// ConfigsResponse is a page of configurations (list and get).
type ConfigsResponse struct {
	types.ResponseMeta
	StartIndex int64 `json:"start_index"`
	TotalHits  int64 `json:"total_hits"`
	// TotalHitRelation is "eq" (exact) or "gte" (a lower bound).
	TotalHitRelation string       `json:"total_hit_relation"`
	ConfigList       []ConfigItem `json:"config_list"`
}

// ConfigIDResponse is the answer of create and update.
type ConfigIDResponse struct {
	types.ResponseMeta
	ConfigID string `json:"config_id"`
}

// DeleteResponse maps each deleted id to its status name ("OK"). With mixed
// outcomes the HTTP status is 207 and each id carries its own status.
type DeleteResponse struct {
	types.ResponseMeta
	DeleteResponseList map[string]string `json:"delete_response_list"`
}

// configBody is the body of create and update.
type configBody struct {
	ConfigID string `json:"config_id,omitempty"`
	Config   Config `json:"config"`
}

// ListConfigs returns configurations matching params: GET /_plugins/_notifications/configs.
func (s *Service) ListConfigs(ctx context.Context, params *ListConfigsParams) (*ConfigsResponse, error) {
	if params == nil {
		params = &ListConfigsParams{}
	}
	out := &ConfigsResponse{}
	if _, err := s.t.Do(ctx, &transport.Request{Method: http.MethodGet, Path: configsPath, Params: params}, out); err != nil {
		return nil, err
	}
	return out, nil
}

// GetConfig returns one configuration (the list form with one entry). An
// unknown id is a 404 status_exception.
func (s *Service) GetConfig(ctx context.Context, configID string) (*ConfigsResponse, error) {
	if configID == "" {
		return nil, errors.New("notifications: a config id is required")
	}
	out := &ConfigsResponse{}
	if _, err := s.t.Do(ctx, &transport.Request{Method: http.MethodGet, Path: configsPath + transport.Path(configID)}, out); err != nil {
		return nil, err
	}
	return out, nil
}

// CreateConfig stores a new configuration: POST /_plugins/_notifications/configs.
// An empty configID lets the server generate one; a custom id may use only
// letters, digits, '+', '/', '_' and '-'.
func (s *Service) CreateConfig(ctx context.Context, configID string, config Config) (*ConfigIDResponse, error) {
	if config.Channel == nil {
		return nil, errors.New("notifications: the config needs a channel block (for example &notifications.Slack{URL: ...})")
	}
	out := &ConfigIDResponse{}
	req := &transport.Request{Method: http.MethodPost, Path: configsPath, Body: configBody{ConfigID: configID, Config: config}}
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}

// UpdateConfig replaces a configuration: PUT /_plugins/_notifications/configs/<config_id>.
// The config_type cannot change (409).
func (s *Service) UpdateConfig(ctx context.Context, configID string, config Config) (*ConfigIDResponse, error) {
	if configID == "" {
		return nil, errors.New("notifications: a config id is required")
	}
	if config.Channel == nil {
		return nil, errors.New("notifications: the config needs a channel block")
	}
	out := &ConfigIDResponse{}
	req := &transport.Request{Method: http.MethodPut, Path: configsPath + transport.Path(configID), Body: configBody{Config: config}}
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}

// DeleteConfig deletes one configuration: DELETE /_plugins/_notifications/configs/<config_id>.
func (s *Service) DeleteConfig(ctx context.Context, configID string) (*DeleteResponse, error) {
	if configID == "" {
		return nil, errors.New("notifications: a config id is required")
	}
	out := &DeleteResponse{}
	if _, err := s.t.Do(ctx, &transport.Request{Method: http.MethodDelete, Path: configsPath + transport.Path(configID)}, out); err != nil {
		return nil, err
	}
	return out, nil
}

// DeleteConfigs deletes several configurations at once:
// DELETE /_plugins/_notifications/configs?config_id_list=<id1>,<id2>. If any id is
// unknown nothing is deleted and the server answers 404.
func (s *Service) DeleteConfigs(ctx context.Context, configIDs []string) (*DeleteResponse, error) {
	if len(configIDs) == 0 {
		return nil, errors.New("notifications: at least one config id is required")
	}
	for _, id := range configIDs {
		if id == "" || strings.Contains(id, ",") {
			return nil, errors.New("notifications: config ids must be non-empty and free of commas")
		}
	}
	out := &DeleteResponse{}
	params := url.Values{"config_id_list": {strings.Join(configIDs, ",")}}
	if _, err := s.t.Do(ctx, &transport.Request{Method: http.MethodDelete, Path: configsPath, Params: params}, out); err != nil {
		return nil, err
	}
	return out, nil
}
