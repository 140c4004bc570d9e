package reindex

import (
	"encoding/json"
	"math"
	"strconv"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// Status is BulkByScrollTask.Status: the counters of one worker (or the sum
// of a sliced request's workers, with Slices set).
type Status struct {
	SliceID          *int
	Total            int64
	Updated          int64
	Created          int64
	Deleted          int64
	Batches          int64
	VersionConflicts int64
	Noops            int64
	BulkRetries      int64
	SearchRetries    int64
	Throttled        time.Duration
	RequestsPerSec   float64 // +Inf when unthrottled
	Canceled         string  // the cancellation reason, "" when not cancelled
	ThrottledUntil   time.Duration
	Slices           []*Status // per-slice statuses of a sliced request
}

// Fields selects the optional counters of a rendering: a synchronous
// delete-by-query omits updated and created, update-by-query omits created.
type Fields struct {
	NoUpdated bool
	NoCreated bool
	Human     bool
}

// Object renders the status (BulkByScrollTask.Status.innerXContent).
func (s *Status) Object(f Fields) jsonout.Object {
	var o jsonout.Object
	if s.SliceID != nil {
		o = append(o, jsonout.Field{Key: "slice_id", Value: *s.SliceID})
	}
	o = append(o, jsonout.Field{Key: "total", Value: s.Total})
	if !f.NoUpdated {
		o = append(o, jsonout.Field{Key: "updated", Value: s.Updated})
	}
	if !f.NoCreated {
		o = append(o, jsonout.Field{Key: "created", Value: s.Created})
	}
	o = append(o, jsonout.Field{Key: "deleted", Value: s.Deleted}, jsonout.Field{Key: "batches", Value: s.Batches},
		jsonout.Field{Key: "version_conflicts", Value: s.VersionConflicts}, jsonout.Field{Key: "noops", Value: s.Noops},
		jsonout.Field{Key: "retries", Value: jsonout.Object{{Key: "bulk", Value: s.BulkRetries}, {Key: "search", Value: s.SearchRetries}}})
	if f.Human {
		o = append(o, jsonout.Field{Key: "throttled", Value: HumanTime(s.Throttled)})
	}
	o = append(o, jsonout.Field{Key: "throttled_millis", Value: s.Throttled.Milliseconds()},
		jsonout.Field{Key: "requests_per_second", Value: RPSValue(s.RequestsPerSec)})
	if s.Canceled != "" {
		o = append(o, jsonout.Field{Key: "canceled", Value: s.Canceled})
	}
	if f.Human {
		o = append(o, jsonout.Field{Key: "throttled_until", Value: HumanTime(s.ThrottledUntil)})
	}
	o = append(o, jsonout.Field{Key: "throttled_until_millis", Value: s.ThrottledUntil.Milliseconds()})
	if len(s.Slices) > 0 {
		list := make([]any, len(s.Slices))
		for i, sl := range s.Slices {
			if sl == nil {
				list[i] = nil
				continue
			}
			list[i] = sl.Object(f)
		}
		o = append(o, jsonout.Field{Key: "slices", Value: list})
	}
	return o
}

// RPSValue renders requests_per_second as the server's float: -1.0 when
// unthrottled, else Java's Float.toString.
func RPSValue(rps float64) json.RawMessage {
	if math.IsInf(rps, 1) {
		return json.RawMessage("-1.0")
	}
	return json.RawMessage(painless.AppendJSON(nil, float32(rps)))
}

// HumanTime is TimeValue.toString's short form ("0s", "1.5s", "2m").
func HumanTime(d time.Duration) string {
	ms := float64(d) / float64(time.Millisecond)
	units := []struct {
		name string
		ms   float64
	}{{"d", 86400000}, {"h", 3600000}, {"m", 60000}, {"s", 1000}}
	for _, u := range units {
		if ms >= u.ms {
			return trimFloat(ms/u.ms) + u.name
		}
	}
	if d >= time.Millisecond || d == 0 {
		if d == 0 {
			return "0s"
		}
		return trimFloat(ms) + "ms"
	}
	return trimFloat(float64(d)/float64(time.Microsecond)) + "micros"
}

// trimFloat prints one decimal like TimeValue, dropping ".0".
func trimFloat(f float64) string {
	s := strconv.FormatFloat(math.Floor(f*10)/10, 'f', 1, 64)
	if len(s) > 2 && s[len(s)-2:] == ".0" {
		return s[:len(s)-2]
	}
	return s
}

// Failure is one failed document write (BulkItemResponse.Failure).
type Failure struct {
	Index  string
	ID     string
	Cause  *apierr.Error
	Status int
}

// Object renders {"index","id","cause","status"}.
func (f Failure) Object() jsonout.Object {
	return jsonout.Object{{Key: "index", Value: f.Index}, {Key: "id", Value: f.ID}, {Key: "cause", Value: f.Cause.Inline()}, {Key: "status", Value: f.Status}}
}

// Response is a finished BulkByScrollResponse.
type Response struct {
	Took     time.Duration
	TimedOut bool
	Status   *Status
	Failures []Failure
	// SearchFailures are the shards the scroll failed on.
	SearchFailures []SearchFailure
}

// HTTPStatus is the response status: the highest failure status (bulk or
// search), else 408 when timed out, else 200.
func (r *Response) HTTPStatus() int {
	st := 200
	if r.TimedOut {
		st = 408
	}
	for _, f := range r.Failures {
		if f.Status > st {
			st = f.Status
		}
	}
	for _, f := range r.SearchFailures {
		if f.Cause.Status > st {
			st = f.Cause.Status
		}
	}
	return st
}

// Object renders took, timed_out, the status fields and failures.
func (r *Response) Object(f Fields) jsonout.Object {
	o := jsonout.Object{{Key: "took", Value: r.Took.Milliseconds()}, {Key: "timed_out", Value: r.TimedOut}}
	o = append(o, r.Status.Object(f)...)
	fails := make([]any, 0, len(r.Failures)+len(r.SearchFailures))
	for _, fl := range r.Failures {
		fails = append(fails, fl.Object())
	}
	for _, fl := range r.SearchFailures {
		fails = append(fails, fl.Object())
	}
	return append(o, jsonout.Field{Key: "failures", Value: fails})
}
