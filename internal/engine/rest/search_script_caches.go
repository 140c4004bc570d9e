package rest

import (
	"sync"

	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// searchScriptCaches are the node's script caches for the search contexts (filter,
// score, field, number_sort, string_sort): one per context, each with OpenSearch's
// default compilation limit of 75 per 5 minutes under its own setting name. The zero
// value is ready to use.
type searchScriptCaches struct {
	mu     sync.Mutex
	caches map[string]*painless.Cache
}

// searchScripts implements search.ScriptCompiler over the backend's caches.
type searchScripts struct{ b *Backend }

// StoredScript implements search.StoredScripts.
func (s searchScripts) StoredScript(id string) (lang, source string, options map[string]string, ok bool) {
	return s.b.StoredScript(id)
}

// Compile implements search.ScriptCompiler.
func (s searchScripts) Compile(lang, context, source string, opts painless.CompileOptions) (*painless.Script, error) {
	return s.b.scriptCaches.get(context, s.b).Compile(lang, context, source, opts)
}

func (c *searchScriptCaches) get(context string, b *Backend) *painless.Cache {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.caches == nil {
		c.caches = map[string]*painless.Cache{}
	}
	cache, ok := c.caches[context]
	if !ok {
		cache = painless.NewCache(0)
		cache.SetClock(b.Clock.Now)
		replaceRate(cache, context, b.clusterSettings().Values().CompilationRate(context))
		c.caches[context] = cache
	}
	return cache
}

// SearchScriptStats returns the counters of the search script caches by context
// (contexts without a compilation are absent).
func (b *Backend) SearchScriptStats() map[string]painless.CacheStats {
	c := &b.scriptCaches
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make(map[string]painless.CacheStats, len(c.caches))
	for name, cache := range c.caches {
		out[name] = cache.Stats()
	}
	return out
}
