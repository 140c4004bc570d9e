package cursor

import (
	"crypto/rand"
	"encoding/base64"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// pitInitKeepAlive is pit.init.keep_alive, the keep-alive a reader context
// starts with, which a shorter request never lowers. The cluster settings
// search.max_open_pit_context (contexts per node) and
// point_in_time.max_keep_alive bound points in time further.
const pitInitKeepAlive = 30 * time.Second

// PITListener follows the shard reader contexts of points in time, for the
// node statistics (point_in_time_current, _total and _time). It is called
// with the store locked and must not call back into it.
type PITListener interface {
	// PITOpened counts a reader context opened on t's shard.
	PITOpened(t search.Target)
	// PITClosed counts a reader context of t's shard freed after lifetime.
	PITClosed(t search.Target, lifetime time.Duration)
}

// pitStore is the point-in-time part of a Store, guarded by its mutex: one
// reader context per shard of each point in time, keyed by context id.
type pitStore struct {
	session  string // ShardSearchContextId's session: ids of another server are missing here
	next     int64
	seq      int64
	ctxs     map[int64]*PITContext
	svc      *indices.Service
	listener PITListener
}

// pitLife is what the shard contexts of one point in time share: they are
// created, used and extended together.
type pitLife struct {
	id         string
	seq        int64 // creation order, for listing
	created    time.Time
	keepAlive  time.Duration // the longest asked for (ReaderContext keeps the max)
	lastAccess time.Time
}

func (l *pitLife) expiresAt() time.Time { return l.lastAccess.Add(l.keepAlive) }

// PITContext is one shard's reader context: the shard's refresh point when
// the point in time was created, searched instead of the current one.
type PITContext struct {
	life    *pitLife
	target  search.Target
	view    shard.View
	node    int
	release func() // unpins the view from the shard
}

// Target is the shard the context reads.
func (c *PITContext) Target() search.Target { return c.target }

// View is the shard's frozen refresh point.
func (c *PITContext) View() shard.View { return c.view }

// PITInfo describes a live point in time (GET /_search/point_in_time/_all).
type PITInfo struct {
	ID        string
	Created   time.Time
	KeepAlive time.Duration
}

// Freed is the outcome of deleting one point-in-time id.
type Freed struct {
	ID string
	OK bool
}

// Cluster is what opening reader contexts reads from the cluster: its
// indexes, its nodes' ids (the context of shard s lives on node
// s mod len(Nodes)) and search.max_open_pit_context.
type Cluster struct {
	Indices       *indices.Service
	Nodes         []string
	MaxPerNodePIT int
}

// SetPITListener makes l follow the points in time (nil stops it).
func (st *Store) SetPITListener(l PITListener) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.pits.listener = l
}

// PITShards returns the live shards of the point in time id (nil when it
// names none), for node statistics.
func (st *Store) PITShards(id string) []search.Target {
	refs, err := DecodePITID(id)
	if err != nil {
		return nil
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	var out []search.Target
	for _, ref := range refs {
		if c := st.pits.ctxs[ref.Context]; c != nil && ref.Session == st.pits.session {
			out = append(out, c.target)
		}
	}
	return out
}

// ExpirePITs frees the point-in-time contexts whose keep-alive ran out and
// those of deleted indexes (scrolls are left to their next use).
func (st *Store) ExpirePITs() {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.expirePITsLocked()
}

func (st *Store) expirePITsLocked() {
	if len(st.pits.ctxs) == 0 {
		return
	}
	now := st.clock.Now()
	for n, c := range st.pits.ctxs {
		switch {
		case now.Sub(c.life.lastAccess) > c.life.keepAlive:
			st.freePITLocked(n, c.life.expiresAt())
		case !st.pits.indexLive(c.target.Index):
			st.freePITLocked(n, now)
		}
	}
}

func (p *pitStore) indexLive(x *indices.Index) bool {
	cur, ok := p.svc.Get(x.Name)
	return ok && cur == x
}

func (st *Store) freePITLocked(n int64, at time.Time) {
	c := st.pits.ctxs[n]
	delete(st.pits.ctxs, n)
	c.release()
	if st.pits.listener != nil {
		st.pits.listener.PITClosed(c.target, at.Sub(c.life.created))
	}
}

func (st *Store) pitInitLocked(svc *indices.Service) {
	if st.pits.ctxs == nil {
		st.pits.ctxs = map[int64]*PITContext{}
		var b [15]byte
		_, _ = rand.Read(b[:])
		st.pits.session = base64.RawURLEncoding.EncodeToString(b[:])
	}
	st.pits.svc = svc
}

// PITTargets lists the shards a new point in time reads: every shard of
// the indexes, or those routing or a _shards preference (only, nil for
// all) select.
func PITTargets(svc *indices.Service, names []string, routing string, only map[int]bool) []search.Target {
	var out []search.Target
	for _, n := range names {
		x, ok := svc.Get(n)
		if !ok {
			continue
		}
		var shards []int
		if routing == "" {
			for sh := range x.Shards {
				shards = append(shards, sh)
			}
		} else {
			seen := map[int]bool{}
			for _, rv := range strings.Split(routing, ",") {
				if sh := x.Routing.Shard("", rv); !seen[sh] {
					seen[sh] = true
					shards = append(shards, sh)
				}
			}
			sort.Ints(shards)
		}
		for _, sh := range shards {
			if only == nil || only[sh] {
				out = append(out, search.Target{Index: x, Shard: sh})
			}
		}
	}
	search.OrderTargets(out)
	return out
}

// OpenPIT is the first phase of creating a point in time
// (SearchService.createPitReaderContext): a reader context on each target,
// reading views (the targets' snapshots). A node already holding
// search.max_open_pit_context of them rejects the shard. The contexts have
// no id until NamePIT.
func (st *Store) OpenPIT(cl Cluster, targets []search.Target, views []shard.View, now time.Time) ([]PITShard, []search.ShardFailure) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.pitInitLocked(cl.Indices)
	st.expirePITsLocked()
	perNode := map[int]int{}
	for _, c := range st.pits.ctxs {
		perNode[c.node]++
	}
	st.pits.seq++
	life := &pitLife{seq: st.pits.seq, created: now, keepAlive: pitInitKeepAlive, lastAccess: now}
	var refs []PITShard
	var fails []search.ShardFailure
	for i, t := range targets {
		node := t.Shard % len(cl.Nodes)
		if perNode[node]+1 > cl.MaxPerNodePIT {
			fails = append(fails, search.ShardFailure{Index: t.Index.Name, Shard: t.Shard, Err: apierr.Newf(apierr.TypeRejectedExecution,
				"Trying to create too many Point In Time contexts. Must be less than or equal to: [%d]. This limit can be set by changing the [search.max_open_pit_context] setting.", cl.MaxPerNodePIT)})
			continue
		}
		perNode[node]++
		v := views[i]
		if v.Stats == nil {
			// A shard never refreshed: an empty view, not "the current one".
			v.Stats = map[string]shard.FieldStats{}
		}
		st.pits.next++
		st.pits.ctxs[st.pits.next] = &PITContext{life: life, target: t, view: v, node: node, release: t.Index.Shards[t.Shard].Pin(v)}
		if st.pits.listener != nil {
			st.pits.listener.PITOpened(t)
		}
		refs = append(refs, PITShard{Index: t.Index.Name, UUID: t.Index.UUID, Shard: t.Shard,
			Node: cl.Nodes[node], Session: st.pits.session, Context: st.pits.next})
	}
	return refs, fails
}

// NamePIT is the update phase of creating a point in time: the contexts
// learn their id, creation time and keep-alive.
func (st *Store) NamePIT(refs []PITShard, id string, keepAlive time.Duration, now time.Time) {
	st.mu.Lock()
	defer st.mu.Unlock()
	for _, ref := range refs {
		if c := st.pits.ctxs[ref.Context]; c != nil {
			c.life.id = id
			c.life.keepAlive = max(c.life.keepAlive, keepAlive)
			c.life.lastAccess = now
		}
	}
}

// ClosePIT frees the contexts of a point in time that could not be created.
func (st *Store) ClosePIT(refs []PITShard, now time.Time) {
	st.mu.Lock()
	defer st.mu.Unlock()
	for _, ref := range refs {
		if _, ok := st.pits.ctxs[ref.Context]; ok {
			st.freePITLocked(ref.Context, now)
		}
	}
}

// FreePITs frees the contexts the ids (decoded into refs, one list per id)
// name and returns each distinct id with its outcome, in first-seen order:
// a context found or already gone is a success, a node outside nodes (the
// cluster's node ids) fails the id (PitService.deletePitContexts). An id
// naming no shard is left out.
func (st *Store) FreePITs(ids []string, refs [][]PITShard, nodes map[string]bool) []Freed {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.expirePITsLocked()
	now := st.clock.Now()
	at := map[string]int{}
	var out []Freed
	for i, id := range ids {
		ok := true
		for _, ref := range refs[i] {
			if !nodes[ref.Node] {
				ok = false
				continue
			}
			if _, live := st.pits.ctxs[ref.Context]; live && ref.Session == st.pits.session {
				st.freePITLocked(ref.Context, now)
			}
		}
		if len(refs[i]) == 0 {
			continue
		}
		if j, seen := at[id]; seen {
			out[j].OK = out[j].OK && ok
			continue
		}
		at[id] = len(out)
		out = append(out, Freed{ID: id, OK: ok})
	}
	return out
}

// FreeAllPITs frees every context and returns the distinct ids, each a
// success.
func (st *Store) FreeAllPITs() []Freed {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.expirePITsLocked()
	now := st.clock.Now()
	var out []Freed
	for _, l := range st.livePITsLocked() {
		out = append(out, Freed{ID: l.id, OK: true})
	}
	for n := range st.pits.ctxs {
		st.freePITLocked(n, now)
	}
	return out
}

// PITs lists the live points in time, oldest first.
func (st *Store) PITs() []PITInfo {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.expirePITsLocked()
	var out []PITInfo
	for _, l := range st.livePITsLocked() {
		out = append(out, PITInfo{ID: l.id, Created: l.created, KeepAlive: l.keepAlive})
	}
	return out
}

// livePITsLocked lists the points in time with a live context, oldest first.
func (st *Store) livePITsLocked() []*pitLife {
	seen := map[*pitLife]bool{}
	var out []*pitLife
	for _, c := range st.pits.ctxs {
		if !seen[c.life] {
			seen[c.life] = true
			out = append(out, c.life)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].seq < out[j].seq })
	return out
}

// PITContexts finds the reader contexts of a point in time's shards; each
// shard whose context is gone (expired, deleted, its index deleted, or of
// another server) fails with search_context_missing_exception.
func (st *Store) PITContexts(refs []PITShard) ([]*PITContext, []search.ShardFailure) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.expirePITsLocked()
	var live []*PITContext
	var fails []search.ShardFailure
	for _, ref := range refs {
		c := st.pits.ctxs[ref.Context]
		if c == nil || ref.Session != st.pits.session {
			fails = append(fails, search.ShardFailure{Index: ref.Index, Shard: ref.Shard,
				Err: apierr.New(apierr.TypeSearchContextMissing, "No search context found for id ["+strconv.FormatInt(ref.Context, 10)+"]")})
			continue
		}
		live = append(live, c)
	}
	return live, fails
}

// UsePIT marks the contexts used now (ReaderContext.markAsUsed): the
// keep-alive grows to the one asked for (0: none asked), counted from now.
func (st *Store) UsePIT(ctxs []*PITContext, keepAlive time.Duration) {
	st.mu.Lock()
	defer st.mu.Unlock()
	now := st.clock.Now()
	for _, c := range ctxs {
		if keepAlive > 0 {
			c.life.keepAlive = max(c.life.keepAlive, keepAlive)
		}
		c.life.lastAccess = now
	}
}
