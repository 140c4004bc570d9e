package reindex

import (
	"strconv"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
)

// copiesGate is the wait_for_active_shards check of one batch of a
// bulk-by-scroll job. The batch's bulk request splits into one shard request
// per shard, all waiting in parallel for enough active copies: so the batch
// waits at most timeout on the server clock in all, a shard that timed out
// fails every document of the batch routed to it, and cancelling the task
// ends the wait.
type copiesGate struct {
	j        *Job
	deadline time.Time
	failed   map[copiesKey]*apierr.Error
}

type copiesKey struct {
	index string
	shard int
}

// newCopiesGate starts the gate of one batch.
func (j *Job) newCopiesGate() *copiesGate { return &copiesGate{j: j} }

// bulkShardDesc names the shard request of one document, as the
// unavailable_shards_exception prints it.
func bulkShardDesc(x *indices.Index, shard int) string {
	return "BulkShardRequest [[" + x.Name + "][" + strconv.Itoa(shard) + "]] containing [1] requests"
}

// check returns nil once shard num of x has the active copies the request
// asks for, or its unavailable_shards_exception after the batch's timeout.
func (g *copiesGate) check(x *indices.Index, num int) *apierr.Error {
	p, env := g.j.params, g.j.env
	key := copiesKey{x.Name, num}
	if e := g.failed[key]; e != nil {
		return e
	}
	what := bulkShardDesc(x, num)
	var timer <-chan time.Time
	for {
		changed := env.Indices.Changed()
		cur := x
		if y, ok := env.Indices.Get(x.Name); ok {
			cur = y
		}
		e := env.Copies.Check(cur, num, p.ActiveShards, p.Timeout, what)
		if e == nil {
			return nil
		}
		now := env.Clock.Now()
		if g.deadline.IsZero() {
			g.deadline = now.Add(p.Timeout)
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
			timer = clock.After(env.Clock, left)
		}
		var cancelled <-chan struct{}
		if g.j.task != nil {
			cancelled = g.j.task.CancelledCh()
		}
		select {
		case <-changed:
		case <-timer:
			g.deadline = env.Clock.Now() // the batch's time is up, whatever the clock says next
		case <-cancelled:
			return e
		}
	}
}

// destForGate is the index a reindex write lands in, for its
// wait_for_active_shards check: through an alias to its write index, and
// auto-created first when missing and the request waits for more copies than
// a new index has at once (the bulk creates the index, then its shard
// requests wait). nil when there is nothing to check.
func (g *copiesGate) destForGate(w *Write) *indices.Index {
	env := g.j.env
	target, _, e := env.Indices.WriteTarget(w.Index)
	if e != nil {
		return nil
	}
	if x, ok := env.Indices.Get(target); ok {
		return x
	}
	if w.RequireAlias || !env.Copies.WaitsOnNewIndex(g.j.params.ActiveShards) {
		return nil
	}
	x, _, e := env.Indices.GetOrCreate(target)
	if e != nil {
		return nil
	}
	return x
}
