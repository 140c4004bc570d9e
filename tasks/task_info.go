package tasks

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/types"
)

// TaskInfo describes one task.
type TaskInfo struct {
	Node   string `json:"node"`
	ID     int64  `json:"id"`     // task number on the node
	Type   string `json:"type"`   // transport, direct, persistent
	Action string `json:"action"` // for example indices:data/write/reindex
	// Status is the task's own progress report, present with detailed=true and
	// from GET /_tasks/<id>. Its shape depends on the action; BulkByScrollStatus
	// decodes it for reindex and the by-query actions.
	Status      json.RawMessage `json:"status,omitempty"`
	Description *string         `json:"description,omitempty"` // with detailed=true; may be ""
	// StartTimeInMillis is the start time in ms since the epoch.
	StartTimeInMillis int64 `json:"start_time_in_millis"`
	// RunningTime is the human form of RunningTimeInNanos (with ?human=true).
	RunningTime            string            `json:"running_time,omitempty"`
	RunningTimeInNanos     int64             `json:"running_time_in_nanos"`
	Cancellable            bool              `json:"cancellable"`
	Cancelled              bool              `json:"cancelled"`
	CancellationTimeMillis *int64            `json:"cancellation_time_millis,omitempty"` // once cancelled, later 2.x
	ParentTaskID           TaskID            `json:"parent_task_id,omitempty"`
	Headers                map[string]string `json:"headers"` // for example X-Opaque-Id
	ResourceStats          *ResourceStats    `json:"resource_stats,omitempty"`
}

// TaskID returns the task's full id, "<node>:<id>".
func (t *TaskInfo) TaskID() TaskID { return NewTaskID(t.Node, t.ID) }

// BulkByScrollStatus decodes Status for reindex, update-by-query and delete-by-query tasks.
func (t *TaskInfo) BulkByScrollStatus() (*BulkByScrollStatus, error) {
	st, err := decodeBulkByScrollStatus(t.Status)
	if err != nil {
		return nil, fmt.Errorf("tasks: status of %s (%s): %w", t.TaskID(), t.Action, err)
	}
	return st, nil
}

// ResourceStats is the resource use of a task (detailed output).
type ResourceStats struct {
	Average    *ResourceStat `json:"average,omitempty"`
	Total      *ResourceStat `json:"total,omitempty"`
	Min        *ResourceStat `json:"min,omitempty"`
	Max        *ResourceStat `json:"max,omitempty"`
	ThreadInfo *ThreadInfo   `json:"thread_info,omitempty"`
}

// ResourceStat is CPU time and memory.
type ResourceStat struct {
	CPUTimeInNanos int64 `json:"cpu_time_in_nanos"`
	MemoryInBytes  int64 `json:"memory_in_bytes"`
}

// ThreadInfo counts the threads that ran a task.
type ThreadInfo struct {
	ThreadExecutions int64 `json:"thread_executions"`
	ActiveThreads    int64 `json:"active_threads"`
}

// TaskNode is one node of a list grouped by nodes, with its tasks keyed by task id.
type TaskNode struct {
	Name             string              `json:"name"`
	TransportAddress string              `json:"transport_address"`
	Host             string              `json:"host"`
	IP               string              `json:"ip"`
	Roles            []string            `json:"roles"`
	Attributes       map[string]string   `json:"attributes,omitzero"`
	Tasks            map[TaskID]TaskInfo `json:"tasks"`
}

// TaskGroup is a task with its children (group_by=parents).
type TaskGroup struct {
	TaskInfo
	Children []TaskGroup `json:"children,omitzero"`
}

// TaskFailure is a task that could not be listed or cancelled.
type TaskFailure struct {
	TaskID int64            `json:"task_id"`
	NodeID string           `json:"node_id"`
	Status string           `json:"status"`
	Reason types.ErrorCause `json:"reason"`
}

// TaskGroups is the top-level `tasks` of a list grouped by parents (an object
// keyed by task id) or not grouped (an array). Exactly one of the fields is set.
type TaskGroups struct {
	ByParent map[TaskID]TaskGroup // group_by=parents
	Flat     []TaskInfo           // group_by=none
}

// UnmarshalJSON reads the object or the array form.
func (g *TaskGroups) UnmarshalJSON(b []byte) error {
	*g = TaskGroups{}
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '[' {
		g.Flat = []TaskInfo{}
		return jsonx.Unmarshal(b, &g.Flat)
	}
	return jsonx.Unmarshal(b, &g.ByParent)
}

// MarshalJSON writes the form that was read (the array when Flat is set).
func (g TaskGroups) MarshalJSON() ([]byte, error) {
	if g.Flat != nil {
		return jsonx.Marshal(g.Flat)
	}
	if g.ByParent == nil {
		return []byte("{}"), nil
	}
	return jsonx.Marshal(g.ByParent)
}

// IsZero reports whether neither form is set, so an absent `tasks` stays absent.
func (g TaskGroups) IsZero() bool { return g.Flat == nil && g.ByParent == nil }
