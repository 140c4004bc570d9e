package search

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// Snapshot returns the current refresh point of each target's shard (running
// the scheduled refreshes due by now), in target order. A scroll keeps the
// views its first page read; a point in time keeps them for every search
// over it (Request.Views), so later writes, deletes and refreshes stay
// invisible to it.
func Snapshot(svc *indices.Service, targets []Target) []shard.View {
	byIndex := map[*indices.Index][]shard.View{}
	out := make([]shard.View, len(targets))
	for i, t := range targets {
		vs, ok := byIndex[t.Index]
		if !ok {
			vs = t.Index.Views(svc)
			byIndex[t.Index] = vs
		}
		out[i] = vs[t.Shard]
	}
	return out
}
