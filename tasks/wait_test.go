package tasks_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jarcoal/httpmock"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/tasks"
	"github.com/clustersearch/clustersearch-go/types"
)

// running returns a GET /_tasks/<id> body for a running reindex at the given counts.
func running(created, batches int) string {
	return fmt.Sprintf(`{"completed":false,"task":{"node":"n1","id":7,"type":"transport","action":"indices:data/write/reindex",`+
		`"status":{"total":300,"updated":0,"created":%d,"deleted":0,"batches":%d,"version_conflicts":0,"noops":0,"retries":{"bulk":0,"search":0},`+
		`"throttled_millis":0,"requests_per_second":-1.0,"throttled_until_millis":0},"description":"reindex from [a] to [b]",`+
		`"start_time_in_millis":1732237200000,"running_time_in_nanos":1000,"cancellable":true,"cancelled":false,"headers":{}}}`, created, batches)
}

const doneBody = `{"completed":true,"task":{"node":"n1","id":7,"type":"transport","action":"indices:data/write/reindex",` +
	`"status":{"total":300,"updated":0,"created":300,"deleted":0,"batches":3,"version_conflicts":0,"noops":0,"retries":{"bulk":0,"search":0},` +
	`"throttled_millis":0,"requests_per_second":-1.0,"throttled_until_millis":0},"description":"reindex from [a] to [b]",` +
	`"start_time_in_millis":1732237200000,"running_time_in_nanos":9000,"cancellable":true,"cancelled":false,"headers":{}},` +
	`"response":{"took":12,"timed_out":false,"total":300,"updated":0,"created":300,"deleted":0,"batches":3,"version_conflicts":0,"noops":0,` +
	`"retries":{"bulk":0,"search":0},"throttled_millis":0,"requests_per_second":-1.0,"throttled_until_millis":0,"failures":[]}}`

// sequence answers GET /_tasks/n1:7 with bodies in turn, repeating the last one.
func sequence(t *testing.T, mock *httpmock.MockTransport, status int, bodies ...string) *atomic.Int32 {
	var calls atomic.Int32
	mock.RegisterResponder(http.MethodGet, sdktest.BaseURL+"/_tasks/n1:7", func(r *http.Request) (*http.Response, error) {
		i := int(calls.Add(1)) - 1
		if r.URL.RawQuery != "" {
			t.Errorf("poll %d sent query %q", i, r.URL.RawQuery)
		}
		b := bodies[min(i, len(bodies)-1)]
		resp := httpmock.NewStringResponse(status, b)
		resp.Header.Set("Content-Type", "application/json")
		return resp, nil
	})
	return &calls
}

func TestWaitReportsProgressAndReturnsTypedResult(t *testing.T) {
	tr, mock := sdktest.New(t)
	calls := sequence(t, mock, 200, running(0, 0), running(100, 1), running(200, 2), doneBody)
	var seen []string
	res, err := tasks.NewService(tr).Wait(context.Background(), "n1:7", &tasks.WaitOptions{
		Interval: time.Millisecond,
		Progress: func(s tasks.BulkByScrollStatus) {
			seen = append(seen, fmt.Sprintf("%d/%d b%d", s.Created, s.Total, s.Batches))
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"0/300 b0", "100/300 b1", "200/300 b2", "300/300 b3"}
	if fmt.Sprint(seen) != fmt.Sprint(want) {
		t.Fatalf("progress %v, want %v", seen, want)
	}
	if calls.Load() != 4 {
		t.Fatalf("%d polls, want 4", calls.Load())
	}
	if res.Result == nil || res.Result.Took != 12 || res.Result.Created != 300 || res.Task.TaskID() != "n1:7" || len(res.Response) == 0 {
		t.Fatalf("result = %+v", res)
	}
}

func TestWaitTaskFailed(t *testing.T) {
	tr, mock := sdktest.New(t)
	sequence(t, mock, 200, `{"completed":true,"task":{"node":"n1","id":7,"type":"transport","action":"indices:data/write/delete/byquery","start_time_in_millis":1,"running_time_in_nanos":1,"cancellable":true,"cancelled":false,"headers":{}},"error":{"type":"index_not_found_exception","reason":"no such index [x]","index":"x"}}`)
	_, err := tasks.NewService(tr).Wait(context.Background(), "n1:7", &tasks.WaitOptions{Interval: time.Millisecond})
	var failed *tasks.TaskFailedError
	if !errors.As(err, &failed) || failed.TaskID != "n1:7" || failed.Cause.Type != "index_not_found_exception" || failed.Cause.Index() != "x" {
		t.Fatalf("err = %v", err)
	}
}

func TestWaitOtherActionHasNoTypedResult(t *testing.T) {
	tr, mock := sdktest.New(t)
	sequence(t, mock, 200, `{"completed":true,"task":{"node":"n1","id":7,"type":"transport","action":"indices:admin/forcemerge","start_time_in_millis":1,"running_time_in_nanos":1,"cancellable":false,"cancelled":false,"headers":{}},"response":{"_shards":{"total":2,"successful":2,"failed":0}}}`)
	progressCalled := false
	res, err := tasks.NewService(tr).Wait(context.Background(), "n1:7", &tasks.WaitOptions{Progress: func(tasks.BulkByScrollStatus) { progressCalled = true }})
	if err != nil {
		t.Fatal(err)
	}
	if res.Result != nil || string(res.Response) != `{"_shards":{"total":2,"successful":2,"failed":0}}` || progressCalled {
		t.Fatalf("result = %+v %s, progress called %v", res.Result, res.Response, progressCalled)
	}
}

func TestWaitStopsOnServerError(t *testing.T) {
	tr, mock := sdktest.New(t)
	sequence(t, mock, 404, `{"error":{"root_cause":[{"type":"resource_not_found_exception","reason":"task [n1:7] isn't running and hasn't stored its results"}],"type":"resource_not_found_exception","reason":"task [n1:7] isn't running and hasn't stored its results"},"status":404}`)
	_, err := tasks.NewService(tr).Wait(context.Background(), "n1:7", nil)
	if !types.IsNotFound(err) {
		t.Fatalf("err = %v", err)
	}
}

func TestWaitHonoursContext(t *testing.T) {
	tr, mock := sdktest.New(t)
	calls := sequence(t, mock, 200, running(1, 1))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := tasks.NewService(tr).Wait(ctx, "n1:7", &tasks.WaitOptions{
			Interval: time.Hour, // only cancellation can end the pause
			Progress: func(tasks.BulkByScrollStatus) { cancel() },
		})
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Wait did not return after cancellation")
	}
	if calls.Load() != 1 {
		t.Fatalf("%d polls", calls.Load())
	}
}

func TestWaitContextAlreadyDone(t *testing.T) {
	tr, mock := sdktest.New(t)
	sequence(t, mock, 200, running(1, 1))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := tasks.NewService(tr).Wait(ctx, "n1:7", nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
}
