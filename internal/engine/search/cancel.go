package search

import "github.com/clustersearch/clustersearch-go/internal/engine/apierr"

// Canceller tells a running search that its task was cancelled, and why.
// The task manager's tasks implement it.
type Canceller interface {
	Cancelled() (bool, string)
}

// ShardWatcher is an optional Canceller extension told before each shard
// starts (the fake's test hold parks searches there).
type ShardWatcher interface {
	ShardStarting(target int)
}

// cancelMask sets how often the collection loop polls the canceller: every
// 1024 documents, as Lucene's cancellable bulk scorer checks per window.
const cancelMask = 1<<10 - 1

// TypeTaskCancelled is TaskCancelledException (HTTP 500).
const TypeTaskCancelled = "task_cancelled_exception"

// cancelledBeforeStart is the failure of a shard request the coordinator
// did not send because the search was cancelled first (TaskManager's ban
// on children of a cancelled task).
func cancelledBeforeStart() *apierr.Error {
	return apierr.New(TypeTaskCancelled, "The parent task was cancelled, shouldn't start any child tasks")
}

// cancelledWhileRunning is the failure of a shard whose query phase saw its
// task cancelled (QueryPhase's low-level cancellation check).
func cancelledWhileRunning(reason string) *apierr.Error {
	return apierr.New(TypeTaskCancelled, "cancelled task with reason: "+reason)
}

// cancelled polls the request's canceller.
func (req *Request) cancelled() (bool, string) {
	if req.Cancel == nil {
		return false, ""
	}
	return req.Cancel.Cancelled()
}

// failAllCancelled fails every shard of a search cancelled before it began.
func failAllCancelled(req *Request, res *Result) {
	for _, t := range req.Targets {
		res.Failures = append(res.Failures, ShardFailure{Index: t.Index.Name, Shard: t.Shard, Err: cancelledBeforeStart()})
	}
}

// shardStarting tells a ShardWatcher that shard i begins, then reports a
// cancellation that arrived by then.
func (req *Request) shardStarting(i int) *apierr.Error {
	if req.Cancel == nil {
		return nil
	}
	if w, ok := req.Cancel.(ShardWatcher); ok {
		w.ShardStarting(i)
	}
	if c, reason := req.Cancel.Cancelled(); c {
		return cancelledWhileRunning(reason)
	}
	return nil
}
