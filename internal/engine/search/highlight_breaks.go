package search

// The unified highlighter's break iterators: Lucene's SplittingBreakIterator
// cuts the joined values at the separator and runs the chosen iterator on
// each value alone; OpenSearch's BoundedBreakIteratorScanner grows
// sentences up to fragment_size and cuts longer ones at word boundaries.

// hlBreakKind is the iterator run inside each value.
type hlBreakKind uint8

const (
	hlBreakWhole    hlBreakKind = iota // CustomSeparatorBreakIterator: one passage per value
	hlBreakSentence                    // BreakIterator.getSentenceInstance
	hlBreakBounded                     // BoundedBreakIteratorScanner.getSentence(maxLen)
	hlBreakWord                        // BreakIterator.getWordInstance
)

// hlSep separates the values of a multi-valued field (MULTIVAL_SEP_CHAR).
const hlSep = 0

// splitIter is SplittingBreakIterator over the joined values, used the way
// FieldHighlighter uses it: preceding(start+1) then following(start) for
// increasing match starts.
type splitIter struct {
	t      hlText
	kind   hlBreakKind
	maxLen int
	// the current slice (one value) and its boundaries, relative to from
	from, to    int
	main, inner bounds
	// BoundedBreakIteratorScanner state, reset with each slice
	lastPreceding, windowStart, windowEnd, innerStart, innerEnd int
}

func newSplitIter(t hlText, kind hlBreakKind, maxLen int) *splitIter {
	s := &splitIter{t: t, kind: kind, maxLen: maxLen, from: -1}
	return s
}

// slice moves to the value holding offset off.
func (s *splitIter) slice(off int) {
	if s.from >= 0 && off >= s.from && off <= s.to {
		return
	}
	from := off
	for from > 0 && s.t.unit(from-1) != hlSep {
		from--
	}
	to := off
	for to < s.t.len() && s.t.unit(to) != hlSep {
		to++
	}
	s.from, s.to = from, to
	s.lastPreceding, s.windowStart, s.windowEnd, s.innerStart, s.innerEnd = -1, -1, -1, -1, 0
	switch s.kind {
	case hlBreakWhole:
		s.main = bounds{0, to - from}
	case hlBreakWord:
		s.main = wordBounds(s.t, from, to)
	case hlBreakSentence:
		s.main = sentenceBounds(s.t, from, to)
	case hlBreakBounded:
		// The word boundaries are found when a window needs cutting.
		s.main = sentenceBounds(s.t, from, to)
		s.inner = nil
	}
}

// preceding is called with a match start plus one.
func (s *splitIter) preceding(off int) int {
	s.slice(off - 1)
	if s.kind == hlBreakBounded {
		return s.from + s.boundedPreceding(off-s.from)
	}
	return s.from + s.main.preceding(off-s.from)
}

// following is called with the match start after preceding(start+1).
func (s *splitIter) following(off int) int {
	if s.kind == hlBreakBounded {
		return s.from + s.innerEnd
	}
	r := s.main.following(off - s.from)
	if r == breakDone {
		return s.to
	}
	return s.from + r
}

// boundedPreceding is BoundedBreakIteratorScanner.preceding: the sentence
// window around the match, grown by whole sentences while it stays within
// maxLen; a window still longer than maxLen is cut at word boundaries
// around the match. Matches later in the same window start where the last
// passage ended.
func (s *splitIter) boundedPreceding(off int) int {
	if off > s.windowStart && off < s.windowEnd {
		s.innerStart = s.innerEnd
		s.innerEnd = s.windowEnd
	} else {
		s.innerStart = s.main.preceding(off)
		s.windowStart = s.innerStart
		s.innerEnd = s.main.following(off - 1)
		s.windowEnd = s.innerEnd
		for s.innerEnd-s.innerStart < s.maxLen {
			next := s.main.following(s.innerEnd)
			if next == breakDone || next-s.innerStart > s.maxLen {
				break
			}
			s.innerEnd, s.windowEnd = next, next
		}
	}
	if s.innerEnd-s.innerStart > s.maxLen {
		if s.inner == nil {
			s.inner = wordBounds(s.t, s.from, s.to)
		}
		if off-s.maxLen > s.innerStart {
			s.innerStart = max(s.innerStart, s.inner.preceding(off-s.maxLen))
		}
		remaining := max(0, s.maxLen-(off-s.innerStart))
		if off+remaining < s.windowEnd {
			s.innerEnd = min(s.windowEnd, s.inner.following(off+remaining))
		}
	}
	s.lastPreceding = off - 1
	return s.innerStart
}
