package indices

import "github.com/clustersearch/clustersearch-go/internal/transport"

// joinNames is transport.JoinNames for this package's errors.
func joinNames(names []string) (string, error) { return transport.JoinNames("indices", names) }
