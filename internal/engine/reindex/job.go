package reindex

import (
	"math"
	"sort"
	"sync"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/tasks"
)

// ScrollFunc finds the documents a job processes.
type ScrollFunc func() (*Scrolled, *apierr.Error)

// Job runs one bulk-by-scroll request (_delete_by_query, _update_by_query
// or _reindex; see Env): the scroll, then one worker per slice, each a child
// task of the request's task when sliced. Status and Rethrottle are safe to
// call while it runs.
type Job struct {
	env         *Env
	params      *Params
	action      string
	description string
	// scroll finds the documents; apply writes one batch of them.
	scroll ScrollFunc
	apply  func(hits []search.Hit) BatchFunc
	// after runs once the workers are done (refresh).
	after func(hits []search.Hit)

	// task is the request's task, set when the job starts.
	task *tasks.Task
	// targets are the shards the scroll read (set by run).
	targets []search.Target
	// sliceID is set for a manually sliced request (its responses carry slice_id).
	sliceID *int

	mu      sync.Mutex
	workers []*Worker
	sliced  bool
}

// Description is the task description of the job's request.
func (j *Job) Description() string { return j.description }

// Action is the task action name of the job's request.
func (j *Job) Action() string { return j.action }

// Wait reports whether the request waits for the job (wait_for_completion).
func (j *Job) Wait() bool { return j.params.Wait }

// Status is the task status: one worker's, or the merge of the slices'.
func (j *Job) Status() *Status {
	j.mu.Lock()
	workers, sliced, rps := j.workers, j.sliced, j.params.RPS
	j.mu.Unlock()
	if len(workers) == 0 {
		return &Status{RequestsPerSec: rps}
	}
	if !sliced {
		return workers[0].Status()
	}
	parts := make([]*Status, len(workers))
	for i, w := range workers {
		parts[i] = w.Status()
	}
	return MergeStatus(parts)
}

// MergeStatus sums slice statuses as LeaderBulkByScrollTaskState does.
func MergeStatus(parts []*Status) *Status {
	m := &Status{Slices: parts, RequestsPerSec: 0}
	first := true
	for _, s := range parts {
		m.Total += s.Total
		m.Updated += s.Updated
		m.Created += s.Created
		m.Deleted += s.Deleted
		m.Batches += s.Batches
		m.VersionConflicts += s.VersionConflicts
		m.Noops += s.Noops
		m.BulkRetries += s.BulkRetries
		m.SearchRetries += s.SearchRetries
		m.Throttled += s.Throttled
		m.RequestsPerSec += s.RequestsPerSec
		if first || s.ThrottledUntil < m.ThrottledUntil {
			m.ThrottledUntil = s.ThrottledUntil
		}
		if s.Canceled != "" {
			m.Canceled = s.Canceled
		}
		first = false
	}
	return m
}

// run scrolls and processes; it returns the response or the error that
// stopped the job.
func (j *Job) run() (*Response, *apierr.Error) {
	j.task.SetStatus(func() jsonout.Object { return j.Status().Object(Fields{}) })
	sc, e := j.scroll()
	if e != nil {
		return nil, e
	}
	j.targets = sc.Targets
	hits := sc.Hits
	if ms := j.params.Slice; ms != nil {
		if !ms.Searched {
			hits = SliceHits(hits, ms.Max)[ms.ID]
		}
		id := ms.ID
		j.sliceID = &id
	}
	slices := j.params.Slices
	if slices == 0 {
		slices = sc.Slices
	}
	if slices <= 1 {
		j.mu.Lock()
		w := j.newWorker(len(hits), j.task, j.sliceID, j.params.RPS, j.params.MaxDocs)
		j.workers = []*Worker{w}
		j.mu.Unlock()
		if len(sc.Failed) > 0 {
			return w.Failed(searchFailures(sc.Failed)), nil
		}
		resp, err := w.Run(j.apply(hits))
		if j.after != nil {
			j.after(hits)
		}
		return resp, err
	}
	parts := SliceHits(hits, slices)
	partFails := sliceFailures(sc.Failed, slices)
	children := make([]*tasks.Task, slices)
	workers := make([]*Worker, slices)
	j.mu.Lock()
	rps := j.params.RPS
	if !math.IsInf(rps, 1) {
		rps /= float64(slices) // each slice gets its share of the rate
	}
	for i := range parts {
		id := i
		children[i] = j.env.Tasks.Register(tasks.Spec{Action: j.action, Parent: j.task.ID(), Headers: j.task.Headers(), Cancellable: true})
		workers[i] = j.newWorker(len(parts[i]), children[i], &id, rps, sliceMaxDocs(j.params.MaxDocs, slices, i))
		w := workers[i]
		children[i].SetStatus(func() jsonout.Object { return w.Status().Object(Fields{}) })
	}
	j.workers, j.sliced = workers, true
	j.mu.Unlock()
	results := make([]*Response, slices)
	errs := make([]*apierr.Error, slices)
	var wg sync.WaitGroup
	for i := range parts {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			if len(partFails[i]) > 0 {
				results[i] = workers[i].Failed(partFails[i])
			} else {
				results[i], errs[i] = workers[i].Run(j.apply(parts[i]))
			}
			j.env.Tasks.Finish(children[i], nil, errs[i])
		}(i)
	}
	wg.Wait()
	if j.after != nil {
		j.after(hits)
	}
	for _, e := range errs {
		if e != nil {
			return nil, e
		}
	}
	merged := &Response{}
	statuses := make([]*Status, slices)
	for i, r := range results {
		merged.Took = max(merged.Took, r.Took)
		merged.TimedOut = merged.TimedOut || r.TimedOut
		merged.Failures = append(merged.Failures, r.Failures...)
		merged.SearchFailures = append(merged.SearchFailures, r.SearchFailures...)
		statuses[i] = r.Status
	}
	merged.Status = MergeStatus(statuses)
	return merged, nil
}

// sliceMaxDocs is a slice's share of max_docs (the first slices take the
// remainder), as the parallelization helper splits it.
func sliceMaxDocs(maxDocs int64, slices, id int) int64 {
	if maxDocs == MaxDocsAll {
		return MaxDocsAll
	}
	n := maxDocs / int64(slices)
	if int64(id) < maxDocs%int64(slices) {
		n++
	}
	return n
}

// newWorker builds a worker reading total documents at rps (its share) and
// stopping after maxDocs successful writes (MaxDocsAll: no limit).
func (j *Job) newWorker(total int, t *tasks.Task, sliceID *int, rps float64, maxDocs int64) *Worker {
	return NewWorker(Config{Clock: j.env.Clock, Total: total, MaxDocs: max(maxDocs, 0), BatchSize: j.params.ScrollSize, RequestsPerSecond: rps,
		Proceed: j.params.Proceed, Cancel: t.CancelledCh(), Reason: func() string { _, r := t.Cancelled(); return r }, SliceID: sliceID})
}

// Rethrottle changes the rate of every worker (split between slices).
func (j *Job) Rethrottle(rps float64) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.params.RPS = rps
	for _, w := range j.workers {
		if j.sliced && !math.IsInf(rps, 1) {
			w.Rethrottle(rps / float64(len(j.workers)))
		} else {
			w.Rethrottle(rps)
		}
	}
}

// SliceHits splits the scroll into slices as a sliced scroll on _id does:
// with no more slices than shards, slice i reads the shards whose number
// modulo the slice count is i; with more, each shard's documents are split
// between the slices that read it by a hash of the id.
func SliceHits(hits []search.Hit, slices int) [][]search.Hit {
	parts := make([][]search.Hit, slices)
	for _, h := range hits {
		shards := 1 // a remote document: one "shard"
		if h.Target.Index != nil {
			shards = len(h.Target.Index.Shards)
		}
		var s int
		if slices <= shards {
			s = h.Target.Shard % slices
		} else {
			in := slices / shards
			if slices%shards > h.Target.Shard {
				in++
			}
			k := int(floorMod(int64(search.IDSliceHash(h.Doc.ID)), int64(in)))
			s = h.Target.Shard + k*shards
		}
		parts[s] = append(parts[s], h)
	}
	return parts
}

func floorMod(a, b int64) int64 { return ((a % b) + b) % b }

// AutoSlices is the slice count of slices=auto: the fewest shards among the
// source indices, at most 20.
func AutoSlices(targets []search.Target) int {
	least := 0
	seen := map[string]bool{}
	for _, t := range targets {
		if seen[t.Index.Name] {
			continue
		}
		seen[t.Index.Name] = true
		if n := len(t.Index.Shards); least == 0 || n < least {
			least = n
		}
	}
	return min(max(least, 1), 20)
}

// sortedByDoc orders hits as a _doc-sorted scroll returns them: by document
// number, then by shard position.
func sortedByDoc(hits []search.Hit, order map[search.Target]int) {
	sort.SliceStable(hits, func(a, b int) bool {
		if hits[a].Slot != hits[b].Slot {
			return hits[a].Slot < hits[b].Slot
		}
		return order[hits[a].Target] < order[hits[b].Target]
	})
}
