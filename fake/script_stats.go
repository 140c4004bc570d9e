package fake

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// scriptCounters sums the node's script caches for node stats' script group and lists
// them per context for script_cache: the update cache and the search contexts' caches.
func scriptCounters(update painless.CacheStats, search map[string]painless.CacheStats) nodestats.ScriptCounters {
	conv := func(st painless.CacheStats) nodestats.ScriptCounters {
		return nodestats.ScriptCounters{Compilations: st.Compilations, CacheEvictions: st.CacheEvictions,
			CompilationLimitTriggered: st.CompilationLimitTriggered}
	}
	sum := conv(update)
	sum.Contexts = map[string]nodestats.ScriptCounters{"update": conv(update)}
	for name, st := range search {
		sum.Contexts[name] = conv(st)
		sum.Compilations += st.Compilations
		sum.CacheEvictions += st.CacheEvictions
		sum.CompilationLimitTriggered += st.CompilationLimitTriggered
	}
	return sum
}
