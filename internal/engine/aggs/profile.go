package aggs

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/proftime"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// The timings of an aggregation's profile, in AggregationTimingType order.
const (
	timeInit = iota
	timeLeaf
	timeCollect
	timePost
	timeBuild
	timeReduce
	timingKinds
)

var timingNames = [timingKinds]string{"initialize", "build_leaf_collector", "collect", "post_collection", "build_aggregation", "reduce"}

// breakdownOrder is the order the breakdown prints in: the iteration
// order of AggregationProfileBreakdown's HashMap of the six timings and
// their counts (a table of 16).
var breakdownOrder = [...]struct {
	kind  int
	count bool
}{
	{timeReduce, false}, {timePost, true}, {timeLeaf, false}, {timeBuild, false}, {timeBuild, true}, {timeLeaf, true},
	{timePost, false}, {timeInit, false}, {timeInit, true}, {timeReduce, true}, {timeCollect, false}, {timeCollect, true},
}

// QueryShape describes a shard's query as the aggregations' filter
// rewrite sees it (Helper.getDateHistoAggBounds and segmentMatchAll).
type QueryShape struct {
	// MatchAll is set when the query matches every document (match_all).
	MatchAll bool
	// Field is the field of a top-level range or exists query; Bounded
	// says the range has bounds Lo and Hi (epoch millis, inclusive).
	Field   string
	Bounded bool
	Lo, Hi  int64
}

// aggProfile is one aggregation's profile on one shard: it is shared by
// every bucket's copy of the aggregation, as OpenSearch keeps one
// aggregator per definition.
type aggProfile struct {
	agg    *Agg
	nanos  [timingKinds]int64
	counts [timingKinds]int64
	// collects times the collect calls, sampled as OpenSearch's Timer
	// samples a tight loop (the other steps run a few times and are
	// timed whole).
	collects proftime.Timer
	children []*aggProfile
	// cols are the collectors made for the aggregation (one per bucket
	// of its parent), env the environment the first was made in.
	cols []collector
	env  *shardEnv
	// rewrite memoizes the filter rewrite's counters (profile_rewrite.go).
	rewrite *rewriteResult
}

// profiler times one shard's aggregations.
type profiler struct {
	byAgg map[*Agg]*aggProfile
	top   []*aggProfile
	query QueryShape
	// leaves is how many segments the shard has: the fake keeps one per
	// shard that holds documents.
	leaves int64
	// current is the aggregation whose collector is being made: the
	// queries it compiles count as its leaf set-up.
	current *aggProfile
}

func newProfiler(t *Tree, leaves int64, q QueryShape) *profiler {
	p := &profiler{byAgg: map[*Agg]*aggProfile{}, query: q, leaves: leaves}
	var walk func(list []*Agg) []*aggProfile
	walk = func(list []*Agg) []*aggProfile {
		var out []*aggProfile
		for _, a := range list {
			ap := &aggProfile{agg: a, children: walk(a.Subs)}
			p.byAgg[a] = ap
			out = append(out, ap)
		}
		return out
	}
	p.top = walk(t.Aggs)
	return p
}

// newCollector builds an aggregation's collector; when profiling it times
// the build (initialize, without the values source and filters, which are
// the leaf set-up) and wraps the collector in a timing one.
func (e *shardEnv) newCollector(a *Agg) (collector, *apierr.Error) {
	pr := e.prof
	if pr == nil {
		return a.spec.collector(e, a)
	}
	p := pr.byAgg[a]
	outer := pr.current
	pr.current = p
	leaf := p.nanos[timeLeaf]
	start := time.Now()
	c, err := a.spec.collector(e, a)
	p.nanos[timeInit] += time.Since(start).Nanoseconds() - (p.nanos[timeLeaf] - leaf)
	pr.current = outer
	if err != nil {
		return nil, err
	}
	p.counts[timeInit] = 1
	if p.env == nil {
		p.env = e
	}
	p.cols = append(p.cols, c)
	return &profCollector{c: c, p: p}, nil
}

// timeLeafSetup adds the time since start to the leaf set-up of the
// aggregation being built (values sources, filter queries).
func (e *shardEnv) timeLeafSetup(a *Agg, start time.Time) {
	if e.prof == nil {
		return
	}
	p := e.prof.byAgg[a]
	if p == nil {
		p = e.prof.current
	}
	if p != nil {
		p.nanos[timeLeaf] += time.Since(start).Nanoseconds()
	}
}

// profiledFilter wraps the filter compiler so that compiling an
// aggregation's queries counts as its leaf set-up.
func (e *shardEnv) profiledFilter(f func(q dsl.Query) (Matcher, *apierr.Error)) func(q dsl.Query) (Matcher, *apierr.Error) {
	if f == nil {
		return nil
	}
	return func(q dsl.Query) (Matcher, *apierr.Error) {
		start := time.Now()
		m, err := f(q)
		e.timeLeafSetup(nil, start)
		return m, err
	}
}

// postCollector is a collector with work to do once the last document is
// collected (postCollection): cardinality hashes its ordinals.
type postCollector interface {
	postCollect()
}

// profCollector times a collector's calls into its aggregation's profile.
type profCollector struct {
	c collector
	p *aggProfile
}

func (w *profCollector) collect(slot int32, score float32) {
	w.p.collects.Start()
	w.c.collect(slot, score)
	w.p.collects.Stop()
}

func (w *profCollector) result() result {
	start := time.Now()
	if pc, ok := w.c.(postCollector); ok {
		pc.postCollect()
	}
	mid := time.Now()
	r := w.c.result()
	w.p.nanos[timePost] += mid.Sub(start).Nanoseconds()
	w.p.nanos[timeBuild] += time.Since(mid).Nanoseconds()
	// OpenSearch calls postCollection and buildAggregations once per
	// aggregator, whatever the number of buckets it serves.
	w.p.counts[timePost], w.p.counts[timeBuild] = 1, 1
	return r
}

// Profile returns the shard's aggregation profiles, as the "aggregations"
// array of a shard's profile prints them; nil unless the shard was made
// with ShardContext.Profile. Call it after Finish.
func (s *Shard) Profile() []jsonout.Object {
	pr := s.env.prof
	if pr == nil {
		return nil
	}
	out := make([]jsonout.Object, 0, len(pr.top))
	for _, p := range pr.top {
		out = append(out, p.render(pr))
	}
	return out
}

// render is ProfileResult.toXContent of one aggregation.
func (p *aggProfile) render(pr *profiler) jsonout.Object {
	if p.counts[timeInit] > 0 {
		p.counts[timeLeaf] = pr.leaves
	}
	p.nanos[timeCollect], p.counts[timeCollect] = p.collects.Nanos(), p.collects.Count()
	for k := range p.nanos {
		// A step that ran counts at least a nanosecond, as OpenSearch's
		// Timer has it; an aggregation without values has no leaf set-up.
		if p.counts[k] > 0 && p.nanos[k] == 0 && k != timeLeaf {
			p.nanos[k] = 1
		}
	}
	debug := p.debugInfo(pr)
	if p.optimizedByRewrite(pr) {
		// The filter rewrite counts the buckets while it builds the leaf
		// collector; no document is collected one by one.
		p.nanos[timeLeaf] += p.nanos[timeCollect]
		p.nanos[timeCollect], p.counts[timeCollect] = 0, 0
	}
	var total int64
	for _, n := range p.nanos {
		total += n
	}
	breakdown := make(jsonout.Object, 0, len(breakdownOrder))
	for _, b := range breakdownOrder {
		name, v := timingNames[b.kind], p.nanos[b.kind]
		if b.count {
			name, v = name+"_count", p.counts[b.kind]
		}
		breakdown = append(breakdown, jsonout.Field{Key: name, Value: v})
	}
	o := jsonout.Object{
		{Key: "type", Value: p.className(pr)},
		{Key: "description", Value: p.agg.Name},
		{Key: "time_in_nanos", Value: total},
		{Key: "breakdown", Value: breakdown},
	}
	if len(debug) > 0 {
		o = append(o, jsonout.Field{Key: "debug", Value: hashOrdered(debug)})
	}
	if len(p.children) > 0 {
		kids := make([]any, 0, len(p.children))
		for _, c := range p.children {
			kids = append(kids, c.render(pr))
		}
		o = append(o, jsonout.Field{Key: "children", Value: kids})
	}
	return o
}

// hashOrdered puts debug entries in the iteration order of the HashMap
// AggregationProfileBreakdown collects them in.
func hashOrdered(entries jsonout.Object) jsonout.Object {
	keys := make([]string, len(entries))
	for i, e := range entries {
		keys[i] = e.Key
	}
	out := make(jsonout.Object, 0, len(entries))
	for _, k := range settings.HashMapOrder(keys) {
		v, _ := entries.Get(k)
		out = append(out, jsonout.Field{Key: k, Value: v})
	}
	return out
}

// NeedsScores reports whether an aggregation may read the documents'
// scores (top_hits, scripted_metric, any script), which makes the search
// compute them.
func (t *Tree) NeedsScores() bool {
	var walk func(list []*Agg) bool
	walk = func(list []*Agg) bool {
		for _, a := range list {
			if a.Type == "top_hits" || a.Type == "scripted_metric" || usesScript(a.spec) || walk(a.Subs) {
				return true
			}
		}
		return false
	}
	return walk(t.Aggs)
}

// QueryScoped names the top-level aggregations that collect the query's
// matches (all but global ones), in request order.
func (t *Tree) QueryScoped() []string {
	var out []string
	for _, a := range t.Aggs {
		if a.Type != "global" {
			out = append(out, a.Name)
		}
	}
	return out
}

// GlobalStats measures the pass a shard makes for its global
// aggregations: over every live document.
type GlobalStats struct {
	Names   []string // the global aggregations, in request order
	Docs    int64    // documents visited
	Nanos   int64    // the whole pass
	Collect int64    // the part spent in the aggregations' collectors
}

// GlobalPass returns the measures of the global pass (Names is empty
// without global aggregations or when not profiling).
func (s *Shard) GlobalPass() GlobalStats { return s.globalStats }

// usesScript reports whether a spec's values come from a script (which may
// read _score).
func usesScript(s spec) bool {
	if x, ok := s.(interface{ scriptSource() bool }); ok {
		return x.scriptSource()
	}
	return false
}
