package search

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/javafmt"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
)

// boostingNode is the boosting query: Lucene's FunctionScoreQuery.boostByQuery.
// Positive's score is multiplied by negBoost where Negative matches; the
// enclosing boost multiplies the result (the positive query itself is built
// with boost 1, as FunctionScoreQuery builds its inner weight).
type boostingNode struct {
	pos, neg node
	negBoost float32
	boost    float32
}

func (c *shardCtx) boosting(q *dsl.Boosting, boost float32, scores bool) (node, *apierr.Error) {
	pos, err := c.compile(q.Positive, 1, scores)
	if err != nil {
		return nil, err
	}
	if !scores {
		return pos, nil // without scores the weight is the positive query's
	}
	neg, err := c.compile(q.Negative, 1, false)
	if err != nil {
		return nil, err
	}
	return &boostingNode{pos: pos, neg: neg, negBoost: q.NegativeBoost, boost: boost}, nil
}

// query is the FunctionScoreQuery's toString (without the outer boost).
func (b *boostingNode) query() string {
	return "FunctionScoreQuery(" + b.pos.String() + ", scored by boost(queryboost(score(" + b.neg.String() + "))^" + javafmt.Float(float64(b.negBoost), 32) + "))"
}

func (b *boostingNode) String() string {
	s := b.query()
	if b.boost != 1 {
		s = "(" + s + ")^" + javafmt.Float(float64(b.boost), 32)
	}
	return s
}

func (b *boostingNode) iter() iterator {
	return &boostingIter{iterator: b.pos.iter(), neg: b.neg.iter(), n: b}
}

// factor is the function's value for a document: the positive score times
// negBoost where the negative query matches (a double, as Lucene computes it).
func (b *boostingNode) factor(score float32, negMatches bool) float64 {
	f := float64(score)
	if negMatches {
		f *= float64(b.negBoost)
	}
	return f
}

func (b *boostingNode) explain(doc int32) similarity.Explanation {
	pe := b.pos.explain(doc)
	if !pe.Matched {
		return pe
	}
	negMatches := b.neg.iter().advance(doc) == doc
	value := b.factor(pe.Value, negMatches)
	expl := pe
	if negMatches {
		expl = similarity.MatchDouble(value, "product of:", pe,
			similarity.Match(b.negBoost, "Matched boosting query score("+b.neg.String()+")"))
	}
	if b.boost != 1 {
		return similarity.Match(float32(value*float64(b.boost)), "weight("+b.query()+"), product of:", similarity.Match(b.boost, "boost"), expl)
	}
	if expl.IsDouble {
		return similarity.MatchDouble(expl.Double, "weight("+b.query()+"), result of:", expl)
	}
	return similarity.Match(expl.Value, "weight("+b.query()+"), result of:", expl)
}

type boostingIter struct {
	iterator
	neg iterator
	n   *boostingNode
}

func (it *boostingIter) score() float32 {
	d := it.doc()
	nd := it.neg.doc()
	if nd < d {
		nd = it.neg.advance(d)
	}
	f := it.n.factor(it.iterator.score(), nd == d)
	if f < 0 {
		return 0
	}
	return float32(f * float64(it.n.boost))
}
