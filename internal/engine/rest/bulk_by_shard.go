package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/write"
)

// bulkOutcome is what one bulk item came to: its response body, and the
// write it made.
type bulkOutcome struct {
	body jsonout.Object
	d    *write.Result
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

// bulkChunkByShard runs a chunk's items with write.Writer.WriteByShard,
// then renders each item's answer.
func (b *Backend) bulkChunkByShard(items []bulkItem, outcomes []bulkOutcome) {
	ops := make([]*write.Op, len(items))
	skip := make([]bool, len(items))
	for i := range items {
		it := &items[i]
		it.op.RequireAlias = it.reqAl
		ops[i], skip[i] = &it.op, outcomes[i].done || it.err != nil
	}
	results, errs := b.writer().WriteByShard(ops, skip)
	written := make([]bulkWritten, len(items)) // one allocation for the chunk's answers
	for i := range items {
		it := &items[i]
		switch {
		case outcomes[i].done:
		case it.err != nil:
			outcomes[i].body = bulkFailure(it, it.err)
		case errs[i] != nil:
			outcomes[i].body = bulkFailure(it, errs[i])
		case results[i].Dropped:
			d := results[i]
			body := b.writeBody(&it.op, d, false)
			outcomes[i].body, outcomes[i].d = append(body, jsonout.Field{Key: "status", Value: d.Status}), d
		default:
			// Written straight to JSON into the chunk's allocation.
			b.newBulkWritten(&written[i], it.action, &it.op, results[i])
			outcomes[i].written, outcomes[i].d = &written[i], results[i]
		}
	}
}
