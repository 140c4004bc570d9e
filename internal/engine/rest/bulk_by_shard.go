package rest

import (
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// bulkOutcome is what one bulk item came to: its response body, and the
// write it made.
type bulkOutcome struct {
	body jsonout.Object
	d    *docResult
	done bool // settled before the items ran (unavailable shards, rejection)
	// written, when set, is the answer of a write its shard took (body is
	// then nil).
	written *bulkWritten
}

// bulkByShard runs the items of a bulk request that has only index and
// create items much as TransportBulkAction does, a chunk of items at a time:
// the chunk's items are prepared first, in request order and outside any
// lock (index resolution, ingest, parsing and analysis); then each shard
// takes its items, in request order, under one hold of its lock (as a
// primary runs its BulkShardRequest), the shards taken as their locks come
// free so that concurrent requests write different shards at once. Items of one shard keep their order, so every
// answer is the one running them one by one gives. It reports false, having
// run nothing, for a request with update or delete items (which read what
// earlier items wrote) or when writes are logged for persistence, whose log
// keeps request order: those run item by item.
func (b *Backend) bulkByShard(items []bulkItem, outcomes []bulkOutcome) bool {
	if b.OnWrite != nil {
		return false
	}
	for i := range items {
		if a := items[i].action; a != "index" && a != "create" {
			return false
		}
	}
	for lo := 0; lo < len(items); lo += bulkChunk {
		hi := min(lo+bulkChunk, len(items))
		b.bulkChunkByShard(items[lo:hi], outcomes[lo:hi])
	}
	return true
}

// bulkChunk is how many items bulkByShard prepares before writing them: few
// enough that their parsed and analysed sources stay in the processor's
// caches and come from the index's pool, many enough that a shard's lock is
// taken once for dozens of items.
const bulkChunk = 64

// bulkChunkByShard prepares items in order, then writes them shard by shard.
func (b *Backend) bulkChunkByShard(items []bulkItem, outcomes []bulkOutcome) {
	type group struct {
		sh        *shard.Shard
		writes    []*shard.Write
		items     []int
		results   []shard.Result
		conflicts []*shard.Conflict
	}
	var groups []*group
	byShard := map[*shard.Shard]*group{}
	pending := make([]*pendingWrite, len(items))
	for i := range items {
		it := &items[i]
		if outcomes[i].done {
			continue
		}
		if it.err != nil {
			outcomes[i].body = bulkFailure(it, it.err)
			continue
		}
		it.op.requireAlias = it.reqAl
		pw, d, e := b.prepareWrite(&it.op)
		switch {
		case e != nil:
			outcomes[i].body = bulkFailure(it, e)
			continue
		case pw == nil: // dropped by a pipeline
			outcomes[i].body, outcomes[i].d = append(b.writeBody(&it.op, d, false), jsonout.Field{Key: "status", Value: d.status}), d
			continue
		}
		pending[i] = pw
		sh := pw.x.WriteShard(pw.w)
		g := byShard[sh]
		if g == nil {
			g = &group{sh: sh}
			byShard[sh] = g
			groups = append(groups, g)
		}
		g.writes = append(g.writes, pw.w)
		g.items = append(g.items, i)
	}
	for _, g := range groups {
		g.results = make([]shard.Result, len(g.writes))
		g.conflicts = make([]*shard.Conflict, len(g.writes))
	}
	// Write each shard whose lock is free; when none is, wait for the first.
	for left := groups; len(left) > 0; {
		waiting := left[:0:0]
		for _, g := range left {
			if !g.sh.TryIndexBatch(g.writes, g.results, g.conflicts) {
				waiting = append(waiting, g)
			}
		}
		if len(waiting) == len(left) {
			g := waiting[0]
			g.sh.IndexBatch(g.writes, g.results, g.conflicts)
			waiting = waiting[1:]
		}
		left = waiting
	}
	written := make([]bulkWritten, len(items)) // one allocation for the chunk's answers
	for _, g := range groups {
		for k, i := range g.items {
			it, pw := &items[i], pending[i]
			if c := g.conflicts[k]; c != nil {
				outcomes[i].body = bulkFailure(it, pw.x.ConflictError(pw.w, g.sh, c))
			} else {
				// As b.wrote, with no write hook (this path runs without one),
				// into the chunk's allocation.
				d := &written[i].d
				*d = docResult{x: pw.x, res: g.results[k], shard: g.sh.Num, status: http.StatusOK}
				if d.res.Created {
					d.status = http.StatusCreated
				}
				b.newBulkWritten(&written[i], it.action, &it.op, d)
				outcomes[i].written, outcomes[i].d = &written[i], d
			}
			pw.release()
		}
	}
}
