package notifications

import (
	"context"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/types"
)

// FeaturesResponse lists the channel types the plugin supports.
type FeaturesResponse struct {
	types.ResponseMeta
	AllowedConfigTypeList []ConfigType `json:"allowed_config_type_list"`
	// PluginFeatures holds feature flags as strings, for example tooltip_support: "true".
	PluginFeatures map[string]string `json:"plugin_features"`
}

// Features returns the supported channel types: GET /_plugins/_notifications/features.
func (s *Service) Features(ctx context.Context) (*FeaturesResponse, error) {
	out := &FeaturesResponse{}
	if _, err := s.t.Do(ctx, &transport.Request{Method: http.MethodGet, Path: "/_plugins/_notifications/features"}, out); err != nil {
		return nil, err
	}
	return out, nil
}

// ChannelSummary summarises a configuration that can receive messages.
type ChannelSummary struct {
	ConfigID    string     `json:"config_id"`
	Name        string     `json:"name"`
	Description string     `json:"description"`
	ConfigType  ConfigType `json:"config_type"`
	IsEnabled   bool       `json:"is_enabled"`
}

// ChannelsResponse lists the configurations that are channels (slack, chime,
// microsoft_teams, webhook, email and sns; not accounts or groups).
type ChannelsResponse struct {
	types.ResponseMeta
	StartIndex       int64            `json:"start_index"`
	TotalHits        int64            `json:"total_hits"`
	TotalHitRelation string           `json:"total_hit_relation"`
	ChannelList      []ChannelSummary `json:"channel_list"`
}

// ListChannels returns the channels: GET /_plugins/_notifications/channels.
func (s *Service) ListChannels(ctx context.Context) (*ChannelsResponse, error) {
	out := &ChannelsResponse{}
	if _, err := s.t.Do(ctx, &transport.Request{Method: http.MethodGet, Path: "/_plugins/_notifications/channels"}, out); err != nil {
		return nil, err
	}
	return out, nil
}
