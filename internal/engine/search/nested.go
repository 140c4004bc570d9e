package search

import (
	"fmt"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
)

// nestedQuery runs the inner query on the nested objects as their own
// documents, as Lucene's block join does: the objects of every live parent
// at path are indexed into a private child shard (their statistics are the
// children's), and a parent matches when one of its children does, scored
// from the children's scores by score_mode.
func (c *shardCtx) nestedQuery(x *dsl.Nested, boost float32, scores bool) (node, *apierr.Error) {
	nd := c.nestedDocsFor(x.Path)
	cc := nd.ctx
	inner, err := cc.compile(x.Query, boost, scores)
	if err != nil {
		return nil, err
	}
	mode := x.ScoreMode
	if mode == "" {
		mode = "avg"
	}
	c.fail(cc.runErr)
	n := &nestedNode{inner: inner, parents: nd.parents, mode: mode, path: x.Path, parent: c, child: cc, docs: nd}
	if c.nestedNodes == nil {
		c.nestedNodes = map[*dsl.Nested]*nestedNode{}
	}
	c.nestedNodes[x] = n
	return n, nil
}

// objectsAt returns the objects found at a path (arrays flattened).
func objectsAt(v any, segs []string) []jsonout.Object {
	if len(segs) == 0 {
		switch x := v.(type) {
		case jsonout.Object:
			return []jsonout.Object{x}
		case []any:
			var out []jsonout.Object
			for _, e := range x {
				out = append(out, objectsAt(e, nil)...)
			}
			return out
		}
		return nil
	}
	switch x := v.(type) {
	case jsonout.Object:
		if sub, ok := x.Get(segs[0]); ok {
			return objectsAt(sub, segs[1:])
		}
	case []any:
		var out []jsonout.Object
		for _, e := range x {
			out = append(out, objectsAt(e, segs)...)
		}
		return out
	}
	return nil
}

// nestedNode joins child matches to their parents.
type nestedNode struct {
	inner   node
	parents []int32 // child slot -> parent slot
	mode    string
	path    string
	// parent and child are the shard contexts: a failure while scoring
	// children fails the parent shard.
	parent, child *shardCtx
	docs          *nestedDocs
}

func (n *nestedNode) String() string {
	return "ToParentBlockJoinQuery (" + n.inner.String() + ")"
}

// join scores every parent with a matching child.
func (n *nestedNode) join() (docs []int32, scores []float32) {
	it := n.inner.iter()
	var sum, best, worst float64
	count := 0
	cur := int32(-1)
	flush := func() {
		if cur < 0 {
			return
		}
		var s float64
		switch n.mode {
		case "max":
			s = best
		case "min":
			s = worst
		case "sum":
			s = sum
		case "none":
			s = 0
		default:
			s = sum / float64(count)
		}
		docs = append(docs, cur)
		scores = append(scores, float32(s))
	}
	for d := it.next(); d != noMore; d = it.next() {
		p := n.parents[d]
		s := float64(it.score())
		if p != cur {
			flush()
			cur, sum, best, worst, count = p, 0, s, s, 0
		}
		sum += s
		best = max(best, s)
		worst = min(worst, s)
		count++
	}
	flush()
	if n.child != nil && n.child.runErr != nil {
		n.parent.fail(n.child.runErr)
	}
	return docs, scores
}

func (n *nestedNode) iter() iterator {
	docs, scores := n.join()
	return newScoredSetIter(docs, scores)
}

func (n *nestedNode) explain(doc int32) similarity.Explanation {
	first, last := -1, -1
	for i, p := range n.parents {
		if p == doc {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return similarity.NoMatch("Not a match")
	}
	var best similarity.Explanation
	matches := 0
	for i := first; i <= last; i++ {
		e := n.parent.relabel(n.docs, int32(i), n.inner.explain(int32(i)))
		if e.Matched {
			matches++
			if matches == 1 || e.Value > best.Value {
				best = e
			}
		}
	}
	if matches == 0 {
		return similarity.NoMatch("Not a match")
	}
	it := n.iter()
	it.advance(doc)
	names := map[string]string{"avg": "Avg", "max": "Max", "min": "Min", "sum": "Total", "none": "None"}
	from, to := n.blockRange(doc, first, last)
	return similarity.Match(it.score(), fmt.Sprintf("Score based on %d child docs in range from %d to %d, using score mode %s", matches, from, to, names[n.mode]), best)
}

// scoredSetIter walks sorted slots with a score each: a setIter whose
// score is the current slot's.
type scoredSetIter struct {
	setIter
	scores []float32
}

func newScoredSetIter(docs []int32, scores []float32) *scoredSetIter {
	return &scoredSetIter{setIter: setIter{docs: docs, i: -1, d: -1}, scores: scores}
}

func (it *scoredSetIter) score() float32 {
	if it.i < 0 || it.i >= len(it.scores) {
		return 0
	}
	return it.scores[it.i]
}
