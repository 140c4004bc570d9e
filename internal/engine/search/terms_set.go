package search

import (
	"sort"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
)

// coveringNode is terms_set: Lucene's CoveringQuery. A document matches
// when at least min(doc) of the term clauses match; its score is their sum
// (in double, rounded to float).
type coveringNode struct {
	c        *shardCtx
	subs     []node
	msmField string
	desc     string
}

func (c *shardCtx) termsSet(q *dsl.TermsSet, boost float32, scores bool) (node, *apierr.Error) {
	if len(q.Terms) == 0 {
		return &noneNode{reason: "No terms supplied for \"terms_set\" query."}, nil
	}
	if q.MinimumShouldMatchScript != nil {
		return nil, apierr.Unsupported("terms_set with minimum_should_match_script")
	}
	if q.MinimumShouldMatchField == "" {
		return nil, apierr.New(apierr.TypeIllegalState, "No minimum should match has been specified")
	}
	msm := c.field(q.MinimumShouldMatchField)
	if msm == nil {
		return nil, c.queryShardErr("failed to find minimum_should_match field ["+q.MinimumShouldMatchField+"]", nil)
	}
	if kindOf(msm) != kindLong {
		return nil, c.queryShardErr("field ["+q.MinimumShouldMatchField+"] is not a numeric field", nil)
	}
	n := &coveringNode{c: c, msmField: msm.Path}
	var shown []string
	for i := range q.Terms {
		sub, err := c.term(q.Field, &q.Terms[i], false, boost, scores)
		if err != nil {
			return nil, err
		}
		n.subs = append(n.subs, sub)
		shown = append(shown, sub.String())
	}
	sort.Strings(shown)
	n.desc = "CoveringQuery(queries: [" + strings.Join(shown, ", ") + "], minimumNumberMatch: long(" + msm.Path + "))"
	if len(n.subs) == 0 {
		return &noneNode{reason: "no terms"}, nil
	}
	return n, nil
}

func (n *coveringNode) String() string { return n.desc }

// minimum is the document's required match count (ok false without a value).
func (n *coveringNode) minimum(slot int32) (int64, bool) {
	vs := n.c.r.Longs(n.msmField, slot, nil)
	if len(vs) == 0 {
		return 0, false
	}
	m := vs[0]
	for _, v := range vs[1:] {
		m = min(m, v)
	}
	return max(m, 1), true
}

func (n *coveringNode) iter() iterator {
	its := make([]iterator, len(n.subs))
	for i, s := range n.subs {
		its[i] = s.iter()
	}
	var score float32
	p := &predIter{d: -1, maxDoc: n.c.r.MaxDoc()}
	p.pred = func(slot int32) bool {
		need, ok := n.minimum(slot)
		if !ok {
			return false
		}
		var count int64
		var sum float64
		for _, it := range its {
			d := it.doc()
			if d < slot {
				d = it.advance(slot)
			}
			if d == slot {
				count++
				sum += float64(it.score())
			}
		}
		score = float32(sum)
		return count >= need
	}
	return &scoredPredIter{predIter: p, s: &score}
}

func (n *coveringNode) explain(doc int32) similarity.Explanation {
	need, ok := n.minimum(doc)
	if !ok {
		return similarity.NoMatch("minimumNumberMatch has no value on the current document")
	}
	var subs []similarity.Explanation
	freq, sum := 0, 0.0
	for _, s := range n.subs {
		e := s.explain(doc)
		if e.Matched {
			freq++
			sum += float64(e.Value)
		}
		subs = append(subs, e)
	}
	head := strconv.Itoa(freq) + " matches for " + strconv.FormatInt(need, 10) + " required matches"
	if int64(freq) >= need {
		return similarity.Match(float32(sum), head+", sum of:", subs...)
	}
	return similarity.NoMatch(head, subs...)
}
