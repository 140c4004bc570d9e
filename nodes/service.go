// Package nodes reads statistics of the cluster's nodes (GET /_nodes/stats).
package nodes

import "github.com/clustersearch/clustersearch-go/types"

// Service calls the nodes APIs. Get one from clustersearch.Client.Nodes.
type Service struct {
	t types.Transport
}

// NewService returns a Service that sends its requests through t.
// Users get a ready Service from clustersearch.Client; a test may pass a
// Transport of its own.
func NewService(t types.Transport) *Service { return &Service{t: t} }
