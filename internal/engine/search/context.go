package search

import (
	"strconv"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/aggs"
	"github.com/clustersearch/clustersearch-go/internal/engine/analysis"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Stats are the term statistics a scorer sees: one shard's
// (query_then_fetch) or the sums over every shard of the request
// (dfs_query_then_fetch).
type Stats interface {
	// Field returns a field's statistics; ok is false when no document has it.
	Field(field string) (shard.FieldStats, bool)
	// DocFreq is the number of documents with the term.
	DocFreq(field, term string) int64
}

// dfsStats are statistics summed over several shard readers.
type dfsStats struct {
	fields map[string]shard.FieldStats
	terms  map[[2]string]int64
	rs     []*shard.Reader
}

func (d *dfsStats) Field(field string) (shard.FieldStats, bool) {
	if st, ok := d.fields[field]; ok {
		return st, st.DocCount > 0
	}
	var sum shard.FieldStats
	for _, r := range d.rs {
		if st, ok := r.FieldStats(field); ok {
			sum.DocCount += st.DocCount
			sum.SumDocFreq += st.SumDocFreq
			sum.SumTotalTermFreq += st.SumTotalTermFreq
		}
	}
	d.fields[field] = sum
	return sum, sum.DocCount > 0
}

func (d *dfsStats) DocFreq(field, term string) int64 {
	k := [2]string{field, term}
	if n, ok := d.terms[k]; ok {
		return n
	}
	var n int64
	for _, r := range d.rs {
		n += r.DocFreq(field, term)
	}
	d.terms[k] = n
	return n
}

// shardCtx is what compiling a query against one shard needs.
type shardCtx struct {
	// lookups are the terms lookups' values, fetched before reading.
	lookups map[*dsl.Terms][]xcontent.Value
	r       *shard.Reader
	idx     *indices.Index
	m       *mapping.Mapping
	stats   Stats
	sim     similarity.BM25
	now     time.Time
	shard   int
	// skipScores makes leaves return 0 instead of scoring (a field sort
	// without track_scores) without turning the query into filter context.
	skipScores bool
	// aggPost is the post filter when aggregations run: they collect the
	// query's matches, the hits keep only what it accepts.
	aggPost aggs.Matcher
	// runErr is a failure raised while scoring (function_score on a
	// document without the field); the shard then fails.
	runErr *apierr.Error
	// fetchErr is a failure raised while fetching a hit's inner hits (their
	// highlighting); the shard then fails as highlightHits fails it.
	fetchErr *apierr.Error
	// nestedState holds the nested documents built for this context and
	// where the context itself stands in a nested hierarchy.
	nestedState
	// scripts compiles search scripts (nil: scripts are not supported here).
	scripts ScriptCompiler
	// fieldScripts are the request's script_fields compiled for this shard.
	fieldScripts []fieldScript
	// qprof records the nodes' compile times when the search is profiled
	// (nil otherwise).
	qprof *queryProfiler
	// queryShape describes the query to a profiled shard's aggregations.
	queryShape aggs.QueryShape
	// warnings are the deprecation warnings the shard's scripts logged.
	warnings *[]string
	// noExpensive refuses the queries search.allow_expensive_queries=false
	// forbids.
	noExpensive bool
	// named are the request's named queries compiled for the fetch phase
	// (matched_queries); namedDone once they are.
	named     []namedNode
	namedDone bool
	// fetchChecked once the fetch phase checked the fields option.
	fetchChecked bool
	// derived are the derived fields this search sees (derived.go), nil
	// when there are none.
	derived *derivedState
	// inDerived is set while the query a derived field wraps compiles.
	inDerived bool
}

// fieldType returns the mapped type of a field path ("" when unmapped).
func (c *shardCtx) field(path string) *mapping.Field {
	if f := c.m.Lookup(path); f != nil {
		return c.m.Resolve(f) // an alias reads its target
	}
	if path == mapping.IgnoredField {
		return mapping.IgnoredFieldDef()
	}
	if f := c.m.RankFeatureLeaf(path); f != nil {
		return f // a feature of a rank_features field
	}
	return c.m.FlatLeaf(path) // a path inside a flat_object
}

// searchAnalyzer is the analyzer a full-text query uses on a field: the
// query's analyzer, else the field's search_analyzer, else its analyzer.
func (c *shardCtx) searchAnalyzer(f *mapping.Field, override string) (analysis.Analyzer, *apierr.Error) {
	name := override
	if name == "" && f != nil {
		if v, ok := f.Params["search_analyzer"].(string); ok {
			name = v
		} else {
			name = f.Analyzer()
		}
	}
	if name == "" {
		name = "standard"
	}
	a, ok := c.idx.Analyzer(name)
	if !ok {
		return nil, c.shardErr(apierr.IllegalArgument("No analyzer found for [%s]", name))
	}
	if f != nil && f.Shingle > 0 {
		// search_as_you_type subfields search with shingles too (the prefix
		// field with the largest shingle, without edge n-grams).
		return analysis.Shingles(a, f.Shingle), nil
	}
	return a, nil
}

// shardErr is an error raised while running on the shard: the REST layer
// reports it as a shard failure.
func (c *shardCtx) shardErr(e *apierr.Error) *apierr.Error { return e }

// queryShardErr is QueryShardException with the index metadata.
func (c *shardCtx) queryShardErr(reason string, cause *apierr.Error) *apierr.Error {
	e := apierr.New(apierr.TypeQueryShard, reason, apierr.Meta{Key: "index", Value: c.idx.Name}, apierr.Meta{Key: "index_uuid", Value: c.idx.UUID})
	if cause != nil {
		e.Cause = cause
	}
	return e
}

// failedToCreate is the query_shard_exception of a value the field type
// cannot parse (a word for a number field).
func (c *shardCtx) failedToCreate(cause *apierr.Error) *apierr.Error {
	return c.queryShardErr("failed to create query: "+cause.Reason, cause)
}

// scorer builds a BM25 scorer for terms of a field, nil when the field has
// no statistics.
func (c *shardCtx) scorer(field string, boost float32, terms ...string) *similarity.Scorer {
	st, ok := c.stats.Field(field)
	if !ok {
		return nil
	}
	ts := make([]similarity.TermStats, len(terms))
	for i, t := range terms {
		ts[i] = similarity.TermStats{DocFreq: c.stats.DocFreq(field, t)}
	}
	return c.simFor(field).Scorer(boost, similarity.CollectionStats{DocCount: st.DocCount, SumTotalTermFreq: st.SumTotalTermFreq}, ts...)
}

// fakeScorer is the scorer of a non-scoring clause, built on Lucene's fake
// statistics (all ones) so that its explanation reads as OpenSearch's does.
func (c *shardCtx) fakeScorer(field string, boost float32, terms int) *similarity.Scorer {
	ts := make([]similarity.TermStats, terms)
	for i := range ts {
		ts[i] = similarity.TermStats{DocFreq: 1}
	}
	return c.simFor(field).Scorer(boost, similarity.CollectionStats{DocCount: 1, SumTotalTermFreq: 1}, ts...)
}

// readerStats are one shard's own statistics (query_then_fetch).
type readerStats struct{ r *shard.Reader }

func (s readerStats) Field(field string) (shard.FieldStats, bool) { return s.r.FieldStats(field) }
func (s readerStats) DocFreq(field, term string) int64            { return s.r.DocFreq(field, term) }

// simFor is the similarity of a field: its mapping's similarity (or the
// index's "default" one) when index.similarity defines it as BM25 with its
// own k1 and b, else the request's. Other similarity types are not
// supported: the shard fails rather than score differently.
func (c *shardCtx) simFor(field string) similarity.BM25 {
	name := "default"
	if f := c.field(field); f != nil {
		if v, ok := f.Params["similarity"].(string); ok {
			name = v
		}
	}
	if c.idx == nil {
		return c.sim
	}
	st := c.idx.Settings()
	typ, ok := st.Get("index.similarity." + name + ".type")
	switch {
	case !ok && (name == "default" || name == "BM25"):
		return c.sim
	case !ok:
		c.fail(apierr.Unsupported("the similarity [" + name + "]"))
		return c.sim
	case typ != "BM25":
		c.fail(apierr.Unsupported("similarities of type [" + typ + "]"))
		return c.sim
	}
	sim := c.sim
	if v, ok := st.Get("index.similarity." + name + ".k1"); ok {
		if f, err := strconv.ParseFloat(v, 32); err == nil {
			sim.K1 = float32(f)
		}
	}
	if v, ok := st.Get("index.similarity." + name + ".b"); ok {
		if f, err := strconv.ParseFloat(v, 32); err == nil {
			sim.B = float32(f)
		}
	}
	return sim
}

// fail records the first failure raised while building or scoring.
func (c *shardCtx) fail(e *apierr.Error) {
	if c.runErr == nil && e != nil {
		c.runErr = e
	}
}
