package rest

import "github.com/clustersearch/clustersearch-go/internal/engine/searchexec"

// exec is the search executor over the backend's cluster, indexes, clock,
// settings and script caches (a value: building one allocates nothing).
func (b *Backend) exec() searchexec.Executor {
	return searchexec.Executor{Cluster: b.Cluster, Indices: b.Indices, Clock: b.Clock, Settings: b.clusterSettings(), Scripts: searchScripts{b}}
}
