package rest

import (
	"net/http"
	"strconv"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/allocation"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clustersettings"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
)

// shardCopies is the allocation of x's shards on this cluster under the
// current cluster.routing.allocation.enable.
func (b *Backend) shardCopies(x *indices.Index) allocation.Copies {
	return b.allocation.Copies(allocation.Index{UUID: x.UUID, Replicas: x.Replicas()}, b.Cluster.DataNodes(), b.allocationMode())
}

// indexHasCopies reports whether want copies (-1: all) of each shard of x
// are active, as ActiveShardCount.enoughShardsActive does.
func (b *Backend) indexHasCopies(x *indices.Index, want int) bool {
	c := b.shardCopies(x)
	if want == -1 {
		return c.PrimaryActive && c.UnassignedReplicas == 0
	}
	return want <= c.Active()
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

// primaryNotActive is the UnavailableShardsException of a write whose
// primary stayed unassigned for the whole timeout.
func primaryNotActive(x *indices.Index, shardNum int, timeout time.Duration, what string) *apierr.Error {
	return &apierr.Error{Status: http.StatusServiceUnavailable, Type: TypeUnavailableShards,
		Reason: "[" + x.Name + "][" + strconv.Itoa(shardNum) + "] primary shard is not active Timeout: [" + formatTimeValue(timeout) + "], request: [" + what + "]",
		Meta:   []apierr.Meta{{Key: "index", Value: x.Name}, {Key: "shard", Value: strconv.Itoa(shardNum)}, {Key: "index_uuid", Value: x.UUID}}}
}
