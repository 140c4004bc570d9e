package analysis

import "unicode/utf8"

// tokenFilter rewrites the tokens of one Analyze call and returns the result: a prefix of
// toks when it only rewrites or drops tokens, a new slice when it adds some.
type tokenFilter interface {
	filter(toks []Token, a *arena, hint int) []Token
}

// englishStopWords is Lucene's EnglishAnalyzer.ENGLISH_STOP_WORDS_SET, OpenSearch's
// "_english_" and the stop analyzer's default.
func englishStopWords() []string {
	return []string{
		"a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "if", "in", "into", "is",
		"it", "no", "not", "of", "on", "or", "such", "that", "the", "their", "then", "there",
		"these", "they", "this", "to", "was", "will", "with",
	}
}

type lowercaseFilter struct{}

func (lowercaseFilter) filter(toks []Token, a *arena, hint int) []Token {
	for i := range toks {
		toks[i].Term = lowerTerm(a, toks[i].Term, hint)
	}
	return toks
}

type uppercaseFilter struct{}

func (uppercaseFilter) filter(toks []Token, a *arena, hint int) []Token {
	for i := range toks {
		toks[i].Term = upperTerm(a, toks[i].Term, hint)
	}
	return toks
}

// trimFilter is Lucene's TrimFilter: Java whitespace is removed from both ends of the
// term; offsets are left alone.
type trimFilter struct{}

func (trimFilter) filter(toks []Token, _ *arena, _ int) []Token {
	for i := range toks {
		toks[i].Term = trimJavaWhitespace(toks[i].Term)
	}
	return toks
}

func trimJavaWhitespace(s string) string {
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		if !isJavaWhitespace(r) {
			break
		}
		s = s[size:]
	}
	for len(s) > 0 {
		r, size := utf8.DecodeLastRuneInString(s)
		if !isJavaWhitespace(r) {
			break
		}
		s = s[:len(s)-size]
	}
	return s
}

// lengthFilter keeps terms whose length in UTF-16 units is within [min, max]. Dropped
// tokens leave position gaps, as with every Lucene FilteringTokenFilter.
type lengthFilter struct{ min, max int }

func (f lengthFilter) filter(toks []Token, _ *arena, _ int) []Token {
	out := toks[:0]
	for _, t := range toks {
		if n := utf16Len(t.Term); n >= f.min && n <= f.max {
			out = append(out, t)
		}
	}
	return out
}

// stopFilter drops stop words, leaving position gaps.
type stopFilter struct {
	words      map[string]struct{}
	ignoreCase bool
}

func newStopFilter(list []string, ignoreCase bool) stopFilter {
	f := stopFilter{words: make(map[string]struct{}, len(list)), ignoreCase: ignoreCase}
	var a arena
	for _, w := range list {
		if ignoreCase {
			w = lowerTerm(&a, w, 0)
		}
		f.words[w] = struct{}{}
	}
	return f
}

func (f stopFilter) filter(toks []Token, a *arena, hint int) []Token {
	out := toks[:0]
	for _, t := range toks {
		term := t.Term
		if f.ignoreCase {
			term = lowerTerm(a, term, hint)
		}
		if _, stop := f.words[term]; !stop {
			out = append(out, t)
		}
	}
	return out
}

// uniqueFilter is OpenSearch's unique token filter: it drops a term already seen (at the
// same position only, with only_on_same_position). Unlike the stop and length filters it
// does not carry the dropped tokens' position increments, so later positions close up.
type uniqueFilter struct{ onlyOnSamePosition bool }

func (f uniqueFilter) filter(toks []Token, _ *arena, _ int) []Token {
	seen := make(map[string]struct{}, len(toks))
	out := toks[:0]
	shift := 0
	prevPos := -1
	for _, t := range toks {
		inc := t.Position - prevPos
		if prevPos < 0 {
			inc = t.Position + 1
		}
		prevPos = t.Position
		var dup bool
		if f.onlyOnSamePosition {
			if inc > 0 {
				clear(seen)
			}
			_, dup = seen[t.Term]
			dup = dup && inc == 0
		} else {
			_, dup = seen[t.Term]
		}
		seen[t.Term] = struct{}{}
		if dup {
			shift += inc
			continue
		}
		t.Position -= shift
		out = append(out, t)
	}
	return out
}
