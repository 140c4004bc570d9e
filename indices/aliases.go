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

// GetAliasesParams are the URL parameters of GetAliases.
type GetAliasesParams struct {
	AllowNoIndices    *bool                 `url:"allow_no_indices,omitempty"`
	ExpandWildcards   types.ExpandWildcards `url:"expand_wildcards,omitempty"`
	IgnoreUnavailable *bool                 `url:"ignore_unavailable,omitempty"`
	Local             *bool                 `url:"local,omitempty"`
}

// GetAliasesResponse maps each index name to its aliases.
type GetAliasesResponse struct {
	types.ResponseMeta

	Indices map[string]IndexAliases
}

// IndexAliases are the aliases of one index, by alias name.
type IndexAliases struct {
	Aliases map[string]AliasInfo `json:"aliases"`
}

// AliasInfo is an alias as the server reports it: routing split in its two
// parts, the filter as written.
type AliasInfo struct {
	Filter        json.RawMessage `json:"filter,omitempty"`
	IndexRouting  string          `json:"index_routing,omitempty"`
	SearchRouting string          `json:"search_routing,omitempty"`
	IsWriteIndex  *bool           `json:"is_write_index,omitempty"`
	IsHidden      *bool           `json:"is_hidden,omitempty"`
}

// UnmarshalJSON reads the object keyed by index name.
func (r *GetAliasesResponse) UnmarshalJSON(b []byte) error { return jsonx.Unmarshal(b, &r.Indices) }

// MarshalJSON writes the object keyed by index name.
func (r GetAliasesResponse) MarshalJSON() ([]byte, error) {
	if r.Indices == nil {
		return []byte("{}"), nil
	}
	return jsonx.Marshal(r.Indices)
}

// GetAliases returns the aliases of indices (none means every index), only those
// named in names when some are (wildcards allowed): GET /[<index>/]_alias[/<name>].
// Asking for an alias name that exists nowhere answers 404 (types.IsNotFound).
func (s *Service) GetAliases(ctx context.Context, indices, names []string, params *GetAliasesParams) (*GetAliasesResponse, error) {
	target, err := joinNames(indices)
	if err != nil {
		return nil, err
	}
	filter, err := joinNames(names)
	if err != nil {
		return nil, err
	}
	out := new(GetAliasesResponse)
	if _, err := s.t.Do(ctx, &transport.Request{Method: http.MethodGet, Path: transport.Path(target, "_alias", filter), Params: params}, out); err != nil {
		return nil, err
	}
	return out, nil
}

// AliasParams are the URL parameters of PutAlias and DeleteAlias.
type AliasParams struct {
	ClusterManagerTimeout types.Duration `url:"cluster_manager_timeout,omitempty"`
	MasterTimeout         types.Duration `url:"master_timeout,omitempty"` // deprecated name of cluster_manager_timeout
	Timeout               types.Duration `url:"timeout,omitempty"`
}

// PutAlias points alias name at indices (at least one; wildcards allowed), creating or
// replacing it there (PUT /<index>/_alias/<name>). alias may be nil for a plain alias.
func (s *Service) PutAlias(ctx context.Context, indices []string, name string, alias *Alias, params *AliasParams) (*AcknowledgedResponse, error) {
	if len(indices) == 0 || name == "" {
		return nil, errors.New("indices: PutAlias needs at least one index and an alias name")
	}
	target, err := joinNames(indices)
	if err != nil {
		return nil, err
	}
	req := &transport.Request{Method: http.MethodPut, Path: transport.Path(target, "_alias", name), Params: params}
	if alias != nil {
		req.Body = alias
	}
	return s.acknowledged(ctx, req)
}

// DeleteAlias removes the aliases names (at least one; wildcards allowed) from indices
// (at least one): DELETE /<index>/_alias/<name>. An alias that is not there answers 404.
func (s *Service) DeleteAlias(ctx context.Context, indices, names []string, params *AliasParams) (*AcknowledgedResponse, error) {
	if len(indices) == 0 || len(names) == 0 {
		return nil, errors.New("indices: DeleteAlias needs at least one index and one alias name")
	}
	target, err := joinNames(indices)
	if err != nil {
		return nil, err
	}
	filter, err := joinNames(names)
	if err != nil {
		return nil, err
	}
	return s.acknowledged(ctx, &transport.Request{Method: http.MethodDelete, Path: transport.Path(target, "_alias", filter), Params: params})
}

func (s *Service) acknowledged(ctx context.Context, req *transport.Request) (*AcknowledgedResponse, error) {
	out := new(AcknowledgedResponse)
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}
