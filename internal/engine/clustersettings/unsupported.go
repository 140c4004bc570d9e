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
	"cluster.routing.allocation.enable":    true,
	"cluster.blocks.read_only":             true,
	"script.max_compilations_rate":         true,
	"script.max_size_in_bytes":             true,
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
	if ctx, ok := strings.CutPrefix(key, "script.context."); ok {
		for _, suffix := range unsupportedAffixes {
			if name, ok := strings.CutSuffix(ctx, suffix); ok && name != "" && !strings.Contains(name, ".") {
				return true
			}
		}
	}
	return false
}
