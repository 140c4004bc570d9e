package cluster

import (
	"context"
	"errors"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/types"
)

// InfoResponse identifies the node that answered and the cluster it belongs to.
type InfoResponse struct {
	types.ResponseMeta

	Name        string      `json:"name"`
	ClusterName string      `json:"cluster_name"`
	ClusterUUID string      `json:"cluster_uuid"`
	Version     VersionInfo `json:"version"`
	Tagline     string      `json:"tagline"`
}

// VersionInfo is the server's build.
type VersionInfo struct {
	Distribution                     string `json:"distribution"` // "opensearch"
	Number                           string `json:"number"`       // "2.19.0"
	BuildType                        string `json:"build_type"`
	BuildHash                        string `json:"build_hash"`
	BuildDate                        string `json:"build_date"`
	BuildSnapshot                    bool   `json:"build_snapshot"`
	LuceneVersion                    string `json:"lucene_version"`
	MinimumWireCompatibilityVersion  string `json:"minimum_wire_compatibility_version"`
	MinimumIndexCompatibilityVersion string `json:"minimum_index_compatibility_version"`
}

// Info returns the answering node's name, its cluster and the server version (GET /).
func (s *Service) Info(ctx context.Context) (*InfoResponse, error) {
	out := new(InfoResponse)
	if _, err := s.t.Do(ctx, &transport.Request{Method: http.MethodGet, Path: "/"}, out); err != nil {
		return nil, err
	}
	return out, nil
}

// Ping reports whether the cluster answers (HEAD /). It returns an error only
// when there was no answer at all (the cluster cannot be reached, the context
// ended); an answer other than 2xx is false with no error.
func (s *Service) Ping(ctx context.Context) (bool, error) {
	_, err := s.t.Perform(ctx, &transport.Request{Method: http.MethodHead, Path: "/"})
	if err == nil {
		return true, nil
	}
	var e *types.Error
	if errors.As(err, &e) {
		return false, nil
	}
	return false, err
}
