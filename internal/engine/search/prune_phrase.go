package search

import (
	"math/bits"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// phrase collects an exact phrase of single terms: the documents holding
// every term, rarest term leading, confirmed by positions read rarest
// first with an early exit (a term repeated in the phrase is walked once).
// Once more documents than the cap have matched, a document whose lowest
// term frequency (a bound on the phrase frequency) cannot score into the
// top k is passed without reading its positions.
func (pr *pruneRun) phrase(x *phraseIter) (int, *apierr.Error) {
	n := x.n
	m := len(x.terms)
	// its are the distinct terms' iterators, rarest first; term j of the
	// phrase (in rarity order) reads its[which[j]] at offset offs[j].
	var its []*shard.Iterator
	var names []string
	which := make([]int, m)
	offs := make([]int32, m)
	for j, i := range x.order {
		term := n.terms[i]
		which[j] = len(its)
		for u, name := range names {
			if name == term {
				which[j] = u
			}
		}
		if which[j] == len(its) {
			its, names = append(its, x.terms[i].p), append(names, term)
		}
		offs[j] = n.pos[i]
	}
	// Offsets from the lowest: the phrase's start is then the lowest
	// term's position, never negative, which the position masks need.
	base := offs[0]
	for _, o := range offs {
		base = min(base, o)
	}
	for j := range offs {
		offs[j] -= base
	}
	var norms []byte
	if n.norms {
		norms = pr.r.Norms(n.field)
	}
	bounded := n.sc.Weight() > 0
	masks := make([]uint64, len(its))
	read := make([]bool, len(its))
	var pos, starts []int32
	count := 0
	lead := its[0]
	// Terms in many documents answer whether they hold a candidate from
	// their set of documents; only candidates every term holds move them.
	var dense, sparse []*shard.Iterator
	for _, o := range its[1:] {
		if o.Dense() {
			dense = append(dense, o)
		} else {
			sparse = append(sparse, o)
		}
	}
	if !lead.Next() {
		return 0, nil
	}
	for {
		d := lead.Doc
		held := true
		for _, o := range dense {
			if !o.Holds(d) {
				held = false
				break
			}
		}
		if !held {
			if !lead.Next() {
				return count, nil
			}
			continue
		}
		aligned := true
		for _, o := range sparse {
			if o.Doc < d && !o.Advance(d) {
				return count, nil
			}
			if o.Doc > d {
				if !lead.Advance(o.Doc) {
					return count, nil
				}
				aligned = false
				break
			}
		}
		if !aligned {
			continue
		}
		for _, o := range dense {
			o.Advance(d) // lands on d, which it holds
		}
		if err := pr.poll(); err != nil {
			return 0, err
		}
		norm := byte(1)
		if n.norms {
			norm = 0
			if int(d) < len(norms) {
				norm = norms[d]
			}
		}
		skip := false
		if bounded && pr.capped >= 0 && count > pr.capped && len(pr.h.items) == pr.h.k {
			minFreq := lead.Freq()
			for _, o := range its[1:] {
				minFreq = min(minFreq, o.Freq())
			}
			skip = n.sc.Score(float32(minFreq), norm) < pr.h.items[0].score
		}
		if !skip {
			// With every position below 64 the starts are the bits of
			// the terms' masks shifted by their offsets, and-ed.
			clear(read)
			all, fits := ^uint64(0), true
			for j := 0; j < m && all != 0; j++ {
				u := which[j]
				if !read[u] {
					masks[u], fits = its[u].PositionMask()
					read[u] = true
					if !fits {
						break
					}
				}
				all &= masks[u] >> uint(offs[j])
			}
			if fits {
				if all != 0 {
					count++
					pr.offer(d, n.sc.Score(float32(bits.OnesCount64(all)), norm))
				}
				skip = true
			}
		}
		if !skip {
			// The rarest term's positions are the possible starts; each
			// further term keeps those it continues.
			pos = lead.Positions(pos[:0])
			starts = starts[:0]
			for _, p := range pos {
				starts = append(starts, p-offs[0])
			}
			for j := 1; j < m && len(starts) > 0; j++ {
				pos = its[which[j]].Positions(pos[:0])
				kept, k := 0, 0
				for _, st := range starts {
					want := st + offs[j]
					for k < len(pos) && pos[k] < want {
						k++
					}
					if k == len(pos) {
						break
					}
					if pos[k] == want {
						starts[kept] = st
						kept++
					}
				}
				starts = starts[:kept]
			}
			if len(starts) > 0 {
				count++
				pr.offer(d, n.sc.Score(float32(len(starts)), norm))
			}
		}
		if !lead.Next() {
			return count, nil
		}
	}
}
