package suggest

import (
	"unicode/utf16"
	"unicode/utf8"
)

// fuzzyBoost matches an indexed form against a fuzzy prefix
// (FuzzyCompletionQuery): some prefix of the form must equal the query's
// first prefix_length units and be within the allowed edits of the rest
// (no edits when the query is shorter than min_length or not longer than
// prefix_length). The FST intersection stops at the shortest such prefix,
// and the boost is FuzzyCompletionWeight's: the length of that prefix's
// common start with the query. Units are UTF-8 bytes, or code points when
// unicode_aware. It returns the boost and the accepted prefix's length in
// bytes of form.
func fuzzyBoost(form, query string, o *FuzzyOptions) (int, int, bool) {
	var m fuzzyMatcher
	return m.boost(form, query, o)
}

// fuzzyMatcher keeps fuzzyBoost's buffers across the inputs of a shard.
type fuzzyMatcher struct {
	x, q             []int
	prev2, prev, cur []int
	query            string
	queryReady       bool
}

func (m *fuzzyMatcher) boost(form, query string, o *FuzzyOptions) (int, int, bool) {
	if !m.queryReady || m.query != query {
		m.q, m.query, m.queryReady = units(m.q[:0], query, o.UnicodeAware), query, true
	}
	q := m.q
	m.x = units(m.x[:0], form, o.UnicodeAware)
	x := m.x
	lcp := 0
	for lcp < len(x) && lcp < len(q) && x[lcp] == q[lcp] {
		lcp++
	}
	if len(q) <= o.PrefixLength || len(q) < o.MinLength {
		if lcp < len(q) {
			return 0, 0, false
		}
		return len(q), byteLen(form, len(q), o.UnicodeAware), true
	}
	np := o.PrefixLength
	if len(x) < np || lcp < np {
		return 0, 0, false
	}
	rest := q[np:]
	// Rows of the edit distance between x[np:i] and rest, with adjacent
	// transpositions as one edit (LevenshteinAutomata with transpositions),
	// up to the first accepted row.
	m.prev2, m.prev, m.cur = grow(m.prev2, len(rest)+1), grow(m.prev, len(rest)+1), grow(m.cur, len(rest)+1)
	prev2, prev, cur := m.prev2, m.prev, m.cur
	for j := range prev {
		prev[j] = j
	}
	accepted := func(i int) (int, int, bool) { return min(i, lcp), byteLen(form, i, o.UnicodeAware), true }
	if prev[len(rest)] <= o.Edits {
		return accepted(np)
	}
	for i := np + 1; i <= len(x); i++ {
		cur[0] = i - np
		lo := cur[0]
		for j := 1; j <= len(rest); j++ {
			cost := 1
			if x[i-1] == rest[j-1] {
				cost = 0
			}
			d := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if o.Transpositions && i-1 > np && j > 1 && x[i-1] == rest[j-2] && x[i-2] == rest[j-1] {
				d = min(d, prev2[j-2]+1)
			}
			cur[j] = d
			lo = min(lo, d)
		}
		if cur[len(rest)] <= o.Edits {
			return accepted(i)
		}
		if lo > o.Edits {
			break // longer prefixes only move further away
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return 0, 0, false
}

// byteLen is the length in bytes of form's first n units.
func byteLen(form string, n int, unicode bool) int {
	if !unicode {
		return n
	}
	for i := range form {
		if n == 0 {
			return i
		}
		n--
	}
	return len(form)
}

// grow returns b with length n, reusing its memory when it can.
func grow(b []int, n int) []int {
	if cap(b) >= n {
		return b[:n]
	}
	return make([]int, n)
}

// units appends s's UTF-8 bytes or code points to out.
func units(out []int, s string, unicode bool) []int {
	if unicode {
		for _, r := range s {
			out = append(out, int(r))
		}
		return out
	}
	for i := 0; i < len(s); i++ {
		out = append(out, int(s[i]))
	}
	return out
}

// utf16Units is s in UTF-16 code units (Java chars).
func utf16Units(s string) []uint16 { return utf16.Encode([]rune(s)) }

// utf16Less compares strings as Java compares char sequences.
func utf16Less(a, b string) bool {
	if isASCII(a) && isASCII(b) {
		return a < b
	}
	ua, ub := utf16Units(a), utf16Units(b)
	for i := 0; i < len(ua) && i < len(ub); i++ {
		if ua[i] != ub[i] {
			return ua[i] < ub[i]
		}
	}
	return len(ua) < len(ub)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
