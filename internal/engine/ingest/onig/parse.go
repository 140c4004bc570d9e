// Package onig is a backtracking matcher for the Oniguruma (Ruby) regular
// expression syntax that Joni, the engine behind OpenSearch's grok
// processor, compiles. Go's regexp is RE2: it has no atomic groups,
// possessive quantifiers, lookarounds or backreferences, and its \w, \d, \s
// and \b are ASCII only, so grok patterns (the built-in bank uses all of
// those) would match differently there. This matcher follows Joni's search
// order instead: leftmost start, then the first alternative and the greedy
// (or lazy) choice first, as a backtracking engine does.
//
// Supported: literals and escapes (\t \n \r \f \v \a \e \xHH \x{H..} \uHHHH
// \0oo), . (not newline unless (?m)), classes with ranges, negation, nested
// classes, && intersection and POSIX brackets, \w \W \d \D \s \S \h \H
// (Unicode, as Oniguruma with UTF-8), \p{Name} \P{Name} for Go's Unicode
// categories and scripts, ^ $ (line anchors, Ruby's) \A \z \Z \b \B,
// groups (capturing, named (?<n>..) and (?'n'..), non-capturing, atomic
// (?>..)), inline options (?imx-imx) and (?imx-imx:..), comments (?#..),
// lookahead (?=..) (?!..), fixed-length lookbehind (?<=..) (?<!..),
// quantifiers * + ? {n} {n,} {,m} {n,m} with lazy (?) and possessive (+)
// forms, backreferences \1..\9 and \k<name>. Anything else (subexpression
// calls \g, \K, conditionals, absent operator) is a compile error naming
// the construct, never a silent different match.
package onig

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

type kind uint8

const (
	kLit kind = iota
	kClass
	kAny
	kConcat
	kAlt
	kGroup  // capture when idx > 0, else non-capturing
	kAtomic // (?>..)
	kRepeat
	kLook // lookahead / lookbehind
	kAssert
	kBackref
	kEmpty
)

type assertKind uint8

const (
	aLineStart assertKind = iota
	aLineEnd
	aTextStart
	aTextEnd
	aTextEndNL
	aWord
	aNotWord
)

type node struct {
	k        kind
	r        rune // kLit
	fold     bool // case-insensitive literal / class
	cls      *class
	dotAll   bool // kAny: matches newline too
	subs     []*node
	idx      int // capture index (kGroup), backref index (kBackref)
	name     string
	min, max int // kRepeat, max < 0: unbounded
	greedy   bool
	poss     bool
	behind   bool // kLook
	neg      bool // kLook
	as       assertKind
	refName  string // kBackref by name, resolved after parsing
	backRefs []int  // kBackref by name: every group of that name
}

// Regexp is a compiled pattern; it is safe for concurrent use.
type Regexp struct {
	root   *node
	ncap   int
	names  []string // names[i] is group i's name ("" for unnamed), names[0] unused
	source string
}

// Error is a compile error, worded as Joni's ValueException/SyntaxException.
type Error struct{ Msg string }

// Error returns the message.
func (e *Error) Error() string { return e.Msg }

type parser struct {
	src    string
	pos    int
	ncap   int
	names  []string
	fold   bool
	dotAll bool
	ext    bool
	refs   []*node
}

// Compile parses pattern in the Ruby syntax Joni uses by default.
func Compile(pattern string) (*Regexp, error) {
	p := &parser{src: pattern, names: []string{""}}
	n, err := p.parseAlt()
	if err != nil {
		return nil, err
	}
	if p.pos < len(p.src) {
		return nil, &Error{"unmatched close parenthesis"}
	}
	for _, r := range p.refs {
		if r.refName != "" {
			for i, nm := range p.names {
				if nm == r.refName {
					r.backRefs = append(r.backRefs, i)
				}
			}
			if len(r.backRefs) == 0 {
				return nil, &Error{"undefined name <" + r.refName + "> reference"}
			}
		} else if r.idx > p.ncap {
			return nil, &Error{"invalid backref number/name"}
		}
	}
	if err := checkLookbehinds(n); err != nil {
		return nil, err
	}
	return &Regexp{root: n, ncap: p.ncap, names: p.names, source: pattern}, nil
}

// MustCompile is Compile for patterns known to be valid; it panics otherwise.
func MustCompile(pattern string) *Regexp {
	re, err := Compile(pattern)
	if err != nil {
		panic(fmt.Sprintf("onig: %q: %v", pattern, err))
	}
	return re
}

// NumGroups is the number of capturing groups.
func (re *Regexp) NumGroups() int { return re.ncap }

// GroupName is the name of group i ("" when unnamed).
func (re *Regexp) GroupName(i int) string { return re.names[i] }

// String is the source pattern.
func (re *Regexp) String() string { return re.source }

func (p *parser) eof() bool { return p.pos >= len(p.src) }

func (p *parser) peek() rune {
	r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
	return r
}

func (p *parser) next() rune {
	r, w := utf8.DecodeRuneInString(p.src[p.pos:])
	p.pos += w
	return r
}

func (p *parser) parseAlt() (*node, error) {
	var alts []*node
	for {
		c, err := p.parseConcat()
		if err != nil {
			return nil, err
		}
		alts = append(alts, c)
		if p.eof() || p.peek() != '|' {
			break
		}
		p.pos++
	}
	if len(alts) == 1 {
		return alts[0], nil
	}
	return &node{k: kAlt, subs: alts}, nil
}

func (p *parser) parseConcat() (*node, error) {
	var items []*node
	for !p.eof() {
		c := p.peek()
		if c == '|' || c == ')' {
			break
		}
		if p.ext && (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
			p.pos++
			continue
		}
		if p.ext && c == '#' {
			for !p.eof() && p.peek() != '\n' {
				p.pos++
			}
			continue
		}
		atom, err := p.parseAtom()
		if err != nil {
			return nil, err
		}
		if atom == nil { // an option switch such as (?i) or a comment
			continue
		}
		if atom, err = p.parseQuantifiers(atom); err != nil {
			return nil, err
		}
		items = append(items, atom)
	}
	if len(items) == 1 {
		return items[0], nil
	}
	if len(items) == 0 {
		return &node{k: kEmpty}, nil
	}
	return &node{k: kConcat, subs: items}, nil
}

// parseQuantifiers applies the quantifiers that follow an atom.
func (p *parser) parseQuantifiers(atom *node) (*node, error) {
	for !p.eof() {
		min, max := 0, 0
		start := p.pos
		switch p.peek() {
		case '*':
			min, max = 0, -1
			p.pos++
		case '+':
			min, max = 1, -1
			p.pos++
		case '?':
			min, max = 0, 1
			p.pos++
		case '{':
			lo, hi, ok := p.interval()
			if !ok {
				return atom, nil // not an interval: a literal '{' follows
			}
			min, max = lo, hi
		default:
			return atom, nil
		}
		if atom.k == kAssert || atom.k == kLook {
			return nil, &Error{"target of repeat operator is invalid"}
		}
		rep := &node{k: kRepeat, subs: []*node{atom}, min: min, max: max, greedy: true}
		if !p.eof() {
			switch p.peek() {
			case '?':
				rep.greedy = false
				p.pos++
			case '+':
				// Ruby syntax: ?+ *+ ++ are possessive; {n,m}+ is a repeat
				// of a repeat.
				if p.src[start] != '{' {
					rep.poss = true
					p.pos++
				}
			}
		}
		atom = rep
	}
	return atom, nil
}

// interval reads {n}, {n,}, {,m} or {n,m}; ok is false (and nothing is
// consumed) when the brace does not start one.
func (p *parser) interval() (lo, hi int, ok bool) {
	end := strings.IndexByte(p.src[p.pos:], '}')
	if end < 0 {
		return 0, 0, false
	}
	body := p.src[p.pos+1 : p.pos+end]
	num := func(s string) (int, bool) {
		if s == "" {
			return 0, false
		}
		for _, c := range s {
			if c < '0' || c > '9' {
				return 0, false
			}
		}
		n, err := strconv.Atoi(s)
		return n, err == nil && n <= 100000
	}
	a, b, comma := strings.Cut(body, ",")
	switch {
	case !comma:
		n, ok := num(a)
		if !ok {
			return 0, 0, false
		}
		lo, hi = n, n
	case a == "" && b == "":
		return 0, 0, false
	default:
		if a != "" {
			n, ok := num(a)
			if !ok {
				return 0, 0, false
			}
			lo = n
		}
		hi = -1
		if b != "" {
			n, ok := num(b)
			if !ok {
				return 0, 0, false
			}
			hi = n
		}
	}
	if hi >= 0 && lo > hi {
		return 0, 0, false
	}
	p.pos += end + 1
	return lo, hi, true
}

func (p *parser) lit(r rune) *node { return &node{k: kLit, r: r, fold: p.fold} }

func (p *parser) parseAtom() (*node, error) {
	c := p.next()
	switch c {
	case '(':
		return p.parseGroup()
	case '[':
		cls, err := p.parseClass()
		if err != nil {
			return nil, err
		}
		return &node{k: kClass, cls: cls, fold: p.fold}, nil
	case '.':
		return &node{k: kAny, dotAll: p.dotAll}, nil
	case '^':
		return &node{k: kAssert, as: aLineStart}, nil
	case '$':
		return &node{k: kAssert, as: aLineEnd}, nil
	case '\\':
		return p.parseEscape()
	case '*', '+', '?':
		return nil, &Error{"target of repeat operator is not specified"}
	}
	return p.lit(c), nil
}

func (p *parser) parseGroup() (*node, error) {
	if p.eof() {
		return nil, &Error{"end pattern with unmatched parenthesis"}
	}
	if p.peek() != '?' {
		p.ncap++
		idx := p.ncap
		p.names = append(p.names, "")
		return p.groupBody(&node{k: kGroup, idx: idx})
	}
	p.pos++
	if p.eof() {
		return nil, &Error{"end pattern in group"}
	}
	switch c := p.next(); c {
	case ':':
		return p.groupBody(&node{k: kGroup})
	case '>':
		return p.groupBody(&node{k: kAtomic})
	case '=', '!':
		return p.groupBody(&node{k: kLook, neg: c == '!'})
	case '#':
		end := strings.IndexByte(p.src[p.pos:], ')')
		if end < 0 {
			return nil, &Error{"end pattern in group"}
		}
		p.pos += end + 1
		return nil, nil
	case '<', '\'':
		if c == '<' && !p.eof() && (p.peek() == '=' || p.peek() == '!') {
			neg := p.next() == '!'
			return p.groupBody(&node{k: kLook, behind: true, neg: neg})
		}
		closer := byte('>')
		if c == '\'' {
			closer = '\''
		}
		end := strings.IndexByte(p.src[p.pos:], closer)
		if end <= 0 {
			return nil, &Error{"invalid group name <>"}
		}
		name := p.src[p.pos : p.pos+end]
		if strings.ContainsRune(name, ')') {
			return nil, &Error{"invalid group name <" + name + ">"}
		}
		if r, _ := utf8.DecodeRuneInString(name); r >= '0' && r <= '9' {
			return nil, &Error{"invalid group name <" + name + ">"}
		}
		p.pos += end + 1
		p.ncap++
		p.names = append(p.names, name)
		return p.groupBody(&node{k: kGroup, idx: p.ncap, name: name})
	case '(':
		return nil, &Error{"conditional patterns (?(cond)..) are not supported by clustersearch-fake"}
	case '~':
		return nil, &Error{"the absent operator (?~..) is not supported by clustersearch-fake"}
	default:
		p.pos -= utf8.RuneLen(c)
		return p.parseOptions()
	}
}

// parseOptions reads (?imx-imx) or (?imx-imx:...).
func (p *parser) parseOptions() (*node, error) {
	fold, dotAll, ext := p.fold, p.dotAll, p.ext
	on := true
	for !p.eof() {
		switch c := p.next(); c {
		case '-':
			on = false
		case 'i':
			fold = on
		case 'm':
			dotAll = on
		case 'x':
			ext = on
		case ')':
			p.fold, p.dotAll, p.ext = fold, dotAll, ext
			return nil, nil
		case ':':
			saved := [3]bool{p.fold, p.dotAll, p.ext}
			p.fold, p.dotAll, p.ext = fold, dotAll, ext
			n, err := p.groupBody(&node{k: kGroup})
			p.fold, p.dotAll, p.ext = saved[0], saved[1], saved[2]
			return n, err
		default:
			return nil, &Error{"undefined group option"}
		}
	}
	return nil, &Error{"end pattern in group"}
}

// groupBody parses up to the closing parenthesis; options set inside stay
// inside.
func (p *parser) groupBody(g *node) (*node, error) {
	saved := [3]bool{p.fold, p.dotAll, p.ext}
	sub, err := p.parseAlt()
	p.fold, p.dotAll, p.ext = saved[0], saved[1], saved[2]
	if err != nil {
		return nil, err
	}
	if p.eof() || p.peek() != ')' {
		return nil, &Error{"end pattern with unmatched parenthesis"}
	}
	p.pos++
	g.subs = []*node{sub}
	return g, nil
}

func (p *parser) parseEscape() (*node, error) {
	if p.eof() {
		return nil, &Error{"end pattern at escape"}
	}
	c := p.next()
	switch c {
	case 'A':
		return &node{k: kAssert, as: aTextStart}, nil
	case 'z':
		return &node{k: kAssert, as: aTextEnd}, nil
	case 'Z':
		return &node{k: kAssert, as: aTextEndNL}, nil
	case 'b':
		return &node{k: kAssert, as: aWord}, nil
	case 'B':
		return &node{k: kAssert, as: aNotWord}, nil
	case 'G':
		return nil, &Error{`\G is not supported by clustersearch-fake`}
	case 'K':
		return nil, &Error{`\K is not supported by clustersearch-fake`}
	case 'g':
		return nil, &Error{`subexpression calls \g are not supported by clustersearch-fake`}
	case 'k':
		if p.eof() || (p.peek() != '<' && p.peek() != '\'') {
			return nil, &Error{"invalid backref number/name"}
		}
		closer := byte('>')
		if p.next() == '\'' {
			closer = '\''
		}
		end := strings.IndexByte(p.src[p.pos:], closer)
		if end <= 0 {
			return nil, &Error{"invalid backref number/name"}
		}
		name := p.src[p.pos : p.pos+end]
		p.pos += end + 1
		if n, err := strconv.Atoi(name); err == nil && n > 0 {
			b := &node{k: kBackref, idx: n, fold: p.fold}
			p.refs = append(p.refs, b)
			return b, nil
		}
		b := &node{k: kBackref, refName: name, fold: p.fold}
		p.refs = append(p.refs, b)
		return b, nil
	}
	if c >= '1' && c <= '9' {
		n := int(c - '0')
		for !p.eof() && p.peek() >= '0' && p.peek() <= '9' && n*10+int(p.peek()-'0') <= p.ncap {
			n = n*10 + int(p.next()-'0')
		}
		b := &node{k: kBackref, idx: n, fold: p.fold}
		p.refs = append(p.refs, b)
		return b, nil
	}
	if cls, ok, err := p.classEscape(c); err != nil {
		return nil, err
	} else if ok {
		return &node{k: kClass, cls: cls, fold: p.fold}, nil
	}
	r, err := p.charEscape(c)
	if err != nil {
		return nil, err
	}
	return p.lit(r), nil
}

// charEscape decodes an escape that stands for one character (after the
// backslash and c were read).
func (p *parser) charEscape(c rune) (rune, error) {
	switch c {
	case 't':
		return '\t', nil
	case 'n':
		return '\n', nil
	case 'r':
		return '\r', nil
	case 'f':
		return '\f', nil
	case 'v':
		return '\v', nil
	case 'a':
		return 7, nil
	case 'e':
		return 27, nil
	case 'x':
		if !p.eof() && p.peek() == '{' {
			end := strings.IndexByte(p.src[p.pos:], '}')
			if end < 0 {
				return 0, &Error{"invalid code point value"}
			}
			v, err := strconv.ParseUint(p.src[p.pos+1:p.pos+end], 16, 32)
			if err != nil || v > unicode.MaxRune {
				return 0, &Error{"invalid code point value"}
			}
			p.pos += end + 1
			return rune(v), nil
		}
		return p.hexDigits(2), nil
	case 'u':
		v := p.hexDigits(4)
		return v, nil
	case '0':
		v := rune(0)
		for i := 0; i < 2 && !p.eof() && p.peek() >= '0' && p.peek() <= '7'; i++ {
			v = v*8 + (p.next() - '0')
		}
		return v, nil
	case 'c', 'C', 'M':
		return 0, &Error{"control and meta escapes are not supported by clustersearch-fake"}
	}
	return c, nil
}

func (p *parser) hexDigits(max int) rune {
	v := rune(0)
	for i := 0; i < max && !p.eof(); i++ {
		d := p.peek()
		var x rune
		switch {
		case d >= '0' && d <= '9':
			x = d - '0'
		case d >= 'a' && d <= 'f':
			x = d - 'a' + 10
		case d >= 'A' && d <= 'F':
			x = d - 'A' + 10
		default:
			return v
		}
		v = v*16 + x
		p.pos++
	}
	return v
}

// checkLookbehinds rejects a lookbehind whose body is not of a fixed length
// (an alternation of fixed lengths is allowed), as Oniguruma does.
func checkLookbehinds(n *node) error {
	if n.k == kLook && n.behind {
		if _, ok := fixedLengths(n.subs[0], true); !ok {
			return &Error{"invalid pattern in look-behind"}
		}
	}
	for _, s := range n.subs {
		if err := checkLookbehinds(s); err != nil {
			return err
		}
	}
	return nil
}

// fixedLengths is the set of lengths, in characters, n can match; ok is
// false when that set is not finite and small (top allows alternatives of
// different lengths, as a lookbehind's top level may).
func fixedLengths(n *node, top bool) ([]int, bool) {
	switch n.k {
	case kLit, kClass, kAny:
		return []int{1}, true
	case kEmpty, kAssert, kLook:
		return []int{0}, true
	case kGroup, kAtomic:
		return fixedLengths(n.subs[0], top)
	case kConcat:
		total := 0
		for _, s := range n.subs {
			l, ok := fixedLengths(s, false)
			if !ok || len(l) != 1 {
				return nil, false
			}
			total += l[0]
		}
		return []int{total}, true
	case kAlt:
		var out []int
		seen := map[int]bool{}
		for _, s := range n.subs {
			l, ok := fixedLengths(s, top)
			if !ok {
				return nil, false
			}
			for _, x := range l {
				if !seen[x] {
					seen[x] = true
					out = append(out, x)
				}
			}
		}
		if len(out) > 1 && !top {
			return nil, false
		}
		return out, true
	case kRepeat:
		if n.max != n.min {
			return nil, false
		}
		l, ok := fixedLengths(n.subs[0], false)
		if !ok || len(l) != 1 {
			return nil, false
		}
		return []int{l[0] * n.min}, true
	}
	return nil, false
}
