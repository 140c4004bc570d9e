// Package cursor keeps the search contexts that outlive a request: the
// scroll contexts a scrolling search opens and the per-shard reader contexts
// of points in time, with their ids, keep-alives and expiry on the server
// clock. The HTTP layer parses the requests and renders the answers; this
// package holds the state between them.
package cursor

import (
	"encoding/base64"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// Store is a node's open search contexts: scrolls and points in time, which
// expire on the server clock. It is safe for concurrent use.
type Store struct {
	clock   clock.Clock
	mu      sync.Mutex
	next    int64
	scrolls map[int64]*Scroll
	pits    pitStore
}

// NewStore returns an empty store reading time from c.
func NewStore(c clock.Clock) *Store {
	return &Store{clock: c, scrolls: map[int64]*Scroll{}}
}

// Scroll is one open scroll context: the engine's scroll over the shards it
// read, and the caller's parsed request that every later page is rendered
// with. Hold Lock while reading a page: pages of one scroll do not overlap.
type Scroll struct {
	mu      sync.Mutex
	search  *search.Scroll
	state   any
	expires time.Time // guarded by the store's mutex
}

// Lock takes the scroll for one page.
func (c *Scroll) Lock() { c.mu.Lock() }

// Unlock releases the scroll after a page.
func (c *Scroll) Unlock() { c.mu.Unlock() }

// Search is the engine's scroll, which reads the next pages.
func (c *Scroll) Search() *search.Scroll { return c.search }

// State is the caller's parsed request given to OpenScroll.
func (c *Scroll) State() any { return c.state }

// OpenContexts is the number of open shard-level search contexts (the
// search.open_contexts of node statistics): each live scroll and point in
// time holds one per shard it reads.
func (st *Store) OpenContexts() int {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.expireLocked()
	n := len(st.pits.ctxs)
	for _, c := range st.scrolls {
		n += len(c.search.Targets())
	}
	return n
}

// Expire frees the scroll and point-in-time contexts whose keep-alive ran
// out, and those of deleted indexes. The server's reaper does so every
// search.keep_alive_interval; the store does it lazily, before each use,
// and callers that must not see expired contexts' pins (a force merge)
// call it first.
func (st *Store) Expire() {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.expireLocked()
}

func (st *Store) expireLocked() {
	st.expireScrollsLocked()
	st.expirePITsLocked()
}

func (st *Store) expireScrollsLocked() {
	now := st.clock.Now()
	for id, c := range st.scrolls {
		if now.After(c.expires) {
			delete(st.scrolls, id)
			c.search.Close()
		}
	}
}

// OpenScroll registers the scroll of a first search, kept alive for
// keepAlive, and returns its id. state is the caller's parsed request,
// handed back by Scroll.State for the later pages.
func (st *Store) OpenScroll(s *search.Scroll, state any, keepAlive time.Duration) string {
	s.Pin()
	c := &Scroll{search: s, state: state}
	st.mu.Lock()
	defer st.mu.Unlock()
	st.expireScrollsLocked()
	c.expires = st.clock.Now().Add(keepAlive)
	st.next++
	st.scrolls[st.next] = c
	return encodeScrollID(st.next)
}

// Scroll finds the live scroll an id names: a malformed id is "Cannot parse
// scroll id", an expired or freed one the search_context_missing_exception
// of an all-shards failure.
func (st *Store) Scroll(id string) (*Scroll, *apierr.Error) {
	n, err := decodeScrollID(id)
	if err != nil {
		return nil, err
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	st.expireScrollsLocked()
	c := st.scrolls[n]
	if c == nil {
		return nil, contextMissing(n)
	}
	return c, nil
}

// KeepAlive makes c live for d from now (a later page's scroll parameter).
func (st *Store) KeepAlive(c *Scroll, d time.Duration) {
	st.mu.Lock()
	defer st.mu.Unlock()
	c.expires = st.clock.Now().Add(d)
}

// ClearAllScrolls frees every scroll and returns how many there were.
func (st *Store) ClearAllScrolls() int {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.expireScrollsLocked()
	n := len(st.scrolls)
	for _, c := range st.scrolls {
		c.search.Close()
	}
	st.scrolls = map[int64]*Scroll{}
	return n
}

// ClearScrolls frees the scrolls the ids name and returns how many were
// live; a malformed id fails the whole call before any is freed.
func (st *Store) ClearScrolls(ids []string) (int, *apierr.Error) {
	nums := make([]int64, 0, len(ids))
	for _, s := range ids {
		n, err := decodeScrollID(s)
		if err != nil {
			return 0, err
		}
		nums = append(nums, n)
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	st.expireScrollsLocked()
	freed := 0
	for _, n := range nums {
		if c, ok := st.scrolls[n]; ok {
			delete(st.scrolls, n)
			c.search.Close()
			freed++
		}
	}
	return freed, nil
}

const scrollIDPrefix = "clustersearch-fake-scroll:"

func encodeScrollID(n int64) string {
	return base64.URLEncoding.EncodeToString([]byte(scrollIDPrefix + strconv.FormatInt(n, 10)))
}

// decodeScrollID reads a scroll id; a malformed one is the server's
// "Cannot parse scroll id".
func decodeScrollID(s string) (int64, *apierr.Error) {
	raw, err := base64.URLEncoding.DecodeString(s)
	if err == nil && strings.HasPrefix(string(raw), scrollIDPrefix) {
		if n, perr := strconv.ParseInt(strings.TrimPrefix(string(raw), scrollIDPrefix), 10, 64); perr == nil {
			return n, nil
		}
	}
	return 0, apierr.IllegalArgument("Cannot parse scroll id").WithCause(apierr.IllegalArgument("invalid scroll id [%s]", s))
}

// contextMissing is the failure of a scroll whose context expired or was freed.
func contextMissing(id int64) *apierr.Error {
	cause := apierr.New(apierr.TypeSearchContextMissing, "No search context found for id ["+strconv.FormatInt(id, 10)+"]")
	e := apierr.New(apierr.TypeSearchPhaseExecution, "all shards failed")
	e.Status = cause.Status
	e.Meta = []apierr.Meta{{Key: "phase", Value: "query"}, {Key: "grouped", Value: true},
		{Key: "failed_shards", Value: []any{jsonout.Object{{Key: "shard", Value: -1}, {Key: "index", Value: nil}, {Key: "reason", Value: cause.Inline()}}}}}
	e.Cause = cause
	e.RootCauses = []*apierr.Error{cause}
	return e
}

// ParseKeepAlive parses a scroll keep-alive and applies search.max_keep_alive
// (max).
func ParseKeepAlive(v string, max time.Duration) (time.Duration, *apierr.Error) {
	d, err := settings.ParseTimeValue(v, "scroll")
	if err != nil {
		return 0, err
	}
	if d > max {
		return 0, apierr.IllegalArgument("Keep alive for request (%s) is too large. It must be less than (%s). This limit can be set by changing the [search.max_keep_alive] cluster level setting.",
			nodestats.Duration(d.Truncate(time.Millisecond)), nodestats.Duration(max))
	}
	return d, nil
}
