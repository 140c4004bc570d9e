package shard

import (
	"slices"
	"strings"
)

// TermGroups is a text value's tokens grouped by term. The analyser's
// caller builds it with GroupTerms before the write takes the shard lock,
// so that under the lock a document costs one posting per distinct term
// rather than a pass over every token (a bulk request's writes queue on
// that lock).
type TermGroups struct {
	Terms []string // the distinct terms, by first occurrence
	Ends  []int32  // where each term's positions end in Pos
	Pos   []int32  // the positions, grouped by term, each term's in text order
	// of and count name the Tokens the groups were built from (their
	// first token and number): groups of other tokens are not used.
	of    *Token
	count int
}

// GroupScratch is reused between GroupTerms calls.
type GroupScratch struct {
	index  map[string]int32 // term -> index in Terms, for terms the recent cache misses
	termOf []int32          // each token's index in Terms
}

// GroupTerms fills tv.Groups from tv.Tokens.
func (tv *TextValue) GroupTerms(sc *GroupScratch) {
	g := &tv.Groups
	g.Terms, g.Ends, g.of, g.count = g.Terms[:0], g.Ends[:0], nil, 0
	toks := tv.Tokens
	if len(toks) == 0 {
		return
	}
	if sc.index == nil {
		sc.index = map[string]int32{}
	} else {
		clear(sc.index)
	}
	termOf := slices.Grow(sc.termOf[:0], len(toks))[:len(toks)]
	sc.termOf = termOf
	// Terms recur within a text: the last few seen answer without hashing.
	var recent [16]recentTerm
	for i := range toks {
		term := toks[i].Term
		r := &recent[recentSlot(term)]
		k := r.list - 1
		if k < 0 || r.term != term {
			var ok bool
			if k, ok = sc.index[term]; !ok {
				k = int32(len(g.Terms))
				sc.index[term] = k
				g.Terms = append(g.Terms, term)
				g.Ends = append(g.Ends, 0)
			}
			r.term, r.list = term, k+1
		}
		termOf[i] = k
	}
	// Count each term, make the counts where its positions start, then
	// fill the positions in, which moves each to where they end.
	ends := g.Ends
	for _, k := range termOf {
		ends[k]++
	}
	total := int32(0)
	for k, c := range ends {
		ends[k] = total
		total += c
	}
	pos := slices.Grow(g.Pos[:0], int(total))[:total]
	for i, k := range termOf {
		pos[ends[k]] = toks[i].Position
		ends[k]++
	}
	g.Pos = pos
	g.of, g.count = &toks[0], len(toks)
}

// grouped reports whether tv.Groups holds tv.Tokens grouped.
func (tv *TextValue) grouped() bool {
	g := &tv.Groups
	return g.count > 0 && g.count == len(tv.Tokens) && g.of == &tv.Tokens[0]
}

// addGrouped posts a text whose tokens are grouped (tv.grouped()) at slot,
// as invertedIndex.add posts its tokens: a term's first occurrence in the
// field's dictionary takes the next posting list, in the text's order.
func (tf *termField) addGrouped(slot int32, tv *TextValue) {
	g := &tv.Groups
	from := int32(0)
	for k, term := range g.Terms {
		idx, ok := tf.terms[term]
		if !ok {
			idx = int32(len(tf.lists))
			// Clone: the analyzer's term may share a buffer with the whole text.
			tf.terms[strings.Clone(term)] = idx
			tf.lists = append(tf.lists, postingList{last: -1})
		}
		to := g.Ends[k]
		tf.lists[idx].add(slot, int(to-from), g.Pos[from:to], tv.Norm)
		from = to
	}
	tf.stats.SumDocFreq += int64(len(g.Terms))
}

// addTextStats records a posted text's norm and its field's statistics.
func (tf *termField) addTextStats(slot int32, tv *TextValue) {
	for int32(len(tf.norms)) <= slot {
		tf.norms = append(tf.norms, 0)
	}
	tf.norms[slot] = tv.Norm
	tf.stats.DocCount++
	tf.stats.SumTotalTermFreq += int64(len(tv.Tokens))
}
