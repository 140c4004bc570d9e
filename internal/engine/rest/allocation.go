package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/allocation"
	"github.com/clustersearch/clustersearch-go/internal/engine/clustersettings"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
)

// shardCopies is the allocation of x's shards on this cluster under the
// current cluster.routing.allocation.enable.
func (b *Backend) shardCopies(x *indices.Index) allocation.Copies {
	return b.allocation.Copies(allocation.Index{UUID: x.UUID, Replicas: x.Replicas()}, b.Cluster.DataNodes(), b.allocationMode())
}

// ApplyAllocation is the reroute after cluster.routing.allocation.enable
// changes: existing indexes keep what is assigned and get what the new
// value allows; waits on active shards re-check.
func (b *Backend) ApplyAllocation(old, cur *clustersettings.Values) {
	if old == nil || cur == nil || old.AllocationEnable == cur.AllocationEnable {
		return
	}
	all := b.Indices.All()
	existing := make([]allocation.Index, len(all))
	for i, x := range all {
		existing[i] = allocation.Index{UUID: x.UUID, Replicas: x.Replicas()}
	}
	b.allocation.Changed(existing, b.Cluster.DataNodes(), old.AllocationEnable, cur.AllocationEnable)
	b.Indices.Notify()
}

// allocationMode is the current cluster.routing.allocation.enable.
func (b *Backend) allocationMode() allocation.Enable {
	return b.clusterSettings().Values().AllocationEnable
}

// allocationRestricted reports whether some primary may be unassigned:
// under "all" every primary is active.
func (b *Backend) allocationRestricted() bool { return b.allocationMode() != allocation.All }
