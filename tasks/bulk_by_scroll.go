package tasks

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/types"
)

// BulkByScrollStatus is the progress of a reindex, update-by-query or
// delete-by-query task: the `status` of its TaskInfo while it runs, and the
// counters of its final result.
type BulkByScrollStatus struct {
	// SliceID is set on the status of one slice of a sliced request.
	SliceID          *int64  `json:"slice_id,omitempty"`
	Total            int64   `json:"total"`
	Updated          int64   `json:"updated"`
	Created          int64   `json:"created"`
	Deleted          int64   `json:"deleted"`
	Batches          int64   `json:"batches"` // scroll responses pulled back
	VersionConflicts int64   `json:"version_conflicts"`
	Noops            int64   `json:"noops"`
	Retries          Retries `json:"retries"`
	ThrottledMillis  int64   `json:"throttled_millis"`
	// Throttled is the human form of ThrottledMillis (with ?human=true).
	Throttled string `json:"throttled,omitempty"`
	// RequestsPerSecond is -1 when the request is not throttled.
	RequestsPerSecond float64 `json:"requests_per_second"`
	// Canceled holds the reason the task was cancelled (the server's reasonCancelled);
	// empty while the task was not cancelled.
	Canceled             string `json:"canceled,omitempty"`
	ThrottledUntilMillis int64  `json:"throttled_until_millis"`
	// ThrottledUntil is the human form of ThrottledUntilMillis (with ?human=true).
	ThrottledUntil string `json:"throttled_until,omitempty"`
	// Slices holds one entry per slice of a sliced request, in slice order; an
	// entry is nil while that slice has not reported yet.
	Slices []*SliceStatus `json:"slices,omitzero"`
}

// Retries counts retried bulk and search requests.
type Retries struct {
	Bulk   int64 `json:"bulk"`
	Search int64 `json:"search"`
}

// SliceStatus is the status of one slice, or the error that ended it.
type SliceStatus struct {
	Status *BulkByScrollStatus // the slice's counters; nil when it failed
	Error  *types.ErrorCause   // why the slice failed; nil when it did not
}

// UnmarshalJSON reads a status object, or an exception object (it has a "type").
func (s *SliceStatus) UnmarshalJSON(b []byte) error {
	var probe struct {
		Type *string `json:"type"`
	}
	if err := jsonx.Unmarshal(b, &probe); err != nil {
		return err
	}
	*s = SliceStatus{}
	if probe.Type != nil {
		s.Error = &types.ErrorCause{}
		return jsonx.Unmarshal(b, s.Error)
	}
	s.Status = &BulkByScrollStatus{}
	return jsonx.Unmarshal(b, s.Status)
}

// MarshalJSON writes whichever of the status and the error is set.
func (s SliceStatus) MarshalJSON() ([]byte, error) {
	switch {
	case s.Error != nil:
		return jsonx.Marshal(s.Error)
	case s.Status != nil:
		return jsonx.Marshal(s.Status)
	}
	return []byte("null"), nil
}

// BulkByScrollResult is the final result of a reindex, update-by-query or
// delete-by-query run as a task, as GET /_tasks/<id> returns it in `response`.
type BulkByScrollResult struct {
	Took     int64 `json:"took"`
	TimedOut bool  `json:"timed_out"`
	BulkByScrollStatus
	Failures []BulkByScrollFailure `json:"failures"`
}

// BulkByScrollFailure is one failure of a by-scroll request: a failed bulk item
// (Index, ID, Cause, Status) or a failed search shard (Index, Shard, Node, Reason, Status).
type BulkByScrollFailure struct {
	Index  string            `json:"index,omitempty"`
	ID     string            `json:"id,omitempty"`
	Shard  *int64            `json:"shard,omitempty"`
	Node   string            `json:"node,omitempty"`
	Cause  *types.ErrorCause `json:"cause,omitempty"`
	Reason *types.ErrorCause `json:"reason,omitempty"`
	Status int               `json:"status"`
}

// decodeBulkByScrollStatus decodes a task's raw status.
func decodeBulkByScrollStatus(raw json.RawMessage) (*BulkByScrollStatus, error) {
	if len(bytes.TrimSpace(raw)) == 0 || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return nil, errors.New("tasks: the task has no status")
	}
	st := &BulkByScrollStatus{}
	if err := jsonx.Unmarshal(raw, st); err != nil {
		return nil, err
	}
	return st, nil
}
