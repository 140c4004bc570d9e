package documents

import "time"

// bulkBatch is a request body being filled by Add: each item's lines are
// encoded straight into buf, so a full batch is sent as it stands, with no
// channel send or copy per item.
type bulkBatch struct {
	buf   []byte
	items []*bulkPending
}

// pendingChunk is how many item records are allocated at once.
const pendingChunk = 128

// newPending returns a record for an item, carved from a chunk rather than
// allocated alone; mu is held. A chunk stays alive while any of its items
// is referenced.
func (bi *BulkIndexer) newPending() *bulkPending {
	if len(bi.recs) == 0 {
		bi.recs = make([]bulkPending, pendingChunk)
	}
	p := &bi.recs[0]
	bi.recs = bi.recs[1:]
	return p
}

// current returns the batch Add fills, starting one when there is none;
// mu is held.
func (bi *BulkIndexer) current() *bulkBatch {
	if bi.cur == nil {
		// Sized from the last batch: a body grows by copying otherwise. A
		// sent body is not reused, as the transport may read it still.
		b := &bulkBatch{buf: make([]byte, 0, min(bi.cfg.FlushBytes, bi.lastBytes+bi.lastBytes/8+4096))}
		b.items = make([]*bulkPending, 0, min(bi.cfg.FlushCount, bi.lastCount+1))
		bi.cur = b
		bi.curBorn = time.Now()
	}
	return bi.cur
}

// full reports whether the current batch must be handed to a worker; mu is
// held.
func (bi *BulkIndexer) full() bool {
	b := bi.cur
	return b != nil && (len(b.items) >= bi.cfg.FlushCount || len(b.buf) >= bi.cfg.FlushBytes)
}

// handOver moves the current batch, if it holds anything, to the workers'
// list and wakes one; mu is held.
func (bi *BulkIndexer) handOver() {
	b := bi.cur
	if b == nil || len(b.items) == 0 {
		return
	}
	bi.cur = nil
	bi.lastBytes, bi.lastCount = len(b.buf), len(b.items)
	bi.ready = append(bi.ready, b)
	select {
	case bi.wake <- struct{}{}:
	default: // enough wake-ups are pending: a woken worker drains the list
	}
}

// take pops a batch for a worker (nil when there is none) and frees its
// items' room in the queue; mu is held.
func (bi *BulkIndexer) take() *bulkBatch {
	if len(bi.ready) == 0 {
		return nil
	}
	b := bi.ready[0]
	bi.ready[0] = nil
	bi.ready = bi.ready[1:]
	bi.queued -= len(b.items)
	if bi.space != nil {
		close(bi.space)
		bi.space = nil
	}
	return b
}

// requeue appends a retried item's lines to the current batch (retries do
// not wait for room: they were counted once already) and hands the batch
// over when it is full or the indexer is closing.
func (bi *BulkIndexer) requeue(p *bulkPending) {
	bi.mu.Lock()
	defer bi.mu.Unlock()
	if p.done.Load() {
		return // Close gave up on it and reported it already
	}
	b := bi.current()
	p.off = len(b.buf)
	b.buf = append(b.buf, p.lines...)
	p.end = len(b.buf)
	p.lines = nil
	b.items = append(b.items, p)
	bi.queued++
	if bi.closed || bi.full() {
		bi.handOver()
	}
}
