package search

import (
	"sort"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/analysis"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

// The fast vector highlighter (Lucene's FastVectorHighlighter as
// OpenSearch configures it): the query is flattened into terms and
// phrases (each numbered, the number choosing the tag), the field's
// matching tokens are grouped into phrase matches, fragments of
// fragment_size characters are laid around them (SimpleFragListBuilder),
// cut at value boundaries, and widened to boundary characters or break
// boundaries (the boundary scanner), in document order or by the number
// of matches they hold.

// fvhDefaultBoundaryChars are SimpleBoundaryScanner's default boundary
// characters.
const fvhDefaultBoundaryChars = ".,!? \t\n"

// fvhNode is a QueryPhraseMap node: a term, and the phrase terms that may
// follow it.
type fvhNode struct {
	terminal bool
	slop     int
	seqnum   int
	sub      map[string]*fvhNode
}

func (n *fvhNode) child(term string) *fvhNode {
	if n.sub == nil {
		n.sub = map[string]*fvhNode{}
	}
	c := n.sub[term]
	if c == nil {
		c = &fvhNode{}
		n.sub[term] = c
	}
	return c
}

// fvhTerm is a TermInfo: one matching token.
type fvhTerm struct {
	text       string
	start, end int
	pos        int
}

// fvhPhrase is a WeightedPhraseInfo: a matched term or phrase, its
// offsets (adjacent positions merged) and its number.
type fvhPhrase struct {
	offs   [][2]int
	seqnum int
}

func (p *fvhPhrase) start() int { return p.offs[0][0] }
func (p *fvhPhrase) end() int   { return p.offs[len(p.offs)-1][1] }

func (p *fvhPhrase) overlaps(o *fvhPhrase) bool {
	so, eo, oso, oeo := p.start(), p.end(), o.start(), o.end()
	return (so <= oso && oso < eo) || (so < oeo && oeo <= eo) || (oso <= so && so < oeo) || (oso < eo && eo <= oeo)
}

// fvhFrag is a WeightedFragInfo; boost counts its matches.
type fvhFrag struct {
	start, end int
	phrases    []*fvhPhrase
	boost      int
}

// fvhValid is QueryPhraseMap.isValidTermOrPhrase.
func fvhValid(n *fvhNode, cand []fvhTerm) bool {
	if !n.terminal {
		return false
	}
	for i := 1; i < len(cand); i++ {
		if d := cand[i].pos - cand[i-1].pos - 1; d > n.slop || -d > n.slop {
			return false
		}
	}
	return true
}

// fvh highlights one field of one hit.
func (c *shardCtx) fvh(f *mapping.Field, name string, values []string, all *hlQuery, hf *HighlightField) ([]string, *apierr.Error) {
	if len(hf.MatchedFields) > 0 {
		return nil, apierr.Unsupported("matched_fields with the [fvh] highlighter")
	}
	q := all.forField(name, hf.RequireFieldMatch)
	// FieldQuery: flatten in query order, numbering each distinct term or
	// phrase; multi-term queries become the index's terms they accept.
	root := &fvhNode{}
	seq := 0
	seen := map[string]bool{}
	addTerm := func(field, term string) {
		if k := field + "\x00" + term; !seen[k] {
			seen[k] = true
			n := root.child(term)
			n.terminal, n.slop, n.seqnum = true, 0, seq
			seq++
		}
	}
	for _, o := range q.order {
		switch i := o[1]; o[0] {
		case 0:
			addTerm(q.terms[i].field, q.terms[i].term)
		case 1:
			au := q.autos[i]
			var terms []string
			c.r.Terms(au.field, func(t string) bool {
				if au.keep(t) {
					terms = append(terms, t)
				}
				return true
			})
			sort.Strings(terms)
			for _, t := range terms[:min(len(terms), 1024)] {
				addTerm(au.field, t)
			}
		default:
			p := q.phrases[i]
			addPhrase := func(terms []string) {
				k := p.field + "\x00" + strings.Join(terms, "\x00") + "\x00" + strconv.Itoa(p.slop)
				if seen[k] {
					return
				}
				seen[k] = true
				n := root
				for _, t := range terms {
					n = n.child(t)
				}
				n.terminal, n.slop, n.seqnum = true, p.slop, seq
				seq++
			}
			if p.alts == nil {
				addPhrase(p.terms)
				continue
			}
			// A multi-phrase (phrase prefix) query is every combination of
			// its terms as a phrase, or its terms alone past 16 of them
			// (CustomFieldQuery.convertMultiPhraseQuery).
			total := 0
			for _, alts := range p.alts {
				total += len(alts)
			}
			if total > 16 {
				for _, alts := range p.alts {
					for _, t := range alts {
						addTerm(p.field, t)
					}
				}
				continue
			}
			var walk func(at int, chosen []string)
			walk = func(at int, chosen []string) {
				if at == len(p.alts) {
					addPhrase(chosen)
					return
				}
				for _, t := range p.alts[at] {
					walk(at+1, append(chosen[:at:at], t))
				}
			}
			walk(0, nil)
		}
	}
	termSet := map[string]bool{}
	var collect func(n *fvhNode)
	collect = func(n *fvhNode) {
		for t, s := range n.sub {
			termSet[t] = true
			collect(s)
		}
	}
	collect(root)

	// FieldTermStack: the tokens that are query terms, as the term vector
	// holds them: each value's offsets after the previous values and one
	// separator, its positions after a gap of 100.
	var a analysis.Analyzer
	if f.Type == mapping.TypeText {
		a, _ = c.idx.Analyzer(f.Analyzer())
	}
	var stack []fvhTerm
	lens := make([]int, len(values))
	offBase, posBase := 0, 0
	for i, v := range values {
		var toks []analysis.Token
		if a != nil {
			toks = a.Analyze(make([]analysis.Token, 0, len(v)/5+1), v)
		} else {
			toks = []analysis.Token{{Term: v, EndOffset: len(v)}}
		}
		vt := newHLText(v)
		if vt.u != nil {
			analysis.UTF16Offsets(v, toks)
		}
		for _, tk := range toks {
			if termSet[tk.Term] {
				stack = append(stack, fvhTerm{tk.Term, offBase + tk.StartOffset, offBase + tk.EndOffset, posBase + tk.Position})
			}
		}
		if n := len(toks); n > 0 {
			posBase += toks[n-1].Position + 1 + 100
		}
		lens[i] = vt.len()
		offBase += lens[i] + 1
	}
	phrases := fvhPhrases(root, stack, 256)

	var frags []*fvhFrag
	if hf.NumberOfFragments == 0 {
		if len(phrases) > 0 {
			frags = []*fvhFrag{{start: 0, end: int(^uint32(0) >> 1), phrases: phrases}}
		}
	} else {
		margin := 6
		if hf.FragmentOffset != nil {
			margin = *hf.FragmentOffset
			if margin < 0 {
				return nil, apierr.IllegalArgument("margin(%d) is too small. It must be 0 or higher.", margin)
			}
		}
		if minSize := max(1, margin*3); hf.FragmentSize < minSize {
			return nil, apierr.IllegalArgument("fragCharSize(%d) is too small. It must be %d or higher.", hf.FragmentSize, minSize)
		}
		frags = fvhFragList(phrases, hf.FragmentSize, margin)
	}
	if len(values) == 0 {
		return nil, nil
	}
	out := fvhFragments(frags, values, lens, hf)
	if len(out) == 0 && hf.NoMatchSize > 0 {
		out = fvhFragments([]*fvhFrag{{start: 0, end: hf.NoMatchSize}}, values, lens, hf)
	}
	return out, nil
}

// fvhFragments is BaseFragmentsBuilder.createFragments: fragments split
// at value boundaries (discrete multi-value highlighting), ordered, cut
// to number_of_fragments and made into text.
func fvhFragments(frags []*fvhFrag, values []string, lens []int, hf *HighlightField) []string {
	for _, fr := range frags {
		fr.boost = len(fr.phrases)
	}
	if len(values) > 1 {
		frags = fvhDiscrete(frags, lens)
	}
	if hf.Order == "score" {
		sort.SliceStable(frags, func(i, j int) bool {
			if frags[i].boost != frags[j].boost {
				return frags[i].boost > frags[j].boost
			}
			return frags[i].start < frags[j].start
		})
	}
	n := hf.NumberOfFragments
	if n == 0 || n > len(frags) {
		n = len(frags)
	}
	bs := fvhBoundaryScanner(hf)
	buf := &fvhBuffer{values: values}
	var out []string
	for _, fr := range frags[:n] {
		out = append(out, fvhFragment(buf, fr, hf, bs))
	}
	return out
}

// fvhDiscrete is discreteMultiValueHighlighting: a fragment inside one
// value stays; one spanning values is cut into a fragment per value it
// touches, each with the match offsets clamped to that value.
func fvhDiscrete(frags []*fvhFrag, lens []int) []*fvhFrag {
	var out []*fvhFrag
	for _, fr := range frags {
		// The offsets are consumed value by value.
		subs := make([]*fvhPhrase, len(fr.phrases))
		for i, p := range fr.phrases {
			subs[i] = &fvhPhrase{seqnum: p.seqnum, offs: append([][2]int(nil), p.offs...)}
		}
		fieldEnd := 0
	values:
		for _, l := range lens {
			if l == 0 {
				fieldEnd++
				continue
			}
			fieldStart := fieldEnd
			fieldEnd += l + 1
			if fr.start >= fieldStart && fr.end >= fieldStart && fr.start <= fieldEnd && fr.end <= fieldEnd {
				out = append(out, fr)
				break
			}
			if len(subs) == 0 {
				break
			}
			if fr.start >= fieldEnd || subs[0].offs[0][0] >= fieldEnd {
				continue
			}
			part := &fvhFrag{start: fieldStart, end: fieldEnd}
			if fr.start > fieldStart && fr.start < fieldEnd {
				part.start = fr.start
			}
			if fr.end > fieldStart && fr.end < fieldEnd {
				part.end = fr.end
			}
			kept := subs[:0]
			for _, sub := range subs {
				var offs [][2]int
				rest := sub.offs[:0]
				for k, o := range sub.offs {
					if o[0] >= fieldEnd {
						rest = append(rest, sub.offs[k:]...)
						break
					}
					after, before := o[0] >= fieldStart, o[1] < fieldEnd
					switch {
					case after && before:
						offs = append(offs, o)
					case after:
						offs = append(offs, [2]int{o[0], fieldEnd - 1})
						rest = append(rest, o)
					case before:
						offs = append(offs, [2]int{fieldStart, o[1]})
					default:
						offs = append(offs, [2]int{fieldStart, fieldEnd - 1})
						rest = append(rest, o)
					}
				}
				sub.offs = rest
				if len(offs) > 0 {
					part.phrases = append(part.phrases, &fvhPhrase{seqnum: sub.seqnum, offs: offs})
					part.boost++
				}
				if len(sub.offs) > 0 {
					kept = append(kept, sub)
				}
			}
			subs = kept
			out = append(out, part)
			continue values
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].start < out[j].start })
	return out
}

// fvhBuffer is the fragments builder's text: the values, each followed by
// a separator, appended as fragments reach into them.
type fvhBuffer struct {
	values []string
	s      string
	n      int // values appended
	units  int // UTF-16 length of s
}

func (b *fvhBuffer) reach(end int) hlText {
	for b.units < end && b.n < len(b.values) {
		v := b.values[b.n]
		b.s += v + " "
		b.units += newHLText(v).len() + 1
		b.n++
	}
	return newHLText(b.s)
}

// fvhPhrases is FieldPhraseList: from each remaining matching token, the
// longest phrase of the query that the following tokens complete, else
// the token itself as a term; a phrase overlapping an earlier one is
// dropped.
func fvhPhrases(root *fvhNode, stack []fvhTerm, limit int) []*fvhPhrase {
	var out []*fvhPhrase
	add := func(cand []fvhTerm, n *fvhNode) {
		p := &fvhPhrase{seqnum: n.seqnum, offs: [][2]int{{cand[0].start, cand[0].end}}}
		for i := 1; i < len(cand); i++ {
			if cand[i].pos-cand[i-1].pos == 1 {
				p.offs[len(p.offs)-1][1] = cand[i].end
			} else {
				p.offs = append(p.offs, [2]int{cand[i].start, cand[i].end})
			}
		}
		for _, e := range out {
			if e.overlaps(p) {
				return
			}
		}
		out = append(out, p)
	}
	for len(stack) > 0 && len(out) < limit {
		ti := stack[0]
		stack = stack[1:]
		cur := root.sub[ti.text]
		if cur == nil {
			continue
		}
		cand := []fvhTerm{ti}
		for {
			var next *fvhNode
			if len(stack) > 0 {
				next = cur.sub[stack[0].text]
			}
			if next != nil {
				cand = append(cand, stack[0])
				stack = stack[1:]
				cur = next
				continue
			}
			if fvhValid(cur, cand) {
				add(cand, cur)
				break
			}
			// Give back terms until a shorter prefix is a valid phrase.
			for len(cand) > 1 {
				stack = append([]fvhTerm{cand[len(cand)-1]}, stack...)
				cand = cand[:len(cand)-1]
				n := root
				for _, c := range cand {
					if n = n.sub[c.text]; n == nil {
						break
					}
				}
				if n != nil && fvhValid(n, cand) {
					add(cand, n)
					break
				}
			}
			break
		}
	}
	return out
}

// fvhFragList is SimpleFragListBuilder: a fragment of fragSize characters
// starting margin before a phrase, taking the phrases that end inside it,
// then re-centred on them.
func fvhFragList(phrases []*fvhPhrase, fragSize, margin int) []*fvhFrag {
	var out []*fvhFrag
	startOffset := 0
	i := 0
	for i < len(phrases) {
		p := phrases[i]
		if p.start() < startOffset {
			i++
			continue
		}
		var taken []*fvhPhrase
		curStart, curEnd := p.start(), p.end()
		spanStart := max(curStart-margin, startOffset)
		spanEnd := max(curEnd, spanStart+fragSize)
		accept := func(p *fvhPhrase, matchLen int) bool { return len(p.offs) <= 1 || matchLen <= fragSize }
		if accept(p, curEnd-curStart) {
			taken = append(taken, p)
		}
		i++
		for i < len(phrases) && phrases[i].end() <= spanEnd {
			curEnd = phrases[i].end()
			if accept(phrases[i], curEnd-curStart) {
				taken = append(taken, phrases[i])
			}
			i++
		}
		if len(taken) == 0 {
			continue
		}
		matchLen := curEnd - curStart
		newMargin := max(0, (fragSize-matchLen)/2)
		spanStart = max(curStart-newMargin, startOffset)
		spanEnd = spanStart + max(matchLen, fragSize)
		startOffset = spanEnd
		out = append(out, &fvhFrag{start: spanStart, end: spanEnd, phrases: taken})
	}
	return out
}

// fvhScanner widens a fragment: start moves back and end forward to a
// boundary.
type fvhScanner interface {
	findStart(buf hlText, start int) int
	findEnd(buf hlText, end int) int
}

// fvhCharsScanner is SimpleBoundaryScanner.
type fvhCharsScanner struct {
	chars   string
	maxScan int
}

func (s fvhCharsScanner) isBoundary(buf hlText, i int) bool {
	return strings.ContainsRune(s.chars, rune(buf.unit(i)))
}

func (s fvhCharsScanner) findStart(buf hlText, start int) int {
	if start > buf.len() || start < 1 {
		return start
	}
	off := start
	for count := s.maxScan; off > 0 && count > 0; count-- {
		if s.isBoundary(buf, off-1) {
			return off
		}
		off--
	}
	if off == 0 {
		return 0
	}
	return start
}

func (s fvhCharsScanner) findEnd(buf hlText, end int) int {
	if end > buf.len() || end < 0 {
		return end
	}
	off := end
	for count := s.maxScan; off < buf.len() && count > 0; count-- {
		if s.isBoundary(buf, off) {
			return off
		}
		off++
	}
	return end
}

// fvhBreakScanner is BreakIteratorBoundaryScanner over the sentence or
// word rules.
type fvhBreakScanner struct{ word bool }

func (s fvhBreakScanner) bounds(buf hlText, from, to int) bounds {
	if s.word {
		return wordBounds(buf, from, to)
	}
	return sentenceBounds(buf, from, to)
}

func (s fvhBreakScanner) findStart(buf hlText, start int) int {
	if start > buf.len() || start < 1 {
		return start
	}
	// The iterator runs over the text before start: the boundary before
	// its end.
	return s.bounds(buf, 0, start).preceding(start)
}

func (s fvhBreakScanner) findEnd(buf hlText, end int) int {
	if end > buf.len() || end < 0 {
		return end
	}
	return end + s.bounds(buf, end, buf.len()).following(0)
}

// fvhBoundaryScanner picks the scanner: chars (the default), sentence or
// word.
func fvhBoundaryScanner(hf *HighlightField) fvhScanner {
	switch hf.BoundaryScanner {
	case "sentence":
		return fvhBreakScanner{}
	case "word":
		return fvhBreakScanner{word: true}
	}
	chars := fvhDefaultBoundaryChars
	if hf.BoundaryChars != nil {
		chars = *hf.BoundaryChars
	}
	scan := 20
	if hf.BoundaryMaxScan != nil {
		scan = *hf.BoundaryMaxScan
	}
	return fvhCharsScanner{chars: chars, maxScan: scan}
}

// fvhFragment is BaseFragmentsBuilder.makeFragment for one value: the
// fragment widened by the boundary scanner over the value and its trailing
// separator, each phrase's offsets wrapped in the tags its number picks.
func fvhFragment(b *fvhBuffer, fr *fvhFrag, hf *HighlightField, bs fvhScanner) string {
	buf := b.reach(fr.end)
	bufLen := buf.len() - 1 // the last separator is not text
	eo := bufLen
	if bufLen >= fr.end {
		eo = bs.findEnd(buf, fr.end)
	}
	mso := bs.findStart(buf, fr.start)
	pre, post := []string{"<em>"}, []string{"</em>"}
	if len(hf.PreTags) > 0 {
		pre = hf.PreTags
	}
	if len(hf.PostTags) > 0 {
		post = hf.PostTags
	}
	var sb strings.Builder
	put := func(from, to int) {
		from, to = max(from, mso), min(to, eo)
		if to <= from {
			return
		}
		if hf.Encoder == "html" {
			htmlEncode(&sb, buf.slice(from, to))
		} else {
			sb.WriteString(buf.slice(from, to))
		}
	}
	pos := mso
	for _, p := range fr.phrases {
		for _, o := range p.offs {
			put(pos, o[0])
			sb.WriteString(pre[p.seqnum%len(pre)])
			put(o[0], o[1])
			sb.WriteString(post[p.seqnum%len(post)])
			pos = o[1]
		}
	}
	put(pos, eo)
	return sb.String()
}
