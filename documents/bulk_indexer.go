package documents

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/types"
)

// BulkIndexerConfig configures a BulkIndexer. Zero values take the
// defaults noted on each field.
type BulkIndexerConfig struct {
	// Index is the default index of operations that name none.
	Index string
	// Params are the URL parameters of every _bulk request.
	Params *BulkParams
	// Workers is how many requests may be in flight at once (default 2).
	Workers int
	// FlushBytes flushes a batch once its body reaches this size
	// (default 5 MiB).
	FlushBytes int
	// FlushCount flushes a batch once it holds this many operations
	// (default 1,000).
	FlushCount int
	// FlushInterval flushes a batch that waited this long (default 30s; a
	// negative value flushes only by size, count and Close).
	FlushInterval time.Duration
	// QueueSize is how many added operations may wait for a worker; Add
	// blocks while the queue is full (default Workers × FlushCount).
	QueueSize int
	// RetryStatuses are the item statuses retried with backoff (default
	// 429 only: the server rejected the item without applying it).
	RetryStatuses []int
	// MaxRetries is how many times one item is retried before it reaches
	// its failure callback (default 10).
	MaxRetries int
	// RetryBackoff is the wait before retry n (1-based); the default
	// doubles from 100ms up to 10s, with jitter.
	RetryBackoff func(n int) time.Duration
	// OnFlushError, when set, hears of each request that failed as a whole
	// (its operations also reach their failure callbacks).
	OnFlushError func(ctx context.Context, err error)
}

// BulkIndexerItem is one operation added to a BulkIndexer, with its
// callbacks. Exactly one callback runs for every added item, from a worker
// goroutine: OnSuccess with the item's result, or OnFailure with the
// failed result (err nil) or the error that kept the item from a result.
type BulkIndexerItem struct {
	Operation BulkOperation
	OnSuccess func(ctx context.Context, item BulkIndexerItem, res BulkItemResult)
	OnFailure func(ctx context.Context, item BulkIndexerItem, res BulkItemResult, err error)
}

// BulkIndexerStats counts what a BulkIndexer did.
type BulkIndexerStats struct {
	Added    uint64 // items accepted by Add
	Flushed  uint64 // items sent in a request that answered (retries count again)
	Failed   uint64 // items that reached OnFailure
	Indexed  uint64 // successful index items (created or updated)
	Created  uint64 // successful items whose result was "created"
	Updated  uint64 // successful items whose result was "updated" (or "noop")
	Deleted  uint64 // successful delete items
	Requests uint64 // _bulk requests sent
	Retries  uint64 // item retries scheduled
}

// ErrBulkIndexerClosed is returned by Add after Close.
var ErrBulkIndexerClosed = errors.New("documents: the bulk indexer is closed")

// ErrNotSent is the error of items that Close could not send before its
// context ended.
var ErrNotSent = errors.New("documents: the bulk indexer closed before the item was sent")

// BulkIndexer batches operations from many goroutines into _bulk requests
// sent by a fixed number of workers. Items the server rejects with a
// retryable status (429) are retried with backoff; an item is never
// dropped: it reaches OnSuccess or OnFailure exactly once.
type BulkIndexer struct {
	s   *Service
	cfg BulkIndexerConfig

	wake    chan struct{} // a batch is ready (buffered: one per worker)
	stop    chan struct{} // closed when every item is settled, or Close gave up
	ctx     context.Context
	cancel  context.CancelFunc
	workers sync.WaitGroup

	mu      sync.Mutex
	closed  bool
	open    openList      // items not settled yet
	settled chan struct{} // closed when open empties after Close
	// cur is the batch Add encodes into (started at curBorn); ready the
	// full batches no worker took yet; queued counts the items of both,
	// which Add keeps under QueueSize; space, when set, is closed once a
	// worker takes a batch.
	cur                  *bulkBatch
	curBorn              time.Time
	ready                []*bulkBatch
	queued               int
	space                chan struct{}
	recs                 []bulkPending      // the chunk item records come from
	enc                  *jsonx.LineEncoder // encodes documents into cur (Add holds mu)
	lastBytes, lastCount int                // the size of the last batch handed over

	stats struct {
		added, flushed, failed, indexed, created, updated, deleted, requests, retries atomic.Uint64
	}
}

// bulkPending is an added item. Its lines are buf[off:end] of the batch
// that holds it; an item waiting for a retry keeps a copy in lines.
type bulkPending struct {
	item     BulkIndexerItem
	off, end int
	lines    []byte
	// retries and timer change on the worker that reschedules the item and
	// are read by the next worker and by Close: atomics, as the timer's
	// goroutine links the two workers without a happens-before the race
	// detector can see.
	retries atomic.Int32
	timer   atomic.Pointer[time.Timer]
	done    atomic.Bool
	// prev and next link the item into the indexer's open list, while
	// listed is set (under the indexer's mu).
	prev, next *bulkPending
	listed     bool
}

// openList is the items not settled yet, linked through the items
// themselves: adding and removing one costs no hashing or map growth.
type openList struct {
	head *bulkPending
	n    int
}

func (l *openList) add(p *bulkPending) {
	p.prev, p.next, p.listed = nil, l.head, true
	if l.head != nil {
		l.head.prev = p
	}
	l.head = p
	l.n++
}

// remove unlinks p (nothing when it is not listed).
func (l *openList) remove(p *bulkPending) {
	if !p.listed {
		return
	}
	if p.prev != nil {
		p.prev.next = p.next
	} else {
		l.head = p.next
	}
	if p.next != nil {
		p.next.prev = p.prev
	}
	p.prev, p.next, p.listed = nil, nil, false
	l.n--
}

// NewBulkIndexer starts a BulkIndexer's workers; Close stops them.
func (s *Service) NewBulkIndexer(cfg BulkIndexerConfig) (*BulkIndexer, error) {
	switch {
	case cfg.Workers < 0, cfg.FlushBytes < 0, cfg.FlushCount < 0, cfg.QueueSize < 0, cfg.MaxRetries < 0:
		return nil, errors.New("documents: BulkIndexerConfig sizes must not be negative")
	}
	if cfg.Workers == 0 {
		cfg.Workers = 2
	}
	if cfg.FlushBytes == 0 {
		cfg.FlushBytes = 5 << 20
	}
	if cfg.FlushCount == 0 {
		cfg.FlushCount = 1000
	}
	if cfg.FlushInterval == 0 {
		cfg.FlushInterval = 30 * time.Second
	}
	if cfg.QueueSize == 0 {
		cfg.QueueSize = cfg.Workers * cfg.FlushCount
	}
	if cfg.RetryStatuses == nil {
		cfg.RetryStatuses = []int{429}
	}
	if cfg.MaxRetries == 0 {
		cfg.MaxRetries = 10
	}
	if cfg.RetryBackoff == nil {
		cfg.RetryBackoff = defaultBulkBackoff
	}
	bi := &BulkIndexer{s: s, cfg: cfg, wake: make(chan struct{}, cfg.Workers),
		stop: make(chan struct{}), settled: make(chan struct{}), enc: jsonx.NewLineEncoder()}
	bi.ctx, bi.cancel = context.WithCancel(context.Background())
	for i := 0; i < cfg.Workers; i++ {
		bi.workers.Add(1)
		go bi.work()
	}
	return bi, nil
}

// defaultBulkBackoff doubles from 100ms to 10s, with up to 20% jitter.
func defaultBulkBackoff(n int) time.Duration {
	d := 100 * time.Millisecond << min(n-1, 7)
	d = min(d, 10*time.Second)
	return d - time.Duration(rand.Int64N(int64(d)/5+1))
}

// Add queues an operation; it blocks while the queue is full (until a
// worker takes a batch, ctx ends, or the indexer closes). An operation
// that cannot be encoded is refused here, before any request.
func (bi *BulkIndexer) Add(ctx context.Context, item BulkIndexerItem) error {
	bi.mu.Lock()
	for !bi.closed && bi.queued >= bi.cfg.QueueSize {
		// A queue smaller than a batch would never fill one: send what
		// waits, then wait for room.
		bi.handOver()
		if bi.space == nil {
			bi.space = make(chan struct{})
		}
		space := bi.space
		bi.mu.Unlock()
		select {
		case <-space:
		case <-ctx.Done():
			return ctx.Err()
		case <-bi.stop:
			return ErrBulkIndexerClosed
		}
		bi.mu.Lock()
	}
	if bi.closed {
		bi.mu.Unlock()
		return ErrBulkIndexerClosed
	}
	b := bi.current()
	start := len(b.buf)
	buf, err := appendIndexerLines(b.buf, item.Operation, bi.enc)
	if err != nil {
		bi.mu.Unlock()
		return errors.New("documents: bulk indexer: " + err.Error())
	}
	b.buf = buf
	p := bi.newPending()
	p.item, p.off, p.end = item, start, len(buf)
	b.items = append(b.items, p)
	bi.queued++
	bi.open.add(p)
	if bi.full() {
		bi.handOver()
	}
	bi.stats.added.Add(1)
	bi.mu.Unlock()
	return nil
}

// settleCheck closes settled once Close started and nothing is open; mu
// is held.
func (bi *BulkIndexer) settleCheck() {
	if bi.closed && bi.open.n == 0 {
		select {
		case <-bi.settled:
		default:
			close(bi.settled)
		}
	}
}

// Close flushes every queued and retried item and waits for their
// callbacks. When ctx ends first it stops the workers (cancelling requests
// in flight), reports every item not settled to OnFailure with ErrNotSent
// (or the request's error), and returns an error that says how many.
func (bi *BulkIndexer) Close(ctx context.Context) error {
	bi.mu.Lock()
	if bi.closed {
		bi.mu.Unlock()
		return ErrBulkIndexerClosed
	}
	bi.closed = true
	bi.handOver()
	bi.settleCheck()
	bi.mu.Unlock()
	// Every worker looks at the list again, and sends what is left.
	for i := 0; i < bi.cfg.Workers; i++ {
		select {
		case bi.wake <- struct{}{}:
		default:
		}
	}
	var err error
	select {
	case <-bi.settled:
	case <-ctx.Done():
		err = ctx.Err()
	}
	close(bi.stop)
	bi.cancel()
	bi.workers.Wait()
	if err == nil {
		return nil
	}
	// Whatever is still open never got a result.
	bi.mu.Lock()
	var left []*bulkPending
	for p := bi.open.head; p != nil; p = p.next {
		left = append(left, p)
	}
	bi.mu.Unlock()
	for _, p := range left {
		if t := p.timer.Load(); t != nil {
			t.Stop()
		}
		bi.fail(ctx, p, BulkItemResult{}, ErrNotSent)
	}
	if len(left) > 0 {
		return errors.Join(err, errors.New("documents: bulk indexer closed with "+strconv.Itoa(len(left))+" operations not sent"))
	}
	return err
}

// Stats returns the indexer's counters so far.
func (bi *BulkIndexer) Stats() BulkIndexerStats {
	s := &bi.stats
	return BulkIndexerStats{Added: s.added.Load(), Flushed: s.flushed.Load(), Failed: s.failed.Load(), Indexed: s.indexed.Load(),
		Created: s.created.Load(), Updated: s.updated.Load(), Deleted: s.deleted.Load(), Requests: s.requests.Load(), Retries: s.retries.Load()}
}

// work is one worker: it sends the batches Add filled, and on each tick of
// the flush interval the batch Add is filling, if it waited that long.
func (bi *BulkIndexer) work() {
	defer bi.workers.Done()
	var tick <-chan time.Time
	if bi.cfg.FlushInterval > 0 {
		t := time.NewTicker(bi.cfg.FlushInterval)
		defer t.Stop()
		tick = t.C
	}
	for {
		bi.mu.Lock()
		b := bi.take()
		bi.mu.Unlock()
		if b != nil {
			bi.flush(b)
			continue
		}
		select {
		case <-bi.wake:
		case <-tick:
			bi.mu.Lock()
			if bi.cur != nil && time.Since(bi.curBorn) >= bi.cfg.FlushInterval {
				bi.handOver()
			}
			bi.mu.Unlock()
		case <-bi.stop:
			return // Close gave up: what is left is reported as not sent
		}
	}
}

// flush sends one batch and settles or reschedules each item.
func (bi *BulkIndexer) flush(b *bulkBatch) {
	batch, body := b.items, b.buf
	bi.stats.requests.Add(1)
	answer, err := bi.s.bulkNDJSONAnswer(bi.ctx, bi.cfg.Index, body, len(batch), bi.cfg.Params)
	if err == nil && len(answer) != len(batch) {
		err = errors.New("documents: bulk indexer: the answer has " + strconv.Itoa(len(answer)) + " items for " + strconv.Itoa(len(batch)) + " operations")
	}
	if err != nil {
		if bi.cfg.OnFlushError != nil {
			bi.cfg.OnFlushError(bi.ctx, err)
		}
		if bi.ctx.Err() != nil {
			err = errors.Join(ErrNotSent, err)
		}
		settled := batch[:0:0]
		for _, p := range batch {
			if isRejected(err) && bi.ctx.Err() == nil && int(p.retries.Load()) < bi.cfg.MaxRetries {
				bi.retry(p, body) // the whole request was rejected: nothing was applied
				continue
			}
			if bi.failed(bi.ctx, p, BulkItemResult{}, err) {
				settled = append(settled, p)
			}
		}
		bi.settle(settled...)
		return
	}
	bi.stats.flushed.Add(uint64(len(batch)))
	// The items that got their answer leave the open set together, under one
	// hold of the lock Add takes too.
	settled := batch[:0]
	for i, p := range batch {
		a := &answer[i]
		switch {
		case !a.failed && a.status < 300:
			if bi.succeeded(p, a) {
				settled = append(settled, p)
			}
		case slices.Contains(bi.cfg.RetryStatuses, a.status) && int(p.retries.Load()) < bi.cfg.MaxRetries:
			bi.retry(p, body)
		default:
			var res BulkItemResult
			var err error
			if p.item.OnFailure != nil {
				var it BulkItem
				it, err = a.item()
				res = it.Result
			}
			if bi.failed(bi.ctx, p, res, err) {
				settled = append(settled, p)
			}
		}
	}
	bi.settle(settled...)
}

// retry schedules an item again after its backoff, with a copy of its
// lines from the body it was sent in.
func (bi *BulkIndexer) retry(p *bulkPending, body []byte) {
	p.lines = slices.Clone(body[p.off:p.end])
	n := p.retries.Add(1)
	bi.stats.retries.Add(1)
	p.timer.Store(time.AfterFunc(bi.cfg.RetryBackoff(int(n)), func() {
		select {
		case <-bi.stop:
		default:
			bi.requeue(p)
		}
	}))
}

// succeeded runs an item's success callback and reports whether it did (an
// item settles once); the caller settles it.
// The item is decoded whole only for an OnSuccess callback; one that does
// not decode goes to OnFailure with the decoding error instead.
func (bi *BulkIndexer) succeeded(p *bulkPending, a *bulkAnswerItem) bool {
	var it BulkItem
	if p.item.OnSuccess != nil {
		var err error
		if it, err = a.item(); err != nil {
			return bi.failed(bi.ctx, p, BulkItemResult{}, errors.New("documents: bulk indexer: decoding the answer item: "+err.Error()))
		}
	}
	if !p.done.CompareAndSwap(false, true) {
		return false
	}
	switch {
	case a.action == "delete":
		bi.stats.deleted.Add(1)
	case a.result == "created":
		bi.stats.created.Add(1)
	default:
		bi.stats.updated.Add(1)
	}
	if a.action == "index" || a.action == "create" {
		bi.stats.indexed.Add(1)
	}
	if p.item.OnSuccess != nil {
		p.item.OnSuccess(bi.ctx, p.item, it.Result)
	}
	return true
}

// fail runs an item's failure callback and settles it.
func (bi *BulkIndexer) fail(ctx context.Context, p *bulkPending, res BulkItemResult, err error) {
	if bi.failed(ctx, p, res, err) {
		bi.settle(p)
	}
}

// failed runs an item's failure callback and reports whether it did; the
// caller settles it.
func (bi *BulkIndexer) failed(ctx context.Context, p *bulkPending, res BulkItemResult, err error) bool {
	if !p.done.CompareAndSwap(false, true) {
		return false
	}
	bi.stats.failed.Add(1)
	if p.item.OnFailure != nil {
		p.item.OnFailure(ctx, p.item, res, err)
	}
	return true
}

// settle removes items whose callback ran from the open set.
func (bi *BulkIndexer) settle(ps ...*bulkPending) {
	if len(ps) == 0 {
		return
	}
	bi.mu.Lock()
	for _, p := range ps {
		bi.open.remove(p)
	}
	bi.settleCheck()
	bi.mu.Unlock()
}

// isRejected reports whether a whole request was refused with 429 (the
// server applied none of it).
func isRejected(err error) bool {
	var e *types.Error
	return errors.As(err, &e) && e.StatusCode == 429
}
