package reindex

import (
	"math"
	"strconv"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// Params are the parameters every bulk-by-scroll request shares
// (AbstractBulkByScrollRequest), whichever part of the request (URL or
// body) gave them.
type Params struct {
	// Proceed counts version conflicts instead of aborting (conflicts=proceed).
	Proceed bool
	// MaxDocs is the most documents to process; MaxDocsAll for every match.
	MaxDocs int64
	// ScrollSize is the batch size (scroll_size, or size in reindex's source).
	ScrollSize int
	// RPS is requests_per_second; +Inf when unthrottled.
	RPS float64
	// Slices is the slice count; 0 means auto.
	Slices int
	// Refresh refreshes what the job wrote once it is done.
	Refresh bool
	// Wait is wait_for_completion: false runs the job in the background.
	Wait bool
	// ActiveShards is wait_for_active_shards as given ("" when not).
	ActiveShards string
	// Timeout bounds each batch's wait for active shard copies.
	Timeout time.Duration
	// URLMaxDocs are the size and max_docs URL values, applied after the
	// body's (the order the REST handlers read them in).
	URLMaxDocs []int64
	// Slice is a manual slice of the scroll (body "slice": {"id", "max"}).
	Slice *ManualSlice
	// KeepAlive is the scroll parameter (5m unless given).
	KeepAlive time.Duration
}

// NewParams returns the defaults: every match, batches of 1000,
// unthrottled, one slice, waiting for completion, a one-minute timeout and a
// five-minute scroll.
func NewParams() *Params {
	return &Params{MaxDocs: MaxDocsAll, ScrollSize: 1000, RPS: math.Inf(1), Slices: 1, Wait: true, Timeout: time.Minute, KeepAlive: 5 * time.Minute}
}

// ManualSlice is one slice of a manually sliced request: the scroll's
// SliceBuilder on Field (_id unless given). Searched marks a slice the
// scroll applied (local sources); remote hits are sliced afterwards.
type ManualSlice struct {
	ID, Max  int
	Field    string
	Searched bool
}

// Check is SliceBuilder's validation of id and max.
func (ms *ManualSlice) Check() *apierr.Error {
	switch {
	case ms.Max <= 1:
		return apierr.IllegalArgument("max must be greater than 1")
	case ms.ID < 0:
		return apierr.IllegalArgument("id must be greater than or equal to 0")
	case ms.ID >= ms.Max:
		return apierr.IllegalArgument("max must be greater than id")
	}
	return nil
}

// MaxDocsAll is Params.MaxDocs when the request is not limited.
const MaxDocsAll = -1

// SetMaxDocs is setMaxDocsValidateIdentical: a second, different value is
// an error, and so is a negative one.
func (p *Params) SetMaxDocs(n int64) *apierr.Error {
	if p.MaxDocs != MaxDocsAll && p.MaxDocs != n {
		return apierr.IllegalArgument("[max_docs] set to two different values [%d] and [%d]", p.MaxDocs, n)
	}
	if n < 0 {
		return apierr.IllegalArgument("[max_docs] parameter cannot be negative, found [%d]", n)
	}
	p.MaxDocs = n
	return nil
}

// ApplyURLMaxDocs applies the URL's size and max_docs after the body's.
func (p *Params) ApplyURLMaxDocs() *apierr.Error {
	for _, n := range p.URLMaxDocs {
		if e := p.SetMaxDocs(n); e != nil {
			return e
		}
	}
	return nil
}

// SetConflicts is AbstractBulkByScrollRequest.setConflicts.
func (p *Params) SetConflicts(v string) *apierr.Error {
	switch v {
	case "proceed":
		p.Proceed = true
	case "abort":
		p.Proceed = false
	default:
		return apierr.IllegalArgument("conflicts may only be \"proceed\" or \"abort\" but was [%s]", v)
	}
	return nil
}

// ParseRPS reads requests_per_second (parseRequestsPerSecond): +Inf when
// not given or -1.
func ParseRPS(v string, given bool) (float64, *apierr.Error) {
	if !given {
		return math.Inf(1), nil
	}
	const msg = "[requests_per_second] must be a float greater than 0. Use -1 to disable throttling."
	f, err := strconv.ParseFloat(v, 32)
	if err != nil {
		return 0, apierr.IllegalArgument(msg)
	}
	if f == -1 {
		return math.Inf(1), nil
	}
	if f <= 0 {
		return 0, apierr.IllegalArgument(msg)
	}
	return f, nil
}

// ParseSlices reads slices: a positive integer or "auto" (0); 1 when not given.
func ParseSlices(v string, given bool) (int, *apierr.Error) {
	if !given {
		return 1, nil
	}
	if v == "auto" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return 0, apierr.IllegalArgument("[slices] must be a positive integer or the string \"auto\", but was [%s]", v)
	}
	return n, nil
}

// Validate is the shared part of AbstractBulkByScrollRequest.validate: it
// appends its complaints to msgs.
func (p *Params) Validate(msgs []string) []string {
	if p.ScrollSize < 0 {
		msgs = append(msgs, "[size] parameter cannot be negative, found ["+strconv.Itoa(p.ScrollSize)+"]")
	}
	if p.MaxDocs == 0 {
		msgs = append(msgs, "maxDocs should be greater than 0 if the request is limited to some number of documents or -1 if it isn't but it was [0]")
	}
	if p.Slice != nil && p.Slices != 1 {
		msgs = append(msgs, "can't specify both manual and automatic slicing at the same time")
	}
	if p.MaxDocs != MaxDocsAll && p.Slices != 0 && p.MaxDocs < int64(p.Slices) {
		msgs = append(msgs, "[max_docs] should be >= [slices]")
	}
	return msgs
}
