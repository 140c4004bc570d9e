package painless

import (
	"container/list"
	"sort"
	"strings"
	"sync"
)

// DefaultCacheSize is OpenSearch's default script.cache.max_size.
const DefaultCacheSize = 100

// CacheStats are the counters node stats report under "script".
type CacheStats struct {
	Compilations              int64
	CacheEvictions            int64
	CompilationLimitTriggered int64
}

// Cache holds compiled scripts keyed by (lang, context, source, options), with an LRU
// size limit. It is safe for concurrent use; the fake owns one per node. Failed
// compilations are not cached (and, as in OpenSearch, not counted as compilations).
type Cache struct {
	mu      sync.Mutex
	max     int
	entries map[string]*list.Element
	lru     *list.List // front = most recently used
	stats   CacheStats
}

type cacheEntry struct {
	key    string
	script *Script
}

// NewCache returns a cache holding at most size scripts (DefaultCacheSize if size <= 0).
func NewCache(size int) *Cache {
	if size <= 0 {
		size = DefaultCacheSize
	}
	return &Cache{max: size, entries: map[string]*list.Element{}, lru: list.New()}
}

// Compile returns the cached script for (lang, context, source, options), compiling it on
// a miss. lang and context are checked with CheckLang first.
func (c *Cache) Compile(lang, context, source string, opts CompileOptions) (*Script, error) {
	if err := CheckLang(lang, context); err != nil {
		return nil, err
	}
	key := cacheKey(context, source, opts)
	c.mu.Lock()
	if el, ok := c.entries[key]; ok {
		c.lru.MoveToFront(el)
		s := el.Value.(*cacheEntry).script
		c.mu.Unlock()
		return s, nil
	}
	c.mu.Unlock()

	s, err := Compile(source, opts) // outside the lock: compiling twice is harmless
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.stats.Compilations++
	if el, ok := c.entries[key]; ok {
		c.lru.MoveToFront(el)
		return el.Value.(*cacheEntry).script, nil
	}
	c.entries[key] = c.lru.PushFront(&cacheEntry{key: key, script: s})
	for c.lru.Len() > c.max {
		old := c.lru.Back()
		c.lru.Remove(old)
		delete(c.entries, old.Value.(*cacheEntry).key)
		c.stats.CacheEvictions++
	}
	return s, nil
}

// Stats returns a snapshot of the counters.
func (c *Cache) Stats() CacheStats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stats
}

// Len returns the number of cached scripts.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Len()
}

func cacheKey(context, source string, opts CompileOptions) string {
	var b strings.Builder
	b.WriteString("painless\x00")
	b.WriteString(context)
	b.WriteByte(0)
	keys := make([]string, 0, len(opts.Options))
	for k := range opts.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(opts.Options[k])
		b.WriteByte(0)
	}
	for _, v := range opts.Vars {
		b.WriteString(v)
		b.WriteByte(0)
	}
	b.WriteByte(1)
	b.WriteString(source)
	return b.String()
}

// CheckLang validates a script's lang for a script context ("update" for _update,
// _update_by_query and _reindex, which all compile with UpdateScript's context). An empty
// lang means painless. The errors are OpenSearch's: unknown langs give "script_lang not
// supported [x]"; expression and mustache exist but cannot run update scripts.
func CheckLang(lang, context string) error {
	switch lang {
	case "", "painless":
		return nil
	case "expression":
		return &ArgumentError{Reason: "expression engine does not know how to handle script context [" + context + "]"}
	case "mustache":
		return &ArgumentError{Reason: "mustache engine does not know how to handle context [" + context + "]"}
	}
	return &ArgumentError{Reason: "script_lang not supported [" + lang + "]"}
}
