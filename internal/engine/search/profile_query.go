package search

import (
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/proftime"
)

// The query profile: the compiled tree of a profiled search is copied with
// every node wrapped in a profNode, whose iterators time each call into a
// breakdown as Lucene's ProfileWeight and ProfileScorer do. The original
// tree still serves fetching, highlighting and explanations.

// The timings of a query's breakdown, in QueryTimingType order.
const (
	qCreateWeight = iota
	qBuildScorer
	qNextDoc
	qAdvance
	qMatch
	qScore
	qShallowAdvance
	qComputeMaxScore
	qSetMinCompetitiveScore
	queryTimings
)

var queryTimingNames = [queryTimings]string{"create_weight", "build_scorer", "next_doc", "advance", "match", "score",
	"shallow_advance", "compute_max_score", "set_min_competitive_score"}

// queryBreakdownOrder is the order the breakdown prints in: the iteration
// order of QueryProfileBreakdown's HashMap (a table of 32).
var queryBreakdownOrder = [...]struct {
	kind  int
	count bool
}{
	{qSetMinCompetitiveScore, true}, {qMatch, true}, {qShallowAdvance, true}, {qSetMinCompetitiveScore, false},
	{qNextDoc, false}, {qMatch, false}, {qNextDoc, true}, {qScore, true}, {qComputeMaxScore, true},
	{qComputeMaxScore, false}, {qAdvance, false}, {qAdvance, true}, {qScore, false}, {qBuildScorer, true},
	{qCreateWeight, false}, {qShallowAdvance, false}, {qCreateWeight, true}, {qBuildScorer, false},
}

// queryBreakdown is one query's timers (call counts and times).
type queryBreakdown struct {
	typ, desc string
	t         [queryTimings]proftime.Timer
	children  []*queryBreakdown
}

// render is ProfileResult.toXContent of the query and its children.
func (b *queryBreakdown) render() jsonout.Object {
	var total int64
	for i := range b.t {
		total += b.t[i].Nanos()
	}
	bd := make(jsonout.Object, 0, len(queryBreakdownOrder))
	for _, k := range queryBreakdownOrder {
		name, v := queryTimingNames[k.kind], b.t[k.kind].Nanos()
		if k.count {
			name, v = name+"_count", b.t[k.kind].Count()
		}
		bd = append(bd, jsonout.Field{Key: name, Value: v})
	}
	o := jsonout.Object{{Key: "type", Value: b.typ}, {Key: "description", Value: b.desc},
		{Key: "time_in_nanos", Value: total}, {Key: "breakdown", Value: bd}}
	if len(b.children) > 0 {
		kids := make([]any, 0, len(b.children))
		for _, c := range b.children {
			kids = append(kids, c.render())
		}
		o = append(o, jsonout.Field{Key: "children", Value: kids})
	}
	return o
}

// queryProfiler records how long each node took to compile (its weight).
type queryProfiler struct {
	weights map[node]int64
}

// instrument returns a copy of the tree whose nodes time their iterators,
// with the breakdown tree it fills. The copy shares the leaves' state.
func (c *shardCtx) instrument(n node) (node, *queryBreakdown) {
	switch x := n.(type) {
	case *aliasFilterNode:
		return c.instrument(x.boolNode) // the query and the filter as clauses
	case filterOnlyNode:
		return c.instrument(x.scoreNode)
	}
	b := &queryBreakdown{typ: c.luceneType(n), desc: n.String()}
	var weight int64
	if c.qprof != nil {
		weight = c.qprof.weights[n]
	}
	inner := n
	switch x := n.(type) {
	case *boolNode:
		cp := *x
		cp.clauses = make([]clause, len(x.clauses))
		for i, cl := range x.clauses {
			var kb *queryBreakdown
			cl.n, kb = c.instrument(cl.n)
			cp.clauses[i] = cl
			b.children = append(b.children, kb)
		}
		inner = &cp
	case *scoreNode:
		if !strings.HasPrefix(x.desc, "ConstantScore(") {
			// Terms on a number field: one point-set query in Lucene.
			b.desc = pointSetString(x)
			break
		}
		cp := *x
		var kb *queryBreakdown
		cp.inner, kb = c.instrument(x.inner)
		b.children = append(b.children, kb)
		inner = &cp
	case *disMaxNode:
		cp := *x
		cp.subs = make([]node, len(x.subs))
		for i, s := range x.subs {
			var kb *queryBreakdown
			cp.subs[i], kb = c.instrument(s)
			b.children = append(b.children, kb)
		}
		inner = &cp
	case *funcScoreNode:
		cp := *x
		var kb *queryBreakdown
		cp.inner, kb = c.instrument(x.inner)
		b.children = append(b.children, kb)
		inner = &cp
	}
	// A parent's weight is built with its children's (Lucene's
	// createWeight recurses): keep it at least their sum.
	var kids int64
	for _, k := range b.children {
		kids += k.t[qCreateWeight].Nanos()
	}
	b.t[qCreateWeight].Add(time.Duration(max(weight, kids)))
	return &profNode{node: inner, b: b}, b
}

// profNode times the building of its iterator (build_scorer) and wraps it.
type profNode struct {
	node
	b *queryBreakdown
}

func (p *profNode) iter() iterator {
	p.b.t[qBuildScorer].Start()
	it := p.node.iter()
	p.b.t[qBuildScorer].Stop()
	if ch, ok := it.(checker); ok {
		return &profChecker{profIter{it: it, b: p.b}, ch}
	}
	return &profIter{it: it, b: p.b}
}

// profIter times the calls of an iterator (ProfileScorer).
type profIter struct {
	it iterator
	b  *queryBreakdown
}

func (p *profIter) doc() int32  { return p.it.doc() }
func (p *profIter) cost() int64 { return p.it.cost() }
func (p *profIter) next() int32 {
	p.b.t[qNextDoc].Start()
	d := p.it.next()
	p.b.t[qNextDoc].Stop()
	return d
}

func (p *profIter) score() float32 {
	p.b.t[qScore].Start()
	v := p.it.score()
	p.b.t[qScore].Stop()
	return v
}

func (p *profIter) advance(t int32) int32 {
	p.b.t[qAdvance].Start()
	d := p.it.advance(t)
	p.b.t[qAdvance].Stop()
	return d
}

// profChecker is a profIter over a two-phase iterator: testing one
// document is Lucene's matches() step.
type profChecker struct {
	profIter
	ch checker
}

func (p *profChecker) matches(doc int32) bool {
	p.b.t[qMatch].Start()
	ok := p.ch.matches(doc)
	p.b.t[qMatch].Stop()
	return ok
}

// noScoring wraps a query whose scores no collector needs as
// IndexSearcher.rewrite does (in a ConstantScoreQuery, bool clauses as
// filters), for the profile's tree.
func (c *shardCtx) noScoring(n node) node {
	switch x := n.(type) {
	case *scoreNode, *noneNode, filterOnlyNode:
		return n
	case *boolNode:
		cp := *x
		cp.clauses = make([]clause, len(x.clauses))
		for i, cl := range x.clauses {
			if cl.occur == must {
				cl.occur = filter
			}
			cp.clauses[i] = cl
		}
		if c.qprof != nil {
			c.qprof.weights[&cp] = c.qprof.weights[n]
		}
		n = &cp
	}
	return &scoreNode{inner: n, desc: "ConstantScore(" + n.String() + ")", score: 0}
}

// luceneType is the simple class name of the Lucene query OpenSearch
// builds for the node, as the profile's "type" shows it.
func (c *shardCtx) luceneType(n node) string {
	switch x := n.(type) {
	case *profNode:
		return x.b.typ
	case *termNode:
		return "TermQuery"
	case *boolNode, *aliasFilterNode:
		return "BooleanQuery"
	case *disMaxNode:
		return "DisjunctionMaxQuery"
	case *noneNode:
		return "MatchNoDocsQuery"
	case *phraseNode:
		return "PhraseQuery"
	case *funcScoreNode, *boostingNode:
		return "FunctionScoreQuery"
	case *nestedNode:
		return "ESToParentBlockJoinQuery"
	case *scriptScoreNode:
		return "ScriptScoreQuery"
	case *knnNode:
		return "KNNQuery"
	case *intervalsNode:
		return "IntervalQuery"
	case *rankFeatureNode:
		return "FeatureQuery"
	case *coveringNode:
		return "CoveringQuery"
	case *distanceFeatureNode:
		return "DistanceFeatureQuery"
	case *scoreNode, filterOnlyNode:
		if strings.HasPrefix(n.String(), "ConstantScore(") {
			return "ConstantScoreQuery"
		}
		return "IndexOrDocValuesQuery" // terms on a number field
	case *constNode:
		return c.constQueryType(x)
	}
	return "Query"
}

// blendedWrapper is the query Lucene 9's default rewrite of a multi-term
// query (prefix, wildcard, regexp, terms on a keyword, ids, a keyword
// range) produces, which is what the profiler sees; its toString is the
// original query's.
const blendedWrapper = "MultiTermQueryConstantScoreBlendedWrapper"

// constQueryType names the constant-score queries by what they match.
func (c *shardCtx) constQueryType(x *constNode) string {
	d := x.desc
	switch {
	case d == "*:*":
		return "MatchAllDocsQuery"
	case strings.HasPrefix(d, "FieldExistsQuery"):
		return "FieldExistsQuery"
	case strings.HasPrefix(d, "ScriptQuery("):
		return "ScriptQuery"
	case strings.HasPrefix(d, "ConstantScore("):
		return "ConstantScoreQuery"
	case strings.HasPrefix(d, "slice("):
		return "TermsSliceQuery"
	case strings.HasPrefix(d, "_id:("), x.keep != nil:
		return blendedWrapper
	case strings.Contains(d, ":[") || strings.Contains(d, ":{"):
		field := d[:strings.IndexAny(d, "[{")-1]
		if f := c.field(field); f != nil && (kindOf(f) == kindKeyword || kindOf(f) == kindText) {
			return blendedWrapper
		}
		return "IndexOrDocValuesQuery"
	}
	return "ConstantScoreQuery"
}

// pointSetString is PointInSetQuery's toString ("price:{10.0 20.0}") for
// the fake's terms on a number field: a bool of one-point ranges.
func pointSetString(x *scoreNode) string {
	b, ok := x.inner.(*boolNode)
	if !ok {
		return x.desc
	}
	field, values := "", make([]string, 0, len(b.clauses))
	for _, cl := range b.clauses {
		f, rest, found := strings.Cut(cl.n.String(), ":[")
		lo, _, found2 := strings.Cut(rest, " TO ")
		if !found || !found2 {
			return x.desc
		}
		field = f
		values = append(values, lo)
	}
	// The point set is sorted (DoublePoint.newSetQuery sorts its values).
	sort.SliceStable(values, func(i, j int) bool {
		a, _ := strconv.ParseFloat(values[i], 64)
		b, _ := strconv.ParseFloat(values[j], 64)
		return a < b
	})
	return field + ":{" + strings.Join(values, " ") + "}"
}
