package painless

import (
	"container/list"
	"math"
	"time"
)

// Replace empties the cache and its counters and sets its compilation
// limit, as OpenSearch builds a new ScriptCache for a context whose settings
// changed. text is the limit as the error prints it ("10/1m"); unlimited
// lifts it; a count of 0 refuses every compilation.
func (c *Cache) Replace(text, setting string, count int, window time.Duration, unlimited bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.entries = map[string]*list.Element{}
	c.lru.Init()
	c.stats = CacheStats{}
	c.rateSetting, c.rateText, c.last = setting, text, time.Time{}
	switch {
	case unlimited:
		c.perWindow = 0
	case count == 0:
		// A bucket that never refills to one token (perWindow 0 would mean
		// unlimited).
		c.perWindow, c.window, c.tokens = math.SmallestNonzeroFloat64, window, 0
	default:
		c.perWindow, c.window, c.tokens = float64(count), window, float64(count)
	}
}
