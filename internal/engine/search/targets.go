package search

import (
	"cmp"
	"slices"
	"strings"
)

// OrderTargets sorts a search's shards as OpenSearch orders its shard
// iterators (GroupShardsIterator.sortAndCreate, ShardId.compareTo: the shard
// number, then the index name). Their position is the shardIndex that breaks
// ties between equal hits, so a search over several indexes interleaves them
// shard by shard: a0, b0, a1, b1.
func OrderTargets(ts []Target) {
	slices.SortStableFunc(ts, func(a, b Target) int {
		if c := cmp.Compare(a.Shard, b.Shard); c != 0 {
			return c
		}
		return strings.Compare(a.Index.Name, b.Index.Name)
	})
}
