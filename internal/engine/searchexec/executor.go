package searchexec

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/cluster"
	"github.com/clustersearch/clustersearch-go/internal/engine/clustersettings"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
)

// Executor runs parsed searches over the cluster's indexes. It holds no
// state of its own: a caller builds one per request, as a value.
type Executor struct {
	Cluster  *cluster.Cluster
	Indices  *indices.Service
	Clock    clock.Clock
	Settings *clustersettings.Store // the dynamic cluster settings (never nil)
	// Scripts compiles the searches' scripts (the node's script caches).
	Scripts search.ScriptCompiler
}
