package search

import (
	"sort"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/analysis"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

// The plain highlighter (OpenSearch's PlainHighlighter over Lucene's
// Highlighter): each value is analysed on its own; a QueryScorer scores
// every token (1 for a query term, 0 otherwise, phrase terms only inside a
// phrase match); the fragmenter cuts the marked-up text into fragments of
// about fragment_size characters; each value's fragments are ranked by
// the number of distinct query terms in them.

// plainTerm is a WeightedSpanTerm: a query term, either matched anywhere
// or (positionSensitive) only inside its phrase spans.
type plainTerm struct {
	positionSensitive bool
	spans             [][2]int
}

// plainFragment is a TextFragment: a range of the marked-up text.
type plainFragment struct {
	start, end int
	num        int
	score      float32
}

// plain highlights one field of one hit.
func (c *shardCtx) plain(f *mapping.Field, name string, values []string, all *hlQuery, hf *HighlightField, id string) ([]string, *apierr.Error) {
	spanFragmenter := true
	if hf.NumberOfFragments != 0 {
		switch hf.Fragmenter {
		case "", "span":
		case "simple":
			spanFragmenter = false
		default:
			return nil, apierr.IllegalArgument("unknown fragmenter option [%s] for the field [%s]", hf.Fragmenter, name)
		}
	}
	q := all.forField(name, hf.RequireFieldMatch)
	maxOff := c.maxAnalyzedOffset()
	var a analysis.Analyzer
	if f.Type == mapping.TypeText {
		a, _ = c.idx.Analyzer(f.Analyzer())
	}
	analyze := func(v string) []analysis.Token {
		var toks []analysis.Token
		if a == nil {
			toks = []analysis.Token{{Term: v, EndOffset: len(v)}}
		} else {
			toks = a.Analyze(make([]analysis.Token, 0, len(v)/5+1), v)
		}
		if newHLText(v).u != nil {
			analysis.UTF16Offsets(v, toks)
		}
		if hf.MaxAnalyzerOffset != nil {
			for i, tk := range toks {
				if tk.StartOffset > *hf.MaxAnalyzerOffset {
					return toks[:i]
				}
			}
		}
		return toks
	}
	n := hf.NumberOfFragments
	if n == 0 {
		n = 1
	}
	var frags []plainFragment
	var texts []string
	for _, v := range values {
		t := newHLText(v)
		if hf.MaxAnalyzerOffset == nil && t.len() > maxOff {
			return nil, apierr.IllegalArgument("The length of [%s] field of [%s] doc of [%s] index has exceeded [%d] - maximum allowed to be analyzed for highlighting. This maximum can be set by changing the [index.highlight.max_analyzed_offset] index level setting. For large texts, indexing with offsets or term vectors, and highlighting with unified or fvh highlighter is recommended!", name, id, c.idx.Name, maxOff)
		}
		if hf.MaxAnalyzerOffset != nil && *hf.MaxAnalyzerOffset > maxOff {
			return nil, apierr.IllegalArgument("max_analyzer_offset has exceeded [%d]"+maxAnalyzedOffsetHelp, maxOff)
		}
		toks := analyze(v)
		text, best := plainFragments(t, toks, plainWeights(q, toks), hf, spanFragmenter, n)
		for _, fr := range best {
			if fr.score > 0 {
				frags = append(frags, fr)
				texts = append(texts, text[fr.start:fr.end])
			}
		}
	}
	if hf.Order == "score" {
		idx := make([]int, len(frags))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(i, j int) bool { return frags[idx[i]].score > frags[idx[j]].score })
		sorted := make([]string, len(idx))
		for i, k := range idx {
			sorted[i] = texts[k]
		}
		texts = sorted
	}
	if !(hf.NumberOfFragments == 0 && len(values) > 1) && len(texts) > n {
		texts = texts[:n]
	}
	if len(texts) > 0 {
		return texts, nil
	}
	if hf.NoMatchSize > 0 && len(values) > 0 {
		if end := plainNoMatchEnd(hf.NoMatchSize, analyze(values[0])); end > 0 {
			return []string{newHLText(values[0]).slice(0, end)}, nil
		}
	}
	return nil, nil
}

// plainNoMatchEnd is findGoodEndForNoHighlightExcerpt: the end of the last
// token ending within size characters.
func plainNoMatchEnd(size int, toks []analysis.Token) int {
	end := -1
	for _, tk := range toks {
		if tk.EndOffset >= size {
			if tk.EndOffset == size {
				end = size
			}
			return end
		}
		end = tk.EndOffset
	}
	return end
}

// plainWeights extracts the weighted span terms for one value: query
// terms, the value's terms a multi-term query accepts, and phrase terms
// with the spans of their matches. A term also found outside a phrase is
// position-insensitive.
func plainWeights(q *hlQuery, toks []analysis.Token) map[string]*plainTerm {
	w := map[string]*plainTerm{}
	for _, t := range q.terms {
		w[t.term] = &plainTerm{}
	}
	for _, tk := range toks {
		if w[tk.Term] != nil {
			continue
		}
		for _, au := range q.autos {
			if au.keep(tk.Term) {
				w[tk.Term] = &plainTerm{}
				break
			}
		}
	}
	if len(q.phrases) > 0 && len(toks) > 0 {
		posTerms := map[int][]string{}
		maxPos := 0
		for _, tk := range toks {
			posTerms[tk.Position] = append(posTerms[tk.Position], tk.Term)
			maxPos = max(maxPos, tk.Position)
		}
		for _, p := range q.phrases {
			terms := map[string]bool{}
			for i := range p.terms {
				if p.alts != nil {
					for _, a := range p.alts[i] {
						terms[a] = true
					}
				} else {
					terms[p.terms[i]] = true
				}
			}
			for t := range terms {
				if w[t] == nil {
					w[t] = &plainTerm{positionSensitive: true}
				}
			}
			phraseMatches(p, posTerms, maxPos, func(pos []int, _ []string) {
				lo, hi := pos[0], pos[0]
				for _, x := range pos {
					lo, hi = min(lo, x), max(hi, x)
				}
				for t := range terms {
					if pt := w[t]; pt.positionSensitive {
						pt.spans = append(pt.spans, [2]int{lo, hi})
					}
				}
			})
		}
	}
	return w
}

// plainFragments is Highlighter.getBestTextFragments without merging: it
// returns the marked-up text and its best n fragments, best first.
func plainFragments(t hlText, toks []analysis.Token, w map[string]*plainTerm, hf *HighlightField, spanFragmenter bool, n int) (string, []plainFragment) {
	pre, post := "<em>", "</em>"
	if len(hf.PreTags) > 0 {
		pre = hf.PreTags[0]
	}
	if len(hf.PostTags) > 0 {
		post = hf.PostTags[0]
	}
	var b strings.Builder
	enc := func(from, to int) {
		if hf.Encoder == "html" {
			htmlEncode(&b, t.slice(from, to))
		} else {
			b.WriteString(t.slice(from, to))
		}
	}
	frags := []plainFragment{{}}
	cur := &frags[0]
	// QueryScorer state
	found := map[string]bool{}
	var total float32
	// TokenGroup state
	var gN int
	var gEnd, gMatchStart, gMatchEnd int
	var gTot float32
	// fragmenter state
	fragSize := hf.FragmentSize
	numFrags := 1
	fragPos, waitFor := -1, -1
	lastEnd := 0
	flush := func() {
		if gMatchStart > lastEnd {
			enc(lastEnd, gMatchStart)
		}
		if gTot > 0 {
			b.WriteString(pre)
			enc(gMatchStart, gMatchEnd)
			b.WriteString(post)
		} else {
			enc(gMatchStart, gMatchEnd)
		}
		lastEnd = max(gMatchEnd, lastEnd)
		gN, gTot = 0, 0
	}
	newFragment := func(tk analysis.Token, inc int) bool {
		if hf.NumberOfFragments == 0 {
			return false // NullFragmenter
		}
		if spanFragmenter {
			fragPos += inc
			if waitFor <= fragPos {
				waitFor = -1
			} else if waitFor != -1 {
				return false
			}
			if pt := w[tk.Term]; pt != nil {
				for _, sp := range pt.spans {
					if sp[0] == fragPos {
						waitFor = sp[1] + 1
						break
					}
				}
			}
			if tk.EndOffset >= fragSize*numFrags && t.len()-tk.StartOffset >= fragSize>>1 {
				numFrags++
				return true
			}
			return false
		}
		if tk.EndOffset >= fragSize*numFrags {
			numFrags++
			return true
		}
		return false
	}
	prevPos := -1
	for _, tk := range toks {
		inc := tk.Position - prevPos
		prevPos = tk.Position
		if gN > 0 && tk.StartOffset >= gEnd {
			flush()
			if newFragment(tk, inc) {
				cur.score = total
				cur.end = b.Len()
				frags = append(frags, plainFragment{start: b.Len(), num: len(frags)})
				cur = &frags[len(frags)-1]
				found, total = map[string]bool{}, 0
			}
		}
		// QueryScorer.getTokenScore
		var score float32
		if pt := w[tk.Term]; pt != nil {
			ok := !pt.positionSensitive
			for _, sp := range pt.spans {
				if tk.Position >= sp[0] && tk.Position <= sp[1] {
					ok = true
					break
				}
			}
			if ok {
				score = 1
				if !found[tk.Term] {
					found[tk.Term] = true
					total += score
				}
			}
		}
		// TokenGroup.addToken
		if gN == 0 {
			gMatchStart = tk.StartOffset
			gEnd, gMatchEnd = tk.EndOffset, tk.EndOffset
			gTot = score
		} else {
			gEnd = max(gEnd, tk.EndOffset)
			if score > 0 {
				if gTot == 0 {
					gMatchStart, gMatchEnd = tk.StartOffset, tk.EndOffset
				} else {
					gMatchStart, gMatchEnd = min(gMatchStart, tk.StartOffset), max(gMatchEnd, tk.EndOffset)
				}
				gTot += score
			}
		}
		gN++
	}
	cur.score = total
	if gN > 0 {
		flush()
	}
	if lastEnd < t.len() {
		enc(lastEnd, t.len())
	}
	cur.end = b.Len()
	// FragmentQueue: best score first, the earlier fragment on ties.
	sort.SliceStable(frags, func(i, j int) bool { return frags[i].score > frags[j].score })
	if len(frags) > n {
		frags = frags[:n]
	}
	return b.String(), frags
}
