package search

import (
	"math"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// A plain top-k search by score (no aggregation, min_score, terminate_after,
// profile, index boost or field sort) needs only the k best hits by (score
// descending, slot ascending), their maximum, and the number of matches
// exactly up to the total-hits cap. For the query shapes below, pruned
// collectors produce exactly that without scoring, or even visiting, every
// match, as Lucene's dynamic pruning does:
//
//   - a term, or a disjunction of terms (match): the clause with the most
//     documents is counted from its document frequency instead of walked,
//     and its blocks whose best possible score (the block's highest
//     frequency and shortest field) cannot enter the top k are skipped;
//   - an exact phrase of single terms: once more than the cap have been
//     counted, documents whose terms' frequencies already bound the phrase
//     score below the top k are passed without reading positions.
//
// Every bound is computed with the same float32 operations as the score
// itself, which are monotone in frequency and in field length, so a bound
// is never below the score it bounds and nothing that could enter the top
// k is skipped. The results are identical to exhaustive collection; tests
// compare both on random corpora (prune_test.go).

// pruneRun is one shard's pruned collection.
type pruneRun struct {
	r      *shard.Reader
	h      *topK
	target int
	// capped is the count above which the exact total is not needed (the
	// total-hits cap), or -1 when it always is.
	capped int
	cancel Canceller
	polls  int
}

// prunable reports whether the shard's collection may use pruneCollect.
func prunable(req *Request, k int, scores, scoreOnly, profiled, aggs, allLive bool, boost float32) bool {
	return !req.exhaustive && scores && scoreOnly && !profiled && !aggs && allLive && k > 0 && k < math.MaxInt32 &&
		boost == 1 && req.MinScore == nil && req.TerminateAfter == 0 && !req.Scroll && req.Collapse == ""
}

// pruneCollect collects it into h when its shape has a pruned collector,
// returning the number of matches (exact, or above the cap when the cap
// made the rest unnecessary) and ok; ok is false when it has none and the
// caller collects exhaustively.
func pruneCollect(req *Request, it iterator, r *shard.Reader, h *topK, target int) (count int, ok bool, stopped *apierr.Error) {
	pr := &pruneRun{r: r, h: h, target: target, capped: -1, cancel: req.Cancel}
	if req.TrackTotalHits >= 0 && req.TrackTotalHits < math.MaxInt32 {
		pr.capped = req.TrackTotalHits
	}
	switch x := it.(type) {
	case *postingsIter:
		if t, ok := scanOf(x); ok {
			c, err := pr.disjunction([]*termScan{t})
			return c, true, err
		}
	case *disjIter:
		if x.dismax || x.msm != 1 || len(x.subs) == 0 {
			return 0, false, nil
		}
		terms := make([]*termScan, 0, len(x.subs))
		for _, s := range x.subs {
			var t *termScan
			switch p := s.(type) {
			case *postingsIter:
				t, ok = scanOf(p)
			case *keywordTermIter:
				t, ok = scanOf(p.postingsIter)
			case *emptyIter:
				continue // a term no document has adds nothing
			default:
				ok = false
			}
			if !ok {
				return 0, false, nil
			}
			terms = append(terms, t)
		}
		if len(terms) == 0 {
			return 0, true, nil
		}
		c, err := pr.disjunction(terms)
		return c, true, err
	case *phraseIter:
		if x.terms != nil && x.n.slop == 0 && x.n.alts == nil && x.n.scores && x.n.sc != nil {
			c, err := pr.phrase(x)
			return c, true, err
		}
	}
	return 0, false, nil
}

// poll checks the canceller once every cancelMask+1 calls.
func (pr *pruneRun) poll() *apierr.Error {
	if pr.polls++; pr.polls&cancelMask == 0 && pr.cancel != nil {
		if c, reason := pr.cancel.Cancelled(); c {
			return cancelledWhileRunning(reason)
		}
	}
	return nil
}

// threshold is the score a document must reach to enter the full top k
// (an equal score enters only with a lower slot), or -Inf while it is not
// full.
func (pr *pruneRun) threshold() float32 {
	if len(pr.h.items) < pr.h.k {
		return float32(math.Inf(-1))
	}
	return pr.h.items[0].score
}

func (pr *pruneRun) offer(doc int32, score float32) {
	if len(pr.h.items) == pr.h.k && score < pr.h.items[0].score {
		return
	}
	pr.h.offer(entry{target: pr.target, slot: doc, score: score})
}

// termScan is one scoring term clause as the pruned collectors read it.
type termScan struct {
	src   *postingsIter
	norms []byte // nil: scored with norm 1
	// count is the term's number of documents in the view (all live).
	count int64
	// bounded is false when the scorer's weight is not positive, so a
	// higher frequency need not mean a higher score: nothing is skipped.
	bounded bool
}

// scanOf reads a term clause that has not started iterating.
func scanOf(p *postingsIter) (*termScan, bool) {
	if p.d != -1 || !p.t.scores || p.t.sc == nil {
		return nil, false
	}
	w := p.t.sc.Weight()
	return &termScan{src: p, norms: p.norms, count: p.cst, bounded: w > 0}, true
}

// fresh returns a new iterator over the term's postings.
func (t *termScan) fresh() *shard.Iterator { return t.src.t.r.Postings(t.src.t.field, t.src.t.term) }

// score is the clause's score for a document, as postingsIter.score.
func (t *termScan) score(doc, freq int32) float32 {
	norm := byte(1)
	if t.norms != nil {
		norm = 0
		if int(doc) < len(t.norms) {
			norm = t.norms[doc]
		}
	}
	return t.src.t.sc.Score(float32(freq), norm)
}

// bound is the highest score a posting of at most maxFreq in a field of at
// least minNorm's length can have (+Inf when there is no such bound).
func (t *termScan) bound(maxFreq int32, minNorm byte) float32 {
	if !t.bounded {
		return float32(math.Inf(1))
	}
	if t.norms == nil {
		minNorm = 1
	}
	return t.src.t.sc.Score(float32(maxFreq), minNorm)
}

// disjunction collects the union of terms, scored as disjIter scores it
// (the matching clauses' scores summed in float64 in clause order). The
// clause with the most documents (big) is not walked for counting: the
// union is its document count plus the documents of the other clauses it
// lacks. Those others are walked and scored in full; then big's documents
// alone are scored only in blocks whose bound can enter the top k.
func (pr *pruneRun) disjunction(terms []*termScan) (int, *apierr.Error) {
	big := 0
	for i, t := range terms {
		if t.count > terms[big].count {
			big = i
		}
	}
	// Phase 1: the union of the other clauses, with big checked on each.
	its := make([]*shard.Iterator, len(terms))
	docs := make([]int32, len(terms))
	bigDoc := int32(-1)
	for i, t := range terms {
		its[i], docs[i] = t.fresh(), noMore
		switch {
		case its[i] == nil:
			if i == big {
				bigDoc = noMore
			}
		case i != big && its[i].Next():
			docs[i] = its[i].Doc
		}
	}
	union, shared := 0, 0
	for {
		d := noMore
		for i, x := range docs {
			if i != big && x < d {
				d = x
			}
		}
		if d == noMore {
			break
		}
		if err := pr.poll(); err != nil {
			return 0, err
		}
		if bigDoc < d && bigDoc != noMore {
			bigDoc = noMore
			if its[big].Advance(d) {
				bigDoc = its[big].Doc
			}
		}
		var sum float64
		for i, t := range terms {
			switch {
			case i == big:
				if bigDoc == d {
					sum += float64(t.score(d, its[i].Freq()))
				}
			case docs[i] == d:
				sum += float64(t.score(d, its[i].Freq()))
				docs[i] = noMore
				if its[i].Next() {
					docs[i] = its[i].Doc
				}
			}
		}
		union++
		if bigDoc == d {
			shared++
		}
		pr.offer(d, float32(sum))
	}
	count := union + int(terms[big].count) - shared
	// Phase 2: big's own documents, block by block.
	t := terms[big]
	it := t.fresh()
	if it == nil {
		return count, nil
	}
	others := make([]follower, 0, len(terms)-1)
	for i, o := range terms {
		if i != big {
			if x := o.fresh(); x != nil {
				others = append(others, follower{it: x, doc: -1})
			}
		}
	}
	for b := 0; b < it.Blocks(); b++ {
		if err := pr.poll(); err != nil {
			return 0, err
		}
		_, maxFreq, minNorm, n := it.BlockBounds(b)
		if t.bound(maxFreq, minNorm) < pr.threshold() {
			continue
		}
		if it.Block() != b {
			it.SkipTo(b)
		}
		for j := int32(0); j < n && it.Next(); j++ {
			d := it.Doc
			sc := t.score(d, it.Freq())
			if sc < pr.threshold() || inAny(others, d) {
				continue
			}
			pr.offer(d, sc)
		}
	}
	return count, nil
}

// follower is an iterator advanced to increasing targets.
type follower struct {
	it  *shard.Iterator
	doc int32 // -1 before the first advance, noMore at the end
}

// inAny reports whether one of the followers has doc; targets increase
// from call to call.
func inAny(fs []follower, doc int32) bool {
	for i := range fs {
		f := &fs[i]
		if f.doc < doc {
			f.doc = noMore
			if f.it.Advance(doc) {
				f.doc = f.it.Doc
			}
		}
		if f.doc == doc {
			return true
		}
	}
	return false
}
