// Package wildcard is the engine's one implementation of pattern matching
// on names and terms: OpenSearch's Regex.simpleMatch ('*' only: index and
// alias expressions, settings, dynamic templates, task actions, node
// filters) and Lucene's wildcard syntax ('*' and '?', for wildcard
// queries, intervals and the notification plugin's filters).
package wildcard

import (
	"strings"
	"unicode/utf8"
)

// Simple is Regex.simpleMatch: '*' matches any run of characters (none
// included); every other character matches itself.
func Simple(pattern, s string) bool {
	star := strings.IndexByte(pattern, '*')
	if star < 0 {
		return pattern == s
	}
	if !strings.HasPrefix(s, pattern[:star]) {
		return false
	}
	s, pattern = s[star:], pattern[star+1:]
	for {
		next := strings.IndexByte(pattern, '*')
		if next < 0 {
			return strings.HasSuffix(s, pattern)
		}
		part := pattern[:next]
		i := strings.Index(s, part)
		if i < 0 {
			return false
		}
		s, pattern = s[i+len(part):], pattern[next+1:]
	}
}

// Pattern is a compiled Lucene wildcard: '*' matches any run of code
// points, '?' exactly one, and (with escapes) a backslash makes the next
// character literal.
type Pattern struct {
	toks []token
}

// token is one step of a pattern.
type token struct {
	kind byte // 'c' a code point, '?' any one, '*' any run
	r    rune
}

// Compile compiles a Lucene wildcard pattern with backslash escapes (a
// trailing lone backslash matches itself), as WildcardQuery reads it.
func Compile(pattern string) *Pattern { return compile(pattern, true) }

// CompileNoEscape compiles a pattern in which a backslash is an ordinary
// character.
func CompileNoEscape(pattern string) *Pattern { return compile(pattern, false) }

func compile(pattern string, escapes bool) *Pattern {
	p := &Pattern{toks: make([]token, 0, len(pattern))}
	rs := []rune(pattern)
	for i := 0; i < len(rs); i++ {
		switch c := rs[i]; {
		case c == '*':
			p.toks = append(p.toks, token{kind: '*'})
		case c == '?':
			p.toks = append(p.toks, token{kind: '?'})
		case c == '\\' && escapes && i+1 < len(rs):
			i++
			p.toks = append(p.toks, token{kind: 'c', r: rs[i]})
		default:
			p.toks = append(p.toks, token{kind: 'c', r: c})
		}
	}
	return p
}

// Match reports whether s matches the whole pattern. It backtracks only to
// the last star, so it runs in O(len(pattern)*len(s)) without allocating.
func (p *Pattern) Match(s string) bool {
	ti, si := 0, 0
	star, mark := -1, 0
	for si < len(s) {
		r, size := utf8.DecodeRuneInString(s[si:])
		if ti < len(p.toks) {
			switch t := p.toks[ti]; {
			case t.kind == '?' || (t.kind == 'c' && t.r == r):
				ti++
				si += size
				continue
			case t.kind == '*':
				star, mark = ti, si
				ti++
				continue
			}
		}
		if star < 0 {
			return false
		}
		// Let the last star take one more code point and retry after it.
		ti = star + 1
		_, size = utf8.DecodeRuneInString(s[mark:])
		mark += size
		si = mark
	}
	for ti < len(p.toks) && p.toks[ti].kind == '*' {
		ti++
	}
	return ti == len(p.toks)
}

// Match is Compile(pattern).Match(s).
func Match(pattern, s string) bool { return Compile(pattern).Match(s) }
