package rest

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
)

// WatchPITs makes the node statistics follow the points in time of st: their
// shard contexts (point_in_time_*), and the shards each search over one reads.
func (a *NodesAPI) WatchPITs(st *SearchState) {
	a.pits = st
	st.setPITListener(a)
}

// pitOpened counts a point-in-time context opened on t's shard.
func (a *NodesAPI) pitOpened(t search.Target) {
	a.reg.Shard(nodestats.ShardKey{IndexUUID: t.Index.UUID, Shard: t.Shard}).OpenPIT()
}

// pitClosed counts a point-in-time context of t's shard freed after lifetime.
func (a *NodesAPI) pitClosed(t search.Target, lifetime time.Duration) {
	a.reg.Shard(nodestats.ShardKey{IndexUUID: t.Index.UUID, Shard: t.Shard}).ClosePIT(lifetime)
}

// recordPITSearch counts a search over a point in time on the shards of
// its contexts (not on every index, as a search without an index would);
// it reports whether the search was one.
func (a *NodesAPI) recordPITSearch(f *searchFacts, took time.Duration) bool {
	id := f.pitID
	if a.pits == nil || id == "" {
		return false
	}
	fetch := f.hits
	var refs []shardRef
	for _, t := range a.pits.pitShards(id) {
		ops := a.reg.Shard(nodestats.ShardKey{IndexUUID: t.Index.UUID, Shard: t.Shard})
		ops.RecordQuery(took)
		if fetch {
			ops.RecordFetch(0)
		}
		refs = append(refs, shardRef{x: t.Index, num: t.Shard})
	}
	a.searchTasks(refs, fetch, false)
	return true
}
