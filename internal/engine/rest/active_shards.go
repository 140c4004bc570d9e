package rest

import (
	"net/http"
	"strconv"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/allocation"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/cluster"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/taskdesc"
)

// activeShards reads wait_for_active_shards: -1 for "all", else the count
// (1, the primary, when absent), as ActiveShardCount.parseString does.
func activeShards(r *Request) (int, error) {
	v, _ := r.Param("wait_for_active_shards")
	return activeShardsValue(v)
}

// activeShardsValue is activeShards for a value already read ("" when absent).
func activeShardsValue(v string) (int, error) {
	n, e := cluster.ParseActiveShardCount(v)
	if e != nil {
		return 0, e
	}
	return n, nil
}

// enoughCopies reports whether want (from activeShards) copies of each shard
// are active with the given replicas on this cluster.
func (b *Backend) enoughCopies(want, replicas int) bool {
	return cluster.EnoughCopies(allocation.ForNew(replicas, b.Cluster.DataNodes(), b.allocationMode()), want, replicas)
}

// awaitActiveShards waits for the active copies a write asks for, up to
// timeout on the server clock (cluster.Observer.AwaitActiveShards).
func (b *Backend) awaitActiveShards(r *Request, x *indices.Index, shardNum int, value string, timeout time.Duration, what string) *apierr.Error {
	return b.awaitActiveShardsUntil(r, x, shardNum, value, timeout, b.Clock.Now().Add(timeout), what)
}

// awaitActiveShardsUntil is awaitActiveShards with the deadline given, so
// the shards of one bulk request wait out the same timeout together.
func (b *Backend) awaitActiveShardsUntil(r *Request, x *indices.Index, shardNum int, value string, timeout time.Duration, end time.Time, what string) *apierr.Error {
	return b.observer().AwaitActiveShards(r.Ctx, x, shardNum, value, timeout, end, what)
}

// checkWriteActiveShards makes a single-document write (index, create,
// delete) honour wait_for_active_shards before it runs: it waits on the
// server clock up to timeout (default 1m) and then fails with
// unavailable_shards_exception. A write to a missing index creates it first,
// as the bulk action's auto-create does; a delete of a missing index is left
// to the write, which answers index_not_found.
func (b *Backend) checkWriteActiveShards(r *Request, index string) error {
	want, err := activeShards(r)
	if err != nil || (want == 1 || want == 0) && !b.allocationRestricted() {
		return err // every primary is active: nothing to wait for
	}
	timeout, err := r.Duration("timeout", time.Minute)
	if err != nil {
		return err
	}
	target, aliasRouting, terr := b.Indices.WriteTarget(index)
	if terr != nil {
		return nil // the write reports it
	}
	isDelete := r.Method == http.MethodDelete
	x, ok := b.Indices.Get(target)
	if !ok {
		if isDelete || b.enoughCopies(want, 1) {
			return nil
		}
		if x, _, terr = b.Indices.GetOrCreate(target); terr != nil {
			return nil
		}
	}
	if x.Blocked(indices.BlockWrite) != nil {
		return nil // the block check precedes the wait; the write reports it
	}
	routingValue := r.Params["routing"]
	if routingValue == "" {
		routingValue = aliasRouting
	}
	id := r.PathParam("id")
	if id == "" {
		id = b.Indices.IDs.Next() // the id the bulk action would have assigned
	}
	shardNum := x.Routing.Shard(id, routingValue)
	item := taskdesc.Delete(x.Name, id)
	if !isDelete {
		item = taskdesc.Index(x.Name, id, r.Body)
	}
	what := "BulkShardRequest [[" + x.Name + "][" + strconv.Itoa(shardNum) + "]] containing [" + item + "]" + refreshSuffix(r)
	if e := b.awaitActiveShards(r, x, shardNum, r.Params["wait_for_active_shards"], timeout, what); e != nil {
		return e
	}
	return nil
}

// refreshSuffix is how BulkShardRequest.toString names the refresh policy.
func refreshSuffix(r *Request) string {
	v, ok := r.Params["refresh"]
	switch {
	case !ok || v == "false":
		return ""
	case v == "wait_for":
		return " blocking until refresh"
	}
	return " and a refresh"
}

// awaitIndexCopies is the wait of a new index for wait_for_active_shards
// (cluster.Observer.AwaitIndexCopies).
func (b *Backend) awaitIndexCopies(r *Request, name string, want int, timeout time.Duration) bool {
	return b.observer().AwaitIndexCopies(r.Ctx, name, want, timeout)
}
