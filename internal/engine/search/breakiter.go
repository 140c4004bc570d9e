package search

import (
	"sort"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// The highlighters cut text with java.text.BreakIterator, whose offsets
// are UTF-16 code units (Java string indexes). hlText holds a text with
// those indexes; sentenceBounds and wordBounds list the boundaries the
// JDK's rule-based sentence and word instances find in it, for the rules
// documented on each.

// hlText is a text addressed in UTF-16 code units. An ASCII text keeps
// only its string: its byte offsets are its UTF-16 offsets.
type hlText struct {
	s string
	u []uint16 // nil when s is ASCII
}

func newHLText(s string) hlText {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return hlText{s: s, u: utf16.Encode([]rune(s))}
		}
	}
	return hlText{s: s}
}

func (t hlText) len() int {
	if t.u == nil {
		return len(t.s)
	}
	return len(t.u)
}

// at returns the code point at i and its width in code units; a lone
// surrogate is returned as itself.
func (t hlText) at(i int) (rune, int) {
	if t.u == nil {
		return rune(t.s[i]), 1
	}
	c := t.u[i]
	if utf16.IsSurrogate(rune(c)) && c < 0xdc00 && i+1 < len(t.u) {
		if r := utf16.DecodeRune(rune(c), rune(t.u[i+1])); r != unicode.ReplacementChar {
			return r, 2
		}
	}
	return rune(c), 1
}

// unit is the code unit at i.
func (t hlText) unit(i int) uint16 {
	if t.u == nil {
		return uint16(t.s[i])
	}
	return t.u[i]
}

// slice returns the text between two code unit offsets.
func (t hlText) slice(a, b int) string {
	if t.u == nil {
		return t.s[a:b]
	}
	return string(utf16.Decode(t.u[a:b]))
}

// breakDone is BreakIterator.DONE.
const breakDone = -1

// bounds is a sorted list of boundaries (0 and the text length included)
// answering BreakIterator's preceding and following.
type bounds []int

// preceding is the last boundary before off, or breakDone.
func (b bounds) preceding(off int) int {
	i := sort.SearchInts(b, off) // first >= off
	if i == 0 {
		return breakDone
	}
	return b[i-1]
}

// following is the first boundary after off, or breakDone.
func (b bounds) following(off int) int {
	i := sort.SearchInts(b, off+1)
	if i == len(b) {
		return breakDone
	}
	return b[i]
}

// Character classes of the JDK sentence rules (sun.text.resources
// BreakIteratorRules, SentenceBreakRules).

func sentIgnore(r rune) bool { return r >= 0x80 && unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf) }
func sentSpace(r rune) bool {
	return r == '\t' || r == '\r' || r == '\f' || r == '\n' || r == ' ' || (r >= 0x80 && (r == 0x2028 || unicode.Is(unicode.Zs, r)))
}
func sentStartPunct(r rune) bool {
	if r < 0x80 {
		return r == '"' || r == '\'' || r == '(' || r == '[' || r == '{'
	}
	return unicode.In(r, unicode.Ps, unicode.Pi)
}
func sentEnd(r rune) bool {
	if r < 0x80 {
		return r == '"' || r == '\'' || r == ')' || r == ']' || r == '}'
	}
	return unicode.In(r, unicode.Pe, unicode.Pf)
}
func sentTerm(r rune) bool   { return r == '!' || r == '?' || r == 0x3002 || r == 0xff01 || r == 0xff1f }
func sentPeriod(r rune) bool { return r == '.' || r == 0xff0e }
func sentDanda(r rune) bool  { return r == 0x0964 || r == 0x0965 }

// sentStart is <sent-start>: anything but letters, spaces, quotes and
// brackets, digits, terminators, periods, commas, the paragraph separator
// and ignored marks.
func sentStart(r rune) bool {
	return !unicode.IsLetter(r) && !sentSpace(r) && !sentStartPunct(r) && !sentEnd(r) && !unicode.IsNumber(r) &&
		!sentTerm(r) && !sentPeriod(r) && r != ',' && r != 0x2029 && !sentIgnore(r)
}

// sentenceBounds lists the boundaries of the JDK sentence BreakIterator
// over t[from:to], relative to from. The forward rules implemented:
//
//   - break after a paragraph separator (U+2029);
//   - break after a danda and the spaces after it;
//   - a period, further periods and closing punctuation, then at least one
//     space and a letter that is not lowercase: break before that letter;
//   - a period, further periods and closing punctuation, optional spaces,
//     then opening punctuation or a symbol (anything not a letter, digit,
//     space, quote, bracket or terminator) followed eventually by a letter:
//     break before the opening punctuation or symbol (a quote right after
//     the period may also open the next sentence);
//   - ! ? (and their CJK forms), further terminators, periods and closing
//     punctuation, spaces and one optional paragraph separator: break there;
//   - the end of the text.
//
// Non-spacing, enclosing and format marks are skipped where the rules look
// ahead, as the JDK ignores them.
func sentenceBounds(t hlText, from, to int) bounds {
	out := bounds{0}
	i := from
	for i < to {
		r, w := t.at(i)
		j := i + w
		brk := -1
		switch {
		case r == 0x2029:
			brk = j
		case sentDanda(r):
			for j < to {
				r2, w2 := t.at(j)
				if !sentSpace(r2) {
					break
				}
				j += w2
			}
			brk = j
		case sentTerm(r):
			j = skipWhile(t, j, to, func(c rune) bool { return sentTerm(c) || sentPeriod(c) || sentEnd(c) })
			j = skipWhile(t, j, to, sentSpace)
			if j < to && t.unit(j) == 0x2029 {
				j++
			}
			brk = j
		case sentPeriod(r):
			var runEnd int
			if brk, runEnd = periodBreak(t, j, to); brk < 0 {
				j = runEnd
			}
		}
		if brk >= to {
			break
		}
		if brk >= 0 {
			out = append(out, brk-from)
			i = brk
			continue
		}
		i = j
	}
	if n := to - from; out[len(out)-1] != n {
		out = append(out, n)
	}
	return out
}

// periodBreak applies the two period rules to the text after a period at
// j, returning the break (or -1) and the end of the run of periods and
// closing punctuation after it: a later period of that run cannot break
// either.
func periodBreak(t hlText, j, to int) (int, int) {
	runStart := j
	k := skipWhile(t, j, to, func(c rune) bool { return sentPeriod(c) || sentEnd(c) })
	s := skipWhile(t, k, to, sentSpace)
	if s < to {
		r, _ := t.at(s)
		if s > k && unicode.IsLetter(r) && !unicode.IsLower(r) {
			return s, k
		}
		if opensSentence(t, s, to) {
			return s, k
		}
	}
	// Quotes ending the run may open the next sentence instead of closing
	// this one: "end."Next breaks before the quote.
	if s == k {
		q := k
		for q > runStart {
			r, w := lastRune(t, runStart, q)
			if !sentStartPunct(r) {
				break
			}
			q -= w
		}
		if q < k && opensSentence(t, q, to) {
			return q, k
		}
	}
	return -1, k
}

// lastRune is the code point ending at i (not before from) and its width.
func lastRune(t hlText, from, i int) (rune, int) {
	if i-2 >= from {
		if r, w := t.at(i - 2); w == 2 {
			return r, 2
		}
	}
	return t.at(i - 1)
}

// opensSentence reports whether t[i:] is one or more opening punctuation or
// <sent-start> characters followed by a letter.
func opensSentence(t hlText, i, to int) bool {
	n := 0
	for i < to {
		r, w := t.at(i)
		switch {
		case sentIgnore(r):
		case sentStartPunct(r) || sentStart(r):
			n++
		case unicode.IsLetter(r):
			return n > 0
		default:
			return false
		}
		i += w
	}
	return false
}

// skipWhile advances past the characters accepted by ok (and ignored marks).
func skipWhile(t hlText, i, to int, ok func(rune) bool) int {
	for i < to {
		r, w := t.at(i)
		if !ok(r) && !sentIgnore(r) {
			break
		}
		i += w
	}
	return i
}

// Character classes of the JDK word rules (WordBreakRules).

func wordKanji(r rune) bool {
	return r == 0x3005 || (r >= 0x4e00 && r <= 0x9fa5) || (r >= 0xf900 && r <= 0xfa2d)
}
func wordKata(r rune) bool       { return (r >= 0x30a1 && r <= 0x30fa) || r == 0x30fd || r == 0x30fe }
func wordHira(r rune) bool       { return (r >= 0x3041 && r <= 0x3094) || r == 0x309d || r == 0x309e }
func wordCJKDiacrit(r rune) bool { return (r >= 0x3099 && r <= 0x309c) || r == 0x30fb || r == 0x30fc }
func wordEnclosing(r rune) bool  { return r >= 0x80 && unicode.In(r, unicode.Mn, unicode.Me) }
func wordLetter(r rune) bool {
	if r < 0x80 {
		return (r|0x20) >= 'a' && (r|0x20) <= 'z'
	}
	return unicode.In(r, unicode.L, unicode.Mc) && !wordKanji(r) && !wordKata(r) && !wordHira(r) && !wordCJKDiacrit(r)
}
func wordDigit(r rune) bool { return unicode.IsNumber(r) }
func wordMidWord(r rune) bool {
	if r < 0x80 {
		return r == '-' || r == '_' || r == '"' || r == '\'' || r == '.'
	}
	return unicode.In(r, unicode.Pd, unicode.Pc) || r == 0xad || r == 0x2027
}
func wordMidNum(r rune) bool { return r == '"' || r == '\'' || r == ',' || r == 0x066b || r == '.' }
func wordPreNum(r rune) bool {
	if r < 0x80 {
		return r == '$' || r == '#' || r == '.'
	}
	return unicode.Is(unicode.Sc, r) && r != 0xa2
}
func wordPostNum(r rune) bool {
	return r == '%' || r == '&' || r == 0xa2 || r == 0x066a || r == 0x2030 || r == 0x2031
}
func wordLineSep(r rune) bool { return r == '\n' || r == '\f' || r == 0x2028 || r == 0x2029 }
func wordSpace(r rune) bool   { return r == '\t' || r == ' ' || (r >= 0x80 && unicode.Is(unicode.Zs, r)) }

// wordBounds lists the boundaries of the JDK word BreakIterator over
// t[from:to], relative to from: runs of letters and digits (with inner
// dashes, underscores, apostrophes, quotes and periods between letters, and
// periods, commas and quotes between digits) stay together with an optional
// currency or number sign before a number and a percent sign after it;
// whitespace runs stay together with one trailing line break; runs of
// kanji, of katakana and of hiragana stay together; any other character
// stands alone with its enclosing marks.
func wordBounds(t hlText, from, to int) bounds {
	out := make(bounds, 1, 1+(to-from)/3)
	i := from
	for i < to {
		i = wordSegment(t, i, to)
		out = append(out, i-from)
	}
	return out
}

// wordSegment returns the end of the word-break segment starting at i.
func wordSegment(t hlText, i, to int) int {
	r, w := t.at(i)
	switch {
	case wordLetter(r) || wordDigit(r):
		return wordRun(t, i, to, true)
	case wordPreNum(r):
		if j := i + w; j < to {
			if r2, _ := t.at(j); wordDigit(r2) {
				return wordRun(t, j, to, false)
			}
		}
		return i + w
	case wordSpace(r) || r == '\r' || wordLineSep(r):
		j := i
		for j < to {
			r2, w2 := t.at(j)
			if !wordSpace(r2) && !wordEnclosing(r2) {
				break
			}
			j += w2
		}
		if j < to && t.unit(j) == '\r' {
			j++
		}
		if j < to {
			if r2, w2 := t.at(j); wordLineSep(r2) {
				j += w2
			}
		}
		if j == i {
			j = i + w
		}
		return j
	case wordKata(r) || wordHira(r) || wordCJKDiacrit(r):
		kata := wordKata(r) || (wordCJKDiacrit(r) && !wordHira(r))
		j := i + w
		for j < to {
			r2, w2 := t.at(j)
			if !(wordCJKDiacrit(r2) || (kata && wordKata(r2)) || (!kata && wordHira(r2))) {
				break
			}
			j += w2
		}
		return j
	case wordKanji(r):
		j := i + w
		for j < to {
			r2, w2 := t.at(j)
			if !wordKanji(r2) {
				break
			}
			j += w2
		}
		return j
	}
	return skipEnclosing(t, i+w, to)
}

// wordRun consumes alternating words and numbers from i; a run that began
// after a number sign must start with its number (letters allowed says
// whether a word may come first).
func wordRun(t hlText, i, to int, lettersFirst bool) int {
	j := i
	lastNumber := false
	for j < to {
		r, _ := t.at(j)
		switch {
		case wordLetter(r) && (lettersFirst || j > i):
			j = wordPart(t, j, to, wordLetter, wordMidWord)
			if j < to {
				if r2, w2 := t.at(j); r2 == 0x0964 || r2 == 0x0965 {
					j += w2
				}
			}
			lastNumber = false
			continue
		case wordDigit(r):
			j = wordPart(t, j, to, wordDigit, wordMidNum)
			lastNumber = true
			continue
		}
		break
	}
	if lastNumber && j < to {
		if r, w := t.at(j); wordPostNum(r) {
			j += w
		}
	}
	return j
}

// wordPart consumes one word (or number): members with enclosing marks,
// single joiners allowed between members.
func wordPart(t hlText, j, to int, member, joiner func(rune) bool) int {
	for j < to {
		r, w := t.at(j)
		if !member(r) {
			break
		}
		j = skipEnclosing(t, j+w, to)
		if j < to {
			if r2, w2 := t.at(j); joiner(r2) && j+w2 < to {
				if r3, _ := t.at(j + w2); member(r3) {
					j += w2
				}
			}
		}
	}
	return j
}

func skipEnclosing(t hlText, j, to int) int {
	for j < to {
		r, w := t.at(j)
		if r < 0x80 || (!wordEnclosing(r) && !unicode.Is(unicode.Cf, r)) {
			break
		}
		j += w
	}
	return j
}
