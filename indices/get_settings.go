package indices

import (
	"context"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/types"
)

// GetSettingsParams are the URL parameters of GetSettings.
type GetSettingsParams struct {
	AllowNoIndices        *bool                 `url:"allow_no_indices,omitempty"`
	ClusterManagerTimeout types.Duration        `url:"cluster_manager_timeout,omitempty"`
	ExpandWildcards       types.ExpandWildcards `url:"expand_wildcards,omitempty"` // "none" only combined with open/closed
	FlatSettings          *bool                 `url:"flat_settings,omitempty"`    // dotted keys instead of nested objects
	// Human adds creation_date_string and version.created_string (kept in
	// IndexSettings.Rest). The server looks only at the parameter's presence, so
	// even false adds them: leave it nil unless you want them.
	Human             *bool          `url:"human,omitempty"`
	IgnoreUnavailable *bool          `url:"ignore_unavailable,omitempty"`
	IncludeDefaults   *bool          `url:"include_defaults,omitempty"` // adds Defaults to each index
	Local             *bool          `url:"local,omitempty"`
	MasterTimeout     types.Duration `url:"master_timeout,omitempty"` // deprecated name of cluster_manager_timeout
}

// GetSettingsResponse maps each index name to its settings.
type GetSettingsResponse struct {
	types.ResponseMeta

	Indices map[string]IndexSettingsResult
}

// IndexSettingsResult is the entry of one index.
type IndexSettingsResult struct {
	Settings Settings  `json:"settings"`
	Defaults *Settings `json:"defaults,omitempty"` // with include_defaults=true
}

// UnmarshalJSON reads the object keyed by index name.
func (r *GetSettingsResponse) UnmarshalJSON(b []byte) error {
	return jsonx.Unmarshal(b, &r.Indices)
}

// MarshalJSON writes the object keyed by index name.
func (r GetSettingsResponse) MarshalJSON() ([]byte, error) {
	if r.Indices == nil {
		return []byte("{}"), nil
	}
	return jsonx.Marshal(r.Indices)
}

// GetSettings reads the settings of indices (names, aliases, wildcards or "_all"; none means
// all), optionally only those matching the names filters (wildcards allowed, e.g.
// "index.number_of_*"): GET /_settings, /<index>/_settings or /<index>/_settings/<name>.
func (s *Service) GetSettings(ctx context.Context, indices []string, names []string, params *GetSettingsParams) (*GetSettingsResponse, error) {
	target, err := joinNames(indices)
	if err != nil {
		return nil, err
	}
	filter, err := joinNames(names)
	if err != nil {
		return nil, err
	}
	out := new(GetSettingsResponse)
	req := &transport.Request{Method: http.MethodGet, Path: transport.Path(target, "_settings", filter), Params: params}
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}
