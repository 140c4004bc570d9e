// Package tasks lists, gets, cancels, rethrottles and waits for tasks (/_tasks).
package tasks

import "github.com/clustersearch/clustersearch-go/internal/transport"

// Service calls the tasks APIs. Get one from clustersearch.Client.Tasks.
type Service struct {
	t *transport.Client
}

// NewService returns a Service that sends its requests through t.
// Users get a ready Service from clustersearch.Client; this is for the root package.
func NewService(t *transport.Client) *Service { return &Service{t: t} }
