package documents

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/tasks"
	"github.com/clustersearch/clustersearch-go/types"
)

// ByQueryResponse is the result of Reindex and DeleteByQuery (a bulk-by-scroll response).
// Updated and Created are sent by reindex only.
type ByQueryResponse struct {
	types.ResponseMeta

	SliceID              *int             `json:"slice_id,omitempty"` // in a sliced task's per-slice status
	Took                 int64            `json:"took"`
	TimedOut             bool             `json:"timed_out"`
	Total                int64            `json:"total"`
	Updated              *int64           `json:"updated,omitempty"`
	Created              *int64           `json:"created,omitempty"`
	Deleted              int64            `json:"deleted"`
	Batches              int64            `json:"batches"`
	VersionConflicts     int64            `json:"version_conflicts"`
	Noops                int64            `json:"noops"`
	Retries              Retries          `json:"retries"`
	Throttled            string           `json:"throttled,omitempty"` // with human=true, e.g. "0s"
	ThrottledMillis      int64            `json:"throttled_millis"`
	RequestsPerSecond    float64          `json:"requests_per_second"`       // -1 when unthrottled
	ThrottledUntil       string           `json:"throttled_until,omitempty"` // with human=true
	ThrottledUntilMillis int64            `json:"throttled_until_millis"`
	Canceled             string           `json:"canceled,omitempty"`
	Slices               []SliceStatus    `json:"slices,omitempty"`
	Failures             []ByQueryFailure `json:"failures"`
}

// ReindexResponse is the result of Reindex.
type ReindexResponse = ByQueryResponse

// DeleteByQueryResponse is the result of DeleteByQuery.
type DeleteByQueryResponse = ByQueryResponse

// Retries counts the retried bulk and search requests.
type Retries struct {
	Bulk   int64 `json:"bulk"`
	Search int64 `json:"search"`
}

// SliceStatus is the progress of one slice of a sliced reindex or delete by query.
type SliceStatus struct {
	SliceID              *int    `json:"slice_id,omitempty"`
	Total                int64   `json:"total"`
	Updated              int64   `json:"updated"`
	Created              int64   `json:"created"`
	Deleted              int64   `json:"deleted"`
	Batches              int64   `json:"batches"`
	VersionConflicts     int64   `json:"version_conflicts"`
	Noops                int64   `json:"noops"`
	Retries              Retries `json:"retries"`
	Throttled            string  `json:"throttled,omitempty"`
	ThrottledMillis      int64   `json:"throttled_millis"`
	RequestsPerSecond    float64 `json:"requests_per_second"`
	ThrottledUntil       string  `json:"throttled_until,omitempty"`
	ThrottledUntilMillis int64   `json:"throttled_until_millis"`
	Canceled             string  `json:"canceled,omitempty"`
}

// ByQueryFailure is one failure of a reindex or delete by query: a document that could not
// be written (Index, ID, Status, Cause) or a failed search shard (Index, Shard, Node, Reason).
type ByQueryFailure struct {
	Index  string            `json:"index,omitempty"`
	ID     string            `json:"id,omitempty"`
	Shard  *int              `json:"shard,omitempty"`
	Node   string            `json:"node,omitempty"`
	Status int               `json:"status,omitempty"`
	Cause  *types.ErrorCause `json:"cause,omitempty"`
	Reason *types.ErrorCause `json:"reason,omitempty"`
}

// TaskStarted is the answer to a reindex or by-query request run with
// wait_for_completion=false: the id of the task doing the work ("<node_id>:<number>"),
// to follow with the tasks API, for example client.Tasks.Wait(ctx, started.Task, nil).
type TaskStarted struct {
	types.ResponseMeta

	Task tasks.TaskID `json:"task"`
}

// NodeID returns the node part of Task.
func (t *TaskStarted) NodeID() string {
	node, _, _ := strings.Cut(string(t.Task), ":")
	return node
}

// indexOrList renders one index as a string and several as a list, as the API accepts both.
type indexOrList []string

// MarshalJSON renders the name or the list.
func (l indexOrList) MarshalJSON() ([]byte, error) {
	if len(l) == 1 {
		return jsonx.Marshal(l[0])
	}
	return jsonx.Marshal([]string(l))
}
