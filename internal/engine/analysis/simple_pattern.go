package analysis

import (
	"regexp"
	"strings"
)

// simplePatternTokenizer is Lucene's SimplePatternTokenizer (the tokens are the longest
// non-empty matches, scanning left to right) or, with split, SimplePatternSplitTokenizer
// (the tokens are the non-empty texts between such matches).
type simplePatternTokenizer struct {
	re    *regexp.Regexp
	split bool
}

func (t simplePatternTokenizer) tokenize(dst []Token, text string, lower bool, a *arena) []Token {
	out := spanTokens{dst: dst, text: text, lower: lower, a: a}
	emit := out.emit
	last := 0
	for _, m := range t.re.FindAllStringIndex(text, -1) {
		if m[0] == m[1] {
			continue
		}
		if !t.split {
			emit(m[0], m[1])
			continue
		}
		if m[0] > last {
			emit(last, m[0])
		}
		last = m[1]
	}
	if t.split && last < len(text) {
		emit(last, len(text))
	}
	return out.dst
}

// spanTokens appends the tokens of a regex tokenizer: each a span of text,
// at consecutive positions, lowered when the pipeline asks.
type spanTokens struct {
	dst      []Token
	text     string
	lower    bool
	a        *arena
	position int
}

func (s *spanTokens) emit(from, to int) {
	term := s.text[from:to]
	if s.lower {
		term = lowerTerm(s.a, term, len(s.text))
	}
	s.dst = append(s.dst, Token{Term: term, Position: s.position, StartOffset: from, EndOffset: to, Type: TypeWord})
	s.position++
}

func (t simplePatternTokenizer) create() (tokenizer, error) { return t, nil }

// newSimplePatternFactory reads the pattern (default empty) of simple_pattern and
// simple_pattern_split.
func newSimplePatternFactory(typ string, p settingParams) (tokenizerFactory, error) {
	pattern, _ := p.str("pattern")
	goPattern, err := luceneRegexpToGo(pattern)
	if err != nil {
		return nil, unsupported("tokenizer [" + typ + "] pattern [" + pattern + "] (" + err.Error() + ")")
	}
	re, err := regexp.Compile(goPattern)
	if err != nil {
		return nil, unsupported("tokenizer [" + typ + "] pattern [" + pattern + "] (" + err.Error() + ")")
	}
	// An automaton matches the longest text it accepts.
	re.Longest()
	return simplePatternTokenizer{re: re, split: typ == "simple_pattern_split"}, nil
}

// luceneRegexpToGo rewrites a Lucene RegExp (the syntax of simple_pattern, unlike Java's)
// as a Go regular expression: literals, escapes (\d \w \s and their negations as
// classes), '.', character classes, groups, '|' and the repeats ? * + {n,m}. There are no
// anchors: '^' and '$' are plain characters. Lucene's own operators (~ & # @ <n-m> and
// "quoted strings") have no Go counterpart and are refused.
func luceneRegexpToGo(s string) (string, error) {
	var b strings.Builder
	inClass := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			i++
			if i >= len(s) {
				return "", errorString("a trailing escape")
			}
			switch s[i] {
			case 'd', 'D', 's', 'S', 'w', 'W':
				b.WriteByte('\\')
				b.WriteByte(s[i])
			default:
				j := i
				for j+1 < len(s) && s[j+1]&0xC0 == 0x80 {
					j++
				}
				b.WriteString(regexp.QuoteMeta(s[i : j+1]))
				i = j
			}
		case inClass:
			if c == ']' {
				inClass = false
			}
			if c == '[' {
				b.WriteString(`\[`)
				continue
			}
			b.WriteByte(c)
		case c == '[':
			inClass = true
			b.WriteByte(c)
			if i+1 < len(s) && s[i+1] == '^' {
				b.WriteByte('^')
				i++
			}
		case c == '^' || c == '$':
			b.WriteByte('\\')
			b.WriteByte(c)
		case strings.IndexByte(`~&#@<>"`, c) >= 0:
			return "", errorString("the Lucene operator " + string(c))
		default:
			b.WriteByte(c)
		}
	}
	if inClass {
		return "", errorString("an unclosed character class")
	}
	// Lucene's '.' is any character, line breaks included.
	return "(?s)" + b.String(), nil
}

type errorString string

func (e errorString) Error() string { return string(e) }
