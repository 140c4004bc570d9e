package search

import (
	"math"
	"sort"
)

// noMore is the doc id an exhausted iterator reports.
const noMore int32 = math.MaxInt32

// iterator walks matching slots in increasing order, like Lucene's Scorer:
// doc is -1 before the first call, noMore at the end.
type iterator interface {
	doc() int32
	next() int32
	// advance moves to the first match at or after target (> doc()).
	advance(target int32) int32
	score() float32
	// cost estimates how many documents the iterator may visit.
	cost() int64
}

// checker is an iterator that can also test one document directly, so a
// conjunction can verify it on the lead's candidates instead of scanning
// (Lucene's two-phase iteration).
type checker interface {
	iterator
	matches(doc int32) bool
}

// emptyIter matches nothing.
type emptyIter struct{ d int32 }

func newEmpty() *emptyIter                  { return &emptyIter{d: -1} }
func (e *emptyIter) doc() int32             { return e.d }
func (e *emptyIter) next() int32            { e.d = noMore; return noMore }
func (e *emptyIter) advance(int32) int32    { e.d = noMore; return noMore }
func (e *emptyIter) score() float32         { return 0 }
func (e *emptyIter) cost() int64            { return 0 }
func (e *emptyIter) matches(doc int32) bool { return false }

// rangeIter matches every slot below maxDoc with a constant score
// (match_all).
type rangeIter struct {
	d, maxDoc int32
	s         float32
}

func (r *rangeIter) doc() int32 { return r.d }
func (r *rangeIter) next() int32 {
	r.d++
	if r.d >= r.maxDoc {
		r.d = noMore
	}
	return r.d
}
func (r *rangeIter) advance(t int32) int32 {
	r.d = t
	if r.d >= r.maxDoc {
		r.d = noMore
	}
	return r.d
}
func (r *rangeIter) score() float32         { return r.s }
func (r *rangeIter) cost() int64            { return int64(r.maxDoc) }
func (r *rangeIter) matches(doc int32) bool { return doc < r.maxDoc }

// predIter matches the slots a predicate accepts (doc-value queries such as
// range and exists), scanning when it leads.
type predIter struct {
	d, maxDoc int32
	s         float32
	pred      func(slot int32) bool
}

func (p *predIter) doc() int32  { return p.d }
func (p *predIter) next() int32 { return p.advance(p.d + 1) }
func (p *predIter) advance(t int32) int32 {
	for d := t; d < p.maxDoc; d++ {
		if p.pred(d) {
			p.d = d
			return d
		}
	}
	p.d = noMore
	return noMore
}
func (p *predIter) score() float32         { return p.s }
func (p *predIter) cost() int64            { return int64(p.maxDoc) }
func (p *predIter) matches(doc int32) bool { return doc < p.maxDoc && p.pred(doc) }

// setIter walks a sorted list of slots with a constant score (multi-term
// queries, ids).
type setIter struct {
	docs []int32
	i    int
	d    int32
	s    float32
}

func newSetIter(docs []int32, s float32) *setIter { return &setIter{docs: docs, i: -1, d: -1, s: s} }
func (it *setIter) doc() int32                    { return it.d }
func (it *setIter) next() int32 {
	it.i++
	if it.i >= len(it.docs) {
		it.d = noMore
	} else {
		it.d = it.docs[it.i]
	}
	return it.d
}
func (it *setIter) advance(t int32) int32 {
	for it.d < t {
		it.next()
	}
	return it.d
}
func (it *setIter) score() float32 { return it.s }
func (it *setIter) cost() int64    { return int64(len(it.docs)) }

// constIter gives its inner iterator's matches a constant score.
type constIter struct {
	iterator
	s float32
}

func (c *constIter) score() float32 { return c.s }

// conjIter is a conjunction: the cheapest iterator leads, the others follow,
// and checkers are tested per candidate. Scores of the scoring clauses are
// summed in float64 and rounded, as ConjunctionScorer does.
type conjIter struct {
	lead    iterator
	others  []iterator
	checks  []checker
	scoring []iterator
	d       int32
}

func newConj(all []iterator, scoring []iterator) iterator {
	c := &conjIter{d: -1, scoring: scoring}
	// The cheapest clause leads; the others follow by advancing, or are
	// tested per candidate when they can be (checkers).
	best := 0
	for i, it := range all {
		if it.cost() < all[best].cost() {
			best = i
		}
	}
	c.lead = all[best]
	for i, it := range all {
		if i == best {
			continue
		}
		if ch, ok := it.(checker); ok {
			c.checks = append(c.checks, ch)
		} else {
			c.others = append(c.others, it)
		}
	}
	// The followers are tried cheapest first: the rarer a clause, the
	// sooner it rules a candidate out.
	sort.SliceStable(c.others, func(a, b int) bool { return c.others[a].cost() < c.others[b].cost() })
	return c
}

func (c *conjIter) doc() int32  { return c.d }
func (c *conjIter) next() int32 { return c.align(c.lead.next()) }
func (c *conjIter) advance(t int32) int32 {
	return c.align(c.lead.advance(t))
}

// align moves everything to the next document all clauses match, from the
// lead's candidate d.
func (c *conjIter) align(d int32) int32 {
outer:
	for d != noMore {
		for _, o := range c.others {
			od := o.doc()
			if od < d {
				od = o.advance(d)
			}
			if od > d {
				d = c.lead.advance(od)
				continue outer
			}
		}
		for _, ch := range c.checks {
			if !ch.matches(d) {
				d = c.lead.next()
				continue outer
			}
		}
		break
	}
	c.d = d
	return d
}

func (c *conjIter) score() float32 {
	var s float64
	for _, it := range c.scoring {
		s += float64(it.score())
	}
	return float32(s)
}
func (c *conjIter) cost() int64 { return c.lead.cost() }

// disjIter is a disjunction with a minimum number of matching clauses. The
// score sums the matching clauses in float64 (DisjunctionSumScorer), or takes
// max + tie*others for dis_max.
type disjIter struct {
	subs   []iterator
	msm    int
	dismax bool
	tie    float32
	d      int32
	n      int // clauses on d
}

func (o *disjIter) doc() int32 { return o.d }
func (o *disjIter) next() int32 {
	return o.advance(o.d + 1)
}
func (o *disjIter) advance(t int32) int32 {
	for {
		min := noMore
		for _, s := range o.subs {
			d := s.doc()
			if d < t {
				d = s.advance(t)
			}
			if d < min {
				min = d
			}
		}
		if min == noMore {
			o.d = noMore
			return noMore
		}
		n := 0
		for _, s := range o.subs {
			if s.doc() == min {
				n++
			}
		}
		if n >= o.msm {
			o.d, o.n = min, n
			return min
		}
		t = min + 1
	}
}

func (o *disjIter) score() float32 {
	if o.dismax {
		var max, others float64
		first := true
		for _, s := range o.subs {
			if s.doc() != o.d {
				continue
			}
			v := float64(s.score())
			if first || v > max {
				if !first {
					others += max
				}
				max, first = v, false
			} else {
				others += v
			}
		}
		return float32(max + others*float64(o.tie))
	}
	var sum float64
	for _, s := range o.subs {
		if s.doc() == o.d {
			sum += float64(s.score())
		}
	}
	return float32(sum)
}

func (o *disjIter) cost() int64 {
	var c int64
	for _, s := range o.subs {
		c += s.cost()
	}
	return c
}

// exclIter removes the documents of excl from req (ReqExclScorer).
type exclIter struct {
	req, excl iterator
}

func (e *exclIter) doc() int32  { return e.req.doc() }
func (e *exclIter) next() int32 { return e.skip(e.req.next()) }
func (e *exclIter) advance(t int32) int32 {
	return e.skip(e.req.advance(t))
}
func (e *exclIter) skip(d int32) int32 {
	for d != noMore {
		x := e.excl.doc()
		if x < d {
			x = e.excl.advance(d)
		}
		if x != d {
			return d
		}
		d = e.req.next()
	}
	return d
}
func (e *exclIter) score() float32 { return e.req.score() }
func (e *exclIter) cost() int64    { return e.req.cost() }

// optIter adds an optional iterator's score to a required one's
// (ReqOptSumScorer: each side rounded to float32, added in float64).
type optIter struct {
	req, opt iterator
}

func (r *optIter) doc() int32            { return r.req.doc() }
func (r *optIter) next() int32           { return r.req.next() }
func (r *optIter) advance(t int32) int32 { return r.req.advance(t) }
func (r *optIter) score() float32 {
	d := r.req.doc()
	s := float64(r.req.score())
	od := r.opt.doc()
	if od < d {
		od = r.opt.advance(d)
	}
	if od == d {
		s += float64(r.opt.score())
	}
	return float32(s)
}
func (r *optIter) cost() int64 { return r.req.cost() }
