package opstats

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
)

// task counts one finished task of pool on node.
func (rc *Recorder) task(node int, pool string) { rc.Reg.CountTask(node, pool) }

// onCopies counts a task of pool on every node holding an assigned copy of
// the shard (a replicated write or a refresh).
func (rc *Recorder) onCopies(x *indices.Index, shard int, pool string) {
	rc.Reg.CountOnCopies(len(rc.Cluster.Nodes), x, shard, pool)
}

// onPrimary counts a task of pool on the node of the shard's primary, the
// copy the fake reads.
func (rc *Recorder) onPrimary(x *indices.Index, shard int, pool string) {
	rc.Reg.CountOnPrimary(len(rc.Cluster.Nodes), x, shard, pool)
}

// shardOpsFor returns the counters of the shard a document id routes to.
func (rc *Recorder) shardOpsFor(x *indices.Index, id, routing string) (*nodestats.ShardOps, int) {
	sh := x.ShardFor(id, routing)
	return rc.Reg.Shard(nodestats.ShardKey{IndexUUID: x.UUID, Shard: sh.Num}), sh.Num
}
