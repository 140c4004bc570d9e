package onig

import (
	"errors"
	"unicode"
	"unicode/utf8"
)

// ErrInterrupted is returned when a search takes more backtracking steps
// than its budget allows: OpenSearch's grok watchdog interrupts a match
// that runs too long in the same way.
var ErrInterrupted = errors.New("onig: match interrupted")

// DefaultBudget is the number of backtracking steps a search may take.
const DefaultBudget = 5_000_000

// maxDepth bounds the matcher's recursion (each nested construct still
// pending adds a level), so a huge input cannot exhaust the goroutine
// stack; a search that would go deeper fails as interrupted.
const maxDepth = 100_000

type matcher struct {
	re     *Regexp
	s      string
	caps   []int // 2 per group: start, end (-1 unset)
	steps  int
	budget int
	depth  int
}

// Find searches s for the leftmost match, as Joni's Matcher.search does, and
// returns the group offsets (byte offsets, -1 for a group that did not
// take part; pairs, group 0 first) or nil when nothing matches.
func (re *Regexp) Find(s string) ([]int, error) { return re.FindBudget(s, DefaultBudget) }

// FindBudget is Find with a step budget.
func (re *Regexp) FindBudget(s string, budget int) ([]int, error) {
	m := &matcher{re: re, s: s, caps: make([]int, 2*(re.ncap+1)), budget: budget}
	for start := 0; start <= len(s); {
		for i := range m.caps {
			m.caps[i] = -1
		}
		end := -1
		if m.match(re.root, start, func(e int) bool { end = e; return true }) {
			m.caps[0], m.caps[1] = start, end
			return m.caps, nil
		}
		if m.steps > m.budget {
			return nil, ErrInterrupted
		}
		if start == len(s) {
			break
		}
		_, w := utf8.DecodeRuneInString(s[start:])
		start += w
	}
	return nil, nil
}

// match tries n at pos and calls k with the end position of each way n
// matches, in priority order, until k accepts one.
func (m *matcher) match(n *node, pos int, k func(int) bool) bool {
	m.steps++
	if m.steps > m.budget {
		return false
	}
	if m.depth >= maxDepth {
		m.steps = m.budget + 1 // too deep: give up as the watchdog would
		return false
	}
	m.depth++
	ok := m.matchNode(n, pos, k)
	m.depth--
	return ok
}

func (m *matcher) matchNode(n *node, pos int, k func(int) bool) bool {
	switch n.k {
	case kEmpty:
		return k(pos)
	case kLit:
		r, w := utf8.DecodeRuneInString(m.s[pos:])
		if w == 0 || !(r == n.r || (n.fold && foldEq(r, n.r))) {
			return false
		}
		return k(pos + w)
	case kClass:
		r, w := utf8.DecodeRuneInString(m.s[pos:])
		if w == 0 || !n.cls.matches(r, n.fold) {
			return false
		}
		return k(pos + w)
	case kAny:
		r, w := utf8.DecodeRuneInString(m.s[pos:])
		if w == 0 || (r == '\n' && !n.dotAll) {
			return false
		}
		return k(pos + w)
	case kConcat:
		return m.concat(n.subs, pos, k)
	case kAlt:
		for _, s := range n.subs {
			if m.match(s, pos, k) {
				return true
			}
			if m.steps > m.budget {
				return false
			}
		}
		return false
	case kGroup:
		if n.idx == 0 {
			return m.match(n.subs[0], pos, k)
		}
		i := 2 * n.idx
		oldS, oldE := m.caps[i], m.caps[i+1]
		if m.match(n.subs[0], pos, func(e int) bool {
			ps, pe := m.caps[i], m.caps[i+1]
			m.caps[i], m.caps[i+1] = pos, e
			if k(e) {
				return true
			}
			m.caps[i], m.caps[i+1] = ps, pe
			return false
		}) {
			return true
		}
		m.caps[i], m.caps[i+1] = oldS, oldE
		return false
	case kAtomic:
		end, ok := m.once(n.subs[0], pos)
		return ok && k(end)
	case kLook:
		return m.look(n, pos, k)
	case kAssert:
		return m.assert(n.as, pos) && k(pos)
	case kBackref:
		return m.backref(n, pos, k)
	case kRepeat:
		if n.poss {
			end, ok := m.once(&node{k: kRepeat, subs: n.subs, min: n.min, max: n.max, greedy: true}, pos)
			return ok && k(end)
		}
		if isSingleChar(n.subs[0]) {
			return m.repeatChars(n, pos, k)
		}
		return m.repeat(n, 0, pos, k)
	}
	return false
}

func isSingleChar(n *node) bool { return n.k == kLit || n.k == kClass || n.k == kAny }

// oneChar matches a single-character node at pos: the end, or -1.
func (m *matcher) oneChar(n *node, pos int) int {
	r, w := utf8.DecodeRuneInString(m.s[pos:])
	if w == 0 {
		return -1
	}
	switch n.k {
	case kLit:
		if r == n.r || (n.fold && foldEq(r, n.r)) {
			return pos + w
		}
	case kClass:
		if n.cls.matches(r, n.fold) {
			return pos + w
		}
	case kAny:
		if r != '\n' || n.dotAll {
			return pos + w
		}
	}
	return -1
}

// repeatChars is repeat for a one-character body (.*, \S+, [^"]*?...),
// iteratively: the same choices in the same order, without a stack frame
// per character.
func (m *matcher) repeatChars(n *node, pos int, k func(int) bool) bool {
	body := n.subs[0]
	if !n.greedy {
		for count := 0; ; count++ {
			if count >= n.min && k(pos) {
				return true
			}
			if m.steps++; m.steps > m.budget || (n.max >= 0 && count >= n.max) {
				return false
			}
			if pos = m.oneChar(body, pos); pos < 0 {
				return false
			}
		}
	}
	ends := []int{pos}
	for n.max < 0 || len(ends)-1 < n.max {
		next := m.oneChar(body, ends[len(ends)-1])
		if next < 0 {
			break
		}
		ends = append(ends, next)
	}
	m.steps += len(ends)
	for i := len(ends) - 1; i >= n.min; i-- {
		if m.steps++; m.steps > m.budget {
			return false
		}
		if k(ends[i]) {
			return true
		}
	}
	return false
}

func (m *matcher) concat(subs []*node, pos int, k func(int) bool) bool {
	if len(subs) == 0 {
		return k(pos)
	}
	return m.match(subs[0], pos, func(e int) bool { return m.concat(subs[1:], e, k) })
}

// once matches n at pos, keeping its first way only (atomic groups,
// possessive quantifiers, lookarounds); the captures it set stay set.
func (m *matcher) once(n *node, pos int) (int, bool) {
	end := -1
	var kept []int
	ok := m.match(n, pos, func(e int) bool {
		end = e
		kept = append(kept[:0], m.caps...)
		return true
	})
	if ok {
		copy(m.caps, kept)
	}
	return end, ok
}

// repeat matches the count-th and later iterations of n's body from pos (an
// empty iteration ends the loop, as Oniguruma's empty-check does).
func (m *matcher) repeat(n *node, count, pos int, k func(int) bool) bool {
	body := n.subs[0]
	canMore := n.max < 0 || count < n.max
	more := func() bool {
		if !canMore {
			return false
		}
		return m.match(body, pos, func(e int) bool {
			if e == pos && count+1 >= n.min {
				return k(e) // an empty iteration ends the loop
			}
			return m.repeat(n, count+1, e, k)
		})
	}
	if count < n.min {
		return more()
	}
	if n.greedy {
		if more() {
			return true
		}
		if m.steps > m.budget {
			return false
		}
		return k(pos)
	}
	if k(pos) {
		return true
	}
	if m.steps > m.budget {
		return false
	}
	return more()
}

func (m *matcher) look(n *node, pos int, k func(int) bool) bool {
	saved := append([]int(nil), m.caps...)
	var ok bool
	if !n.behind {
		_, ok = m.once(n.subs[0], pos)
	} else {
		lens, _ := fixedLengths(n.subs[0], true)
		for _, l := range lens {
			start, good := back(m.s, pos, l)
			if !good {
				continue
			}
			if m.match(n.subs[0], start, func(e int) bool { return e == pos }) {
				ok = true
				break
			}
		}
	}
	if n.neg {
		copy(m.caps, saved) // a negative lookaround leaves no captures
		return !ok && k(pos)
	}
	if !ok {
		copy(m.caps, saved)
		return false
	}
	if k(pos) {
		return true
	}
	copy(m.caps, saved)
	return false
}

// back steps l characters back from pos.
func back(s string, pos, l int) (int, bool) {
	for ; l > 0; l-- {
		if pos == 0 {
			return 0, false
		}
		_, w := utf8.DecodeLastRuneInString(s[:pos])
		pos -= w
	}
	return pos, true
}

func (m *matcher) assert(a assertKind, pos int) bool {
	s := m.s
	switch a {
	case aTextStart:
		return pos == 0
	case aTextEnd:
		return pos == len(s)
	case aTextEndNL:
		return pos == len(s) || (pos == len(s)-1 && s[pos] == '\n')
	case aLineStart:
		return pos == 0 || (s[pos-1] == '\n' && pos < len(s))
	case aLineEnd:
		return pos == len(s) || s[pos] == '\n'
	case aWord, aNotWord:
		before, after := false, false
		if pos > 0 {
			r, _ := utf8.DecodeLastRuneInString(s[:pos])
			before = isWord(r)
		}
		if pos < len(s) {
			r, _ := utf8.DecodeRuneInString(s[pos:])
			after = isWord(r)
		}
		return (before != after) == (a == aWord)
	}
	return false
}

func (m *matcher) backref(n *node, pos int, k func(int) bool) bool {
	groups := n.backRefs
	if n.refName == "" {
		groups = []int{n.idx}
	}
	// A name used by several groups refers to the last one that matched.
	for gi := len(groups) - 1; gi >= 0; gi-- {
		g := groups[gi]
		st, en := m.caps[2*g], m.caps[2*g+1]
		if st < 0 {
			continue
		}
		want := m.s[st:en]
		if n.fold {
			end, ok := foldPrefix(m.s[pos:], want)
			return ok && k(pos+end)
		}
		if len(m.s)-pos < len(want) || m.s[pos:pos+len(want)] != want {
			return false
		}
		return k(pos + len(want))
	}
	return false // a backreference to a group that did not match fails
}

func foldEq(a, b rune) bool {
	if a == b {
		return true
	}
	for f := unicode.SimpleFold(a); f != a; f = unicode.SimpleFold(f) {
		if f == b {
			return true
		}
	}
	return false
}

// foldPrefix reports whether s starts with want ignoring case, and where that
// prefix ends.
func foldPrefix(s, want string) (int, bool) {
	i := 0
	for _, w := range want {
		if i >= len(s) {
			return 0, false
		}
		r, sz := utf8.DecodeRuneInString(s[i:])
		if !foldEq(r, w) {
			return 0, false
		}
		i += sz
	}
	return i, true
}
