package reindex

import (
	"math"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// okBatch deletes every document and records the batches it saw.
func okBatch(seen *[][2]int) BatchFunc {
	return func(from, to int) ([]Item, *apierr.Error) {
		*seen = append(*seen, [2]int{from, to})
		items := make([]Item, to-from)
		for i := range items {
			items[i] = Item{Outcome: Deleted}
		}
		return items, nil
	}
}

func TestWorkerBatches(t *testing.T) {
	clk := clock.NewManual(time.UnixMilli(0))
	var seen [][2]int
	w := NewWorker(Config{Clock: clk, Total: 7, BatchSize: 3, Cancel: make(chan struct{})})
	resp, err := w.Run(okBatch(&seen))
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 3 || seen[2] != [2]int{6, 7} {
		t.Errorf("batches %v", seen)
	}
	out, _ := jsonout.Marshal(resp.Object(Fields{NoUpdated: true, NoCreated: true}))
	if want := `{"took":0,"timed_out":false,"total":7,"deleted":7,"batches":3,"version_conflicts":0,"noops":0,"retries":{"bulk":0,"search":0},"throttled_millis":0,"requests_per_second":-1.0,"throttled_until_millis":0,"failures":[]}`; string(out) != want {
		t.Errorf("response\n got %s\nwant %s", out, want)
	}
}

func TestWorkerConflicts(t *testing.T) {
	conflict := &Failure{Index: "i", ID: "1", Cause: apierr.New(apierr.TypeVersionConflict, "[1]: version conflict"), Status: 409}
	batch := func(from, to int) ([]Item, *apierr.Error) {
		items := make([]Item, to-from)
		for i := range items {
			items[i] = Item{Outcome: Updated}
			if from+i == 1 {
				items[i] = Item{Outcome: Conflict, Failure: conflict}
			}
		}
		return items, nil
	}
	for _, proceed := range []bool{false, true} {
		w := NewWorker(Config{Clock: clock.NewManual(time.UnixMilli(0)), Total: 6, BatchSize: 2, Proceed: proceed, Cancel: make(chan struct{})})
		resp, _ := w.Run(batch)
		st := resp.Status
		if proceed && (st.Updated != 5 || st.VersionConflicts != 1 || len(resp.Failures) != 0 || st.Batches != 3 || resp.HTTPStatus() != 200) {
			t.Errorf("proceed: %+v %v", st, resp.Failures)
		}
		// abort stops after the batch that failed.
		if !proceed && (st.Updated != 1 || st.VersionConflicts != 1 || len(resp.Failures) != 1 || st.Batches != 1 || resp.HTTPStatus() != 409) {
			t.Errorf("abort: %+v %v", st, resp.Failures)
		}
	}
}

func TestWorkerScriptErrorStops(t *testing.T) {
	w := NewWorker(Config{Clock: clock.NewManual(time.UnixMilli(0)), Total: 4, BatchSize: 2, Cancel: make(chan struct{})})
	calls := 0
	_, err := w.Run(func(from, to int) ([]Item, *apierr.Error) {
		calls++
		if from == 2 {
			return nil, apierr.IllegalArgument("boom")
		}
		return []Item{{Outcome: Noop}, {Outcome: Noop}}, nil
	})
	if err == nil || err.Reason != "boom" || calls != 2 || w.Status().Noops != 2 {
		t.Errorf("err %v calls %d status %+v", err, calls, w.Status())
	}
}

// Throttling waits on the server clock: a manual clock decides when the
// next batch may start, and cancelling during the wait stops the job.
func TestWorkerThrottleAndCancel(t *testing.T) {
	clk := clock.NewManual(time.UnixMilli(0))
	cancel := make(chan struct{})
	w := NewWorker(Config{Clock: clk, Total: 10, BatchSize: 2, RequestsPerSecond: 0.5, Cancel: cancel, Reason: func() string { return "by user request" }})
	done := make(chan *Response)
	started := make(chan int, 10)
	go func() {
		resp, _ := w.Run(func(from, to int) ([]Item, *apierr.Error) {
			started <- from
			return []Item{{Outcome: Deleted}, {Outcome: Deleted}}, nil
		})
		done <- resp
	}()
	if <-started != 0 {
		t.Fatal("first batch")
	}
	waitFor(t, func() bool { return w.Status().ThrottledUntil == 4*time.Second })
	if st := w.Status(); st.Batches != 2 || st.Deleted != 2 || st.Throttled != 4*time.Second {
		t.Errorf("waiting status %+v", st)
	}
	clk.Advance(3 * time.Second)
	waitFor(t, func() bool { return w.Status().ThrottledUntil == time.Second })
	clk.Advance(time.Second)
	if <-started != 2 {
		t.Fatal("second batch")
	}
	waitFor(t, func() bool { return w.Status().ThrottledUntil > 0 })
	close(cancel)
	resp := <-done
	if st := resp.Status; st.Deleted != 4 || st.Canceled != "by user request" || st.Batches != 3 || st.Throttled != 8*time.Second || resp.Took != 4*time.Second {
		t.Errorf("cancelled response %+v took %v", st, resp.Took)
	}
}

func TestWorkerRethrottle(t *testing.T) {
	clk := clock.NewManual(time.UnixMilli(0))
	w := NewWorker(Config{Clock: clk, Total: 4, BatchSize: 2, RequestsPerSecond: 0.001, Cancel: make(chan struct{})})
	done := make(chan *Response)
	go func() {
		var seen [][2]int
		resp, _ := w.Run(okBatch(&seen))
		done <- resp
	}()
	waitFor(t, func() bool { return w.Status().ThrottledUntil > 0 })
	w.Rethrottle(-1)
	resp := <-done
	if resp.Status.Deleted != 4 || !math.IsInf(resp.Status.RequestsPerSec, 1) {
		t.Errorf("after rethrottle %+v", resp.Status)
	}
}

func TestStatusRendering(t *testing.T) {
	id := 1
	s := &Status{SliceID: &id, Total: 3, Throttled: 1500 * time.Millisecond, RequestsPerSec: 2.5, Canceled: "by user request", ThrottledUntil: 250 * time.Millisecond}
	out, _ := jsonout.Marshal(s.Object(Fields{Human: true}))
	if want := `{"slice_id":1,"total":3,"updated":0,"created":0,"deleted":0,"batches":0,"version_conflicts":0,"noops":0,"retries":{"bulk":0,"search":0},"throttled":"1.5s","throttled_millis":1500,"requests_per_second":2.5,"canceled":"by user request","throttled_until":"250ms","throttled_until_millis":250}`; string(out) != want {
		t.Errorf("status\n got %s\nwant %s", out, want)
	}
	for d, want := range map[time.Duration]string{0: "0s", 90 * time.Second: "1.5m", 2 * time.Hour: "2h", 1500 * time.Microsecond: "1.5ms", 3 * time.Microsecond: "3micros"} {
		if got := HumanTime(d); got != want {
			t.Errorf("HumanTime(%v) = %q, want %q", d, got, want)
		}
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for i := 0; i < 5000; i++ {
		if cond() {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("condition never held")
}

// max_docs counts successful writes: noops and proceeded conflicts let the
// job read further, and the last page is cut to what is left.
func TestWorkerMaxDocs(t *testing.T) {
	conflict := &Failure{Index: "i", ID: "x", Cause: apierr.New(apierr.TypeVersionConflict, "c"), Status: 409}
	outcome := map[int]Item{0: {Outcome: Noop}, 2: {Outcome: Conflict, Failure: conflict}}
	var seen [][2]int
	w := NewWorker(Config{Clock: clock.NewManual(time.UnixMilli(0)), Total: 10, MaxDocs: 3, BatchSize: 2, Proceed: true, Cancel: make(chan struct{})})
	resp, err := w.Run(func(from, to int) ([]Item, *apierr.Error) {
		seen = append(seen, [2]int{from, to})
		var items []Item
		for i := from; i < to; i++ {
			it, ok := outcome[i]
			if !ok {
				it = Item{Outcome: Updated}
			}
			items = append(items, it)
		}
		return items, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Pages [0,2) -> noop+updated, [2,4) -> conflict+updated, [4,5) cut to the one left.
	if len(seen) != 3 || seen[2] != [2]int{4, 5} {
		t.Errorf("pages %v", seen)
	}
	if st := resp.Status; st.Total != 3 || st.Updated != 3 || st.Noops != 1 || st.VersionConflicts != 1 || st.Batches != 3 {
		t.Errorf("status %+v", st)
	}
}
