package analysis

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Character types of Lucene's WordDelimiterIterator.
const (
	wdLower = 1 << iota
	wdUpper
	wdDigit
	wdDelim
	wdAlpha = wdLower | wdUpper
)

// wdCharType is WordDelimiterIterator's default table below 256 and getType above.
func wdCharType(r rune) int {
	if r < 256 {
		switch {
		case unicode.IsLower(r) || r == 0xAA || r == 0xBA: // Java's isLowerCase adds Other_Lowercase
			return wdLower
		case unicode.IsUpper(r):
			return wdUpper
		case r >= '0' && r <= '9':
			return wdDigit
		}
		return wdDelim
	}
	switch {
	case r >= 0x10000:
		return wdAlpha | wdDigit // a surrogate pair in Java: never split
	case unicode.Is(unicode.Lu, r):
		return wdUpper
	case unicode.Is(unicode.Ll, r):
		return wdLower
	case unicode.In(r, unicode.Lt, unicode.Lm, unicode.Lo, unicode.Mn, unicode.Me, unicode.Mc):
		return wdAlpha
	case unicode.In(r, unicode.Nd, unicode.Nl, unicode.No):
		return wdDigit
	}
	return wdDelim
}

// wdIterator is Lucene's WordDelimiterIterator over a term's code points.
type wdIterator struct {
	runes                                []rune
	types                                []int
	splitCase, splitNumerics, possessive bool
	startBounds, endBounds, current, end int
	skipPossessive, hasFinalPossessive   bool
}

const wdDone = -1

func (it *wdIterator) setText(term string) {
	it.runes = it.runes[:0]
	it.types = it.types[:0]
	for _, r := range term {
		it.runes = append(it.runes, r)
		it.types = append(it.types, wdCharType(r))
	}
	n := len(it.runes)
	it.endBounds, it.current, it.startBounds, it.end = n, 0, 0, 0
	it.skipPossessive, it.hasFinalPossessive = false, false
	for it.startBounds < n && it.types[it.startBounds]&wdDelim != 0 {
		it.startBounds++
	}
	for it.endBounds > it.startBounds && it.types[it.endBounds-1]&wdDelim != 0 {
		it.endBounds--
	}
	if it.endsWithPossessive(it.endBounds) {
		it.hasFinalPossessive = true
	}
	it.current = it.startBounds
}

func (it *wdIterator) next() int {
	it.current = it.end
	if it.current == wdDone {
		return wdDone
	}
	if it.skipPossessive {
		it.current += 2
		it.skipPossessive = false
	}
	last := 0
	for it.current < it.endBounds {
		last = it.types[it.current]
		if last&wdDelim == 0 {
			break
		}
		it.current++
	}
	if it.current >= it.endBounds {
		it.end = wdDone
		return wdDone
	}
	for it.end = it.current + 1; it.end < it.endBounds; it.end++ {
		typ := it.types[it.end]
		if it.isBreak(last, typ) {
			break
		}
		last = typ
	}
	if it.end < it.endBounds-1 && it.endsWithPossessive(it.end+2) {
		it.skipPossessive = true
	}
	return it.end
}

// typ is the current subword's type: its first character's, letters as wdAlpha.
func (it *wdIterator) typ() int {
	if it.end == wdDone {
		return 0
	}
	t := it.types[it.current]
	if t == wdLower || t == wdUpper {
		return wdAlpha
	}
	return t
}

func (it *wdIterator) isBreak(last, typ int) bool {
	switch {
	case typ&last != 0:
		return false
	case !it.splitCase && last&wdAlpha != 0 && typ&wdAlpha != 0:
		return false
	case last&wdUpper != 0 && typ&wdAlpha != 0:
		return false
	case !it.splitNumerics && (last&wdAlpha != 0 && typ&wdDigit != 0 || last&wdDigit != 0 && typ&wdAlpha != 0):
		return false
	}
	return true
}

func (it *wdIterator) isSingleWord() bool {
	if it.hasFinalPossessive {
		return it.current == it.startBounds && it.end == it.endBounds-2
	}
	return it.current == it.startBounds && it.end == it.endBounds
}

func (it *wdIterator) endsWithPossessive(pos int) bool {
	return it.possessive && pos > 2 && it.runes[pos-2] == '\'' && (it.runes[pos-1] == 's' || it.runes[pos-1] == 'S') &&
		it.types[pos-3]&wdAlpha != 0 && (pos == it.endBounds || it.types[pos]&wdDelim != 0)
}

// wordDelimiterGraph is Lucene's WordDelimiterGraphFilter with OpenSearch's settings.
type wordDelimiterGraph struct {
	wordParts, numberParts, catWords, catNumbers, catAll bool
	preserve, ignoreKeywords, adjustOffsets              bool
	splitCase, splitNumerics, possessive                 bool
	protected                                            map[string]struct{}
}

// wdPart is one buffered output: graph positions and a slice of the term (in code
// points) or, for a concatenation, its own text.
type wdPart struct {
	term               string
	concat             bool
	startPos, endPos   int
	startPart, endPart int
}

// wdConcat is a WordDelimiterConcatenation run.
type wdConcat struct {
	b                       strings.Builder
	startPart, endPart      int
	startPos, typ, subwords int
}

func (c *wdConcat) empty() bool { return c.b.Len() == 0 }
func (c *wdConcat) clear() {
	c.b.Reset()
	c.startPart, c.endPart, c.typ, c.subwords = 0, 0, 0, 0
}

func (f wordDelimiterGraph) filter(toks []Token, _ *arena, _ int) []Token {
	out := make([]Token, 0, len(toks)*2)
	it := wdIterator{splitCase: f.splitCase, splitNumerics: f.splitNumerics, possessive: f.possessive}
	outPos, prevIn, accum, lastStart := -1, -1, 0, 0
	emit := func(t Token, inc int) {
		outPos += inc
		t.Position = outPos
		out = append(out, t)
	}
	for _, t := range toks {
		inc := t.Position - prevIn
		prevIn = t.Position
		if f.ignoreKeywords && t.Keyword {
			emit(t, inc)
			continue
		}
		accum += inc
		it.setText(t.Term)
		it.next()
		_, protected := f.protected[t.Term]
		if it.current == 0 && it.end == len(it.runes) || protected {
			emit(t, accum)
			accum = 0
			continue
		}
		if it.end == wdDone {
			if f.preserve {
				accum = 0
				emit(t, inc) // Lucene leaves the token's own increment here
			}
			continue
		}
		parts := f.bufferParts(&it)
		// byteAt maps a code point index of the term to its byte offset.
		byteAt := make([]int, len(it.runes)+1)
		for i, b := 0, 0; i < len(it.runes); i++ {
			byteAt[i] = b
			b += utf8.RuneLen(it.runes[i])
			byteAt[i+1] = b
		}
		adjusting := f.adjustOffsets && t.EndOffset-t.StartOffset == len(t.Term)
		wordPos := 0
		for _, p := range parts {
			g := t
			start, end := t.StartOffset, t.EndOffset
			if adjusting {
				start, end = t.StartOffset+byteAt[p.startPart], t.StartOffset+byteAt[p.endPart]
			}
			start, end = max(start, lastStart), max(end, lastStart)
			g.StartOffset, g.EndOffset = start, end
			lastStart = start
			if p.concat {
				g.Term = p.term
			} else {
				g.Term = t.Term[byteAt[p.startPart]:byteAt[p.endPart]]
			}
			g.PositionLength = 0
			if l := p.endPos - p.startPos; l > 1 {
				g.PositionLength = int32(l)
			}
			emit(g, accum+p.startPos-wordPos)
			accum = 0
			wordPos = p.startPos
		}
	}
	return out
}

// bufferParts is WordDelimiterGraphFilter.bufferWordParts: the parts and concatenations
// of one term, sorted by start then longest first (the preserved original stays first).
func (f wordDelimiterGraph) bufferParts(it *wdIterator) []wdPart {
	var parts []wdPart
	wordPos, lastConcatCount := 0, 0
	buffer := func(p wdPart) { parts = append(parts, p) }
	if f.preserve {
		buffer(wdPart{startPos: 0, endPos: 1, startPart: 0, endPart: len(it.runes)})
	}
	var concat, concatAll wdConcat
	write := func(c *wdConcat) {
		buffer(wdPart{term: c.b.String(), concat: true, startPos: c.startPos, endPos: wordPos, startPart: c.startPart, endPart: c.endPart})
	}
	generate := func(typ int) bool {
		return f.wordParts && typ&wdAlpha != 0 || f.numberParts && typ&wdDigit != 0
	}
	flush := func(c *wdConcat) {
		if wordPos == c.startPos {
			wordPos++
		}
		lastConcatCount = c.subwords
		if c.subwords != 1 || !generate(c.typ) {
			write(c)
		}
		c.clear()
	}
	add := func(c *wdConcat) {
		if c.empty() {
			c.typ, c.startPart, c.startPos = it.typ(), it.current, wordPos
		}
		c.b.WriteString(string(it.runes[it.current:it.end]))
		c.subwords++
		c.endPart = it.end
	}
	if it.isSingleWord() {
		buffer(wdPart{startPos: wordPos, endPos: wordPos + 1, startPart: it.current, endPart: it.end})
		wordPos++
		it.next()
	} else {
		for it.end != wdDone {
			typ := it.typ()
			if !concat.empty() && concat.typ&typ == 0 {
				flush(&concat)
			}
			if f.catWords && typ&wdAlpha != 0 || f.catNumbers && typ&wdDigit != 0 {
				add(&concat)
			}
			if f.catAll {
				add(&concatAll)
			}
			if generate(typ) {
				buffer(wdPart{startPos: wordPos, endPos: wordPos + 1, startPart: it.current, endPart: it.end})
				wordPos++
			}
			it.next()
		}
		if !concat.empty() {
			flush(&concat)
		}
		if !concatAll.empty() {
			if concatAll.subwords > lastConcatCount {
				if wordPos == concatAll.startPos {
					wordPos++
				}
				write(&concatAll)
			}
			concatAll.clear()
		}
	}
	from := 0
	if f.preserve {
		if wordPos == 0 {
			wordPos++
		}
		parts[0].endPos = wordPos
		from = 1
	}
	rest := parts[from:]
	sort.SliceStable(rest, func(i, j int) bool {
		if rest[i].startPart != rest[j].startPart {
			return rest[i].startPart < rest[j].startPart
		}
		return rest[i].endPart > rest[j].endPart
	})
	return parts
}

// newWordDelimiterGraphFactory reads WordDelimiterGraphTokenFilterFactory's settings;
// the pre-built filter has the defaults.
func newWordDelimiterGraphFactory(p settingParams) (filterFactory, error) {
	f := wordDelimiterGraph{wordParts: true, numberParts: true, splitCase: true, splitNumerics: true, possessive: true, adjustOffsets: true}
	for _, opt := range []string{"protected_words_path", "type_table", "type_table_path"} {
		if _, ok := p[opt]; ok {
			return nil, unsupported("word_delimiter_graph option [" + opt + "]")
		}
	}
	for _, b := range []struct {
		key string
		to  *bool
	}{
		{"generate_word_parts", &f.wordParts}, {"generate_number_parts", &f.numberParts},
		{"catenate_words", &f.catWords}, {"catenate_numbers", &f.catNumbers}, {"catenate_all", &f.catAll},
		{"split_on_case_change", &f.splitCase}, {"preserve_original", &f.preserve}, {"split_on_numerics", &f.splitNumerics},
		{"stem_english_possessive", &f.possessive}, {"ignore_keywords", &f.ignoreKeywords}, {"adjust_offsets", &f.adjustOffsets},
	} {
		v, err := p.boolean(b.key, *b.to)
		if err != nil {
			return nil, err
		}
		*b.to = v
	}
	if words, ok := p["protected_words"]; ok {
		f.protected = make(map[string]struct{}, len(words))
		for _, w := range words {
			f.protected[w] = struct{}{}
		}
	}
	return readyFilter{f}, nil
}
