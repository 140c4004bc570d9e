package reindex

import (
	"math"
	"sync"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
)

// Outcome is what happened to one document of a batch.
type Outcome int

// Document outcomes.
const (
	Created  Outcome = iota // reindex wrote a new document
	Updated                 // an existing document was replaced
	Deleted                 // the document was deleted
	Noop                    // the script chose noop
	Conflict                // a version conflict (the document changed since the scroll)
	Failed                  // any other write failure
)

// Item is the result of one document write.
type Item struct {
	Outcome Outcome
	// Failure describes a Conflict or Failed outcome.
	Failure *Failure
}

// BatchFunc writes documents [from, to) of the scroll and reports each
// outcome. An error stops the whole job (a script failure); documents of
// earlier batches keep their changes.
type BatchFunc func(from, to int) ([]Item, *apierr.Error)

// Config describes one worker.
type Config struct {
	Clock clock.Clock
	// Total is the number of documents the scroll found.
	Total int
	// MaxDocs stops the job once this many documents were created, updated
	// or deleted (noops and conflicts do not count); <= 0 means no limit.
	MaxDocs int64
	// BatchSize is the scroll size (scroll_size, or size in reindex's source).
	BatchSize int
	// RequestsPerSecond throttles batches; <= 0 or +Inf means unthrottled.
	RequestsPerSecond float64
	// Proceed counts version conflicts instead of aborting (conflicts=proceed).
	Proceed bool
	// Cancel is closed when the task is cancelled; Reason reports why.
	Cancel  <-chan struct{}
	Reason  func() string
	SliceID *int
}

// pollInterval bounds how long a throttled worker sleeps in real time before
// it looks at the server clock again (a manual clock moves only when a test
// advances it).
const pollInterval = 2 * time.Millisecond

// Worker runs one bulk-by-scroll job. Its methods are safe for concurrent
// use: Status and Rethrottle are called while Run works.
type Worker struct {
	cfg  Config
	wake chan struct{}

	mu     sync.Mutex
	status Status
	rps    float64
	until  time.Time // end of the pending throttle delay; zero when none
}

// NewWorker prepares a worker.
func NewWorker(cfg Config) *Worker {
	rps := cfg.RequestsPerSecond
	if rps <= 0 {
		rps = math.Inf(1)
	}
	if cfg.BatchSize <= 0 {
		cfg.BatchSize = 1000
	}
	w := &Worker{cfg: cfg, wake: make(chan struct{}, 1), rps: rps}
	total := int64(cfg.Total)
	if cfg.MaxDocs > 0 {
		total = min(total, cfg.MaxDocs)
	}
	w.status = Status{SliceID: cfg.SliceID, Total: total, RequestsPerSec: rps}
	return w
}

// Status returns a snapshot of the counters.
func (w *Worker) Status() *Status {
	w.mu.Lock()
	defer w.mu.Unlock()
	s := w.status
	s.RequestsPerSec = w.rps
	if !w.until.IsZero() {
		if d := w.until.Sub(w.cfg.Clock.Now()); d > 0 {
			s.ThrottledUntil = d
		}
	}
	return &s
}

// Rethrottle changes requests_per_second (<= 0 or +Inf: unthrottled). A
// faster rate also shortens the pending delay, as OpenSearch reschedules it.
func (w *Worker) Rethrottle(rps float64) {
	if rps <= 0 {
		rps = math.Inf(1)
	}
	w.mu.Lock()
	w.rps = rps
	w.mu.Unlock()
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

func (w *Worker) cancelled() bool {
	select {
	case <-w.cfg.Cancel:
		w.mu.Lock()
		if w.cfg.Reason != nil {
			w.status.Canceled = w.cfg.Reason()
		}
		w.mu.Unlock()
		return true
	default:
		return false
	}
}

// Run processes the documents batch by batch and returns the response.
func (w *Worker) Run(batch BatchFunc) (*Response, *apierr.Error) {
	start := w.cfg.Clock.Now()
	var failures []Failure
	var lastStart time.Time
	lastSize := 0
	for from := 0; from < w.cfg.Total; from += w.cfg.BatchSize {
		if w.cancelled() {
			break
		}
		to := min(from+w.cfg.BatchSize, w.cfg.Total)
		w.mu.Lock()
		if w.cfg.MaxDocs > 0 {
			// A scroll page is cut to what max_docs still allows.
			left := w.cfg.MaxDocs - (w.status.Created + w.status.Updated + w.status.Deleted)
			if left <= 0 {
				w.mu.Unlock()
				break
			}
			to = min(to, from+int(left))
		}
		w.status.Batches++
		// The delay is scheduled with the batch count, so a status read
		// never sees the new batch without its throttle.
		var end time.Time
		if lastSize > 0 {
			end = w.scheduleLocked(lastStart, lastSize)
		}
		w.mu.Unlock()
		if !end.IsZero() && !w.throttle(end, lastStart, lastSize) {
			break
		}
		lastStart, lastSize = w.cfg.Clock.Now(), to-from
		items, err := batch(from, to)
		if err != nil {
			return nil, err
		}
		w.mu.Lock()
		for _, it := range items {
			switch it.Outcome {
			case Created:
				w.status.Created++
			case Updated:
				w.status.Updated++
			case Deleted:
				w.status.Deleted++
			case Noop:
				w.status.Noops++
			case Conflict:
				w.status.VersionConflicts++
				if !w.cfg.Proceed {
					failures = append(failures, *it.Failure)
				}
			case Failed:
				failures = append(failures, *it.Failure)
			}
		}
		w.mu.Unlock()
		if len(failures) > 0 {
			break
		}
	}
	return &Response{Took: w.cfg.Clock.Now().Sub(start), Status: w.Status(), Failures: failures}, nil
}

// deadlineLocked is when the previous batch has taken its share of time at
// the current rate: lastSize / requests_per_second seconds after it started
// (WorkerBulkByScrollTaskState.throttleWaitTime); zero when unthrottled.
func (w *Worker) deadlineLocked(lastStart time.Time, lastSize int) time.Time {
	if math.IsInf(w.rps, 1) {
		return time.Time{}
	}
	return lastStart.Add(time.Duration(float64(lastSize) / w.rps * float64(time.Second)))
}

// scheduleLocked starts the delay before the next batch, counting it in
// throttled_millis and throttled_until_millis; zero when there is none.
func (w *Worker) scheduleLocked(lastStart time.Time, lastSize int) time.Time {
	end := w.deadlineLocked(lastStart, lastSize)
	now := w.cfg.Clock.Now()
	if end.IsZero() || !now.Before(end) {
		return time.Time{}
	}
	w.status.Throttled += end.Sub(now)
	w.until = end
	return end
}

// throttle waits on the server clock until end, the scheduled delay, which a
// faster rethrottle moves earlier. It reports false when the task was
// cancelled meanwhile.
func (w *Worker) throttle(end, lastStart time.Time, lastSize int) bool {
	defer func() {
		w.mu.Lock()
		w.until = time.Time{}
		w.mu.Unlock()
	}()
	for {
		now := w.cfg.Clock.Now()
		if !now.Before(end) {
			return true
		}
		select {
		case <-w.cfg.Cancel:
			w.cancelled()
			return false
		case <-w.wake:
			// A faster rate moves the end earlier; a slower one applies from
			// the next batch.
			w.mu.Lock()
			d := w.deadlineLocked(lastStart, lastSize)
			if d.IsZero() || d.Before(end) {
				end, w.until = d, d
			}
			w.mu.Unlock()
			if end.IsZero() {
				return true
			}
		case <-time.After(min(end.Sub(now), pollInterval)):
		}
	}
}
