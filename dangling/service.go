// Package dangling lists, imports and deletes dangling indexes (/_dangling).
package dangling

import "github.com/clustersearch/clustersearch-go/internal/transport"

// Service calls the dangling APIs. Get one from clustersearch.Client.Dangling.
type Service struct {
	t *transport.Client
}

// NewService returns a Service that sends its requests through t.
// Users get a ready Service from clustersearch.Client; this is for the root package.
func NewService(t *transport.Client) *Service { return &Service{t: t} }
