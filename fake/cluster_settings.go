package fake

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clustersettings"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
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

// watchScriptRates applies script.context.*.max_compilations_rate changes
// to the update and search script caches (a restored data directory's too).
func watchScriptRates(b *rest.Backend, docops *rest.DocOps) {
	var update *painless.Cache
	if docops != nil {
		update = docops.Scripts()
	}
	b.ClusterSettings.OnChange(func(old, cur *clustersettings.Values) { b.ApplyScriptRates(old, cur, update) })
}
