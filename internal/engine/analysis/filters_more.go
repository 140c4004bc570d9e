package analysis

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// truncateFilter is Lucene's TruncateTokenFilter: terms longer than n UTF-16 units are
// cut to n, except keyword-marked ones. A surrogate pair cut in half leaves a lone high
// surrogate in Java, which Lucene indexes as U+FFFD.
type truncateFilter struct{ n int }

func (f truncateFilter) filter(toks []Token, _ *arena, _ int) []Token {
	for i := range toks {
		if toks[i].Keyword {
			continue
		}
		s := toks[i].Term
		cut := prefixUTF16(s, f.n)
		if cut == len(s) {
			continue
		}
		if utf16Len(s[:cut]) < f.n {
			toks[i].Term = s[:cut] + "\uFFFD"
		} else {
			toks[i].Term = s[:cut]
		}
	}
	return toks
}

// reverseFilter is Lucene's ReverseStringFilter: the term's code points in reverse order.
type reverseFilter struct{}

func (reverseFilter) filter(toks []Token, a *arena, hint int) []Token {
	for i := range toks {
		s := toks[i].Term
		if len(s) < 2 {
			continue
		}
		a.grow(len(s), hint)
		m := a.mark()
		for j := len(s); j > 0; {
			_, w := utf8.DecodeLastRuneInString(s[:j])
			a.buf = append(a.buf, s[j-w:j]...)
			j -= w
		}
		toks[i].Term = a.since(m)
	}
	return toks
}

// decimalDigitFilter is Lucene's DecimalDigitFilter: every Unicode decimal digit becomes
// its ASCII digit.
type decimalDigitFilter struct{}

func (decimalDigitFilter) filter(toks []Token, a *arena, hint int) []Token {
	for i := range toks {
		s := toks[i].Term
		j := 0
		for j < len(s) {
			r, w := utf8.DecodeRuneInString(s[j:])
			if r >= utf8.RuneSelf && unicode.Is(unicode.Nd, r) {
				break
			}
			j += w
		}
		if j == len(s) {
			continue
		}
		a.grow(len(s), hint)
		m := a.mark()
		a.buf = append(a.buf, s[:j]...)
		for _, r := range s[j:] {
			if r >= utf8.RuneSelf && unicode.Is(unicode.Nd, r) {
				r = '0' + rune(digitValue(r))
			}
			a.buf = utf8.AppendRune(a.buf, r)
		}
		toks[i].Term = a.since(m)
	}
	return toks
}

// digitValue is Character.digit(r, 10) for a decimal digit: Unicode lays each script's
// digits out as a run starting at its zero, and Go's table keeps such runs whole.
func digitValue(r rune) int {
	for _, rg := range unicode.Nd.R16 {
		if r >= rune(rg.Lo) && r <= rune(rg.Hi) {
			return int(r-rune(rg.Lo)) % 10
		}
	}
	for _, rg := range unicode.Nd.R32 {
		if r >= rune(rg.Lo) && r <= rune(rg.Hi) {
			return int(r-rune(rg.Lo)) % 10
		}
	}
	return 0
}

// isApostrophe is the test of Lucene's ApostropheFilter and ElisionFilter.
func isApostrophe(b rune) bool { return b == '\'' || b == '\u2019' }

// apostropheFilter is Lucene's ApostropheFilter: an apostrophe and all after it go.
type apostropheFilter struct{}

func (apostropheFilter) filter(toks []Token, _ *arena, _ int) []Token {
	for i := range toks {
		if j := strings.IndexFunc(toks[i].Term, isApostrophe); j >= 0 {
			toks[i].Term = toks[i].Term[:j]
		}
	}
	return toks
}

// elisionFilter is Lucene's ElisionFilter: when the text before the first apostrophe is
// one of the articles, it and the apostrophe go.
type elisionFilter struct{ articles wordSet }

func (f elisionFilter) filter(toks []Token, a *arena, hint int) []Token {
	for i := range toks {
		s := toks[i].Term
		if j := strings.IndexFunc(s, isApostrophe); j >= 0 && f.articles.has(a, s[:j], hint) {
			_, w := utf8.DecodeRuneInString(s[j:])
			toks[i].Term = s[j+w:]
		}
	}
	return toks
}

// wordSet is a Lucene CharArraySet: a set of words, optionally compared ignoring case.
type wordSet struct {
	words      map[string]struct{}
	ignoreCase bool
}

func newWordSet(list []string, ignoreCase bool) wordSet {
	s := wordSet{words: make(map[string]struct{}, len(list)), ignoreCase: ignoreCase}
	var a arena
	for _, w := range list {
		if ignoreCase {
			w = lowerTerm(&a, w, 0)
		}
		s.words[w] = struct{}{}
	}
	return s
}

func (s wordSet) has(a *arena, w string, hint int) bool {
	if s.ignoreCase {
		w = lowerTerm(a, w, hint)
	}
	_, ok := s.words[w]
	return ok
}

// frenchArticles is FrenchAnalyzer.DEFAULT_ARTICLES, the pre-built elision filter's set
// (compared ignoring case).
func frenchArticles() []string {
	return []string{"l", "m", "t", "qu", "n", "s", "j", "d", "c", "jusqu", "quoiqu", "lorsqu", "puisqu"}
}

// patternReplaceFilter is Lucene's PatternReplaceFilter: a term the pattern is found in
// is rewritten with every match (or the first) replaced; a term may become empty.
type patternReplaceFilter struct {
	re          *regexp.Regexp
	replacement javaReplacement
	all         bool
}

func (f patternReplaceFilter) filter(toks []Token, _ *arena, _ int) []Token {
	for i := range toks {
		s := toks[i].Term
		n := 1
		if f.all {
			n = -1
		}
		matches := f.re.FindAllStringSubmatchIndex(s, n)
		if len(matches) == 0 {
			continue
		}
		var b strings.Builder
		last := 0
		for _, m := range matches {
			b.WriteString(s[last:m[0]])
			f.replacement.expand(&b, s, m)
			last = m[1]
		}
		b.WriteString(s[last:])
		toks[i].Term = b.String()
	}
	return toks
}

// keywordMarkerFilter is Lucene's SetKeywordMarkerFilter (or, with a pattern,
// PatternKeywordMarkerFilter matching the whole term): marked tokens are left alone by
// the stemmers and truncate.
type keywordMarkerFilter struct {
	words   wordSet
	pattern *regexp.Regexp
}

func (f keywordMarkerFilter) filter(toks []Token, a *arena, hint int) []Token {
	for i := range toks {
		if f.pattern != nil {
			if f.pattern.MatchString(toks[i].Term) {
				toks[i].Keyword = true
			}
		} else if f.words.has(a, toks[i].Term, hint) {
			toks[i].Keyword = true
		}
	}
	return toks
}
