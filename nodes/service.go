// Package nodes reads statistics of the cluster's nodes (GET /_nodes/stats).
package nodes

import "github.com/clustersearch/clustersearch-go/internal/transport"

// Service calls the nodes APIs. Get one from clustersearch.Client.Nodes.
type Service struct {
	t *transport.Client
}

// NewService returns a Service that sends its requests through t.
// Users get a ready Service from clustersearch.Client; this is for the root package.
func NewService(t *transport.Client) *Service { return &Service{t: t} }
