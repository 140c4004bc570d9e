// Package search runs searches, multi-searches and explains (/_search, /_msearch, /<index>/_explain/<id>).
package search

import "github.com/clustersearch/clustersearch-go/internal/transport"

// Service calls the search APIs. Get one from clustersearch.Client.Search.
type Service struct {
	t *transport.Client
}

// NewService returns a Service that sends its requests through t.
// Users get a ready Service from clustersearch.Client; this is for the root package.
func NewService(t *transport.Client) *Service { return &Service{t: t} }
