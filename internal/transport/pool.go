package transport

import (
	"math/rand/v2"
	"net/url"
	"sync"
	"time"
)

// node is one configured address and its health.
type node struct {
	base      *url.URL // scheme, host and path prefix (no trailing slash), no userinfo
	failures  int      // consecutive connection failures
	deadUntil time.Time
}

// pool rotates requests over the addresses. An address that fails to connect
// is skipped until its backoff ends (1s doubling up to 60s, jittered); when every
// address is dead, the one that comes back soonest is tried anyway.
type pool struct {
	mu    sync.Mutex
	nodes []*node
	next  int
	now   func() time.Time
}

const (
	deadBackoffMin = time.Second
	deadBackoffMax = time.Minute
)

func newPool(bases []*url.URL) *pool {
	p := &pool{now: time.Now}
	for _, b := range bases {
		p.nodes = append(p.nodes, &node{base: b})
	}
	return p
}

// pick returns the next live address in round-robin order.
func (p *pool) pick() *url.URL {
	if len(p.nodes) == 1 {
		return p.nodes[0].base
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	var soonest *node
	for i := 0; i < len(p.nodes); i++ {
		n := p.nodes[(p.next+i)%len(p.nodes)]
		if !now.Before(n.deadUntil) {
			p.next = (p.next + i + 1) % len(p.nodes)
			return n.base
		}
		if soonest == nil || n.deadUntil.Before(soonest.deadUntil) {
			soonest = n
		}
	}
	return soonest.base
}

// find returns the node serving host, or nil.
func (p *pool) find(host string) *node {
	for _, n := range p.nodes {
		if n.base.Host == host {
			return n
		}
	}
	return nil
}

// markDead records a failure on host: it refused a connection, or did not
// answer in time. Failures of attempts that were already under way when host
// was marked do not lengthen its backoff: concurrent callers stuck on one hung
// node are one incident, not many.
func (p *pool) markDead(host string) {
	if len(p.nodes) == 1 {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	n := p.find(host)
	if n == nil || p.now().Before(n.deadUntil) {
		return
	}
	n.failures++
	wait := deadBackoffMin << min(n.failures-1, 6)
	wait = min(wait, deadBackoffMax)
	wait = wait/2 + rand.N(wait/2+1)
	n.deadUntil = p.now().Add(wait)
}

// markAlive clears the failure record of host after a successful exchange.
func (p *pool) markAlive(host string) {
	if len(p.nodes) == 1 {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if n := p.find(host); n != nil && n.failures > 0 {
		n.failures = 0
		n.deadUntil = time.Time{}
	}
}
