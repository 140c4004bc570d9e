// Package dangling lists, imports and deletes dangling indexes (/_dangling).
package dangling

import "github.com/clustersearch/clustersearch-go/types"

// Service calls the dangling APIs. Get one from clustersearch.Client.Dangling.
type Service struct {
	t types.Transport
}

// NewService returns a Service that sends its requests through t.
// Users get a ready Service from clustersearch.Client; a test may pass a
// Transport of its own.
func NewService(t types.Transport) *Service { return &Service{t: t} }
