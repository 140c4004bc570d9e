package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/tasks"
	"github.com/clustersearch/clustersearch-go/internal/engine/write"
)

// tasksIndex is the system index where OpenSearch stores the results of
// tasks started with wait_for_completion=false.
const tasksIndex = ".tasks"

// tasksIndexBody creates .tasks as TaskResultsService does: one shard (not hidden, so a
// refresh or search of all indexes reaches it) with auto-expanded replicas and the task
// result mapping (bodies not indexed). The real index also has index.priority
// 2147483647, which the fake's settings table caps below; it is left out.
const tasksIndexBody = `{"settings":{"index":{"number_of_shards":1,"auto_expand_replicas":"0-1"}},` +
	`"mappings":{"dynamic":false,"_meta":{"version":5},"properties":{"completed":{"type":"boolean"},` +
	`"task":{"properties":{"action":{"type":"keyword"},"cancellable":{"type":"boolean"},"cancelled":{"type":"boolean"},` +
	`"id":{"type":"long"},"parent_task_id":{"type":"keyword"},"node":{"type":"keyword"},"running_time_in_nanos":{"type":"long"},` +
	`"start_time_in_millis":{"type":"long"},"type":{"type":"keyword"},"status":{"type":"object","enabled":false},` +
	`"description":{"type":"text"},"headers":{"type":"object","enabled":false},"resource_stats":{"type":"object","enabled":false}}},` +
	`"response":{"type":"object","enabled":false},"error":{"type":"object","enabled":false}}}}`

// storeResult writes a finished task's result into .tasks (TaskResultsService),
// creating the index on first use. Failures are ignored, as the server logs them.
func (d *DocOps) storeResult(id tasks.ID, res *tasks.Result) {
	if _, ok := d.b.Indices.Get(tasksIndex); !ok {
		req, err := ParseCreateIndex(tasksIndex, []byte(tasksIndexBody))
		if err != nil {
			return
		}
		if _, e := d.b.Indices.Create(req); e != nil && e.Type != apierr.TypeResourceAlreadyExists {
			return
		}
	}
	doc := jsonout.Object{{Key: "completed", Value: true}, {Key: "task", Value: res.Task}}
	if res.Error != nil {
		doc = append(doc, jsonout.Field{Key: "error", Value: res.Error.Inline()})
	} else if res.Response != nil {
		doc = append(doc, jsonout.Field{Key: "response", Value: res.Response})
	}
	src, err := jsonout.Marshal(doc)
	if err != nil {
		return
	}
	_, _ = d.b.writer().Run(&write.Op{Index: tasksIndex, ID: id.String(), Source: src, IfSeqNo: shard.NoSeqNo})
	if d.b.Commit != nil {
		// The task's writes and its result are durable once it is done.
		_ = d.b.Commit()
	}
}

// storedSource returns the .tasks document of id's result, as a restarted
// node reads a finished task it no longer holds in memory
// (TransportGetTaskAction.getFinishedTaskFromIndex).
func (d *DocOps) storedSource(id tasks.ID) ([]byte, bool) {
	x, ok := d.b.Indices.Get(tasksIndex)
	if !ok {
		return nil, false
	}
	doc, found := x.ShardFor(id.String(), "").Get(id.String(), true)
	if !found {
		return nil, false
	}
	return doc.Source, true
}

// storedInIndex reports whether the .tasks index still holds id's result
// (deleting the index, or the document, forgets it as on the server).
func (d *DocOps) storedInIndex(id tasks.ID) (indexExists, found bool) {
	x, ok := d.b.Indices.Get(tasksIndex)
	if !ok {
		return false, false
	}
	_, found = x.ShardFor(id.String(), "").Get(id.String(), true)
	return true, found
}

// ResumeTaskIDs numbers new tasks after the results .tasks holds for this
// node (a server restarted on a data directory).
func (d *DocOps) ResumeTaskIDs() {
	x, ok := d.b.Indices.Get(tasksIndex)
	if !ok {
		return
	}
	now := d.b.Clock.Now()
	var top int64
	for _, sh := range x.Shards {
		sh.Live(sh.MaybeRefresh(now, 0), func(doc *shard.Doc) bool {
			if id, err := tasks.ParseID(doc.ID); err == nil && id.Node == d.tasks.Node() {
				top = max(top, id.N)
			}
			return true
		})
	}
	d.tasks.SkipPast(top)
}
