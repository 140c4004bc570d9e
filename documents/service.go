// Package documents changes documents: index, get, delete, bulk, update, reindex and delete by query.
package documents

import "github.com/clustersearch/clustersearch-go/internal/transport"

// Service calls the documents APIs. Get one from clustersearch.Client.Documents.
type Service struct {
	t *transport.Client
}

// NewService returns a Service that sends its requests through t.
// Users get a ready Service from clustersearch.Client; this is for the root package.
func NewService(t *transport.Client) *Service { return &Service{t: t} }
