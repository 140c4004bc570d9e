package suggest

import (
	"unicode/utf16"
	"unicode/utf8"
)

// fuzzyBoost matches an indexed form against a fuzzy prefix
// (FuzzyCompletionQuery): some prefix of the form must equal the query's
// first prefix_length units and be within the allowed edits of the rest
// (no edits when the query is shorter than min_length or not longer than
// prefix_length). The boost is FuzzyCompletionWeight's: the longest common
// prefix of the query and an accepted prefix of the form. Units are UTF-8
// bytes, or code points when unicode_aware.
func fuzzyBoost(form, query string, o *FuzzyOptions) (int, bool) {
	x, q := units(form, o.UnicodeAware), units(query, o.UnicodeAware)
	lcp := 0
	for lcp < len(x) && lcp < len(q) && x[lcp] == q[lcp] {
		lcp++
	}
	if len(q) <= o.PrefixLength || len(q) < o.MinLength {
		if lcp < len(q) {
			return 0, false
		}
		return len(q), true
	}
	np := o.PrefixLength
	if len(x) < np || lcp < np {
		return 0, false
	}
	rest := q[np:]
	// Rows of the edit distance between x[np:i] and rest, with adjacent
	// transpositions as one edit (LevenshteinAutomata with transpositions).
	prev2 := make([]int, len(rest)+1)
	prev := make([]int, len(rest)+1)
	cur := make([]int, len(rest)+1)
	for j := range prev {
		prev[j] = j
	}
	best, ok := -1, false
	accept := func(i int, row []int) {
		if row[len(rest)] <= o.Edits {
			ok = true
			if b := min(i, lcp); b > best {
				best = b
			}
		}
	}
	accept(np, prev)
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
		accept(i, cur)
		if lo > o.Edits {
			break // longer prefixes only move further away
		}
		prev2, prev, cur = prev, cur, prev2
	}
	if !ok {
		return 0, false
	}
	return best, true
}

// units splits s into UTF-8 bytes or code points.
func units(s string, unicode bool) []int {
	out := make([]int, 0, len(s))
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
