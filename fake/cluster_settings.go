package fake

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clustersettings"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/rest"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// useClusterSettings gives the backend its dynamic cluster settings
// (GET/PUT /_cluster/settings) and lets action.auto_create_index govern the
// indexes writes create.
func useClusterSettings(b *rest.Backend, cfg *config) {
	store := clustersettings.New()
	b.ClusterSettings = store
	// The node clients talk to reports its node.attr.* among the defaults
	// (with none set, the attribute every 2.x node adds for itself).
	attrs, ok := cfg.ext.attributes[b.Cluster.Master]
	if !ok {
		attrs = [][2]string{{"shard_indexing_pressure_enabled", "true"}}
	}
	node := settings.Settings{}
	for _, a := range attrs {
		node.Set("node.attr."+a[0], a[1])
	}
	store.SetNodeSettings(node)
	b.Indices.AutoCreate = func(name string) *apierr.Error { return store.Values().CheckAutoCreate(name) }
}

// watchScriptRates applies script.context.*.max_compilations_rate changes
// to the update and search script caches (a restored data directory's too),
// and cluster.routing.allocation.enable changes to the shard allocation.
func watchScriptRates(b *rest.Backend, docops *rest.DocOps) {
	var update *painless.Cache
	if docops != nil {
		update = docops.Scripts()
	}
	b.ClusterSettings.OnChange(func(old, cur *clustersettings.Values) {
		b.ApplyScriptRates(old, cur, update)
		b.ApplyAllocation(old, cur)
	})
}
