package tasks

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// ResultsIndex is the system index where OpenSearch stores the results of
// tasks started with wait_for_completion=false.
const ResultsIndex = ".tasks"

// ResultStore keeps finished tasks' results in ResultsIndex, as
// TaskResultsService does, and reads them back for a node that no longer
// holds the task in memory. Install Store as the manager's store hook.
type ResultStore struct {
	Indices *indices.Service
	Clock   clock.Clock
	// CreateIndex creates an index from a create-index body.
	CreateIndex func(name string, body []byte) *apierr.Error
	// Write indexes one document (a new version of it when it exists).
	Write func(index, id string, source []byte) *apierr.Error
	// Commit makes the writes durable (nil: nothing to do).
	Commit func() error
}

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

// Store writes a finished task's result into .tasks (TaskResultsService),
// creating the index on first use. Failures are ignored, as the server logs them.
func (s *ResultStore) Store(id ID, res *Result) {
	if _, ok := s.Indices.Get(ResultsIndex); !ok {
		if e := s.CreateIndex(ResultsIndex, []byte(tasksIndexBody)); e != nil && e.Type != apierr.TypeResourceAlreadyExists {
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
	_ = s.Write(ResultsIndex, id.String(), src)
	if s.Commit != nil {
		// The task's writes and its result are durable once it is done.
		_ = s.Commit()
	}
}

// Source returns the .tasks document of id's result, as a restarted
// node reads a finished task it no longer holds in memory
// (TransportGetTaskAction.getFinishedTaskFromIndex).
func (s *ResultStore) Source(id ID) ([]byte, bool) {
	x, ok := s.Indices.Get(ResultsIndex)
	if !ok {
		return nil, false
	}
	doc, found := x.ShardFor(id.String(), "").Get(id.String(), true)
	if !found {
		return nil, false
	}
	return doc.Source, true
}

// InIndex reports whether the .tasks index still holds id's result
// (deleting the index, or the document, forgets it as on the server).
func (s *ResultStore) InIndex(id ID) (indexExists, found bool) {
	x, ok := s.Indices.Get(ResultsIndex)
	if !ok {
		return false, false
	}
	_, found = x.ShardFor(id.String(), "").Get(id.String(), true)
	return true, found
}

// ResumeIDs makes m number new tasks after the results .tasks holds for
// m's node (a server restarted on a data directory).
func (s *ResultStore) ResumeIDs(m *Manager) {
	x, ok := s.Indices.Get(ResultsIndex)
	if !ok {
		return
	}
	now := s.Clock.Now()
	var top int64
	for _, sh := range x.Shards {
		sh.Live(sh.MaybeRefresh(now, 0), func(doc *shard.Doc) bool {
			if id, err := ParseID(doc.ID); err == nil && id.Node == m.Node() {
				top = max(top, id.N)
			}
			return true
		})
	}
	m.SkipPast(top)
}
