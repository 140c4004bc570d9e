package analysis

import (
	"sort"
	"unicode/utf8"
)

// asciiFold looks up the ASCII replacement of a non-ASCII character.
func asciiFold(r rune) (string, bool) {
	i := sort.Search(len(asciiFoldings), func(i int) bool { return asciiFoldings[i].r >= r })
	if i < len(asciiFoldings) && asciiFoldings[i].r == r {
		return asciiFoldings[i].fold, true
	}
	return "", false
}

// foldTerm applies ASCII folding to s; it returns s itself when nothing folds.
func foldTerm(a *arena, s string, hint int) string {
	i := 0
	for i < len(s) {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if _, ok := asciiFold(r); ok {
			break
		}
		i += size
	}
	if i == len(s) {
		return s
	}
	a.grow(len(s)+8, hint)
	m := a.mark()
	a.buf = append(a.buf, s[:i]...)
	for i < len(s) {
		if s[i] < utf8.RuneSelf {
			a.buf = append(a.buf, s[i])
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if fold, ok := asciiFold(r); ok {
			a.buf = append(a.buf, fold...)
		} else {
			a.buf = append(a.buf, s[i:i+size]...)
		}
		i += size
	}
	return a.since(m)
}

// asciiFoldingFilter is OpenSearch's asciifolding filter (Lucene's ASCIIFoldingFilter).
// With preserveOriginal a folded token is followed by the original at the same position.
type asciiFoldingFilter struct{ preserveOriginal bool }

func (f asciiFoldingFilter) filter(toks []Token, a *arena, hint int) []Token {
	if !f.preserveOriginal {
		for i := range toks {
			toks[i].Term = foldTerm(a, toks[i].Term, hint)
		}
		return toks
	}
	var out []Token
	for i, t := range toks {
		folded := foldTerm(a, t.Term, hint)
		if folded == t.Term {
			if out != nil {
				out = append(out, t)
			}
			continue
		}
		if out == nil {
			out = make([]Token, i, len(toks)+len(toks)/2+1)
			copy(out, toks[:i])
		}
		orig := t
		t.Term = folded
		out = append(out, t, orig)
	}
	if out == nil {
		return toks
	}
	return out
}
