package search

import (
	"math"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
)

// rankFeatureNode is the rank_feature query: Lucene's FeatureField
// functions over the quantised feature value S of each document.
type rankFeatureNode struct {
	c        *shardCtx
	path     string
	fn       string
	weight   float32
	pivot    float32
	a        float32 // log scaling factor or sigmoid exponent
	feature  string  // the feature name in explanations
	fieldTxt string
}

func (c *shardCtx) rankFeature(q *dsl.RankFeature, boost float32) (node, *apierr.Error) {
	f := c.field(q.Field)
	if f == nil {
		return &noneNode{reason: "unmapped field"}, nil
	}
	if f.Type != mapping.TypeRankFeature {
		return nil, apierr.IllegalArgument("[rank_feature] query only works on [rank_feature] fields and features of [rank_features] fields, not [%s]", f.Type)
	}
	n := &rankFeatureNode{c: c, path: f.Path, fn: q.Function, weight: boost, fieldTxt: "_feature", feature: f.Path}
	switch q.Function {
	case "saturation":
		if q.Pivot != nil {
			n.pivot = *q.Pivot
		} else {
			n.pivot = n.defaultPivot()
		}
	case "sigmoid":
		n.pivot, n.a = *q.Pivot, q.Exponent
	case "log":
		n.a = q.ScalingFactor
	}
	return n, nil
}

// defaultPivot is FeatureField.computePivotFeatureValue: the value of the
// mean frequency of the feature over the documents that have it.
func (n *rankFeatureNode) defaultPivot() float32 {
	var sum, count int64
	var buf []int64
	r := n.c.r
	for slot := int32(0); slot < r.MaxDoc(); slot++ {
		if buf = r.Longs(n.path, slot, buf[:0]); len(buf) > 0 {
			sum += buf[0]
			count++
		}
	}
	if count == 0 {
		return 1
	}
	avg := float32(float64(sum) / float64(count))
	return mapping.DecodeFeature(int64(avg))
}

func (n *rankFeatureNode) String() string {
	return "FeatureQuery(field=" + n.fieldTxt + ", feature=" + n.feature + ", function=" + n.fn + ")"
}

func (n *rankFeatureNode) value(slot int32, buf *[]int64) (float32, bool) {
	*buf = n.c.r.Longs(n.path, slot, (*buf)[:0])
	if len(*buf) == 0 {
		return 0, false
	}
	return mapping.DecodeFeature((*buf)[0]), true
}

func (n *rankFeatureNode) score(s float32) float32 {
	switch n.fn {
	case "log":
		return n.weight * float32(math.Log(float64(n.a)+float64(s)))
	case "sigmoid":
		sa, ka := math.Pow(float64(s), float64(n.a)), math.Pow(float64(n.pivot), float64(n.a))
		return n.weight * float32(sa/(sa+ka))
	case "linear":
		return n.weight * s
	}
	return n.weight * (s / (s + n.pivot))
}

func (n *rankFeatureNode) iter() iterator {
	var buf []int64
	var sc float32
	p := &predIter{d: -1, maxDoc: n.c.r.MaxDoc()}
	p.pred = func(slot int32) bool {
		s, ok := n.value(slot, &buf)
		if ok {
			sc = n.score(s)
		}
		return ok
	}
	return &scoredPredIter{predIter: p, s: &sc}
}

func (n *rankFeatureNode) explain(doc int32) similarity.Explanation {
	var buf []int64
	s, ok := n.value(doc, &buf)
	if !ok {
		return similarity.NoMatch("Document " + strconv.Itoa(int(doc)) + " doesn't have a value for feature " + n.feature)
	}
	on := " function on the " + n.fieldTxt + " field for the " + n.feature + " feature, computed as "
	w := similarity.Match(n.weight, "w, weight of this function")
	sv := similarity.Match(s, "S, feature value")
	switch n.fn {
	case "log":
		return similarity.Match(n.score(s), "Log"+on+"w * log(a + S) from:", w, similarity.Match(n.a, "a, scaling factor"), sv)
	case "sigmoid":
		return similarity.Match(n.score(s), "Sigmoid"+on+"w * S^a / (S^a + k^a) from:", w,
			similarity.Match(n.pivot, "k, pivot feature value that would give a score contribution equal to w/2"),
			similarity.Match(n.a, "a, exponent, higher values make the function grow slower before k and faster after k"), sv)
	case "linear":
		return similarity.Match(n.score(s), "Linear"+on+"w * S from:", w, sv)
	}
	return similarity.Match(n.score(s), "Saturation"+on+"w * S / (S + k) from:", w,
		similarity.Match(n.pivot, "k, pivot feature value that would give a score contribution equal to w/2"), sv)
}
