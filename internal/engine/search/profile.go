package search

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/aggs"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/proftime"
)

// ShardProfile is one shard's profile (ProfileShardResult): the searches it
// ran (the query, then a match_all for global aggregations) and its
// aggregations.
type ShardProfile struct {
	Target   Target
	Searches []jsonout.Object
	Aggs     []jsonout.Object
}

// shardProfile gathers one shard's measures while it runs.
type shardProfile struct {
	query   *queryBreakdown
	rewrite int64 // nanoseconds spent rewriting the compiled query
	// collect times the collection of each match (the outermost
	// collector), aggs the part in the aggregations, hits the rest (the
	// top hits and the collectors wrapped around them).
	collect, aggs, hits proftime.Timer
	hitsOn              bool // hits was started for the match
	// countable marks a query whose matches Lucene counts without
	// collecting: a match_all (matchAll) or a single term.
	countable, matchAll bool
}

// begin, aggsBegin, aggsEnd and end time the collection of one match:
// from begin to end the outermost collector, between aggsBegin and aggsEnd
// the aggregations, after them (or from begin) the hits' collectors.
func (sp *shardProfile) begin() {
	sp.collect.Start()
	sp.hitsOn = false
}

func (sp *shardProfile) aggsBegin() { sp.aggs.Start() }

func (sp *shardProfile) aggsEnd() {
	sp.aggs.Stop()
	sp.hits.Start()
	sp.hitsOn = true
}

func (sp *shardProfile) end() {
	if sp.hitsOn {
		sp.hits.Stop()
	}
	sp.collect.Stop()
}

// profileQuery prepares the shard's query for profiling: the tree as the
// searcher runs it (in a ConstantScoreQuery when no collector needs
// scores) with every node timing its iterators.
func (c *shardCtx) profileQuery(n node, needsScores bool, sp *shardProfile) node {
	switch x := n.(type) {
	case *termNode:
		sp.countable = true
	case *constNode:
		sp.countable, sp.matchAll = x.desc == "*:*", x.desc == "*:*"
	}
	start := time.Now()
	if !needsScores {
		n = c.noScoring(n)
	}
	sp.rewrite += time.Since(start).Nanoseconds()
	run, b := c.instrument(n)
	sp.query = b
	return run
}

// collectorsNeedScores is the score mode of the collector chain: the top
// hits need scores when sorted by them, min_score always does, and the
// aggregations when one reads the score (top_hits, scripts).
func collectorsNeedScores(req *Request, k int, scores bool) bool {
	if req.MinScore != nil {
		return true
	}
	if k > 0 && scores {
		return true
	}
	return req.Aggs != nil && req.Aggs.NeedsScores()
}

// hitCountKnown reports whether the shard's total can be read without
// collecting (TopDocsCollectorContext.shortcutTotalHitCount): a match_all,
// or a term query without deleted documents, and no collector that
// filters.
func hitCountKnown(req *Request, t Target, allLive bool, sp *shardProfile) bool {
	if t.Filter != nil || req.PostFilter != nil || req.MinScore != nil || req.TerminateAfter > 0 || req.Slice != nil {
		return false
	}
	return sp.countable && (sp.matchAll || allLive)
}

// collectorTree is the collector chain QueryPhase builds for the shard,
// innermost first: the top hits (or the count), terminate_after, the post
// filter, the aggregations beside them, min_score around everything.
func collectorTree(req *Request, t Target, allLive bool, k int, sp *shardProfile, aggNames []string) jsonout.Object {
	var name string
	reason := "search_top_hits"
	sortByScore := len(req.Sort) == 0 || (len(req.Sort) == 1 && req.Sort[0].Kind == SortScore && req.Sort[0].Desc)
	switch {
	case k == 0:
		reason, name = "search_count", "EarlyTerminatingCollector"
		if req.TrackTotalHits == math.MaxInt32 && !hitCountKnown(req, t, allLive, sp) {
			name = "TotalHitCountCollector"
		}
	case sortByScore && req.SearchAfter == nil:
		name = "SimpleTopScoreDocCollector"
	case sortByScore:
		name = "PagingTopScoreDocCollector"
	case req.SearchAfter == nil:
		name = "SimpleFieldCollector"
	default:
		name = "PagingFieldCollector"
	}
	hits := sp.hits.Nanos()
	if sp.hits.Count() == 0 {
		hits = sp.collect.Nanos() // no aggregations: the hits' collectors took it all
	}
	cur := collectorResult(name, reason, hits)
	if req.TerminateAfter > 0 {
		cur = collectorResult("EarlyTerminatingCollector", "search_terminate_after_count", hits, cur)
	}
	if req.PostFilter != nil {
		cur = collectorResult("FilteredCollector", "search_post_filter", hits, cur)
	}
	if len(aggNames) > 0 {
		aggsCol := collectorResult(aggCollectorName(aggNames), "aggregation", sp.aggs.Nanos())
		cur = collectorResult("MultiCollector", "search_multi", sp.aggs.Nanos()+hits, cur, aggsCol)
	}
	if req.MinScore != nil {
		cur = collectorResult("MinimumScoreCollector", "search_min_score", sp.collect.Nanos(), cur)
	}
	return cur
}

// aggCollectorName is the profiled name of the aggregations' collector:
// the aggregator itself, or MultiBucketCollector over several.
func aggCollectorName(names []string) string {
	if len(names) == 1 {
		return "ProfilingAggregator: [" + names[0] + "]"
	}
	return "MultiBucketCollector: [[" + strings.Join(names, ", ") + "]]"
}

// collectorResult is CollectorResult.toXContent.
func collectorResult(name, reason string, nanos int64, children ...jsonout.Object) jsonout.Object {
	o := jsonout.Object{{Key: "name", Value: name}, {Key: "reason", Value: reason}, {Key: "time_in_nanos", Value: nanos}}
	if len(children) > 0 {
		kids := make([]any, len(children))
		for i, c := range children {
			kids[i] = c
		}
		o = append(o, jsonout.Field{Key: "children", Value: kids})
	}
	return o
}

// searchResult is QueryProfileShardResult.toXContent.
func searchResult(query jsonout.Object, rewrite int64, collector jsonout.Object) jsonout.Object {
	return jsonout.Object{{Key: "query", Value: []any{query}}, {Key: "rewrite_time", Value: rewrite},
		{Key: "collector", Value: []any{collector}}}
}

// shardProfileResult assembles the shard's profile once it has run.
func shardProfileResult(req *Request, t Target, allLive bool, k int, sp *shardProfile, sa *aggs.Shard) ShardProfile {
	out := ShardProfile{Target: t}
	var queryNames []string
	if req.Aggs != nil {
		queryNames = req.Aggs.QueryScoped()
	}
	out.Searches = append(out.Searches, searchResult(sp.query.render(), sp.rewrite, collectorTree(req, t, allLive, k, sp, queryNames)))
	if sa != nil {
		if g := sa.GlobalPass(); len(g.Names) > 0 {
			out.Searches = append(out.Searches, globalSearch(g))
		}
		out.Aggs = sa.Profile()
	}
	if out.Aggs == nil {
		out.Aggs = []jsonout.Object{}
	}
	return out
}

// globalSearch is the second search a shard runs for global aggregations:
// a match_all over every live document, collected by them.
func globalSearch(g aggs.GlobalStats) jsonout.Object {
	iterate := max(g.Nanos-g.Collect, 1)
	all := &queryBreakdown{typ: "MatchAllDocsQuery", desc: "*:*"}
	all.t[qNextDoc] = proftime.Of(g.Docs+1, iterate)
	all.t[qCreateWeight], all.t[qBuildScorer] = proftime.Of(1, 0), proftime.Of(1, 0)
	top := &queryBreakdown{typ: "ConstantScoreQuery", desc: "ConstantScore(*:*)", children: []*queryBreakdown{all}, t: all.t}
	return searchResult(top.render(), 0, collectorResult(aggCollectorName(g.Names), "aggregation_global", g.Collect))
}

// profiledRun is the node the profiled shard iterates: the query as
// profileQuery prepares it, the post filter or slice (a collector or an
// extra clause in OpenSearch) kept around it unprofiled.
func (c *shardCtx) profiledRun(n node, needsScores bool, sp *shardProfile) node {
	if pf, ok := n.(*postFilterNode); ok {
		return &postFilterNode{main: c.profiledRun(pf.main, needsScores, sp), filter: pf.filter}
	}
	return c.profileQuery(n, needsScores, sp)
}

// aggQueryShape describes the shard's query for the aggregations' filter
// rewrite: a match_all, or a range or exists query on one field (the
// range's bounds read from the compiled point range).
func aggQueryShape(req *Request, t Target, n node) aggs.QueryShape {
	if t.Filter != nil || req.Slice != nil {
		return aggs.QueryShape{}
	}
	switch q := req.Query.(type) {
	case nil, *dsl.MatchAll:
		return aggs.QueryShape{MatchAll: true}
	case *dsl.Exists:
		return aggs.QueryShape{Field: q.Field}
	case *dsl.Range:
		cn, ok := n.(*constNode)
		if !ok {
			return aggs.QueryShape{}
		}
		field, rest, found := strings.Cut(cn.desc, ":[")
		lo, hi, found2 := strings.Cut(strings.TrimSuffix(rest, "]"), " TO ")
		l, err1 := strconv.ParseInt(lo, 10, 64)
		h, err2 := strconv.ParseInt(hi, 10, 64)
		if !found || !found2 || err1 != nil || err2 != nil || field != q.Field {
			return aggs.QueryShape{}
		}
		return aggs.QueryShape{Field: q.Field, Bounded: true, Lo: l, Hi: h}
	}
	return aggs.QueryShape{}
}
