package nodestats

import (
	"sync"
	"sync/atomic"
	"time"
)

// Scrolls follows the open scroll contexts for the search statistics: each
// scroll holds a context on every shard it reads (scroll_current) until it
// is cleared or its keep-alive runs out; then each shard counts it in
// scroll_total and its lifetime in scroll_time. It is safe for concurrent use.
type Scrolls struct {
	mu   sync.Mutex
	open map[string]*scroll
	n    atomic.Int64 // len(open), read without the lock
}

type scroll struct {
	shards          []*ShardOps
	nodes           []int
	opened, expires time.Time
}

// Open registers scroll id reading shards (held by nodes, in the same
// order), opened at now and kept alive for keepAlive.
func (s *Scrolls) Open(id string, shards []*ShardOps, nodes []int, now time.Time, keepAlive time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.open[id]; ok {
		old.close(now)
	}
	for _, sh := range shards {
		sh.OpenScroll()
	}
	s.open[id] = &scroll{shards: shards, nodes: nodes, opened: now, expires: now.Add(keepAlive)}
	s.n.Store(int64(len(s.open)))
}

// Continue returns the shards of scroll id and their nodes for one more
// round; a positive keepAlive renews it from now. It returns nils for an
// unknown scroll.
func (s *Scrolls) Continue(id string, now time.Time, keepAlive time.Duration) ([]*ShardOps, []int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sc, ok := s.open[id]
	if !ok {
		return nil, nil
	}
	if keepAlive > 0 {
		sc.expires = now.Add(keepAlive)
	}
	return sc.shards, sc.nodes
}

// Clear frees the given scrolls (every one when all is set) at now.
func (s *Scrolls) Clear(ids []string, all bool, now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, sc := range s.open {
		if all {
			sc.close(now)
			delete(s.open, id)
		}
	}
	for _, id := range ids {
		if sc, ok := s.open[id]; ok {
			sc.close(now)
			delete(s.open, id)
		}
	}
	s.n.Store(int64(len(s.open)))
}

// Expire frees the scrolls whose keep-alive ran out before now; their
// lifetime ends at the expiry. It costs an atomic load when none is open.
func (s *Scrolls) Expire(now time.Time) {
	if s.n.Load() == 0 {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, sc := range s.open {
		if now.After(sc.expires) {
			sc.close(sc.expires)
			delete(s.open, id)
		}
	}
	s.n.Store(int64(len(s.open)))
}

func (sc *scroll) close(at time.Time) {
	for _, sh := range sc.shards {
		sh.CloseScroll(at.Sub(sc.opened))
	}
}
