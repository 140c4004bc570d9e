package rest

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/cursor"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
)

// WatchPITs makes the node statistics follow the points in time of st: their
// shard contexts (point_in_time_*), and the shards each search over one reads.
func (a *NodesAPI) WatchPITs(st *cursor.Store) {
	a.pits = st
	st.SetPITListener(pitStats{a})
}

// pitStats counts the point-in-time reader contexts in a's statistics.
type pitStats struct{ a *NodesAPI }

// PITOpened counts a point-in-time context opened on t's shard.
func (p pitStats) PITOpened(t search.Target) {
	p.a.reg.Shard(nodestats.ShardKey{IndexUUID: t.Index.UUID, Shard: t.Shard}).OpenPIT()
}

// PITClosed counts a point-in-time context of t's shard freed after lifetime.
func (p pitStats) PITClosed(t search.Target, lifetime time.Duration) {
	p.a.reg.Shard(nodestats.ShardKey{IndexUUID: t.Index.UUID, Shard: t.Shard}).ClosePIT(lifetime)
}

// recordPITSearch counts a search over a point in time on the shards of
// its contexts (not on every index, as a search without an index would);
// it reports whether the search was one.
func (a *NodesAPI) recordPITSearch(f *searchreq.Facts, took time.Duration) bool {
	id := f.PITID
	if a.pits == nil || id == "" {
		return false
	}
	fetch := f.Hits
	var refs []shardRef
	for _, t := range a.pits.PITShards(id) {
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
