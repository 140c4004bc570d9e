package reindex

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// SearchFailure is a shard that failed the scroll search
// (ScrollableHitSource.SearchFailure). One failed shard, even when others
// answered, stops the request before anything is written: the response then
// has zero counters and lists the failed shards after any bulk failures.
type SearchFailure struct {
	Index string
	Shard int
	Node  string
	Cause *apierr.Error
}

// Object renders {"index","shard","node","status","reason"}.
func (f SearchFailure) Object() jsonout.Object {
	return jsonout.Object{{Key: "index", Value: f.Index}, {Key: "shard", Value: f.Shard}, {Key: "node", Value: f.Node},
		{Key: "status", Value: f.Cause.Status}, {Key: "reason", Value: f.Cause.Inline()}}
}

// Failed is the response of a worker whose scroll failed on some shards:
// nothing counted, no batch run (onScrollResponse finishes at once).
func (w *Worker) Failed(fails []SearchFailure) *Response {
	w.mu.Lock()
	w.status.Total = 0
	w.mu.Unlock()
	return &Response{Status: w.Status(), SearchFailures: fails}
}
