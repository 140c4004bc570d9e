package clustersettings

import "strings"

// unsupported are dynamic settings of a real 2.19 cluster whose effect the
// fake does not model. Updating one answers 501, never a silent no-op nor
// the "not recognized" a real cluster would not give.
var unsupported = map[string]bool{
	"search.max_open_scroll_context":       true,
	"search.default_search_timeout":        true,
	"search.default_allow_partial_results": true,
	"search.low_level_cancellation":        true,
	"search.max_buckets":                   true,
	"cluster.max_shards_per_node":          true,
	// Shard allocation settings whose validation or effect the fake does
	// not model (awareness, balancing weights, disk watermarks).
	"cluster.routing.allocation.awareness.attributes":             true,
	"cluster.routing.allocation.awareness.balance":                true,
	"cluster.routing.allocation.balance.index":                    true,
	"cluster.routing.allocation.balance.shard":                    true,
	"cluster.routing.allocation.balance.threshold":                true,
	"cluster.routing.allocation.balance.prefer_primary":           true,
	"cluster.routing.allocation.rebalance.primary.enable":         true,
	"cluster.routing.allocation.rebalance.primary.buffer":         true,
	"cluster.routing.allocation.move.primary_first":               true,
	"cluster.routing.allocation.shard_movement_strategy":          true,
	"cluster.routing.allocation.total_primary_shards_per_node":    true,
	"cluster.routing.allocation.node_initial_replicas_recoveries": true,
	"cluster.routing.allocation.disk.watermark.low":               true,
	"cluster.routing.allocation.disk.watermark.high":              true,
	"cluster.routing.allocation.disk.watermark.flood_stage":       true,
	"cluster.routing.allocation.disk.include_relocations":         true,
	"cluster.blocks.read_only":                                    true,
	"script.max_compilations_rate":                                true,
	"script.max_size_in_bytes":                                    true,
}

// unsupportedAffixes are the suffixes of script.context.<name>.* settings:
// per-context script cache sizes and expiry. (The compilation limits of
// contexts the fake does not run answer 501 in apply.)
var unsupportedAffixes = []string{".cache_max_size", ".cache_expire"}

// isUnsupported reports whether key is a real cluster setting the fake
// refuses with 501.
func isUnsupported(key string) bool {
	if unsupported[key] || strings.HasPrefix(key, "logger.") {
		return true
	}
	for _, p := range unsupportedAllocationPrefixes {
		if strings.HasPrefix(key, p) && len(key) > len(p) {
			return true
		}
	}
	if ctx, ok := strings.CutPrefix(key, "script.context."); ok {
		for _, suffix := range unsupportedAffixes {
			if name, ok := strings.CutSuffix(ctx, suffix); ok && name != "" && !strings.Contains(name, ".") {
				return true
			}
		}
	}
	return false
}
