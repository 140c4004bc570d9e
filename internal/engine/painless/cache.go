package painless

import (
	"container/list"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// DefaultCacheSize is OpenSearch's default script cache size per context.
const DefaultCacheSize = 100

// DefaultMaxCompilationsRate is OpenSearch's default compilation limit for the update context.
const DefaultMaxCompilationsRate = "75/5m"

// CacheStats are the counters node stats report under "script".
type CacheStats struct {
	Compilations              int64
	CacheEvictions            int64
	CompilationLimitTriggered int64
}

// Cache holds compiled scripts keyed by (context, source, options), with an LRU size
// limit and OpenSearch's compilation rate limit (a token bucket: by default 75
// compilations per 5 minutes, refilled continuously; cache hits are free). It is safe
// for concurrent use; the fake owns one per node and script context. Failed compilations
// are not cached and not counted as compilations, but they do spend a token.
type Cache struct {
	mu      sync.Mutex
	max     int
	entries map[string]*list.Element
	lru     *list.List // front = most recently used
	stats   CacheStats

	now         func() time.Time
	rateSetting string  // the setting named in the limit error
	rateText    string  // "75/5m", as the error prints it
	perWindow   float64 // 0: unlimited
	window      time.Duration
	tokens      float64
	last        time.Time
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
	return &Cache{max: size, entries: map[string]*list.Element{}, lru: list.New(), now: time.Now,
		rateSetting: "script.context.update.max_compilations_rate", rateText: DefaultMaxCompilationsRate,
		perWindow: 75, window: 5 * time.Minute, tokens: 75}
}

// SetClock makes the rate limit use the fake's clock.
func (c *Cache) SetClock(now func() time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = now
	c.last = time.Time{}
}

// SetMaxCompilationsRate sets the limit as OpenSearch writes it ("75/5m", "unlimited")
// and the setting name its error message cites. The bucket starts full.
func (c *Cache) SetMaxCompilationsRate(rate, setting string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.rateSetting = setting
	if rate == "unlimited" {
		c.perWindow = 0
		return nil
	}
	n, win, ok := strings.Cut(rate, "/")
	count, err := strconv.Atoi(n)
	if !ok || err != nil || count < 1 {
		return fmt.Errorf("painless: bad compilation rate %q", rate)
	}
	d, err := parseTimeValue(win)
	if err != nil || d < time.Minute {
		return fmt.Errorf("painless: bad compilation rate window %q (at least 1m)", win)
	}
	c.perWindow, c.window, c.rateText = float64(count), d, rate
	c.tokens, c.last = float64(count), time.Time{}
	return nil
}

// parseTimeValue reads OpenSearch time units: 30s, 5m, 1h, 1d.
func parseTimeValue(s string) (time.Duration, error) {
	units := []struct {
		suffix string
		d      time.Duration
	}{{"ms", time.Millisecond}, {"s", time.Second}, {"m", time.Minute}, {"h", time.Hour}, {"d", 24 * time.Hour}}
	for _, u := range units {
		if num, ok := strings.CutSuffix(s, u.suffix); ok {
			n, err := strconv.Atoi(num)
			if err != nil || n < 0 {
				return 0, fmt.Errorf("bad time value %q", s)
			}
			return time.Duration(n) * u.d, nil
		}
	}
	return 0, fmt.Errorf("bad time value %q", s)
}

// takeToken spends one compilation from the bucket; called with mu held.
func (c *Cache) takeToken() error {
	if c.perWindow == 0 {
		return nil
	}
	now := c.now()
	if !c.last.IsZero() {
		refill := float64(now.Sub(c.last)) * c.perWindow / float64(c.window)
		c.tokens = min(c.perWindow, c.tokens+max(refill, 0))
	}
	c.last = now
	if c.tokens >= 1 {
		c.tokens--
		return nil
	}
	c.stats.CompilationLimitTriggered++
	return &Exception{
		Type: "circuit_breaking_exception",
		Reason: "[script] Too many dynamic script compilations within, max: [" + c.rateText +
			"]; please use indexed, or scripts with parameters instead; this limit can be changed by the [" +
			c.rateSetting + "] setting",
		Fields:     []Field{{"bytes_wanted", "0"}, {"bytes_limit", "0"}, {"durability", `"TRANSIENT"`}},
		HTTPStatus: 429,
	}
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
	err := c.takeToken()
	c.mu.Unlock()
	if err != nil {
		return nil, err
	}

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
	if opts.ReturnsValue {
		b.WriteString("returns")
	}
	if opts.NoCtx {
		b.WriteString("noctx")
	}
	if opts.MovingFunctions {
		b.WriteString("movfn")
	}
	if opts.Processors {
		b.WriteString("processors")
	}
	if opts.ScoreFunctions {
		b.WriteString("scorefns")
	}
	if opts.Emit {
		b.WriteString("emit")
	}
	b.WriteString(opts.Returns)
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
		return illegalArgument("expression engine does not know how to handle script context [" + context + "]")
	case "mustache":
		return illegalArgument("mustache engine does not know how to handle context [" + context + "]")
	}
	return illegalArgument("script_lang not supported [" + lang + "]")
}
