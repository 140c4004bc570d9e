package suggest

import "unicode/utf16"

// Distance is a term suggester string_distance.
type Distance uint8

// The string distances (TermSuggestionBuilder.StringDistanceImpl).
const (
	// DistanceInternal scores with the fuzzy walk's own boost.
	DistanceInternal Distance = iota
	DistanceDamerauLevenshtein
	DistanceLevenshtein
	DistanceJaroWinkler
	DistanceNGram
)

var distanceByName = map[string]Distance{
	"internal": DistanceInternal, "damerau_levenshtein": DistanceDamerauLevenshtein,
	"levenshtein": DistanceLevenshtein, "jaro_winkler": DistanceJaroWinkler, "ngram": DistanceNGram,
}

// score is the distance's similarity of a candidate to the term, in float32
// as Lucene computes it.
func (d Distance) score(term, candidate string) float32 {
	switch d {
	case DistanceDamerauLevenshtein:
		return luceneLevenshtein(term, candidate)
	case DistanceLevenshtein:
		return levenshtein(term, candidate)
	case DistanceJaroWinkler:
		return jaroWinkler(term, candidate)
	case DistanceNGram:
		return ngram(term, candidate, 2)
	}
	return 0
}

func chars(s string) []uint16 { return utf16.Encode([]rune(s)) }

// levenshtein is LevenshteinDistance: 1 - edits / max length, over UTF-16
// units.
func levenshtein(target, other string) float32 {
	sa, oa := chars(target), chars(other)
	n, m := len(sa), len(oa)
	if n == 0 || m == 0 {
		if n == m {
			return 1
		}
		return 0
	}
	p := make([]int, n+1)
	d := make([]int, n+1)
	for i := range p {
		p[i] = i
	}
	for j := 1; j <= m; j++ {
		d[0] = j
		for i := 1; i <= n; i++ {
			cost := 1
			if sa[i-1] == oa[j-1] {
				cost = 0
			}
			d[i] = min(d[i-1]+1, p[i]+1, p[i-1]+cost)
		}
		p, d = d, p
	}
	return 1 - float32(p[n])/float32(max(m, n))
}

// luceneLevenshtein is LuceneLevenshteinDistance: optimal string alignment
// over code points, 1 - edits / min length (and its odd answers for empty
// strings: 0 when both are, else the longer length).
func luceneLevenshtein(target, other string) float32 {
	t, o := []rune(target), []rune(other)
	n, m := len(t), len(o)
	if n == 0 || m == 0 {
		if n == m {
			return 0
		}
		return float32(max(n, m))
	}
	d := make([][]int, n+1)
	for i := range d {
		d[i] = make([]int, m+1)
		d[i][0] = i
	}
	for j := 0; j <= m; j++ {
		d[0][j] = j
	}
	for j := 1; j <= m; j++ {
		for i := 1; i <= n; i++ {
			cost := 1
			if t[i-1] == o[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && t[i-1] == o[j-2] && t[i-2] == o[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+cost)
			}
		}
	}
	return 1 - float32(d[n][m])/float32(min(m, n))
}

// jaroWinkler is JaroWinklerDistance with its 0.7 bonus threshold, over
// UTF-16 units.
func jaroWinkler(s1, s2 string) float32 {
	a, b := chars(s1), chars(s2)
	long, short := b, a
	if len(a) > len(b) {
		long, short = a, b
	}
	rng := max(len(long)/2-1, 0)
	matchIdx := make([]int, len(short))
	flags := make([]bool, len(long))
	matches := 0
	for mi := range short {
		matchIdx[mi] = -1
		for xi, xn := max(mi-rng, 0), min(mi+rng+1, len(long)); xi < xn; xi++ {
			if !flags[xi] && short[mi] == long[xi] {
				matchIdx[mi] = xi
				flags[xi] = true
				matches++
				break
			}
		}
	}
	ms1 := make([]uint16, 0, matches)
	ms2 := make([]uint16, 0, matches)
	for i := range short {
		if matchIdx[i] != -1 {
			ms1 = append(ms1, short[i])
		}
	}
	for i := range long {
		if flags[i] {
			ms2 = append(ms2, long[i])
		}
	}
	transpositions := 0
	for i := range ms1 {
		if ms1[i] != ms2[i] {
			transpositions++
		}
	}
	prefix := 0
	for i := range short {
		if a[i] != b[i] {
			break
		}
		prefix++
	}
	m := float32(matches)
	if m == 0 {
		return 0
	}
	j := (m/float32(len(a)) + m/float32(len(b)) + (m-float32(transpositions/2))/m) / 3
	if j < 0.7 {
		return j
	}
	return j + min(0.1, 1/float32(len(long)))*float32(prefix)*(1-j)
}

// ngram is NGramDistance (Kondrak's positional n-gram distance with a
// null-character prefix), over UTF-16 units.
func ngram(source, target string, n int) float32 {
	s, t := chars(source), chars(target)
	sl, tl := len(s), len(t)
	if sl == 0 || tl == 0 {
		if sl == tl {
			return 1
		}
		return 0
	}
	if sl < n || tl < n {
		cost := 0
		for i := 0; i < min(sl, tl); i++ {
			if s[i] == t[i] {
				cost++
			}
		}
		return float32(cost) / float32(max(sl, tl))
	}
	sa := make([]uint16, sl+n-1)
	copy(sa[n-1:], s)
	p := make([]float32, sl+1)
	d := make([]float32, sl+1)
	for i := range p {
		p[i] = float32(i)
	}
	tj := make([]uint16, n)
	for j := 1; j <= tl; j++ {
		if j < n {
			for ti := 0; ti < n-j; ti++ {
				tj[ti] = 0
			}
			for ti := n - j; ti < n; ti++ {
				tj[ti] = t[ti-(n-j)]
			}
		} else {
			copy(tj, t[j-n:j])
		}
		d[0] = float32(j)
		for i := 1; i <= sl; i++ {
			cost, tn := 0, n
			for ni := 0; ni < n; ni++ {
				if sa[i-1+ni] != tj[ni] {
					cost++
				} else if sa[i-1+ni] == 0 {
					tn--
				}
			}
			ec := float32(cost) / float32(tn)
			d[i] = min(d[i-1]+1, p[i]+1, p[i-1]+ec)
		}
		p, d = d, p
	}
	return 1 - p[sl]/float32(max(tl, sl))
}
