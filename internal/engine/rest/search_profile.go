package rest

import (
	"sort"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
)

// renderProfile is SearchProfileShardResults.toXContent: one entry per
// shard, sorted by its "[node][index][shard]" id. The fake's shards
// answer in process, so the network times are 0 milliseconds.
func (b *Backend) renderProfile(profiles []search.ShardProfile) jsonout.Object {
	type entry struct {
		id string
		p  *search.ShardProfile
	}
	entries := make([]entry, len(profiles))
	for i := range profiles {
		p := &profiles[i]
		entries[i] = entry{"[" + b.nodeOf(p.Target.Shard) + "][" + p.Target.Index.Name + "][" + strconv.Itoa(p.Target.Shard) + "]", p}
	}
	sort.SliceStable(entries, func(i, j int) bool { return entries[i].id < entries[j].id })
	shards := make([]any, 0, len(entries))
	for _, e := range entries {
		searches := make([]any, len(e.p.Searches))
		for i, s := range e.p.Searches {
			searches[i] = s
		}
		aggs := make([]any, len(e.p.Aggs))
		for i, a := range e.p.Aggs {
			aggs[i] = a
		}
		shards = append(shards, jsonout.Object{
			{Key: "id", Value: e.id},
			{Key: "inbound_network_time_in_millis", Value: 0},
			{Key: "outbound_network_time_in_millis", Value: 0},
			{Key: "searches", Value: searches},
			{Key: "aggregations", Value: aggs},
		})
	}
	return jsonout.Object{{Key: "shards", Value: shards}}
}
