package search

import (
	"sort"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
)

// phraseNode is a PhraseQuery: terms at relative positions, within slop.
type phraseNode struct {
	r     *shard.Reader
	field string
	terms []string
	pos   []int32 // query position of each term
	// alts, when set, lists the terms accepted at each position
	// (MultiPhraseQuery, as match_phrase_prefix expands its last term).
	alts   [][]string
	slop   int
	sc     *similarity.Scorer
	scores bool
	norms  bool // false for a text field mapped with norms: false
}

func (p *phraseNode) String() string {
	// Gaps in the positions print as "?" (PhraseQuery.toString).
	var shown []string
	last := int32(-1)
	for i, t := range p.terms {
		for last >= 0 && p.pos[i] > last+1 {
			shown = append(shown, "")
			last++
		}
		if p.alts != nil && len(p.alts[i]) > 1 {
			t = "(" + strings.Join(p.alts[i], " ") + ")"
		}
		shown = append(shown, t)
		last = p.pos[i]
	}
	return similarity.PhraseQueryString(p.field, shown, p.slop)
}

func (p *phraseNode) iter() iterator {
	if p.sc == nil {
		return newEmpty()
	}
	its := make([]iterator, len(p.terms))
	srcs := make([]func(dst []int32) []int32, len(p.terms))
	single := make([]*postingsIter, len(p.terms))
	for i, t := range p.terms {
		alts := []string{t}
		if p.alts != nil {
			alts = p.alts[i]
		}
		var subs []*postingsIter
		for _, a := range alts {
			if pi := p.r.Postings(p.field, a); pi != nil {
				subs = append(subs, &postingsIter{p: pi, d: -1, t: &termNode{}, cst: p.r.DocFreq(p.field, a)})
			}
		}
		switch len(subs) {
		case 0:
			return newEmpty()
		case 1:
			its[i] = subs[0]
			srcs[i] = subs[0].p.Positions
			if single != nil {
				single[i] = subs[0]
			}
		default:
			single = nil
			d := &disjIter{msm: 1, d: -1}
			for _, sub := range subs {
				d.subs = append(d.subs, sub)
			}
			its[i] = d
			srcs[i] = func(dst []int32) []int32 {
				start := len(dst)
				for _, sub := range subs {
					if sub.d == d.d {
						dst = sub.p.Positions(dst)
					}
				}
				sort.Slice(dst[start:], func(a, b int) bool { return dst[start+a] < dst[start+b] })
				return dst
			}
		}
	}
	// Positions are read rarest term first, so a document whose rarest
	// terms already rule the phrase out costs no more reading.
	order := make([]int, len(its))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return its[order[a]].cost() < its[order[b]].cost() })
	return &phraseIter{n: p, conj: newConj(its, nil), srcs: srcs, order: order, terms: single}
}

// phraseIter is the approximation (all terms present) confirmed by
// positions, with the phrase frequency kept for scoring.
type phraseIter struct {
	n    *phraseNode
	conj iterator
	srcs []func(dst []int32) []int32 // each position's term positions
	freq float32
	buf  [][]int32
	// order lists the terms rarest first; starts holds the phrase starts
	// still possible while an exact phrase is checked, idx the walk of
	// exactFreq (both reused from document to document).
	order  []int
	starts []int32
	idx    []int
	// terms are the single term of each position (nil when a position
	// has several), for the pruned collector (prune_phrase.go).
	terms []*postingsIter
}

func (it *phraseIter) doc() int32  { return it.conj.doc() }
func (it *phraseIter) next() int32 { return it.confirm(it.conj.next()) }
func (it *phraseIter) advance(t int32) int32 {
	return it.confirm(it.conj.advance(t))
}
func (it *phraseIter) confirm(d int32) int32 {
	for d != noMore {
		if f := it.phraseFreq(); f > 0 {
			it.freq = f
			return d
		}
		d = it.conj.next()
	}
	return d
}
func (it *phraseIter) score() float32 {
	if !it.n.scores {
		return 0
	}
	norm := byte(1)
	if it.n.norms {
		norm = it.n.r.Norm(it.n.field, it.conj.doc())
	}
	return it.n.sc.Score(it.freq, norm)
}
func (it *phraseIter) cost() int64 { return it.conj.cost() }

// phraseFreq counts the phrase's occurrences in the current document: the
// number of exact matches, or for a sloppy phrase the sum of
// 1/(1+matchLength) over matches within slop (SloppyPhraseMatcher).
func (it *phraseIter) phraseFreq() float32 {
	if it.buf == nil {
		it.buf = make([][]int32, len(it.srcs))
		it.idx = make([]int, len(it.srcs))
	}
	if it.n.slop == 0 && it.n.alts == nil {
		return it.exactStarts()
	}
	for i, src := range it.srcs {
		it.buf[i] = src(it.buf[i][:0])
	}
	if it.n.slop == 0 {
		return exactFreq(it.buf, it.n.pos, it.idx)
	}
	return sloppyFreq(it.buf, it.n.pos, it.n.slop)
}

// exactStarts counts an exact phrase of single terms (whose positions in a
// document are strictly increasing): the rarest term's positions give the
// possible starts, each further term, read in rarity order, keeps those it
// continues, and the walk stops as soon as none is left.
func (it *phraseIter) exactStarts() float32 {
	offsets := it.n.pos
	first := it.order[0]
	it.buf[first] = it.srcs[first](it.buf[first][:0])
	starts := it.starts[:0]
	for _, p := range it.buf[first] {
		starts = append(starts, p-offsets[first])
	}
	for _, i := range it.order[1:] {
		ps := it.srcs[i](it.buf[i][:0])
		it.buf[i] = ps
		kept, j := 0, 0
		for _, st := range starts {
			want := st + offsets[i]
			for j < len(ps) && ps[j] < want {
				j++
			}
			if j == len(ps) {
				break
			}
			if ps[j] == want {
				starts[kept] = st
				kept++
			}
		}
		starts = starts[:kept]
		if kept == 0 {
			break
		}
	}
	it.starts = starts
	return float32(len(starts))
}

// exactFreq counts the starts in positions[0] from which every term sits
// at its offset; idx is scratch of len(positions).
func exactFreq(positions [][]int32, offsets []int32, idx []int) float32 {
	var freq float32
	clear(idx)
	for _, p0 := range positions[0] {
		start := p0 - offsets[0]
		ok := true
		for i := 1; i < len(positions); i++ {
			want := start + offsets[i]
			ps := positions[i]
			for idx[i] < len(ps) && ps[idx[i]] < want {
				idx[i]++
			}
			if idx[i] >= len(ps) || ps[idx[i]] != want {
				ok = false
				if idx[i] >= len(ps) {
					return freq
				}
				break
			}
		}
		if ok {
			freq++
		}
	}
	return freq
}

// sloppyFreq walks the terms' positions (each less its query offset) in
// order, as Lucene's SloppyPhraseMatcher does for phrases without repeated
// terms: at each step the match spans from the smallest to the largest
// position; a span within slop adds 1/(1+span).
func sloppyFreq(positions [][]int32, offsets []int32, slop int) float32 {
	n := len(positions)
	idx := make([]int, n)
	cur := func(i int) int32 { return positions[i][idx[i]] - offsets[i] }
	var freq float32
	for {
		minI, end := 0, cur(0)
		minV := end
		for i := 1; i < n; i++ {
			v := cur(i)
			if v < minV {
				minV, minI = v, i
			}
			if v > end {
				end = v
			}
		}
		// Advance the smallest while it stays the smallest, as Lucene does,
		// to find the tightest span starting there.
		for {
			if idx[minI]+1 >= len(positions[minI]) {
				if span := end - minV; int(span) <= slop {
					freq += 1 / (1 + float32(span))
				}
				return freq
			}
			next := positions[minI][idx[minI]+1] - offsets[minI]
			second := int32(noMore)
			for i := 0; i < n; i++ {
				if i != minI && cur(i) < second {
					second = cur(i)
				}
			}
			if next > second {
				break
			}
			idx[minI]++
			minV = next
			if next > end {
				end = next
			}
		}
		if span := end - minV; int(span) <= slop {
			freq += 1 / (1 + float32(span))
		}
		idx[minI]++
		if idx[minI] >= len(positions[minI]) {
			return freq
		}
	}
}

func (p *phraseNode) explain(doc int32) similarity.Explanation {
	it := p.iter()
	if it.advance(doc) != doc {
		return similarity.NoMatch(similarity.NoMatchingTerm)
	}
	freq := it.(*phraseIter).freq
	norm := byte(1)
	if p.norms {
		norm = p.r.Norm(p.field, doc)
	}
	return similarity.WeightExplanation(p.String(), int(doc), p.sc.Explain(similarity.PhraseFreqExplanation(freq), norm))
}
