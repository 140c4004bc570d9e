package nodestats

import (
	"sync"
	"sync/atomic"
	"time"
)

// ShardKey names one shard of one index (by its uuid, so a re-created index
// starts from zero, as its new shards do on a real node).
type ShardKey struct {
	IndexUUID string
	Shard     int
}

// ShardOps are the operation counters of one shard (its primary; the fake
// applies writes to replicas at the same moment and counts them there too
// when rendering). All methods are safe for concurrent use.
type ShardOps struct {
	indexTotal, indexNanos, indexCurrent, indexFailed  atomic.Int64
	deleteTotal, deleteNanos, deleteCurrent, noopTotal atomic.Int64

	getTotal, getNanos, getCurrent atomic.Int64
	existsTotal, existsNanos       atomic.Int64
	missingTotal, missingNanos     atomic.Int64

	queryTotal, queryNanos, queryCurrent    atomic.Int64
	fetchTotal, fetchNanos, fetchCurrent    atomic.Int64
	scrollTotal, scrollNanos, scrollCurrent atomic.Int64
	suggestTotal, suggestNanos              atomic.Int64 // suggest-only query phases (suggest.go)
	pitTotal, pitNanos, pitCurrent          atomic.Int64

	refreshTotal, refreshNanos         atomic.Int64
	externalRefresh, externalRefreshNs atomic.Int64
	flushTotal, flushPeriodic          atomic.Int64
	flushNanos                         atomic.Int64

	cacheHits, cacheMisses atomic.Int64 // the shard request cache
}

// RecordRequestCache counts one lookup of the shard request cache.
func (s *ShardOps) RecordRequestCache(hit bool) {
	if hit {
		s.cacheHits.Add(1)
	} else {
		s.cacheMisses.Add(1)
	}
}

// RecordIndex counts one index operation that took d (failed: rejected by
// a version conflict or a mapping error).
func (s *ShardOps) RecordIndex(d time.Duration, failed bool) {
	if failed {
		s.indexFailed.Add(1)
		return
	}
	s.indexTotal.Add(1)
	s.indexNanos.Add(int64(d))
}

// RecordDelete counts one delete operation that took d.
func (s *ShardOps) RecordDelete(d time.Duration) {
	s.deleteTotal.Add(1)
	s.deleteNanos.Add(int64(d))
}

// RecordNoop counts an update that changed nothing (detect_noop).
func (s *ShardOps) RecordNoop() { s.noopTotal.Add(1) }

// RecordGet counts one realtime get that took d; found tells exists from missing.
func (s *ShardOps) RecordGet(d time.Duration, found bool) {
	s.getTotal.Add(1)
	s.getNanos.Add(int64(d))
	if found {
		s.existsTotal.Add(1)
		s.existsNanos.Add(int64(d))
	} else {
		s.missingTotal.Add(1)
		s.missingNanos.Add(int64(d))
	}
}

// RecordQuery counts the query phase of one search on this shard.
func (s *ShardOps) RecordQuery(d time.Duration) {
	s.queryTotal.Add(1)
	s.queryNanos.Add(int64(d))
}

// RecordFetch counts the fetch phase of one search on this shard.
func (s *ShardOps) RecordFetch(d time.Duration) {
	s.fetchTotal.Add(1)
	s.fetchNanos.Add(int64(d))
}

// OpenScroll counts a scroll context opened on the shard (scroll_current);
// CloseScroll releases it and counts its lifetime d, as OpenSearch counts
// scroll_total and scroll_time when the context is freed.
func (s *ShardOps) OpenScroll() {
	s.scrollCurrent.Add(1)
}

// CloseScroll releases a context opened with OpenScroll after d.
func (s *ShardOps) CloseScroll(d time.Duration) {
	s.scrollCurrent.Add(-1)
	s.scrollTotal.Add(1)
	s.scrollNanos.Add(int64(d))
}

// RecordRefresh counts a refresh; external is a refresh asked for through the
// API or a refresh parameter (scheduled refreshes are internal only).
func (s *ShardOps) RecordRefresh(d time.Duration, external bool) {
	s.refreshTotal.Add(1)
	s.refreshNanos.Add(int64(d))
	if external {
		s.externalRefresh.Add(1)
		s.externalRefreshNs.Add(int64(d))
	}
}

// RecordFlush counts a flush (periodic: triggered by the translog size).
func (s *ShardOps) RecordFlush(d time.Duration, periodic bool) {
	s.flushTotal.Add(1)
	s.flushNanos.Add(int64(d))
	if periodic {
		s.flushPeriodic.Add(1)
	}
}

// Pool counts the work one thread pool did.
type Pool struct {
	active, largest, completed, rejected atomic.Int64
	waitNanos                            atomic.Int64
}

// Begin marks a task running on the pool; call the returned func when it ends.
func (p *Pool) Begin() (end func()) {
	n := p.active.Add(1)
	for {
		l := p.largest.Load()
		if n <= l || p.largest.CompareAndSwap(l, n) {
			break
		}
	}
	return func() {
		p.active.Add(-1)
		p.completed.Add(1)
	}
}

// NodeOps are the counters of one simulated node.
type NodeOps struct {
	httpOpen, httpTotal atomic.Int64
	rxCount, rxBytes    atomic.Int64
	txCount, txBytes    atomic.Int64
	pools               map[string]*Pool // fixed at construction; values are safe to share
}

// HTTPOpened counts a new HTTP connection; HTTPClosed its end.
func (n *NodeOps) HTTPOpened() {
	n.httpOpen.Add(1)
	n.httpTotal.Add(1)
}

// HTTPClosed counts the end of a connection counted by HTTPOpened.
func (n *NodeOps) HTTPClosed() { n.httpOpen.Add(-1) }

// Transport counts a message sent by this node of size bytes; the receiver
// counts it with Received.
func (n *NodeOps) Sent(size int64) {
	n.txCount.Add(1)
	n.txBytes.Add(size)
}

// Received counts a message of size bytes received over the transport layer.
func (n *NodeOps) Received(size int64) {
	n.rxCount.Add(1)
	n.rxBytes.Add(size)
}

// Pool returns the named thread pool (nil for a name OpenSearch does not have).
func (n *NodeOps) Pool(name string) *Pool { return n.pools[name] }

// Registry holds the counters of one fake cluster. It is safe for concurrent use.
type Registry struct {
	started time.Time
	nodes   []*NodeOps

	mu     sync.RWMutex
	shards map[ShardKey]*ShardOps

	scrolls Scrolls
}

// NewRegistry returns counters for a cluster of n nodes started at started.
func NewRegistry(n int, started time.Time) *Registry {
	r := &Registry{started: started, shards: map[ShardKey]*ShardOps{}, scrolls: Scrolls{open: map[string]*scroll{}}}
	for i := 0; i < n; i++ {
		no := &NodeOps{pools: map[string]*Pool{}}
		for _, p := range threadPools {
			no.pools[p.name] = &Pool{}
		}
		r.nodes = append(r.nodes, no)
	}
	return r
}

// Scrolls returns the scroll contexts the counters follow.
func (r *Registry) Scrolls() *Scrolls { return &r.scrolls }

// Node returns the counters of node i (0-based; the coordinating node is 0).
func (r *Registry) Node(i int) *NodeOps {
	if i < 0 || i >= len(r.nodes) {
		return nil
	}
	return r.nodes[i]
}

// Shard returns the counters of a shard, creating them on first use.
func (r *Registry) Shard(k ShardKey) *ShardOps {
	r.mu.RLock()
	s, ok := r.shards[k]
	r.mu.RUnlock()
	if ok {
		return s
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if s, ok = r.shards[k]; !ok {
		s = &ShardOps{}
		r.shards[k] = s
	}
	return s
}

// peek returns a shard's counters without creating them (nil when none).
func (r *Registry) peek(k ShardKey) *ShardOps {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.shards[k]
}

// Forget drops the counters of a deleted index's shards.
func (r *Registry) Forget(indexUUID string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for k := range r.shards {
		if k.IndexUUID == indexUUID {
			delete(r.shards, k)
		}
	}
}
