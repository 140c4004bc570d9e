package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
)

// task counts one finished task of pool on node.
func (a *NodesAPI) task(node int, pool string) { a.reg.CountTask(node, pool) }

// onCopies counts a task of pool on every node holding an assigned copy of
// the shard (a replicated write or a refresh).
func (a *NodesAPI) onCopies(x *indices.Index, shard int, pool string) {
	a.reg.CountOnCopies(len(a.b.Cluster.Nodes), x, shard, pool)
}

// onPrimary counts a task of pool on the node of the shard's primary, the
// copy the fake reads.
func (a *NodesAPI) onPrimary(x *indices.Index, shard int, pool string) {
	a.reg.CountOnPrimary(len(a.b.Cluster.Nodes), x, shard, pool)
}

// searchTasks counts the search-pool tasks of one search over shards: a
// query phase on each, and a separate fetch phase on each when hits came
// back, except that a single-shard search without a scroll fetches within
// its query task (SearchService's single-session shortcut).
func (a *NodesAPI) searchTasks(shards []shardRef, fetch, scroll bool) {
	separate := fetch && (len(shards) > 1 || scroll)
	for _, s := range shards {
		a.onPrimary(s.x, s.num, "search")
		if separate {
			a.onPrimary(s.x, s.num, "search")
		}
	}
}

// shardRef names one shard of an index.
type shardRef struct {
	x   *indices.Index
	num int
}

// shardRefs lists the shards of xs in order.
func shardRefs(xs []*indices.Index) []shardRef {
	var out []shardRef
	for _, x := range xs {
		for _, sh := range x.Shards {
			out = append(out, shardRef{x: x, num: sh.Num})
		}
	}
	return out
}
