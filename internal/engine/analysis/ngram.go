package analysis

import (
	"strconv"
	"unicode/utf8"
)

// ngramTokenizer is Lucene's NGramTokenizer (and, with edge, EdgeNGramTokenizer): for
// each start character, in order, the grams of min to max code points that hold only
// token characters; edge grams must also start the input or follow a non-token
// character. Every gram takes the next position.
type ngramTokenizer struct {
	min, max    int
	edge        bool
	isTokenChar func(rune) bool // nil: every character
}

func (t ngramTokenizer) tokenize(dst []Token, text string, lower bool, a *arena) []Token {
	// starts[i] is the byte offset of code point i; the last entry is len(text).
	starts := make([]int, 0, len(text)+1)
	token := make([]bool, 0, len(text))
	for i, r := range text {
		starts = append(starts, i)
		token = append(token, t.isTokenChar == nil || t.isTokenChar(r))
	}
	n := len(token)
	starts = append(starts, len(text))
	position := 0
	for start := 0; start+t.min <= n; start++ {
		if t.edge && start > 0 && token[start-1] {
			continue
		}
		for size := 1; size <= t.max && start+size <= n; size++ {
			if !token[start+size-1] {
				break
			}
			if size < t.min {
				continue
			}
			from, to := starts[start], starts[start+size]
			term := text[from:to]
			if lower {
				term = lowerTerm(a, term, len(text))
			}
			dst = append(dst, Token{Term: term, Position: position, StartOffset: from, EndOffset: to, Type: TypeWord})
			position++
		}
	}
	return dst
}

// ngramFilter is Lucene's NGramTokenFilter: each token becomes its grams of min to max
// code points, by start then length, at the token's position with its offsets and type.
// With preserveOriginal a token shorter than min or longer than max is kept as well.
type ngramFilter struct {
	min, max         int
	preserveOriginal bool
}

func (f ngramFilter) filter(toks []Token, _ *arena, _ int) []Token {
	out := make([]Token, 0, len(toks)*2)
	for _, t := range toks {
		n := utf8.RuneCountInString(t.Term)
		if f.preserveOriginal && n < f.min {
			out = append(out, t)
			continue
		}
		for i := range t.Term {
			for size, end := 0, i; end < len(t.Term) && size < f.max; {
				_, w := utf8.DecodeRuneInString(t.Term[end:])
				end += w
				size++
				if size >= f.min {
					g := t
					g.Term = t.Term[i:end]
					out = append(out, g)
				}
			}
		}
		if f.preserveOriginal && n > f.max {
			out = append(out, t)
		}
	}
	return out
}

// edgeNgramFilter is OpenSearch's edge_ngram token filter: Lucene's EdgeNGramTokenFilter
// (prefixes of min to max code points, shortest first, preserveOriginal as for ngram);
// side back gives suffixes instead, as OpenSearch's reverse-filter-reverse does.
type edgeNgramFilter struct {
	min, max         int
	back             bool
	preserveOriginal bool
}

func (f edgeNgramFilter) filter(toks []Token, _ *arena, _ int) []Token {
	out := make([]Token, 0, len(toks)*2)
	for _, t := range toks {
		n := utf8.RuneCountInString(t.Term)
		if f.preserveOriginal && n < f.min {
			out = append(out, t)
			continue
		}
		for size := f.min; size <= f.max && size <= n; size++ {
			g := t
			if f.back {
				g.Term = t.Term[runeOffsetFromEnd(t.Term, size):]
			} else {
				g.Term = t.Term[:runeOffset(t.Term, size)]
			}
			out = append(out, g)
		}
		if f.preserveOriginal && n > f.max {
			out = append(out, t)
		}
	}
	return out
}

// runeOffset is the byte offset after the first n code points of s.
func runeOffset(s string, n int) int {
	i := 0
	for ; n > 0 && i < len(s); n-- {
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
	}
	return i
}

// runeOffsetFromEnd is the byte offset of the last n code points of s.
func runeOffsetFromEnd(s string, n int) int {
	i := len(s)
	for ; n > 0 && i > 0; n-- {
		_, w := utf8.DecodeLastRuneInString(s[:i])
		i -= w
	}
	return i
}

// checkGrams is the check Lucene's n-gram tokenizers and filters make when they are
// created.
func checkGrams(min, max int) error {
	if min < 1 {
		return illegalArgument("minGram must be greater than zero")
	}
	if min > max {
		return illegalArgument("minGram must not be greater than maxGram")
	}
	return nil
}

// checkNgramDiff is the index.max_ngram_diff check of the ngram tokenizer and filter
// factories (both say "NGram Tokenizer").
func checkNgramDiff(min, max, allowed int) error {
	if diff := max - min; diff > allowed {
		return illegalArgument("The difference between max_gram and min_gram in NGram Tokenizer must be less than or equal to: [" +
			strconv.Itoa(allowed) + "] but was [" + strconv.Itoa(diff) + "]. This limit can be set by changing the [index.max_ngram_diff] index level setting.")
	}
	return nil
}

// gramSizes reads min_gram and max_gram with their defaults (1 and 2).
func gramSizes(p settingParams) (lo, hi int, err error) {
	min, err := p.intp("min_gram")
	if err != nil {
		return 0, 0, err
	}
	max, err := p.intp("max_gram")
	if err != nil {
		return 0, 0, err
	}
	lo, hi = 1, 2
	if min != nil {
		lo = *min
	}
	if max != nil {
		hi = *max
	}
	return lo, hi, nil
}
