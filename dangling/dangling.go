package dangling

import (
	"context"
	"errors"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/types"
)

// ListResponse is the answer of GET /_dangling.
type ListResponse struct {
	types.ResponseMeta
	NodesHeader     types.NodesHeader `json:"_nodes"`
	ClusterName     string            `json:"cluster_name"`
	DanglingIndices []DanglingIndex   `json:"dangling_indices"`
}

// DanglingIndex is an index found in a node's data directory that the cluster
// state does not know.
type DanglingIndex struct {
	IndexName string `json:"index_name"`
	IndexUUID string `json:"index_uuid"`
	// CreationDate is the human form of CreationDateMillis (with ?human=true).
	CreationDate       string `json:"creation_date,omitempty"`
	CreationDateMillis int64  `json:"creation_date_millis"`
	// NodeIDs lists the nodes holding a copy.
	NodeIDs []string `json:"node_ids"`
}

// ChangeParams are the parameters of Import and Delete.
type ChangeParams struct {
	// AcceptDataLoss must be true: the server refuses the change otherwise
	// (400 "accept_data_loss must be set to true", reported only once the
	// UUID has been found among the dangling indexes).
	AcceptDataLoss        bool           `url:"accept_data_loss,omitempty"`
	Timeout               types.Duration `url:"timeout,omitempty"`
	ClusterManagerTimeout types.Duration `url:"cluster_manager_timeout,omitempty"`
	// MasterTimeout is the deprecated name of ClusterManagerTimeout.
	MasterTimeout types.Duration `url:"master_timeout,omitempty"`
}

// AcknowledgedResponse is the answer of Import and Delete (HTTP 202).
type AcknowledgedResponse struct {
	types.ResponseMeta
	Acknowledged bool `json:"acknowledged"`
}

// List returns the dangling indexes of every node: GET /_dangling. The endpoint takes no parameters.
func (s *Service) List(ctx context.Context) (*ListResponse, error) {
	out := &ListResponse{}
	if _, err := s.t.Do(ctx, &transport.Request{Method: http.MethodGet, Path: "/_dangling"}, out); err != nil {
		return nil, err
	}
	return out, nil
}

// Import brings a dangling index back into the cluster: POST /_dangling/<index_uuid>.
// An unknown UUID is a 400 illegal_argument_exception
// ("No dangling index found for UUID [<uuid>]").
func (s *Service) Import(ctx context.Context, indexUUID string, params *ChangeParams) (*AcknowledgedResponse, error) {
	return s.change(ctx, http.MethodPost, indexUUID, params)
}

// Delete removes a dangling index from every node's disk: DELETE /_dangling/<index_uuid>.
func (s *Service) Delete(ctx context.Context, indexUUID string, params *ChangeParams) (*AcknowledgedResponse, error) {
	return s.change(ctx, http.MethodDelete, indexUUID, params)
}

func (s *Service) change(ctx context.Context, method, indexUUID string, params *ChangeParams) (*AcknowledgedResponse, error) {
	if indexUUID == "" {
		return nil, errors.New("dangling: an index UUID is required")
	}
	if params == nil {
		params = &ChangeParams{}
	}
	out := &AcknowledgedResponse{}
	req := &transport.Request{Method: method, Path: transport.Path("_dangling", indexUUID), Params: params}
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}
