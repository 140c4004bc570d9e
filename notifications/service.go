// Package notifications manages notification channel configurations (/_plugins/_notifications).
package notifications

import "github.com/clustersearch/clustersearch-go/types"

// Service calls the notifications APIs. Get one from clustersearch.Client.Notifications.
type Service struct {
	t types.Transport
}

// NewService returns a Service that sends its requests through t.
// Users get a ready Service from clustersearch.Client; a test may pass a
// Transport of its own.
func NewService(t types.Transport) *Service { return &Service{t: t} }
