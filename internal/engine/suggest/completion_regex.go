package suggest

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// compileLuceneRegexp translates a Lucene RegExp (the completion
// suggester's regex) into a Go regexp matching the prefixes of an indexed
// form: literals, ".", "[...]" classes, groups, "|", "?", "*", "+",
// "{n,m}", quoted strings, "\" escapes, and, with their flags, "@" (any
// string) and "#" (the empty language). Intersection ("&"), complement
// ("~") and numeric intervals ("<n-m>") answer the fake's 501.
func compileLuceneRegexp(src string, flags int) (*regexp.Regexp, *apierr.Error) {
	t := &reTranslator{src: []rune(src), flags: flags}
	var b strings.Builder
	b.WriteString(`^(?s:`)
	if err := t.union(&b); err != nil {
		return nil, err
	}
	if t.pos < len(t.src) {
		return nil, apierr.IllegalArgument("end-of-string expected at position %d", t.pos)
	}
	b.WriteString(`)`)
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil, apierr.IllegalArgument("invalid regular expression [%s]", src)
	}
	return re, nil
}

// reTranslator is a recursive-descent reader of RegExp's grammar.
type reTranslator struct {
	src   []rune
	pos   int
	flags int
}

func (t *reTranslator) more() bool        { return t.pos < len(t.src) }
func (t *reTranslator) peek(c rune) bool  { return t.more() && t.src[t.pos] == c }
func (t *reTranslator) has(flag int) bool { return t.flags&flag != 0 }

func (t *reTranslator) union(b *strings.Builder) *apierr.Error {
	if err := t.concat(b); err != nil {
		return err
	}
	for t.peek('|') {
		t.pos++
		b.WriteByte('|')
		if err := t.concat(b); err != nil {
			return err
		}
	}
	return nil
}

func (t *reTranslator) concat(b *strings.Builder) *apierr.Error {
	for t.more() && !t.peek('|') && !t.peek(')') {
		if t.peek('&') && t.has(flagIntersection) {
			return apierr.Unsupported("the intersection operator in completion regexes")
		}
		if err := t.repeat(b); err != nil {
			return err
		}
	}
	return nil
}

func (t *reTranslator) repeat(b *strings.Builder) *apierr.Error {
	var atom strings.Builder
	if err := t.complement(&atom); err != nil {
		return err
	}
	b.WriteString("(?:" + atom.String() + ")")
	for t.more() {
		switch c := t.src[t.pos]; c {
		case '?', '*', '+':
			t.pos++
			b.WriteRune(c)
		case '{':
			end := t.pos + 1
			for end < len(t.src) && t.src[end] != '}' {
				end++
			}
			if end == len(t.src) {
				return apierr.IllegalArgument("expected '}' at position %d", end)
			}
			body := string(t.src[t.pos+1 : end])
			lo, hi, hasComma := strings.Cut(body, ",")
			if _, err := strconv.Atoi(lo); err != nil {
				return apierr.IllegalArgument("integer expected at position %d", t.pos+1)
			}
			if hasComma && hi != "" {
				if _, err := strconv.Atoi(hi); err != nil {
					return apierr.IllegalArgument("integer expected at position %d", t.pos+2+len(lo))
				}
			}
			b.WriteString("{" + body + "}")
			t.pos = end + 1
		default:
			return nil
		}
	}
	return nil
}

func (t *reTranslator) complement(b *strings.Builder) *apierr.Error {
	if t.peek('~') && t.has(flagComplement) {
		return apierr.Unsupported("the complement operator in completion regexes")
	}
	return t.charClassExp(b)
}

func (t *reTranslator) charClassExp(b *strings.Builder) *apierr.Error {
	if !t.peek('[') {
		return t.simple(b)
	}
	t.pos++
	b.WriteByte('[')
	if t.peek('^') {
		t.pos++
		b.WriteByte('^')
	}
	n := 0
	for t.more() && !t.peek(']') {
		c := t.src[t.pos]
		t.pos++
		if c == '\\' && t.more() {
			c = t.src[t.pos]
			t.pos++
		}
		if c == '-' && n > 0 && t.more() && !t.peek(']') {
			b.WriteByte('-')
			continue
		}
		b.WriteString(classLiteral(c))
		n++
	}
	if !t.peek(']') || n == 0 {
		return apierr.IllegalArgument("expected ']' at position %d", t.pos)
	}
	t.pos++
	b.WriteByte(']')
	return nil
}

func (t *reTranslator) simple(b *strings.Builder) *apierr.Error {
	if !t.more() {
		return apierr.IllegalArgument("unexpected end-of-string")
	}
	c := t.src[t.pos]
	t.pos++
	switch {
	case c == '.':
		b.WriteByte('.')
	case c == '@' && t.has(flagAnyString):
		b.WriteString(".*")
	case c == '#' && t.has(flagEmpty):
		b.WriteString(`[^\x00-\x{10FFFF}]`)
	case c == '<' && t.has(flagInterval):
		return apierr.Unsupported("numeric intervals in completion regexes")
	case c == '"':
		start := t.pos
		for t.more() && !t.peek('"') {
			t.pos++
		}
		if !t.more() {
			return apierr.IllegalArgument("expected '\"' at position %d", t.pos)
		}
		b.WriteString(regexp.QuoteMeta(string(t.src[start:t.pos])))
		t.pos++
	case c == '(':
		if t.peek(')') {
			t.pos++
			b.WriteString("(?:)")
			return nil
		}
		b.WriteString("(?:")
		if err := t.union(b); err != nil {
			return err
		}
		if !t.peek(')') {
			return apierr.IllegalArgument("expected ')' at position %d", t.pos)
		}
		t.pos++
		b.WriteByte(')')
	case c == '\\':
		if !t.more() {
			return apierr.IllegalArgument("expected character at position %d", t.pos)
		}
		e := t.src[t.pos]
		t.pos++
		switch e {
		case 'd', 'D', 's', 'S', 'w', 'W':
			b.WriteString(`\` + string(e))
		default:
			b.WriteString(regexp.QuoteMeta(string(e)))
		}
	case c == '*' || c == '+' || c == '?' || c == '{' || c == '|' || c == ')':
		return apierr.IllegalArgument("unexpected character '%c' at position %d", c, t.pos-1)
	default:
		b.WriteString(regexp.QuoteMeta(string(c)))
	}
	return nil
}

// classLiteral escapes a rune for a Go character class.
func classLiteral(c rune) string {
	switch c {
	case '\\', ']', '[', '^', '-':
		return `\` + string(c)
	}
	return string(c)
}
