package analysis

import (
	"strings"
	"unicode/utf8"
)

// Shingles wraps an analyzer so it emits word n-grams of exactly size
// tokens joined by a space (a ShingleFilter with min = max = size and no
// unigrams), as search_as_you_type's _Ngram subfields index and search.
func Shingles(inner Analyzer, size int) Analyzer { return &shingles{inner: inner, size: size} }

type shingles struct {
	inner Analyzer
	size  int
}

func (s *shingles) Analyze(dst []Token, text string) []Token {
	toks := s.inner.Analyze(nil, text)
	for i := 0; i+s.size <= len(toks); i++ {
		dst = append(dst, joinTokens(toks[i:i+s.size], toks[i].Position))
	}
	return dst
}

func joinTokens(toks []Token, pos int) Token {
	terms := make([]string, len(toks))
	for i, t := range toks {
		terms[i] = t.Term
	}
	last := toks[len(toks)-1]
	return Token{Term: strings.Join(terms, " "), Position: pos, StartOffset: toks[0].StartOffset, EndOffset: last.EndOffset, Type: "shingle"}
}

// EdgePrefixes wraps an analyzer so it emits, at each position, the edge
// n-grams (minChars to maxChars characters) of the shingle of up to size
// tokens starting there: the terms of search_as_you_type's _index_prefix.
func EdgePrefixes(inner Analyzer, size, minChars, maxChars int) Analyzer {
	return &edgePrefixes{inner: inner, size: size, min: minChars, max: maxChars}
}

type edgePrefixes struct {
	inner          Analyzer
	size, min, max int
}

func (e *edgePrefixes) Analyze(dst []Token, text string) []Token {
	toks := e.inner.Analyze(nil, text)
	for i := range toks {
		end := i + e.size
		if end > len(toks) {
			end = len(toks)
		}
		sh := joinTokens(toks[i:end], toks[i].Position)
		n := 0
		for j := range sh.Term {
			if j == 0 {
				continue
			}
			n++
			if n >= e.min && n <= e.max {
				dst = append(dst, Token{Term: sh.Term[:j], Position: sh.Position, StartOffset: sh.StartOffset, EndOffset: sh.EndOffset, Type: sh.Type})
			}
		}
		if c := utf8.RuneCountInString(sh.Term); c >= e.min && c <= e.max {
			dst = append(dst, sh)
		}
	}
	return dst
}
