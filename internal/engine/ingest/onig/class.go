package onig

import (
	"strings"
	"unicode"
)

// class is a character class: ranges, Unicode tables and nested classes,
// negated or intersected (&&) as Oniguruma builds them.
type class struct {
	neg    bool
	ranges []rune // pairs lo, hi
	tables []*unicode.RangeTable
	fns    []func(rune) bool
	subs   []*class // nested classes, unioned
	and    []*class // && operands: every one must match too
}

func (c *class) matches(r rune, fold bool) bool {
	ok := c.raw(r)
	if !ok && fold {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if c.raw(f) {
				ok = true
				break
			}
		}
	}
	return ok
}

func (c *class) raw(r rune) bool {
	in := c.union(r)
	for _, a := range c.and {
		if !in {
			break
		}
		in = a.raw(r)
	}
	return in != c.neg
}

func (c *class) union(r rune) bool {
	for i := 0; i < len(c.ranges); i += 2 {
		if r >= c.ranges[i] && r <= c.ranges[i+1] {
			return true
		}
	}
	for _, t := range c.tables {
		if unicode.Is(t, r) {
			return true
		}
	}
	for _, f := range c.fns {
		if f(r) {
			return true
		}
	}
	for _, s := range c.subs {
		if s.raw(r) {
			return true
		}
	}
	return false
}

// isWord is Oniguruma's \w with UTF-8: letters, marks, decimal numbers and
// connector punctuation.
func isWord(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsMark(r) || unicode.Is(unicode.Nd, r) || unicode.Is(unicode.Pc, r)
}

// isSpace is Oniguruma's \s with UTF-8: the Unicode White_Space property.
func isSpace(r rune) bool { return unicode.Is(unicode.White_Space, r) }

func isDigit(r rune) bool { return unicode.Is(unicode.Nd, r) }

func isHex(r rune) bool {
	return (r >= '0' && r <= '9') || (r >= 'a' && r <= 'f') || (r >= 'A' && r <= 'F')
}

func fnClass(f func(rune) bool, neg bool) *class { return &class{fns: []func(rune) bool{f}, neg: neg} }

// classEscape decodes \w \W \d \D \s \S \h \H \p{..} \P{..} (after the
// backslash and c were read); ok is false for any other escape.
func (p *parser) classEscape(c rune) (*class, bool, error) {
	switch c {
	case 'w', 'W':
		return fnClass(isWord, c == 'W'), true, nil
	case 'd', 'D':
		return fnClass(isDigit, c == 'D'), true, nil
	case 's', 'S':
		return fnClass(isSpace, c == 'S'), true, nil
	case 'h', 'H':
		return fnClass(isHex, c == 'H'), true, nil
	case 'p', 'P':
		if p.eof() || p.peek() != '{' {
			return nil, false, &Error{"invalid character property name {" + "}"}
		}
		end := strings.IndexByte(p.src[p.pos:], '}')
		if end < 0 {
			return nil, false, &Error{"invalid character property name"}
		}
		name := p.src[p.pos+1 : p.pos+end]
		p.pos += end + 1
		neg := c == 'P'
		if strings.HasPrefix(name, "^") {
			name, neg = name[1:], !neg
		}
		if t := propertyTable(name); t != nil {
			return &class{tables: []*unicode.RangeTable{t}, neg: neg}, true, nil
		}
		if f := posixClass(strings.ToLower(name)); f != nil {
			return fnClass(f, neg), true, nil
		}
		return nil, false, &Error{"invalid character property name {" + name + "}"}
	}
	return nil, false, nil
}

func propertyTable(name string) *unicode.RangeTable {
	if t, ok := unicode.Categories[name]; ok {
		return t
	}
	if t, ok := unicode.Scripts[name]; ok {
		return t
	}
	for k, t := range unicode.Scripts {
		if strings.EqualFold(k, name) {
			return t
		}
	}
	return nil
}

// posixClass is a POSIX bracket's test, Unicode-aware as Oniguruma's are
// with UTF-8.
func posixClass(name string) func(rune) bool {
	switch name {
	case "alnum":
		return func(r rune) bool { return unicode.IsLetter(r) || unicode.IsMark(r) || unicode.Is(unicode.Nd, r) }
	case "alpha":
		return func(r rune) bool { return unicode.IsLetter(r) || unicode.IsMark(r) }
	case "ascii":
		return func(r rune) bool { return r < 128 }
	case "blank":
		return func(r rune) bool { return r == '\t' || unicode.Is(unicode.Zs, r) }
	case "cntrl":
		return func(r rune) bool { return unicode.Is(unicode.Cc, r) || unicode.Is(unicode.Cf, r) }
	case "digit":
		return isDigit
	case "graph":
		return func(r rune) bool { return !isSpace(r) && !unicode.Is(unicode.Cc, r) && unicode.IsPrint(r) }
	case "lower":
		return unicode.IsLower
	case "print":
		return func(r rune) bool { return unicode.IsPrint(r) || r == ' ' }
	case "punct":
		return unicode.IsPunct
	case "space":
		return isSpace
	case "upper":
		return unicode.IsUpper
	case "xdigit":
		return isHex
	case "word":
		return isWord
	}
	return nil
}

// parseClass reads a bracket expression after its '['.
func (p *parser) parseClass() (*class, error) {
	c := &class{}
	if !p.eof() && p.peek() == '^' {
		c.neg = true
		p.pos++
	}
	cur := &class{} // the operand being built (before any &&)
	first := true
	for {
		if p.eof() {
			return nil, &Error{"premature end of char-class"}
		}
		if p.peek() == ']' && !first {
			p.pos++
			break
		}
		first = false
		if strings.HasPrefix(p.src[p.pos:], "&&") {
			p.pos += 2
			c.and = append(c.and, cur)
			cur = &class{}
			continue
		}
		if strings.HasPrefix(p.src[p.pos:], "[:") {
			if end := strings.Index(p.src[p.pos:], ":]"); end > 0 {
				name := p.src[p.pos+2 : p.pos+end]
				neg := strings.HasPrefix(name, "^")
				if f := posixClass(strings.TrimPrefix(name, "^")); f != nil {
					p.pos += end + 2
					cur.subs = append(cur.subs, fnClass(f, neg))
					continue
				}
			}
		}
		if p.peek() == '[' {
			p.pos++
			sub, err := p.parseClass()
			if err != nil {
				return nil, err
			}
			cur.subs = append(cur.subs, sub)
			continue
		}
		lo, set, err := p.classAtom()
		if err != nil {
			return nil, err
		}
		if set != nil {
			cur.subs = append(cur.subs, set)
			continue
		}
		hi := lo
		if strings.HasPrefix(p.src[p.pos:], "-") && p.pos+1 < len(p.src) && p.src[p.pos+1] != ']' {
			p.pos++
			h, hset, err := p.classAtom()
			if err != nil {
				return nil, err
			}
			if hset != nil {
				return nil, &Error{"char-class value at end of range"}
			}
			if h < lo {
				return nil, &Error{"empty range in char class"}
			}
			hi = h
		}
		cur.ranges = append(cur.ranges, lo, hi)
	}
	if len(c.and) == 0 {
		cur.neg = c.neg
		return cur, nil
	}
	// [a&&b]: the first operand is the union, the others intersect it.
	c.ranges, c.tables, c.fns, c.subs = nil, nil, nil, []*class{c.and[0]}
	c.and = append(c.and[1:], cur)
	return c, nil
}

// classAtom reads one character of a class, or an escape that is a set.
func (p *parser) classAtom() (rune, *class, error) {
	r := p.next()
	if r != '\\' {
		return r, nil, nil
	}
	if p.eof() {
		return 0, nil, &Error{"end pattern at escape"}
	}
	e := p.next()
	if set, ok, err := p.classEscape(e); err != nil {
		return 0, nil, err
	} else if ok {
		return 0, set, nil
	}
	if e == 'b' {
		return '\b', nil, nil
	}
	v, err := p.charEscape(e)
	return v, nil, err
}
