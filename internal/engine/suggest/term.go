package suggest

import (
	"container/heap"
	"math"
	"sort"
	"unicode/utf8"
)

// TermIndex is what the spell checker reads from one shard: its sorted terms
// of the field and their document frequencies (deleted documents included,
// as Lucene counts them until a merge).
type TermIndex interface {
	// SortedTerms returns the field's terms in byte order.
	SortedTerms(field string) []string
	// DocFreq is the number of documents with the term.
	DocFreq(field, term string) int
	// MaxDoc is the number of document slots (deleted ones included).
	MaxDoc() int
}

// Option is one suggested text: a term with its score and document
// frequency, or a phrase with its score, highlighted form and collate match.
type Option struct {
	Text         string
	Score        float32
	Freq         int
	Highlighted  *string
	CollateMatch *bool
	// Completion is a completion option's document (completion.go).
	Completion *CompletionHit
}

// spellCheck is DirectSpellChecker.suggestSimilar for one analysed term,
// returning at most numSug words in the options' order.
func spellCheck(ix TermIndex, field, term string, numSug int, o *TermOptions) []Option {
	q := []rune(term)
	if o.MinWordLength > 0 && len(q) < o.MinWordLength {
		return nil
	}
	docfreq := ix.DocFreq(field, term)
	if o.Mode == ModeMissing && docfreq > 0 {
		return nil
	}
	maxDoc := ix.MaxDoc()
	if o.MaxTermFreq >= 1 && float32(docfreq) > o.MaxTermFreq {
		return nil
	} else if docfreq > int(math.Ceil(float64(o.MaxTermFreq*float32(maxDoc)))) {
		return nil
	}
	if o.Mode != ModePopular {
		docfreq = 0
	}
	if o.MinDocFreq >= 1 {
		docfreq = max(docfreq, int(o.MinDocFreq))
	} else if o.MinDocFreq > 0 {
		docfreq = max(docfreq, int(o.MinDocFreq*float32(maxDoc))-1)
	}
	inspections := numSug * o.MaxInspections
	if inspections <= 0 {
		return nil
	}
	terms := ix.SortedTerms(field)
	words := similar(ix, field, term, q, terms, inspections, docfreq, 1, o)
	if o.MaxEdits > 1 && len(words) < inspections {
		seen := make(map[string]bool, len(words))
		for _, w := range words {
			seen[w.Text] = true
		}
		for _, w := range similar(ix, field, term, q, terms, inspections, docfreq, o.MaxEdits, o) {
			if !seen[w.Text] {
				words = append(words, w)
			}
		}
	}
	sortWords(words, o.Sort)
	if len(words) > numSug {
		words = words[:numSug]
	}
	return words
}

// sortWords orders by score (then freq) or by freq (then score), then text.
func sortWords(words []Option, by SortBy) {
	sort.Slice(words, func(i, j int) bool { return less(words[i], words[j], by) })
}

func less(a, b Option, by SortBy) bool {
	if by == SortFrequency && a.Freq != b.Freq {
		return a.Freq > b.Freq
	}
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	if a.Freq != b.Freq {
		return a.Freq > b.Freq
	}
	return a.Text < b.Text
}

// scoreTerm is an entry of the candidate queue; boost is what competes (the
// score once the string distance has replaced the fuzzy boost).
type scoreTerm struct {
	term  string
	boost float32
	freq  int
}

// termQueue is a min-heap: lowest boost first, then the larger term
// (ScoreTerm.compareTo), so ties keep the smaller terms.
type termQueue []scoreTerm

func (h termQueue) Len() int { return len(h) }
func (h termQueue) Less(i, j int) bool {
	if h[i].boost != h[j].boost {
		return h[i].boost < h[j].boost
	}
	return h[i].term > h[j].term
}
func (h termQueue) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *termQueue) Push(x any)   { *h = append(*h, x.(scoreTerm)) }
func (h *termQueue) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// similar is DirectSpellChecker's inner suggestSimilar: walk the terms
// within ed edits (FuzzyTermsEnum with transpositions and a prefix of
// max(prefix_length, ed-1)) in term order, keeping the numSug best.
func similar(ix TermIndex, field, term string, q []rune, terms []string, numSug, docfreq, ed int, o *TermOptions) []Option {
	prefix := min(max(o.PrefixLength, ed-1), len(q))
	pre := string(q[:prefix])
	// Terms sharing the prefix form one run of the sorted list.
	start := sort.SearchStrings(terms, pre)
	var h termQueue
	var buf editBuf
	for _, t := range terms[start:] {
		if len(t) < len(pre) || t[:len(pre)] != pre {
			break
		}
		if n := utf8.RuneCountInString(t); n-len(q) > ed || len(q)-n > ed {
			continue // more than ed insertions or deletions away
		}
		tr := []rune(t)
		d := buf.osa(q[prefix:], tr[prefix:], ed)
		if d > ed {
			continue
		}
		boost := float32(1)
		if d > 0 {
			boost = 1 - float32(d)/float32(min(len(tr), len(q)))
		}
		if len(h) >= numSug && boost <= h[0].boost {
			continue
		}
		if t == term {
			continue
		}
		df := ix.DocFreq(field, t)
		if df <= docfreq {
			continue
		}
		score := boost
		if o.Distance != DistanceInternal {
			score = o.Distance.score(term, t)
		}
		if score < o.Accuracy {
			continue
		}
		heap.Push(&h, scoreTerm{term: t, boost: score, freq: df})
		if len(h) > numSug {
			heap.Pop(&h)
		}
	}
	out := make([]Option, len(h))
	for i, st := range h {
		out[i] = Option{Text: st.term, Score: st.boost, Freq: st.freq}
	}
	return out
}

// editBuf holds the rows of the edit distance table between calls.
type editBuf struct{ prev2, prev, cur []int }

// osa is the optimal string alignment distance (Levenshtein with adjacent
// transpositions as one edit, as Lucene's automata count them), or limit+1
// once it must exceed limit.
func (b *editBuf) osa(a, c []rune, limit int) int {
	if d := len(a) - len(c); d > limit || -d > limit {
		return limit + 1
	}
	n := len(c) + 1
	if cap(b.cur) < n {
		b.prev2, b.prev, b.cur = make([]int, n), make([]int, n), make([]int, n)
	}
	prev2, prev, cur := b.prev2[:n], b.prev[:n], b.cur[:n]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		best := i
		for j := 1; j < n; j++ {
			cost := 1
			if a[i-1] == c[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == c[j-2] && a[i-2] == c[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			best = min(best, v)
		}
		if best > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[n-1]
}
