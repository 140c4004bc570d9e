package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/clustersettings"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// ApplyScriptRates follows a change of script.context.*.max_compilations_rate:
// each context whose limit changed gets a new, empty cache with the new
// limit (as ScriptService replaces its ScriptCache), the update context's
// being update. Search contexts not used yet pick the limit up when their
// cache is made.
func (b *Backend) ApplyScriptRates(old, cur *clustersettings.Values, update *painless.Cache) {
	for _, ctx := range []string{"update", "filter", "score", "field", "number_sort", "string_sort"} {
		r := cur.CompilationRate(ctx)
		if old != nil && old.CompilationRate(ctx) == r {
			continue
		}
		cache := update
		if ctx != "update" {
			cache = b.scriptCaches.existing(ctx)
		}
		if cache != nil {
			replaceRate(cache, ctx, r)
		}
	}
}

// replaceRate empties cache and gives it the limit r.
func replaceRate(cache *painless.Cache, ctx string, r clustersettings.CompilationRate) {
	cache.Replace(r.Text, clustersettings.RateSettingKey(ctx), r.Count, r.Window, r.Unlimited)
}

// existing returns a context's cache if one was made.
func (c *searchScriptCaches) existing(ctx string) *painless.Cache {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.caches[ctx]
}
