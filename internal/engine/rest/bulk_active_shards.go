package rest

import (
	"strconv"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/taskdesc"
)

// bulkActiveShards applies a bulk request's wait_for_active_shards before
// its items run: the items are grouped by target shard (one BulkShardRequest
// each), every group lacking active copies waits on the server clock until
// the common timeout, and the items of a group still lacking them fail with
// unavailable_shards_exception. It returns those failures by item position.
// Update items are left to the update engine.
func (b *Backend) bulkActiveShards(r *Request, items []bulkItem, want int, timeout time.Duration) map[int]*apierr.Error {
	if (want == 1 || want == 0) && !b.allocationRestricted() {
		return nil // every primary is active: nothing to wait for
	}
	type group struct {
		x     *indices.Index
		shard int
		items []int
	}
	var groups []*group
	byKey := map[string]*group{}
	for i := range items {
		it := &items[i]
		if it.err != nil || it.action == "update" {
			continue
		}
		target, aliasRouting, terr := b.Indices.WriteTarget(it.op.Index)
		if terr != nil {
			continue // the item reports it
		}
		x, ok := b.Indices.Get(target)
		if !ok {
			if it.op.Delete && it.op.VersionType == shard.Internal || b.enoughCopies(want, 1) {
				continue // a delete does not create the index; enough copies once created
			}
			if x, _, terr = b.Indices.GetOrCreate(target); terr != nil {
				continue
			}
		}
		routingValue := it.op.Routing
		if routingValue == "" {
			routingValue = aliasRouting
		}
		id := it.op.ID
		if id == "" {
			id = b.Indices.IDs.Next() // the id the bulk action would have assigned
		}
		sh := x.Routing.Shard(id, routingValue)
		key := x.Name + "\x00" + strconv.Itoa(sh)
		g := byKey[key]
		if g == nil {
			g = &group{x: x, shard: sh}
			byKey[key] = g
			groups = append(groups, g)
		}
		g.items = append(g.items, i)
	}
	end := b.Clock.Now().Add(timeout)
	out := map[int]*apierr.Error{}
	for _, g := range groups {
		if g.x.Blocked(indices.BlockWrite) != nil {
			continue // the block check precedes the wait; the items report it
		}
		var content string
		if len(g.items) > 1 {
			content = strconv.Itoa(len(g.items)) + "] requests"
		} else {
			op := &items[g.items[0]].op
			id := op.ID
			if op.Delete {
				content = "delete {[" + g.x.Name + "][" + id + "]}]"
			} else {
				content = "index {[" + g.x.Name + "][" + id + "], source[" + taskdesc.SourceForMessage(op.Source) + "]}]"
			}
		}
		what := "BulkShardRequest [[" + g.x.Name + "][" + strconv.Itoa(g.shard) + "]] containing [" + content + refreshSuffix(r)
		if e := b.awaitActiveShardsUntil(r, g.x, g.shard, r.Params["wait_for_active_shards"], timeout, end, what); e != nil {
			for _, i := range g.items {
				out[i] = e
			}
		}
	}
	return out
}
