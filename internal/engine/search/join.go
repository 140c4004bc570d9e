package search

import (
	"math"
	"slices"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// The parent-join queries join on the parent-id field "<join>#<parent>",
// which a parent holds its own id in and a child its parent's, within one
// shard (children are routed to their parent), as Lucene's JoinUtil does
// with global ordinals: the "from" side's matches are collected by join
// value with their scores, then the "to" side's documents match by theirs.

// joinAgg is the collected score of one join value (float arithmetic, as
// GlobalOrdinalsWithScoreCollector keeps it).
type joinAgg struct {
	sum, max, min float32
	count         int
}

// joinNode is a compiled has_child or has_parent query.
type joinNode struct {
	c        *shardCtx
	from     node     // the inner query
	fromName string   // the from relation
	toNames  []string // the relations on the to side
	joinPath string   // the join field
	idField  string   // "<join>#<parent>"
	mode     string   // none, avg, max, min or sum
	min, max int
	boost    float32
	desc     string

	done   bool
	aggs   map[string]*joinAgg
	docs   []int32
	scores []float32
}

func (n *joinNode) String() string { return n.desc }

// run collects the from side, then walks the to side's documents.
func (n *joinNode) run() {
	if n.done {
		return
	}
	n.done = true
	r := n.c.r
	allLive := r.AllLive()
	n.aggs = map[string]*joinAgg{}
	var buf []string
	// The relation's documents lead, so the inner query only ever sees
	// (and scores) them, as Queries.filtered does.
	inner := n.from.iter()
	it := newConj([]iterator{newSetIter(n.slotsOf(n.fromName), 0), inner}, []iterator{inner})
	for d := it.next(); d != noMore; d = it.next() {
		if !allLive && !r.Live(d) {
			continue
		}
		buf = r.Keywords(n.idField, d, buf[:0])
		if len(buf) == 0 {
			continue
		}
		s := it.score()
		a := n.aggs[buf[0]]
		if a == nil {
			n.aggs[buf[0]] = &joinAgg{sum: s, max: s, min: s, count: 1}
			continue
		}
		a.sum += s
		a.max = max(a.max, s)
		a.min = min(a.min, s)
		a.count++
	}
	var to []int32
	for _, name := range n.toNames {
		to = append(to, n.slotsOf(name)...)
	}
	slices.Sort(to)
	for _, d := range to {
		if !allLive && !r.Live(d) {
			continue
		}
		if s, ok := n.scoreOf(d); ok {
			n.docs = append(n.docs, d)
			n.scores = append(n.scores, s)
		}
	}
}

// slotsOf lists the documents of a relation.
func (n *joinNode) slotsOf(relation string) []int32 {
	var out []int32
	if p := n.c.r.Postings(n.joinPath, relation); p != nil {
		for p.Next() {
			out = append(out, p.Doc)
		}
	}
	return out
}

// value returns the join value of a to-side document.
func (n *joinNode) value(d int32) (string, bool) {
	var buf [1]string
	vs := n.c.r.Keywords(n.idField, d, buf[:0])
	if len(vs) == 0 {
		return "", false
	}
	return vs[0], true
}

// scoreOf scores a to-side document, false when it does not match.
func (n *joinNode) scoreOf(d int32) (float32, bool) {
	v, ok := n.value(d)
	if !ok {
		return 0, false
	}
	a := n.aggs[v]
	if a == nil || a.count < n.min || a.count > n.max {
		return 0, false
	}
	var s float32
	switch n.mode {
	case "avg":
		s = a.sum / float32(a.count)
	case "max":
		s = a.max
	case "min":
		s = a.min
	case "sum":
		s = a.sum
	default:
		return n.boost, true
	}
	return s * n.boost, true
}

func (n *joinNode) iter() iterator {
	n.run()
	return newScoredSetIter(n.docs, n.scores)
}

func (n *joinNode) explain(doc int32) similarity.Explanation {
	n.run()
	v, ok := n.value(doc)
	if !ok {
		return similarity.NoMatch("Not a match")
	}
	for i, d := range n.docs {
		if d == doc {
			return similarity.Match(n.scores[i], "A match, join value "+v)
		}
	}
	return similarity.NoMatch("Not a match, join value " + v)
}

// joinField returns the index's join field, or the failure (or no-match
// node) of a query that needs one.
func (c *shardCtx) joinField(query string, ignoreUnmapped bool) (*mapping.Field, node, *apierr.Error) {
	jf := c.m.JoinField()
	if jf != nil {
		return jf, nil, nil
	}
	if ignoreUnmapped {
		return nil, &noneNode{reason: "no join field"}, nil
	}
	if query == "parent_id" {
		return nil, nil, c.queryShardErr("[parent_id] no join field found for index ["+c.idx.Name+"]", nil)
	}
	return nil, nil, c.queryShardErr("["+query+"] no join field has been configured", nil)
}

// hasChild is has_child: parents whose children of the type match.
func (c *shardCtx) hasChild(x *dsl.HasChild, boost float32, scores bool) (node, *apierr.Error) {
	jf, none, err := c.joinField("has_child", x.IgnoreUnmapped)
	if jf == nil {
		return none, err
	}
	parent := jf.Join.ParentOf(x.Type)
	if parent == "" {
		if x.IgnoreUnmapped {
			return &noneNode{reason: "unmapped child type"}, nil
		}
		return nil, c.queryShardErr("[has_child] join field ["+jf.Path+"] doesn't hold ["+x.Type+"] as a child", nil)
	}
	inner, err := c.compile(x.Query, 1, scores && x.ScoreMode != "none")
	if err != nil {
		return nil, err
	}
	id := jf.Join.IDField(parent).Path
	return &joinNode{c: c, from: inner, fromName: x.Type, toNames: []string{parent},
		joinPath: jf.Path, idField: id, mode: x.ScoreMode, min: x.MinChildren, max: x.MaxChildren, boost: boost,
		desc: joinDesc(id, x.MinChildren, x.MaxChildren, inner)}, nil
}

// hasParent is has_parent: children whose parent of the type matches,
// scored by the parent's score with score, else constant.
func (c *shardCtx) hasParent(x *dsl.HasParent, boost float32, scores bool) (node, *apierr.Error) {
	jf, none, err := c.joinField("has_parent", x.IgnoreUnmapped)
	if jf == nil {
		return none, err
	}
	children := jf.Join.ChildrenOf(x.ParentType)
	if children == nil {
		if x.IgnoreUnmapped {
			return &noneNode{reason: "unmapped parent type"}, nil
		}
		return nil, c.queryShardErr("[has_parent] join field ["+jf.Path+"] doesn't hold ["+x.ParentType+"] as a parent", nil)
	}
	inner, err := c.compile(x.Query, 1, scores && x.Score)
	if err != nil {
		return nil, err
	}
	mode := "none"
	if x.Score {
		mode = "max"
	}
	id := jf.Join.IDField(x.ParentType).Path
	return &joinNode{c: c, from: inner, fromName: x.ParentType, toNames: children,
		joinPath: jf.Path, idField: id, mode: mode, min: 1, max: math.MaxInt32, boost: boost,
		desc: joinDesc(id, 1, math.MaxInt32, inner)}, nil
}

// joinDesc is the join query's toString.
func joinDesc(field string, min, max int, from node) string {
	return "GlobalOrdinalsQuery{joinField=" + field + "min=" + strconv.Itoa(min) + "max=" + strconv.Itoa(max) + "fromQuery=" + from.String() + "}"
}

// parentID is parent_id: a scored term on the parent-id field, filtered
// to the child type (ParentIdQueryBuilder's boolean query).
func (c *shardCtx) parentID(x *dsl.ParentID, boost float32, scores bool) (node, *apierr.Error) {
	jf, none, err := c.joinField("parent_id", x.IgnoreUnmapped)
	if jf == nil {
		return none, err
	}
	parent := jf.Join.ParentOf(x.Type)
	if parent == "" {
		if x.IgnoreUnmapped {
			return &noneNode{reason: "unmapped child type"}, nil
		}
		return nil, c.queryShardErr("[parent_id] no relation found for child ["+x.Type+"]", nil)
	}
	b := &dsl.Bool{Base: dsl.Base{Boost: 1, Name: x.Name}, AdjustPureNegative: true}
	b.Must = []dsl.Query{&dsl.Term{Base: dsl.Base{Boost: 1}, Field: jf.Join.IDField(parent).Path, Value: xcontent.Value{Kind: xcontent.String, Str: x.ID}}}
	b.Filter = []dsl.Query{&dsl.Term{Base: dsl.Base{Boost: 1}, Field: jf.Path, Value: xcontent.Value{Kind: xcontent.String, Str: x.Type}}}
	return c.compile(b, boost, scores)
}
