package search

import (
	"math"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/clustersearch/clustersearch-go/internal/engine/analysis"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

// The unified highlighter (OpenSearch's UnifiedHighlighter over Lucene's):
// the field's values are joined with a separator, re-analysed with the
// field's index analyzer, and every token the query matches is an offset
// match. Passages come from the break iterator around the first match
// each (CustomFieldHighlighter's copy of FieldHighlighter before
// LUCENE-9093), are scored by PassageScorer, the best number_of_fragments
// kept in document order, then formatted by CustomPassageFormatter.

// hlMatch is one matched token in the joined content.
type hlMatch struct {
	start, end int // UTF-16 offsets
	label      string
	freq       int // the term's (or automaton's) frequency in the content
}

// hlPassage is a passage being built or kept.
type hlPassage struct {
	start, end int
	score      float32
	matches    []hlMatch
}

func (p *hlPassage) reset() {
	p.start, p.end, p.score, p.matches = -1, -1, 0, p.matches[:0]
}

// hlSnippet is a formatted passage.
type hlSnippet struct {
	text  string
	score float32
}

const maxAnalyzedOffsetHelp = " - maximum allowed to be analyzed for highlighting. This maximum can be set by changing the [index.highlight.max_analyzed_offset] index level setting. For large texts, indexing with offsets or term vectors is recommended!"

// unified highlights one field of one hit.
func (c *shardCtx) unified(f *mapping.Field, name string, values []string, all *hlQuery, hf *HighlightField, slot int32) ([]string, *apierr.Error) {
	keyword := f.Type == mapping.TypeKeyword
	kind := hlBreakWhole
	if hf.NumberOfFragments != 0 && !keyword {
		switch hf.BoundaryScanner {
		case "", "sentence":
			kind = hlBreakSentence
			if hf.FragmentSize > 0 {
				kind = hlBreakBounded
			}
		case "word":
			kind = hlBreakWord
		default:
			return nil, apierr.IllegalArgument("Invalid boundary scanner type: %s", strings.ToUpper(hf.BoundaryScanner))
		}
	}
	q := all.forField(name, hf.RequireFieldMatch)
	if q.empty() && hf.NoMatchSize <= 0 {
		return nil, nil
	}
	if len(values) == 0 {
		return nil, nil
	}
	content := strings.Join(values, "\x00")
	t := newHLText(content)
	maxOff := c.maxAnalyzedOffset()
	if hf.MaxAnalyzerOffset != nil && *hf.MaxAnalyzerOffset > maxOff {
		return nil, apierr.IllegalArgument("max_analyzer_offset has exceeded [%d]"+maxAnalyzedOffsetHelp, maxOff)
	}
	analysed := analysisOffsets(f)
	if analysed && t.len() > maxOff && hf.MaxAnalyzerOffset == nil {
		return nil, apierr.IllegalArgument("The length of [%s] field of [%d] doc of [%s] index has exceeded [%d]"+maxAnalyzedOffsetHelp, name, slot, c.idx.Name, maxOff)
	}
	limit := -1
	if analysed && hf.MaxAnalyzerOffset != nil {
		limit = *hf.MaxAnalyzerOffset
	}
	matches := c.hlMatches(f, values, t.u != nil, q, limit)
	maxPassages := hf.NumberOfFragments
	if maxPassages == 0 {
		maxPassages = math.MaxInt32 - 1
	}
	passages := hlPassages(t, matches, newSplitIter(t, kind, hf.FragmentSize), maxPassages)
	if len(passages) == 0 && hf.NoMatchSize > 0 {
		if p := noMatchPassage(t, hf.NoMatchSize); p != nil {
			passages = []*hlPassage{p}
		}
	}
	pre, post := "<em>", "</em>"
	if len(hf.PreTags) > 0 {
		pre = hf.PreTags[0]
	}
	if len(hf.PostTags) > 0 {
		post = hf.PostTags[0]
	}
	html := hf.Encoder == "html"
	snippets := make([]hlSnippet, 0, len(passages))
	for _, p := range passages {
		s := formatPassage(t, p, pre, post, html)
		if hasText(s) {
			snippets = append(snippets, hlSnippet{text: s, score: p.score})
		}
	}
	if hf.Order == "score" {
		sort.SliceStable(snippets, func(i, j int) bool { return snippets[i].score > snippets[j].score })
	}
	out := make([]string, len(snippets))
	for i, s := range snippets {
		out[i] = s.text
	}
	return out, nil
}

// hlMatches analyses each value and lists the tokens the query matches,
// sorted as OffsetsEnum orders them (start, end, term). limit, when not
// negative, ends each value's tokens at the first starting after it
// (LimitTokenOffsetFilter).
func (c *shardCtx) hlMatches(f *mapping.Field, values []string, utf16 bool, q *hlQuery, limit int) []hlMatch {
	var a analysis.Analyzer
	if f.Type == mapping.TypeText {
		a, _ = c.idx.Analyzer(f.Analyzer())
	}
	terms := make(map[string]bool, len(q.terms))
	for _, t := range q.terms {
		terms[t.term] = true
	}
	type kindRef struct {
		kind uint8 // 0 term, 1 automaton, 2 phrase
		i    int
	}
	var matches []hlMatch
	var refs []kindRef
	termFreq := map[string]int{}
	phraseFreq := map[string]int{}
	autoFreq := make([]int, len(q.autos))
	base := 0
	n := 0
	for _, v := range values {
		n += len(v)
	}
	buf := make([]analysis.Token, 0, n/5+1) // about one token per five characters
	for _, v := range values {
		var toks []analysis.Token
		if a == nil {
			toks = append(buf[:0], analysis.Token{Term: v, EndOffset: len(v)})
		} else {
			toks = a.Analyze(buf[:0], v)
		}
		buf = toks
		if utf16 {
			analysis.UTF16Offsets(v, toks)
		}
		if limit >= 0 {
			for i, tk := range toks {
				if tk.StartOffset > limit {
					toks = toks[:i]
					break
				}
			}
		}
		var marked map[[2]any]bool
		if len(q.phrases) > 0 && len(toks) > 0 {
			posTerms := map[int][]string{}
			maxPos := 0
			for _, tk := range toks {
				posTerms[tk.Position] = append(posTerms[tk.Position], tk.Term)
				maxPos = max(maxPos, tk.Position)
			}
			marked = map[[2]any]bool{}
			for _, p := range q.phrases {
				phraseMatches(p, posTerms, maxPos, func(pos []int, terms []string) {
					for i := range pos {
						marked[[2]any{pos[i], terms[i]}] = true
					}
				})
			}
		}
		for _, tk := range toks {
			s, e := base+tk.StartOffset, base+tk.EndOffset
			if terms[tk.Term] {
				matches = append(matches, hlMatch{start: s, end: e, label: tk.Term})
				refs = append(refs, kindRef{0, 0})
				termFreq[tk.Term]++
			}
			for ai := range q.autos {
				if q.autos[ai].keep(tk.Term) {
					matches = append(matches, hlMatch{start: s, end: e, label: q.autos[ai].label})
					refs = append(refs, kindRef{1, ai})
					autoFreq[ai]++
				}
			}
			if marked[[2]any{tk.Position, tk.Term}] {
				matches = append(matches, hlMatch{start: s, end: e, label: tk.Term})
				refs = append(refs, kindRef{2, 0})
				phraseFreq[tk.Term]++
			}
		}
		base += newHLText(v).len() + 1
	}
	for i := range matches {
		switch refs[i].kind {
		case 0:
			matches[i].freq = termFreq[matches[i].label]
		case 1:
			matches[i].freq = autoFreq[refs[i].i]
		default:
			matches[i].freq = phraseFreq[matches[i].label]
		}
	}
	sort.SliceStable(matches, func(i, j int) bool {
		x, y := matches[i], matches[j]
		if x.start != y.start {
			return x.start < y.start
		}
		if x.end != y.end {
			return x.end < y.end
		}
		return x.label < y.label
	})
	return matches
}

// hlPassages groups the matches into passages and keeps the maxPassages
// best (by score, ties to the later passage), in document order.
func hlPassages(t hlText, matches []hlMatch, bi *splitIter, maxPassages int) []*hlPassage {
	contentLen := t.len()
	var queue []*hlPassage
	// weakest is the queue's head: lowest score, then earliest start.
	weakest := func() int {
		w := 0
		for i, p := range queue {
			if p.score < queue[w].score || (p.score == queue[w].score && p.start < queue[w].start) {
				w = i
			}
		}
		return w
	}
	offer := func(p *hlPassage) *hlPassage {
		if p.start == -1 {
			return p
		}
		p.score = passageScore(p, contentLen)
		if len(queue) == maxPassages && p.score < queue[weakest()].score {
			p.reset()
			return p
		}
		queue = append(queue, p)
		if len(queue) > maxPassages {
			w := weakest()
			out := queue[w]
			queue = append(queue[:w], queue[w+1:]...)
			out.matches = nil
			out.reset()
			return out
		}
		return &hlPassage{start: -1, end: -1}
	}
	cur := &hlPassage{start: -1, end: -1}
	for _, m := range matches {
		if m.start < contentLen && m.end > contentLen {
			continue
		}
		if m.start >= cur.end {
			cur = offer(cur)
			if m.start >= contentLen {
				break
			}
			cur.start = max(bi.preceding(m.start+1), 0)
			cur.end = min(bi.following(m.start), contentLen)
		}
		cur.matches = append(cur.matches, m)
	}
	offer(cur)
	sort.Slice(queue, func(i, j int) bool { return queue[i].start < queue[j].start })
	return queue
}

// PassageScorer's defaults.
const (
	passageK1    float32 = 1.2
	passageB     float32 = 0.75
	passagePivot float32 = 87
)

// passageScore is PassageScorer.score: per distinct term, tf in the
// passage times a weight from the term's frequency in the content, summed
// in double, times a norm favouring early passages. The explicit float32
// conversions keep Java's float rounding.
func passageScore(p *hlPassage, contentLen int) float32 {
	var score float64
	for i, m := range p.matches {
		first := true
		for _, prev := range p.matches[:i] {
			if prev.label == m.label {
				first = false
				break
			}
		}
		if !first {
			continue
		}
		n := 0
		for _, o := range p.matches[i:] {
			if o.label == m.label {
				n++
			}
		}
		score += float64(float32(passageTF(n, p.end-p.start) * passageWeight(contentLen, m.freq)))
	}
	score *= float64(passageNorm(p.start))
	return float32(score)
}

func passageWeight(contentLen, freq int) float32 {
	numDocs := float32(1 + float32(contentLen)/passagePivot)
	return float32((passageK1 + 1) * float32(math.Log(1+(float64(numDocs)+0.5)/(float64(freq)+0.5))))
}

func passageTF(freq, passageLen int) float32 {
	norm := float32(passageK1 * float32((1-passageB)+float32(passageB*float32(float32(passageLen)/passagePivot))))
	return float32(float32(freq) / float32(float32(freq)+norm))
}

func passageNorm(start int) float32 {
	return float32(1 + 1/float32(math.Log(float64(float32(passagePivot+float32(start))))))
}

// noMatchPassage is CustomFieldHighlighter's summary when nothing matched:
// the first non-empty value, cut at the first word boundary after
// no_match_size characters.
func noMatchPassage(t hlText, size int) *hlPassage {
	n := t.len()
	pos := 0
	for pos < n && t.unit(pos) == hlSep {
		pos++
	}
	if pos >= n {
		return nil
	}
	end := pos
	for end < n && t.unit(end) != hlSep {
		end++
	}
	if size+pos < end {
		if b := wordBounds(t, pos, end).following(size); b != breakDone {
			end = pos + b
		}
	}
	return &hlPassage{start: pos, end: end, score: float32(math.NaN())}
}

// formatPassage is CustomPassageFormatter.format: the passage text with
// each run of overlapping matches wrapped in the tags, the text encoded,
// a trailing value separator dropped and the result trimmed.
func formatPassage(t hlText, p *hlPassage, pre, post string, html bool) string {
	var b strings.Builder
	put := func(from, to int) {
		if to <= from {
			return
		}
		if html {
			htmlEncode(&b, t.slice(from, to))
		} else {
			b.WriteString(t.slice(from, to))
		}
	}
	pos := p.start
	for i := 0; i < len(p.matches); i++ {
		start := max(p.matches[i].start, pos)
		put(pos, start)
		end := p.matches[i].end
		for i+1 < len(p.matches) && p.matches[i+1].start < end {
			i++
			end = p.matches[i].end
		}
		end = min(end, p.end)
		b.WriteString(pre)
		put(start, end)
		b.WriteString(post)
		pos = max(end, start)
	}
	put(pos, max(pos, p.end))
	s := b.String()
	if strings.HasSuffix(s, "\u2029") {
		s = s[:len(s)-len("\u2029")]
	} else if strings.HasSuffix(s, "\x00") {
		s = s[:len(s)-1]
	}
	return javaTrim(s)
}

// htmlEncode is Lucene's SimpleHTMLEncoder.
func htmlEncode(b *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"':
			b.WriteString("&quot;")
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '\'':
			b.WriteString("&#x27;")
		case '/':
			b.WriteString("&#x2F;")
		default:
			b.WriteByte(c)
		}
	}
}

// javaTrim is String.trim: drop characters up to U+0020 at both ends.
func javaTrim(s string) string {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	return s[i:j]
}

// hasText is Strings.hasText: some character is not Java whitespace.
func hasText(s string) bool {
	for _, r := range s {
		if !javaWhitespace(r) {
			return true
		}
	}
	return false
}

func javaWhitespace(r rune) bool {
	switch r {
	case 0xa0, 0x2007, 0x202f:
		return false
	case '\t', '\n', 0x0b, '\f', '\r', 0x1c, 0x1d, 0x1e, 0x1f:
		return true
	}
	return r < utf8.RuneSelf && r == ' ' || unicode.In(r, unicode.Zs, unicode.Zl, unicode.Zp)
}
