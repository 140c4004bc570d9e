package rest

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/write"
)

// copiesGate is the wait_for_active_shards check of one batch of a
// bulk-by-scroll job. The batch's bulk request splits into one shard request
// per shard, all waiting in parallel for enough active copies: so the batch
// waits at most timeout on the server clock in all, a shard that timed out
// fails every document of the batch routed to it, and cancelling the task
// ends the wait.
type copiesGate struct {
	j        *scrollJob
	deadline time.Time
	failed   map[copiesKey]*apierr.Error
}

type copiesKey struct {
	index string
	shard int
}

// newCopiesGate starts the gate of one batch.
func (j *scrollJob) newCopiesGate() *copiesGate { return &copiesGate{j: j} }

// check returns nil once shard num of x has the active copies the request
// asks for, or its unavailable_shards_exception after the batch's timeout.
func (g *copiesGate) check(x *indices.Index, num int, what string) *apierr.Error {
	p := g.j.params
	b := g.j.d.b
	key := copiesKey{x.Name, num}
	if e := g.failed[key]; e != nil {
		return e
	}
	var timer <-chan time.Time
	for {
		changed := b.Indices.Changed()
		cur := x
		if y, ok := b.Indices.Get(x.Name); ok {
			cur = y
		}
		e := b.checkActiveShards(cur, num, p.activeShards, p.timeout, what)
		if e == nil {
			return nil
		}
		now := b.Clock.Now()
		if g.deadline.IsZero() {
			g.deadline = now.Add(p.timeout)
		}
		left := g.deadline.Sub(now)
		if left <= 0 {
			if g.failed == nil {
				g.failed = map[copiesKey]*apierr.Error{}
			}
			g.failed[key] = e
			return e
		}
		if timer == nil {
			timer = clock.After(b.Clock, left)
		}
		var cancelled <-chan struct{}
		if g.j.task != nil {
			cancelled = g.j.task.CancelledCh()
		}
		select {
		case <-changed:
		case <-timer:
			g.deadline = b.Clock.Now() // the batch's time is up, whatever the clock says next
		case <-cancelled:
			return e
		}
	}
}

// reindexDestForGate is the index a reindex write lands in, for its
// wait_for_active_shards check: through an alias to its write index, and
// auto-created first when missing and the request waits for more copies than
// a new index has at once (the bulk creates the index, then its shard
// requests wait). nil when there is nothing to check.
func (d *DocOps) reindexDestForGate(op *write.Op, gate *copiesGate) *indices.Index {
	target, _, e := d.b.Indices.WriteTarget(op.Index)
	if e != nil {
		return nil
	}
	if x, ok := d.b.Indices.Get(target); ok {
		return x
	}
	want, err := activeShardsValue(gate.j.params.activeShards)
	if err != nil || op.RequireAlias || d.b.enoughCopies(want, 1) {
		return nil
	}
	x, _, e := d.b.Indices.GetOrCreate(target)
	if e != nil {
		return nil
	}
	return x
}
