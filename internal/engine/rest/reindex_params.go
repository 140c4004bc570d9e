package rest

import (
	"math"
	"strconv"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// scrollParams are the parameters every bulk-by-scroll API shares
// (AbstractBulkByScrollRequest and its REST handlers).
type scrollParams struct {
	proceed      bool  // conflicts=proceed
	maxDocs      int64 // -1: all matches
	scrollSize   int
	rps          float64 // +Inf: unthrottled
	slices       int     // 0: auto
	refresh      bool
	wait         bool
	activeShards string
	timeout      time.Duration
	// urlMaxDocs are the size and max_docs URL values, applied after the
	// body's (the order the REST handlers read them in).
	urlMaxDocs []int64
	// slice is a manual slice of the scroll (body "slice": {"id", "max"}).
	slice *manualSlice
	// keepAlive is the scroll parameter (5m unless given).
	keepAlive time.Duration
}

// manualSlice is one slice of a manually sliced request: the scroll's
// SliceBuilder on field (_id unless given). searched marks a slice the
// scroll applied (local sources); remote hits are sliced afterwards.
type manualSlice struct {
	id, max  int
	field    string
	searched bool
}

const maxDocsAll = -1

// setMaxDocs is setMaxDocsValidateIdentical.
func (p *scrollParams) setMaxDocs(n int64) *apierr.Error {
	if p.maxDocs != maxDocsAll && p.maxDocs != n {
		return apierr.IllegalArgument("[max_docs] set to two different values [%d] and [%d]", p.maxDocs, n)
	}
	if n < 0 {
		return apierr.IllegalArgument("[max_docs] parameter cannot be negative, found [%d]", n)
	}
	p.maxDocs = n
	return nil
}

// applyURLMaxDocs applies the URL's size and max_docs after the body's.
func (p *scrollParams) applyURLMaxDocs() *apierr.Error {
	for _, n := range p.urlMaxDocs {
		if e := p.setMaxDocs(n); e != nil {
			return e
		}
	}
	return nil
}

// setConflicts is AbstractBulkByScrollRequest.setConflicts.
func (p *scrollParams) setConflicts(v string) *apierr.Error {
	switch v {
	case "proceed":
		p.proceed = true
	case "abort":
		p.proceed = false
	default:
		return apierr.IllegalArgument("conflicts may only be \"proceed\" or \"abort\" but was [%s]", v)
	}
	return nil
}

// parseRPS reads requests_per_second (parseRequestsPerSecond).
func parseRPS(v string, given bool) (float64, *apierr.Error) {
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

// parseSlices reads slices: a positive integer or "auto" (0).
func parseSlices(v string, given bool) (int, *apierr.Error) {
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

// parseScrollParams reads the URL parameters of _delete_by_query,
// _update_by_query and _reindex.
func parseScrollParams(r *Request) (*scrollParams, error) {
	p := &scrollParams{maxDocs: maxDocsAll, scrollSize: 1000, activeShards: r.Params["wait_for_active_shards"]}
	var err error
	if p.wait, err = r.Bool("wait_for_completion", true); err != nil {
		return nil, err
	}
	if p.refresh, err = r.Bool("refresh", false); err != nil {
		return nil, err
	}
	for _, name := range []string{"size", "max_docs"} {
		if _, ok := r.Param(name); ok {
			n, err := r.Int(name, -1)
			if err != nil {
				return nil, err
			}
			p.urlMaxDocs = append(p.urlMaxDocs, n)
		}
	}
	if _, ok := r.Param("scroll_size"); ok {
		n, err := r.Int("scroll_size", 1000)
		if err != nil {
			return nil, err
		}
		// SearchSourceBuilder.size refuses a negative page size at once.
		if n < 0 {
			return nil, apierr.IllegalArgument("[size] parameter cannot be negative, found [%d]", n)
		}
		p.scrollSize = int(n)
	}
	if v, ok := r.Param("conflicts"); ok {
		if e := p.setConflicts(v); e != nil {
			return nil, e
		}
	}
	var e *apierr.Error
	if p.rps, e = parseRPS(r.Params["requests_per_second"], hasParam(r, "requests_per_second")); e != nil {
		return nil, e
	}
	if p.slices, e = parseSlices(r.Params["slices"], hasParam(r, "slices")); e != nil {
		return nil, e
	}
	if p.timeout, err = r.Duration("timeout", time.Minute); err != nil {
		return nil, err
	}
	// ActiveShardCount.parseString runs while the request is read, so a bad
	// value fails the request before any work starts.
	if _, err := activeShards(r); err != nil {
		return nil, err
	}
	if p.keepAlive, err = r.Duration("scroll", 5*time.Minute); err != nil {
		return nil, err
	}
	if err := checkTimeouts(r, "search_timeout"); err != nil {
		return nil, err
	}
	return p, nil
}

// parseManualSlice reads "slice": {"id": i, "max": n} (SliceBuilder).
func parseManualSlice(v *xcontent.Value) (*manualSlice, *apierr.Error) {
	ms := &manualSlice{id: -1, max: -1, field: "_id"}
	if v.Kind != xcontent.Object {
		return nil, apierr.New(apierr.TypeParsing, "Unknown key for a "+v.Token()+" in [slice].")
	}
	e := parseObject("slice", v, []objField{
		{names: []string{"id"}, kinds: kLong, parse: func(f *xcontent.Value) *apierr.Error {
			n, e := longValue(f)
			ms.id = int(n)
			return e
		}},
		{names: []string{"max"}, kinds: kLong, parse: func(f *xcontent.Value) *apierr.Error {
			n, e := longValue(f)
			ms.max = int(n)
			return e
		}},
		{names: []string{"field"}, kinds: kString, parse: func(f *xcontent.Value) *apierr.Error {
			if f.Str == "" {
				return apierr.IllegalArgument("field name is null or empty")
			}
			ms.field = f.Str
			return nil
		}},
	})
	if e != nil {
		return nil, e
	}
	switch {
	case ms.max <= 1:
		return nil, apierr.IllegalArgument("max must be greater than 1")
	case ms.id < 0:
		return nil, apierr.IllegalArgument("id must be greater than or equal to 0")
	case ms.id >= ms.max:
		return nil, apierr.IllegalArgument("max must be greater than id")
	}
	return ms, nil
}

// validate is the shared part of AbstractBulkByScrollRequest.validate.
func (p *scrollParams) validate(msgs []string) []string {
	if p.scrollSize < 0 {
		msgs = append(msgs, "[size] parameter cannot be negative, found ["+strconv.Itoa(p.scrollSize)+"]")
	}
	if p.maxDocs == 0 {
		msgs = append(msgs, "maxDocs should be greater than 0 if the request is limited to some number of documents or -1 if it isn't but it was [0]")
	}
	if p.slice != nil && p.slices != 1 {
		msgs = append(msgs, "can't specify both manual and automatic slicing at the same time")
	}
	if p.maxDocs != maxDocsAll && p.slices != 0 && p.maxDocs < int64(p.slices) {
		msgs = append(msgs, "[max_docs] should be >= [slices]")
	}
	return msgs
}
