package routing

import "math/bits"

// NumRoutingShards is the default index.number_of_routing_shards for n shards
// (MetadataCreateIndexService.calculateNumRoutingShards): n times the largest
// power of two that keeps the product at or below 1024, with at least one split.
func NumRoutingShards(n int) int {
	log2 := 32 - bits.LeadingZeros32(uint32(n-1))
	splits := 10 - log2
	if splits < 1 {
		splits = 1
	}
	return n << splits
}

// Table holds what shard placement needs from an index's settings.
type Table struct {
	Shards        int // index.number_of_shards
	RoutingShards int // index.number_of_routing_shards
	PartitionSize int // index.routing_partition_size (1 when unset)
}

// Shard returns the shard of a document: routing wins over id when set.
func (t Table) Shard(id, routing string) int {
	eff := id
	if routing != "" {
		eff = routing
	}
	h := int64(Hash(eff))
	if t.PartitionSize > 1 {
		h += floorMod(int64(Hash(id)), int64(t.PartitionSize))
	}
	// Java adds in int arithmetic, so the sum wraps at 32 bits.
	sum := int64(int32(h))
	factor := t.RoutingShards / t.Shards
	return int(floorMod(sum, int64(t.RoutingShards)) / int64(factor))
}

func floorMod(a, b int64) int64 {
	m := a % b
	if m != 0 && (m < 0) != (b < 0) {
		m += b
	}
	return m
}
