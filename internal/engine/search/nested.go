package search

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
)

// nestedQuery runs the inner query on the nested objects as their own
// documents, as Lucene's block join does: the objects of every live parent
// at path are indexed into a private child shard (their statistics are the
// children's), and a parent matches when one of its children does, scored
// from the children's scores by score_mode.
func (c *shardCtx) nestedQuery(x *dsl.Nested, boost float32, scores bool) (node, *apierr.Error) {
	if x.InnerHits != nil {
		return nil, apierr.Unsupported("inner_hits")
	}
	child := shard.New(0, c.now)
	var parents []int32
	segs := strings.Split(x.Path, ".")
	for slot := int32(0); slot < c.r.MaxDoc(); slot++ {
		if !c.r.Live(slot) {
			continue
		}
		doc, err := jsonout.Decode(c.r.Doc(slot).Source)
		if err != nil {
			continue
		}
		for _, obj := range objectsAt(doc, segs) {
			// Wrap the object back under its path so the mapping reads its
			// fields with their full names.
			var wrapped any = obj
			for i := len(segs) - 1; i >= 0; i-- {
				wrapped = jsonout.Object{{Key: segs[i], Value: wrapped}}
			}
			src, merr := jsonout.Marshal(wrapped)
			if merr != nil {
				continue
			}
			id := strconv.Itoa(len(parents))
			p, perr := c.idx.ParseSource(id, src)
			if perr != nil {
				continue
			}
			child.Index(&shard.Write{ID: id, Source: src, Fields: &p.Fields, IfSeqNo: shard.NoSeqNo, Now: c.now})
			c.idx.Release(p)
			parents = append(parents, slot)
		}
	}
	child.Refresh(c.now)
	// The child shard is private and never written again, so its reader may
	// outlive the Read callback.
	var cr *shard.Reader
	child.Read(nil, func(r *shard.Reader) { cr = r })
	cc := &shardCtx{lookups: c.lookups, r: cr, idx: c.idx, m: c.m, stats: readerStats{cr}, sim: c.sim, now: c.now, skipScores: c.skipScores, scripts: c.scripts}
	inner, err := cc.compile(x.Query, boost, scores)
	if err != nil {
		return nil, err
	}
	mode := x.ScoreMode
	if mode == "" {
		mode = "avg"
	}
	c.fail(cc.runErr)
	return &nestedNode{inner: inner, parents: parents, mode: mode, path: x.Path, parent: c, child: cc}, nil
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
	return &scoredSetIter{docs: docs, scores: scores, i: -1, d: -1}
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
		e := n.inner.explain(int32(i))
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
	return similarity.Match(it.score(), fmt.Sprintf("Score based on %d child docs in range from %d to %d, using score mode %s", matches, first, last, names[n.mode]), best)
}

// scoredSetIter walks sorted slots with a score each.
type scoredSetIter struct {
	docs   []int32
	scores []float32
	i      int
	d      int32
}

func (it *scoredSetIter) doc() int32 { return it.d }
func (it *scoredSetIter) next() int32 {
	it.i++
	if it.i >= len(it.docs) {
		it.d = noMore
	} else {
		it.d = it.docs[it.i]
	}
	return it.d
}
func (it *scoredSetIter) advance(t int32) int32 {
	for it.d < t {
		it.next()
	}
	return it.d
}
func (it *scoredSetIter) score() float32 {
	if it.i < 0 || it.i >= len(it.scores) {
		return 0
	}
	return it.scores[it.i]
}
func (it *scoredSetIter) cost() int64 { return int64(len(it.docs)) }
