package tasks

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/clustersearch/clustersearch-go/types"
)

// DefaultWaitInterval is the pause between two polls of Wait.
const DefaultWaitInterval = time.Second

// WaitOptions tune Wait. The zero value polls every DefaultWaitInterval.
type WaitOptions struct {
	// Interval is the pause between two polls.
	Interval time.Duration
	// Progress, when set, is called after every poll with the task's counters
	// (total, created, updated, deleted, batches, ...), the last time with the
	// final ones. It runs on the caller's goroutine; tasks whose status is not a
	// by-scroll status do not call it.
	Progress func(status BulkByScrollStatus)
}

// WaitResult is a completed task.
type WaitResult struct {
	Task TaskInfo
	// Result is the typed final result of a reindex or by-query task; nil for
	// tasks of other actions, whose answer is only in Response.
	Result *BulkByScrollResult
	// Response is the task's final answer as the server wrote it.
	Response json.RawMessage
}

// TaskFailedError is returned by Wait when the task completed with an error.
type TaskFailedError struct {
	TaskID TaskID
	Cause  types.ErrorCause
}

// Error describes the failure with the cause's type and reason.
func (e *TaskFailedError) Error() string {
	return fmt.Sprintf("tasks: task %s failed: %s: %s", e.TaskID, e.Cause.Type, e.Cause.Reason)
}

// Wait polls GET /_tasks/<task_id> until the task completes and returns its
// result. It stops with ctx's error when ctx ends, with a *types.Error when the
// server refuses a poll (for example 404: the task is neither running nor stored),
// and with a *TaskFailedError when the task itself failed.
func (s *Service) Wait(ctx context.Context, taskID TaskID, opts *WaitOptions) (*WaitResult, error) {
	if _, err := ParseTaskID(string(taskID)); err != nil {
		return nil, err
	}
	interval := DefaultWaitInterval
	var progress func(BulkByScrollStatus)
	if opts != nil {
		if opts.Interval > 0 {
			interval = opts.Interval
		}
		progress = opts.Progress
	}
	for {
		res, err := s.Get(ctx, taskID, nil)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, err
		}
		if progress != nil && isBulkByScroll(res.Task.Action) {
			if st, err := res.Task.BulkByScrollStatus(); err == nil {
				progress(*st)
			}
		}
		if res.Completed {
			return finish(taskID, res)
		}
		pause := time.NewTimer(interval)
		select {
		case <-ctx.Done():
			pause.Stop()
			return nil, ctx.Err()
		case <-pause.C:
		}
	}
}

// finish turns a completed GetResponse into Wait's answer.
func finish(taskID TaskID, res *GetResponse) (*WaitResult, error) {
	if res.Error != nil {
		return nil, &TaskFailedError{TaskID: taskID, Cause: *res.Error}
	}
	out := &WaitResult{Task: res.Task, Response: res.Response}
	if isBulkByScroll(res.Task.Action) && len(res.Response) > 0 {
		r, err := res.BulkByScrollResult()
		if err != nil {
			return nil, err
		}
		out.Result = r
	}
	return out, nil
}

// The actions whose status and response are by-scroll ones.
const (
	ActionReindex       = "indices:data/write/reindex"
	ActionUpdateByQuery = "indices:data/write/update/byquery"
	ActionDeleteByQuery = "indices:data/write/delete/byquery"
)

func isBulkByScroll(action string) bool {
	return action == ActionReindex || action == ActionUpdateByQuery || action == ActionDeleteByQuery
}
