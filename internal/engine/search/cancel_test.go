package search

import (
	"math"
	"strconv"
	"testing"
)

// countingCanceller reports a cancellation from its at-th poll on and
// counts the polls; shards it is told about are recorded.
type countingCanceller struct {
	at, polls int
	started   []int
}

func (c *countingCanceller) Cancelled() (bool, string) {
	c.polls++
	return c.polls >= c.at, "by user request"
}

func (c *countingCanceller) ShardStarting(i int) { c.started = append(c.started, i) }

func docs(n int) [][2]string {
	out := make([][2]string, n)
	for i := range out {
		out[i] = [2]string{strconv.Itoa(i), `{"n":` + strconv.Itoa(i) + `}`}
	}
	return out
}

func TestCancelBeforeStart(t *testing.T) {
	f := newFixture(t, 2, "", docs(10)...)
	req := f.request("")
	c := &countingCanceller{at: 1}
	req.Cancel = c
	res := Run(req)
	if len(res.Failures) != 2 || len(res.Hits) != 0 || len(c.started) != 0 {
		t.Fatalf("failures %v hits %d started %v", res.Failures, len(res.Hits), c.started)
	}
	for i, f := range res.Failures {
		if f.Shard != i || f.Err.Type != "task_cancelled_exception" || f.Err.Reason != "The parent task was cancelled, shouldn't start any child tasks" || f.Err.Status != 500 {
			t.Errorf("failure %d: %+v %+v", i, f, f.Err)
		}
	}
}

// The collection loop polls every 1024 documents: a cancellation seen at
// the second poll stops the shard after 1024 documents, not at its end.
func TestCancelDuringCollection(t *testing.T) {
	f := newFixture(t, 1, "", docs(3000)...)
	req := f.request("")
	c := &countingCanceller{at: 3} // Run's check, the shard start, then the loop's first poll
	req.Cancel = c
	res := Run(req)
	if len(res.Failures) != 1 || res.Failures[0].Err.Reason != "cancelled task with reason: by user request" || res.Total != 0 {
		t.Fatalf("failures %+v total %d", res.Failures, res.Total)
	}
	if c.polls != 3 {
		t.Errorf("polled %d times, want 3 (the loop stopped at its first poll)", c.polls)
	}
	// Not cancelled: the loop polls twice over 3000 documents and finishes.
	c = &countingCanceller{at: 100}
	req.Cancel = c
	if res := Run(req); len(res.Failures) != 0 || res.Total != 3000 || c.polls != 4 {
		t.Errorf("uncancelled run: failures %v total %d polls %d", res.Failures, res.Total, c.polls)
	}
}

// A cancellation that arrives between shards fails the later shards only:
// the search has partial results.
func TestCancelBetweenShards(t *testing.T) {
	f := newFixture(t, 2, "", docs(20)...)
	req := f.request("")
	c := &countingCanceller{at: 3} // Run, shard 0 start, then shard 1 start sees it
	req.Cancel = c
	res := Run(req)
	if len(c.started) != 2 || len(res.Failures) != 1 || res.Failures[0].Shard != 1 || res.Failures[0].Err.Reason != "cancelled task with reason: by user request" {
		t.Fatalf("started %v failures %+v", c.started, res.Failures)
	}
	if res.Total == 0 || res.Total == 20 {
		t.Errorf("total %d: want shard 0's documents only", res.Total)
	}
}

// BenchmarkScanCancel measures the cost of the cancellation poll on a
// match_all over 100,000 documents, with and without a canceller.
func BenchmarkScanCancel(b *testing.B) {
	f, _ := benchCorpus(b)
	for _, name := range []string{"none", "canceller"} {
		b.Run(name, func(b *testing.B) {
			req := f.request("")
			req.TrackTotalHits = math.MaxInt32
			if name == "canceller" {
				req.Cancel = &countingCanceller{at: int(^uint(0) >> 1)}
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if res := Run(req); res.Total != benchDocs {
					b.Fatal(res.Total)
				}
			}
		})
	}
}
