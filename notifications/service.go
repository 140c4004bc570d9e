// Package notifications manages notification channel configurations (/_plugins/_notifications).
package notifications

import "github.com/clustersearch/clustersearch-go/internal/transport"

// Service calls the notifications APIs. Get one from clustersearch.Client.Notifications.
type Service struct {
	t *transport.Client
}

// NewService returns a Service that sends its requests through t.
// Users get a ready Service from clustersearch.Client; this is for the root package.
func NewService(t *transport.Client) *Service { return &Service{t: t} }
