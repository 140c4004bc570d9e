// Package cluster reads the cluster's health and identity and reads and
// changes its dynamic settings: Health (/_cluster/health), GetSettings and
// PutSettings (/_cluster/settings), Info (GET /) and Ping (HEAD /).
package cluster

import "github.com/clustersearch/clustersearch-go/types"

// Service calls the cluster APIs. Get one from clustersearch.Client.Cluster.
type Service struct {
	t types.Transport
}

// NewService returns a Service that sends its requests through t.
// Users get a ready Service from clustersearch.Client; a test may pass a
// Transport of its own.
func NewService(t types.Transport) *Service { return &Service{t: t} }
