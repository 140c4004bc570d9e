package indices

import (
	"context"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/types"
)

// PutSettingsParams are the URL parameters of PutSettings.
type PutSettingsParams struct {
	// AllowNoIndices defaults to false here: a wildcard matching nothing is index_not_found.
	AllowNoIndices        *bool                 `url:"allow_no_indices,omitempty"`
	ClusterManagerTimeout types.Duration        `url:"cluster_manager_timeout,omitempty"`
	ExpandWildcards       types.ExpandWildcards `url:"expand_wildcards,omitempty"` // default open,closed
	FlatSettings          *bool                 `url:"flat_settings,omitempty"`    // accepted; the answer has no settings to format
	IgnoreUnavailable     *bool                 `url:"ignore_unavailable,omitempty"`
	MasterTimeout         types.Duration        `url:"master_timeout,omitempty"` // deprecated name of cluster_manager_timeout
	// PreserveExisting only adds settings an index does not have yet.
	PreserveExisting *bool          `url:"preserve_existing,omitempty"`
	Timeout          types.Duration `url:"timeout,omitempty"` // acknowledgement wait
}

// PutSettings changes settings of indices (names, aliases, wildcards or "_all"; none means
// all): PUT /<index>/_settings. settings is nested or dotted, with or without the "index."
// prefix, e.g. {"number_of_replicas": 0} or {"index": {"refresh_interval": "5s"}}; a nil
// value is sent as JSON null and resets that setting to its default. Settings that are
// not dynamic (number_of_shards, codec, analysis...) answer 400 on open indices.
func (s *Service) PutSettings(ctx context.Context, indices []string, settings map[string]any, params *PutSettingsParams) (*AcknowledgedResponse, error) {
	target, err := joinNames(indices)
	if err != nil {
		return nil, err
	}
	if settings == nil {
		settings = map[string]any{} // the server's "no settings to update", not a null body
	}
	out := new(AcknowledgedResponse)
	req := &transport.Request{Method: http.MethodPut, Path: transport.Path(target, "_settings"), Params: params, Body: settings}
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}
