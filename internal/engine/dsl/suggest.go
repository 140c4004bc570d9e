package dsl

import (
	"sort"
	"strconv"
	"unicode/utf16"
)

func itoa(n int) string { return strconv.Itoa(n) }

// levenshtein is Lucene's LevenshteinDistance.getDistance: 1 minus the edit
// distance over the longer length, in float32, over UTF-16 code units (Java
// chars), as OpenSearch's SuggestingErrorOnUnknown uses it.
func levenshtein(target, other string) float32 {
	sa := utf16.Encode([]rune(target))
	oa := utf16.Encode([]rune(other))
	n := len(sa)
	m := len(oa)
	if n == 0 || m == 0 {
		if n == m {
			return 1
		}
		return 0
	}
	p := make([]int, n+1)
	d := make([]int, n+1)
	for i := 0; i <= n; i++ {
		p[i] = i
	}
	for j := 1; j <= m; j++ {
		tj := oa[j-1]
		d[0] = j
		for i := 1; i <= n; i++ {
			cost := 1
			if sa[i-1] == tj {
				cost = 0
			}
			d[i] = min(d[i-1]+1, p[i]+1, p[i-1]+cost)
		}
		p, d = d, p
	}
	return 1 - float32(p[n])/float32(max(n, m))
}

// suggest renders SuggestingErrorOnUnknown.suggest: "" when no candidate is
// close enough (similarity > 0.5), " did you mean [x]?" for one, and
// " did you mean any of [a, b]?" for several, closest first, then by name.
func suggest(unknown string, candidates []string) string {
	type scored struct {
		d    float32
		name string
	}
	var close []scored
	seen := map[string]bool{}
	for _, c := range candidates {
		if seen[c] {
			continue
		}
		seen[c] = true
		if d := levenshtein(unknown, c); d > 0.5 {
			close = append(close, scored{d, c})
		}
	}
	if len(close) == 0 {
		return ""
	}
	sort.Slice(close, func(i, j int) bool {
		if close[i].d != close[j].d {
			return close[i].d > close[j].d
		}
		return close[i].name < close[j].name
	})
	if len(close) == 1 {
		return " did you mean [" + close[0].name + "]?"
	}
	s := " did you mean any of ["
	for i, c := range close {
		if i > 0 {
			s += ", "
		}
		s += c.name
	}
	return s + "]?"
}
