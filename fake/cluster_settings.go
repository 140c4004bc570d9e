package fake

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clustersettings"
	"github.com/clustersearch/clustersearch-go/internal/engine/rest"
)

// useClusterSettings gives the backend its dynamic cluster settings
// (GET/PUT /_cluster/settings) and lets action.auto_create_index govern the
// indexes writes create.
func useClusterSettings(b *rest.Backend) {
	store := clustersettings.New()
	b.ClusterSettings = store
	b.Indices.AutoCreate = func(name string) *apierr.Error { return store.Values().CheckAutoCreate(name) }
}
