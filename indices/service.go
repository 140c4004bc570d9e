// Package indices manages indexes: create, delete, exists, refresh and get settings.
package indices

import "github.com/clustersearch/clustersearch-go/internal/transport"

// Service calls the indices APIs. Get one from clustersearch.Client.Indices.
type Service struct {
	t *transport.Client
}

// NewService returns a Service that sends its requests through t.
// Users get a ready Service from clustersearch.Client; this is for the root package.
func NewService(t *transport.Client) *Service { return &Service{t: t} }
