package aggs

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// Matcher tests documents of one shard against a compiled query; it is
// called with non-decreasing slots.
type Matcher func(slot int32) bool

// ShardContext is what the search executor offers one shard's
// aggregations.
type ShardContext struct {
	Reader  *shard.Reader
	Mapping *mapping.Mapping
	Index   string
	Now     time.Time
	// Filter compiles a query (in filter context) against the shard.
	Filter func(q dsl.Query) (Matcher, *apierr.Error)
	// Script compiles an aggregation script (nil: scripts are refused).
	Script func(s *dsl.Script) (ScriptFunc, *apierr.Error)
	// MaxBuckets is search.max_buckets (a composite size may not pass it).
	MaxBuckets int
	// TopHits makes a top_hits aggregation's collector for one bucket
	// (nil: top_hits are not available).
	TopHits func(s *TopHitsSpec) (TopHitsCollector, *apierr.Error)
	// DocLookup makes the doc variable of scripted_metric map scripts on
	// the shard and the function that moves it to a document.
	DocLookup func() (*painless.DocLookup, func(slot int32))
	// Profile times the aggregations (Shard.Profile); Query describes the
	// shard's query for the filter rewrite the profile reports.
	Profile bool
	Query   QueryShape
}

// ScriptFunc runs a compiled aggregation script on a document; value is
// _value for a value script (nil otherwise).
type ScriptFunc func(slot int32, score float32, value any) (any, *apierr.Error)

// shardEnv is the per-shard state the collectors share.
type shardEnv struct {
	r          *shard.Reader
	m          *mapping.Mapping
	now        time.Time
	index      string
	filter     func(q dsl.Query) (Matcher, *apierr.Error)
	script     func(s *dsl.Script) (ScriptFunc, *apierr.Error)
	topHits    func(s *TopHitsSpec) (TopHitsCollector, *apierr.Error)
	docLookup  func() (*painless.DocLookup, func(slot int32))
	sources    map[*Agg]*values // resolved values sources, one per aggregation
	scope      nestedScope      // the nested level of the documents collected
	parents    []*Agg           // the enclosing aggregations, outermost first
	maxBuckets int
	// memo holds per-shard state an aggregation shares between its bucket
	// copies (significant_terms' background frequencies).
	memo map[*Agg]any
	// err is the first failure a collector met while collecting (a script
	// error, a value the aggregation cannot take): it fails the shard.
	err *apierr.Error
	// prof times the aggregations when the search is profiled (nil
	// otherwise).
	prof *profiler
}

// fail records a collection failure (the first one wins).
func (e *shardEnv) fail(err *apierr.Error) {
	if e.err == nil {
		e.err = err
	}
}

func (e *shardEnv) field(path string) *mapping.Field {
	if e.m == nil {
		return nil
	}
	if f := e.m.Lookup(path); f != nil {
		return e.m.Resolve(f) // an alias reads its target
	}
	return e.m.FlatLeaf(path) // a path inside a flat_object
}

// values resolves an aggregation's source once per shard (every bucket's
// copy of a sub-aggregation shares it).
func (e *shardEnv) values(a *Agg, s *source, def vsType, supported ...vsType) (*values, *apierr.Error) {
	if v, ok := e.sources[a]; ok {
		return v, nil
	}
	if e.prof != nil {
		defer e.timeLeafSetup(a, time.Now())
	}
	v, err := s.resolve(e, a.Type, def, supported...)
	if err != nil {
		return nil, err
	}
	v.env = e
	e.sources[a] = v
	return v, nil
}

// collector gathers one aggregation's values on one shard.
type collector interface {
	// collect takes one matching document with its score (0 when scores
	// are not computed).
	collect(slot int32, score float32)
	// result builds the shard-level result after the last document.
	result() result
}

// blockCollector is a collector with its own loop over many documents at
// once, without a call per document. Only a collector that cannot fail on
// this shard says blockSafe (a failure must be the first one met in
// document order), and its collectBlock is then used for every document.
type blockCollector interface {
	collector
	blockSafe() bool
	collectBlock(slots []int32, score float32)
}

// asBlock returns c as a blockCollector when it is block safe.
func asBlock(c collector) (blockCollector, bool) {
	bc, ok := c.(blockCollector)
	return bc, ok && bc.blockSafe()
}

// subCollectors are the collectors of one bucket's sub-aggregations.
type subCollectors []collector

func (s subCollectors) collect(slot int32, score float32) {
	for _, c := range s {
		c.collect(slot, score)
	}
}

// blockSafe reports whether every collector is block safe.
func (s subCollectors) blockSafe() bool {
	for _, c := range s {
		if _, ok := asBlock(c); !ok {
			return false
		}
	}
	return true
}

// collectBlock feeds block-safe collectors a block of documents.
func (s subCollectors) collectBlock(slots []int32, score float32) {
	for _, c := range s {
		c.(blockCollector).collectBlock(slots, score)
	}
}

// results builds the bucket's sub-aggregation results.
func (s subCollectors) results(aggs []*Agg) aggList {
	if len(aggs) == 0 {
		return nil
	}
	out := make(aggList, len(aggs))
	for i, c := range s {
		out[i] = named{agg: aggs[i], res: c.result()}
	}
	return out
}

// subFactory makes the sub-aggregation collectors of new buckets.
type subFactory struct {
	env  *shardEnv
	aggs []*Agg
	// first is built (and validated) when the factory is made, and handed
	// to the first bucket.
	first subCollectors
}

func newSubFactory(env *shardEnv, a *Agg) (*subFactory, *apierr.Error) {
	child := *env
	child.parents = append(env.parents[:len(env.parents):len(env.parents)], a)
	f := &subFactory{env: &child, aggs: a.Subs}
	if len(a.Subs) == 0 {
		return f, nil
	}
	first, err := f.build()
	if err != nil {
		return nil, err
	}
	f.first = first
	return f, nil
}

func (f *subFactory) build() (subCollectors, *apierr.Error) {
	out := make(subCollectors, len(f.aggs))
	for i, a := range f.aggs {
		c, err := f.env.newCollector(a)
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

// make returns the collectors of a new bucket (nil without sub-aggregations).
func (f *subFactory) make() subCollectors {
	if len(f.aggs) == 0 {
		return nil
	}
	if f.first != nil {
		c := f.first
		f.first = nil
		return c
	}
	c, _ := f.build() // the first build validated every sub-aggregation
	return c
}

// empty returns the results of a bucket no document reached.
func (f *subFactory) empty() aggList {
	return f.make().results(f.aggs)
}

// Shard collects the aggregations of one shard.
type Shard struct {
	tree *Tree
	env  *shardEnv
	cols []collector
	// global marks the top-level global aggregations: they collect every
	// document of the shard at Finish, not the query's matches.
	global []bool
	// query are the collectors of the other top-level aggregations;
	// blocks are those of them that are block safe, perDoc the others.
	query  []collector
	blocks []blockCollector
	perDoc []collector
	// globalStats measures the global pass when profiling.
	globalStats GlobalStats
}

// NewShard prepares a tree's collectors on one shard. An error (a field
// type the aggregation does not support, a text field without fielddata)
// fails the shard.
func (t *Tree) NewShard(ctx ShardContext) (*Shard, *apierr.Error) {
	env := &shardEnv{r: ctx.Reader, m: ctx.Mapping, now: ctx.Now, index: ctx.Index, filter: ctx.Filter, script: ctx.Script, topHits: ctx.TopHits, docLookup: ctx.DocLookup,
		sources: map[*Agg]*values{}, maxBuckets: ctx.MaxBuckets, memo: map[*Agg]any{}}
	if ctx.Profile {
		var leaves int64
		if ctx.Reader.MaxDoc() > 0 {
			leaves = 1
		}
		env.prof = newProfiler(t, leaves, ctx.Query)
		env.filter = env.profiledFilter(env.filter)
	}
	s := &Shard{tree: t, env: env}
	for _, a := range t.Aggs {
		c, err := env.newCollector(a)
		if err != nil {
			return nil, err
		}
		s.cols = append(s.cols, c)
		s.global = append(s.global, a.Type == "global")
		if a.Type != "global" {
			s.query = append(s.query, c)
			if bc, ok := asBlock(c); ok {
				s.blocks = append(s.blocks, bc)
			} else {
				s.perDoc = append(s.perDoc, c)
			}
		}
	}
	return s, nil
}

// Collect takes one document that matches the query (before post_filter).
func (s *Shard) Collect(slot int32, score float32) {
	for _, c := range s.query {
		c.collect(slot, score)
	}
}

// CollectBlock takes matching documents in slot order, all with one
// score: what Collect does for each, with the block-safe collectors
// looping over the block themselves.
func (s *Shard) CollectBlock(slots []int32, score float32) {
	for _, c := range s.blocks {
		c.collectBlock(slots, score)
	}
	if len(s.perDoc) == 0 {
		return
	}
	for _, slot := range slots {
		for _, c := range s.perDoc {
			c.collect(slot, score)
		}
	}
}

// Err is the first failure met while collecting (a script error, HDR
// percentiles of a negative value, weighted_avg with several weights on a
// document), which fails the shard.
func (s *Shard) Err() *apierr.Error { return s.env.err }

// Finish runs the global aggregations and returns the shard's results.
func (s *Shard) Finish() *ShardResult {
	start := time.Now()
	var collect, docs int64
	for i, c := range s.cols {
		if !s.global[i] {
			continue
		}
		if s.env.prof == nil {
			forEachLive(s.env.r, func(slot int32) { c.collect(slot, 1) })
			continue
		}
		s.globalStats.Names = append(s.globalStats.Names, s.tree.Aggs[i].Name)
		forEachLive(s.env.r, func(slot int32) {
			t := time.Now()
			c.collect(slot, 1)
			collect += time.Since(t).Nanoseconds()
			docs++
		})
	}
	if len(s.globalStats.Names) > 0 {
		s.globalStats.Docs = docs / int64(len(s.globalStats.Names))
		s.globalStats.Nanos, s.globalStats.Collect = time.Since(start).Nanoseconds(), collect
	}
	out := &ShardResult{}
	for i, c := range s.cols {
		out.list = append(out.list, named{agg: s.tree.Aggs[i], res: c.result()})
	}
	return out
}

// forEachLive calls fn for every live root document of the shard.
func forEachLive(r *shard.Reader, fn func(slot int32)) {
	for d := int32(0); d < r.MaxDoc(); d++ {
		if r.Live(d) {
			fn(d)
		}
	}
}

// ShardResult is one shard's aggregation results, before the reduce.
type ShardResult struct {
	list aggList
}
