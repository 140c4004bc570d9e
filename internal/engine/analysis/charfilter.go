package analysis

import (
	"sort"
	"unicode/utf8"
)

// charFilter is a Lucene CharFilter: it rewrites the whole text before the tokenizer
// sees it and records how offsets in its output map back to its input.
type charFilter interface {
	apply(text string) (string, offsetCorrection)
}

// offsetCorrection is Lucene's BaseCharFilter offset map, in UTF-16 units as Lucene
// keeps it: from output offset offs[i] on, add diffs[i] to reach the input offset.
type offsetCorrection struct {
	offs, diffs []int
}

// add is BaseCharFilter.addOffCorrectMap: a second entry at the same offset replaces
// the first.
func (c *offsetCorrection) add(off, cumulativeDiff int) {
	if n := len(c.offs); n > 0 && c.offs[n-1] == off {
		c.diffs[n-1] = cumulativeDiff
		return
	}
	c.offs = append(c.offs, off)
	c.diffs = append(c.diffs, cumulativeDiff)
}

// last is BaseCharFilter.getLastCumulativeDiff.
func (c *offsetCorrection) last() int {
	if n := len(c.diffs); n > 0 {
		return c.diffs[n-1]
	}
	return 0
}

// correct is BaseCharFilter.correct: the diff of the last entry at or before off.
func (c *offsetCorrection) correct(off int) int {
	i := sort.SearchInts(c.offs, off+1) - 1
	if i < 0 {
		return off
	}
	return off + c.diffs[i]
}

// charFiltered analyzes through char filters, then maps the tokens' offsets back to the
// original text as Lucene's Tokenizer.correctOffset does through the chain of filters.
type charFiltered struct {
	filters []charFilter
	inner   Analyzer
}

func (c *charFiltered) Analyze(dst []Token, text string) []Token {
	texts := make([]string, len(c.filters)+1)
	corrections := make([]offsetCorrection, len(c.filters))
	texts[0] = text
	for i, f := range c.filters {
		texts[i+1], corrections[i] = f.apply(texts[i])
	}
	from := len(dst)
	dst = c.inner.Analyze(dst, texts[len(c.filters)])
	toUnits := byteToUTF16(texts[len(c.filters)])
	toBytes := utf16ToByte(text)
	fix := func(off int) int {
		u := toUnits[off]
		for i := len(corrections) - 1; i >= 0; i-- {
			u = corrections[i].correct(u)
		}
		if u < 0 {
			u = 0
		}
		if u >= len(toBytes) {
			return len(text)
		}
		return toBytes[u]
	}
	for i := from; i < len(dst); i++ {
		dst[i].StartOffset = fix(dst[i].StartOffset)
		dst[i].EndOffset = fix(dst[i].EndOffset)
	}
	return dst
}

// byteToUTF16 maps each byte offset of s to its UTF-16 offset (a byte inside a
// character maps to the character's start).
func byteToUTF16(s string) []int {
	out := make([]int, len(s)+1)
	units := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		for j := 0; j < size; j++ {
			out[i+j] = units
		}
		units++
		if r >= 0x10000 {
			units++
		}
		i += size
	}
	out[len(s)] = units
	return out
}

// utf16ToByte maps each UTF-16 offset of s to its byte offset (the second unit of a
// surrogate pair maps to the character's start).
func utf16ToByte(s string) []int {
	out := make([]int, 0, len(s)+1)
	for i, r := range s {
		out = append(out, i)
		if r >= 0x10000 {
			out = append(out, i)
		}
	}
	return append(out, len(s))
}
