package rest

import (
	"sync/atomic"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// BulkRejection injects write-queue rejections into _bulk items for tests:
// an item its predicate picks fails with the 429 rejected_execution_exception
// a node with a full write queue answers, and nothing is written for it.
type BulkRejection struct {
	pick atomic.Pointer[func(index, id string) bool]
}

// Set installs the predicate (nil stops rejecting).
func (b *BulkRejection) Set(pick func(index, id string) bool) {
	if pick == nil {
		b.pick.Store(nil)
		return
	}
	b.pick.Store(&pick)
}

// rejects reports whether the item is to be rejected.
func (b *BulkRejection) rejects(index, id string) bool {
	p := b.pick.Load()
	return p != nil && (*p)(index, id)
}

// writeQueueFull is the item failure of a write rejected by the node's
// full write thread pool queue (OpenSearchRejectedExecutionException).
func writeQueueFull() *apierr.Error {
	e := apierr.New(apierr.TypeRejectedExecution, "rejected execution of primary operation [coordinating_and_primary_bytes=0, replica_bytes=0, all_bytes=0, primary_operation_bytes=0, max_coordinating_and_primary_bytes=0] OR [write] thread pool queue is full, queue capacity = 10000")
	e.Status = 429
	return e
}
