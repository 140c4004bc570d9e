package indices

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/types"
)

// GetMappingParams are the URL parameters of GetMapping.
type GetMappingParams struct {
	AllowNoIndices        *bool                 `url:"allow_no_indices,omitempty"`
	ClusterManagerTimeout types.Duration        `url:"cluster_manager_timeout,omitempty"`
	ExpandWildcards       types.ExpandWildcards `url:"expand_wildcards,omitempty"`
	IgnoreUnavailable     *bool                 `url:"ignore_unavailable,omitempty"`
	Local                 *bool                 `url:"local,omitempty"`
	MasterTimeout         types.Duration        `url:"master_timeout,omitempty"` // deprecated name of cluster_manager_timeout
}

// GetMappingResponse maps each index name to its mapping.
type GetMappingResponse struct {
	types.ResponseMeta

	Indices map[string]IndexMapping
}

// IndexMapping is the entry of one index: its mappings as the server wrote
// them ({"properties": {...}, "dynamic": ...}), to decode into a type of
// yours or read with Properties.
type IndexMapping struct {
	Mappings json.RawMessage `json:"mappings"`
}

// Properties decodes the top-level fields of the mapping: name to definition
// ({"type": "text", ...}), kept raw.
func (m IndexMapping) Properties() (map[string]json.RawMessage, error) {
	var out struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if len(m.Mappings) == 0 {
		return nil, nil
	}
	if err := jsonx.Unmarshal(m.Mappings, &out); err != nil {
		return nil, err
	}
	return out.Properties, nil
}

// UnmarshalJSON reads the object keyed by index name.
func (r *GetMappingResponse) UnmarshalJSON(b []byte) error { return jsonx.Unmarshal(b, &r.Indices) }

// MarshalJSON writes the object keyed by index name.
func (r GetMappingResponse) MarshalJSON() ([]byte, error) {
	if r.Indices == nil {
		return []byte("{}"), nil
	}
	return jsonx.Marshal(r.Indices)
}

// GetMapping returns the mappings of indices (names, aliases, wildcards; none means
// every index): GET /_mapping or /<index>/_mapping.
func (s *Service) GetMapping(ctx context.Context, indices []string, params *GetMappingParams) (*GetMappingResponse, error) {
	target, err := joinNames(indices)
	if err != nil {
		return nil, err
	}
	out := new(GetMappingResponse)
	if _, err := s.t.Do(ctx, &transport.Request{Method: http.MethodGet, Path: transport.Path(target, "_mapping"), Params: params}, out); err != nil {
		return nil, err
	}
	return out, nil
}

// PutMappingParams are the URL parameters of PutMapping.
type PutMappingParams struct {
	AllowNoIndices        *bool                 `url:"allow_no_indices,omitempty"`
	ClusterManagerTimeout types.Duration        `url:"cluster_manager_timeout,omitempty"`
	ExpandWildcards       types.ExpandWildcards `url:"expand_wildcards,omitempty"`
	IgnoreUnavailable     *bool                 `url:"ignore_unavailable,omitempty"`
	MasterTimeout         types.Duration        `url:"master_timeout,omitempty"` // deprecated name of cluster_manager_timeout
	Timeout               types.Duration        `url:"timeout,omitempty"`
	WriteIndexOnly        *bool                 `url:"write_index_only,omitempty"` // through an alias: only its write index
}

// PutMapping adds fields to the mappings of indices (PUT /<index>/_mapping); it needs at
// least one index. mapping is what goes under "mappings", such as
// {"properties": {"tags": {"type": "keyword"}}}. Existing fields cannot change type: the
// server answers 400.
func (s *Service) PutMapping(ctx context.Context, indices []string, mapping any, params *PutMappingParams) (*AcknowledgedResponse, error) {
	if len(indices) == 0 {
		return nil, errors.New("indices: PutMapping needs at least one index")
	}
	if mapping == nil {
		return nil, errors.New("indices: PutMapping needs a mapping")
	}
	target, err := joinNames(indices)
	if err != nil {
		return nil, err
	}
	out := new(AcknowledgedResponse)
	req := &transport.Request{Method: http.MethodPut, Path: transport.Path(target, "_mapping"), Params: params, Body: mapping}
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}
