package querystring

import (
	"strconv"
	"strings"
)

// Token kinds, numbered as in Lucene's QueryParserConstants: error messages
// list expected tokens in this order.
const (
	kEOF          = 0
	kAND          = 8
	kOR           = 9
	kNOT          = 10
	kPLUS         = 11
	kMINUS        = 12
	kBAREOPER     = 13
	kLPAREN       = 14
	kRPAREN       = 15
	kCOLON        = 16
	kSTAR         = 17
	kCARAT        = 18
	kQUOTED       = 19
	kTERM         = 20
	kFUZZYSLOP    = 21
	kPREFIXTERM   = 22
	kWILDTERM     = 23
	kREGEXPTERM   = 24
	kRANGEINSTART = 25
	kRANGEEXSTART = 26
	kNUMBER       = 27
	kRANGETO      = 28
	kRANGEINEND   = 29
	kRANGEEXEND   = 30
	kRANGEQUOTED  = 31
	kRANGEGOOP    = 32
)

// tokenImage is Lucene's tokenImage table (what messages print per kind).
var tokenImage = [...]string{
	kEOF: "<EOF>", kAND: "<AND>", kOR: "<OR>", kNOT: "<NOT>", kPLUS: `"+"`, kMINUS: `"-"`,
	kBAREOPER: "<BAREOPER>", kLPAREN: `"("`, kRPAREN: `")"`, kCOLON: `":"`, kSTAR: `"*"`,
	kCARAT: `"^"`, kQUOTED: "<QUOTED>", kTERM: "<TERM>", kFUZZYSLOP: "<FUZZY_SLOP>",
	kPREFIXTERM: "<PREFIXTERM>", kWILDTERM: "<WILDTERM>", kREGEXPTERM: "<REGEXPTERM>",
	kRANGEINSTART: `"["`, kRANGEEXSTART: `"{"`, kNUMBER: "<NUMBER>", kRANGETO: `"TO"`,
	kRANGEINEND: `"]"`, kRANGEEXEND: `"}"`, kRANGEQUOTED: "<RANGE_QUOTED>", kRANGEGOOP: "<RANGE_GOOP>",
}

// Lexical states.
const (
	stDefault = iota
	stRange
	stBoost
)

type token struct {
	kind  int
	image string
	col   int // 0-based character offset, as Lucene's FastCharStream reports
}

// lexer is the JavaCC token manager of the classic query parser, over
// runes (Java chars beyond the BMP count twice in columns).
type lexer struct {
	src   []rune
	pos   int
	state int
	// cols maps a rune index to its UTF-16 offset.
	cols []int
}

func newLexer(q string) *lexer {
	src := []rune(q)
	cols := make([]int, len(src)+1)
	c := 0
	for i, r := range src {
		cols[i] = c
		if r > 0xFFFF {
			c += 2
		} else {
			c++
		}
	}
	cols[len(src)] = c
	return &lexer{src: src, cols: cols}
}

func isWhitespace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\u3000'
}

// isTermStart reports a _TERM_START_CHAR that is not an escape.
func isTermStart(r rune) bool {
	if isWhitespace(r) {
		return false
	}
	switch r {
	case '+', '-', '!', '(', ')', ':', '^', '[', ']', '"', '{', '}', '~', '*', '?', '\\', '/':
		return false
	}
	return true
}

// lexError is JavaCC's TokenMgrError.
type lexError struct{ msg string }

// next returns the next token in the current lexical state.
func (l *lexer) next() (token, *lexError) {
	for l.pos < len(l.src) && isWhitespace(l.src[l.pos]) {
		// In the Range state a tab starts RANGE_GOOP, which is longer.
		if l.state == stRange && l.src[l.pos] != ' ' && l.goopLen(l.pos) > 1 {
			break
		}
		l.pos++
	}
	if l.pos >= len(l.src) {
		return token{kind: kEOF, col: l.cols[len(l.src)]}, nil
	}
	start := l.pos
	kind, n, err := l.match(start)
	if err != nil {
		return token{}, err
	}
	l.pos = start + n
	t := token{kind: kind, image: string(l.src[start : start+n]), col: l.cols[start]}
	switch kind {
	case kCARAT:
		l.state = stBoost
	case kNUMBER, kRANGEINEND, kRANGEEXEND:
		l.state = stDefault
	case kRANGEINSTART, kRANGEEXSTART:
		l.state = stRange
	}
	return t, nil
}

// match finds the longest token at start (ties go to the kind declared
// first in Lucene's grammar).
func (l *lexer) match(start int) (kind, n int, err *lexError) {
	s := l.src
	switch l.state {
	case stBoost:
		if n := numberLen(s, start); n > 0 {
			return kNUMBER, n, nil
		}
		return 0, 0, l.lexicalError(start, start)
	case stRange:
		if s[start] == ']' {
			return kRANGEINEND, 1, nil
		}
		if s[start] == '}' {
			return kRANGEEXEND, 1, nil
		}
		best, bestKind := 0, 0
		if s[start] == '"' {
			// "\"" (~["\""] | "\\\"")+ "\""
			i := start + 1
			for i < len(s) && s[i] != '"' {
				if s[i] == '\\' && i+1 < len(s) && s[i+1] == '"' {
					i += 2
					continue
				}
				i++
			}
			if i < len(s) && i > start+1 {
				best, bestKind = i+1-start, kRANGEQUOTED
			}
		}
		if g := l.goopLen(start); g > best {
			best, bestKind = g, kRANGEGOOP
		}
		if best == 2 && s[start] == 'T' && s[start+1] == 'O' {
			bestKind = kRANGETO
		}
		if best == 0 {
			return 0, 0, l.lexicalError(start, start)
		}
		return bestKind, best, nil
	}
	c := s[start]
	// Candidates in declaration order; a later one wins only if longer.
	bestKind, bestN := 0, 0
	add := func(kind, n int) {
		if n > bestN {
			bestKind, bestN = kind, n
		}
	}
	add(kAND, max(l.lit(start, "AND"), l.lit(start, "&&")))
	add(kOR, max(l.lit(start, "OR"), l.lit(start, "||")))
	add(kNOT, max(l.lit(start, "NOT"), l.lit(start, "!")))
	switch c {
	case '+':
		add(kPLUS, 1)
	case '-':
		add(kMINUS, 1)
	}
	if (c == '+' || c == '-' || c == '!') && start+1 < len(s) && isWhitespace(s[start+1]) {
		add(kBAREOPER, 2)
	}
	switch c {
	case '(':
		add(kLPAREN, 1)
	case ')':
		add(kRPAREN, 1)
	case ':':
		add(kCOLON, 1)
	case '*':
		add(kSTAR, 1)
	case '^':
		add(kCARAT, 1)
	case '"':
		add(kQUOTED, quotedLen(s, start))
	}
	termN, termOK := termLen(s, start)
	if termOK {
		add(kTERM, termN)
	}
	add(kFUZZYSLOP, fuzzySlopLen(s, start))
	// PREFIXTERM: "*" | TERM "*"
	if c == '*' {
		add(kPREFIXTERM, 1)
	} else if termOK && start+termN < len(s) && s[start+termN] == '*' {
		add(kPREFIXTERM, termN+1)
	}
	add(kWILDTERM, wildLen(s, start))
	add(kREGEXPTERM, regexpLen(s, start))
	switch c {
	case '[':
		add(kRANGEINSTART, 1)
	case '{':
		add(kRANGEEXSTART, 1)
	}
	best := struct{ kind, n int }{bestKind, bestN}
	if best.n == 0 {
		return 0, 0, l.lexicalError(start, l.failPos(start))
	}
	return best.kind, best.n, nil
}

// lit returns len(w) if the runes at start spell w, else 0.
func (l *lexer) lit(start int, w string) int {
	i := start
	for _, r := range w {
		if i >= len(l.src) || l.src[i] != r {
			return 0
		}
		i++
	}
	return i - start
}

// failPos is how far the token manager read before giving up at start: to
// the end for an unterminated quote, regexp or trailing escape.
func (l *lexer) failPos(start int) int {
	s := l.src
	switch s[start] {
	case '"', '/':
		return len(s)
	case '\\':
		if start+1 >= len(s) {
			return len(s)
		}
	}
	return start
}

// lexicalError renders TokenMgrError.LexicalError for a failure at bad (or
// at the end of input when bad == len).
func (l *lexer) lexicalError(start, bad int) *lexError {
	if bad >= len(l.src) {
		after := ""
		if len(l.src)-start > 1 {
			after = string(l.src[start:])
		}
		return &lexError{"Lexical error at line 1, column " + strconv.Itoa(l.cols[len(l.src)]+1) + ".  Encountered: <EOF> after : \"" + addEscapes(after) + "\""}
	}
	r := l.src[bad]
	return &lexError{"Lexical error at line 1, column " + strconv.Itoa(l.cols[bad]+1) + ".  Encountered: \"" + addEscapes(string(r)) + "\" (" + strconv.Itoa(int(r)) + "), after : \"" + addEscapes(string(l.src[start:bad])) + "\""}
}

// addEscapes is JavaCC's addEscapes.
func addEscapes(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\b':
			b.WriteString(`\b`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\f':
			b.WriteString(`\f`)
		case '\r':
			b.WriteString(`\r`)
		case '"':
			b.WriteString(`\"`)
		case '\'':
			b.WriteString(`\'`)
		case '\\':
			b.WriteString(`\\`)
		default:
			if r < 0x20 || r > 0x7e {
				for _, u := range utf16Units(r) {
					h := strconv.FormatInt(int64(u), 16)
					b.WriteString(`\u` + strings.Repeat("0", 4-len(h)) + h)
				}
			} else {
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}

func utf16Units(r rune) []rune {
	if r > 0xFFFF {
		r -= 0x10000
		return []rune{0xD800 + (r >> 10), 0xDC00 + (r & 0x3FF)}
	}
	return []rune{r}
}

// termLen matches <_TERM_START_CHAR> (<_TERM_CHAR>)*.
func termLen(s []rune, i int) (int, bool) {
	start := i
	first := true
	for i < len(s) {
		r := s[i]
		switch {
		case r == '\\':
			if i+1 >= len(s) {
				return i - start, i > start
			}
			i += 2
		case isTermStart(r) || (!first && (r == '-' || r == '+')):
			i++
		default:
			return i - start, i > start
		}
		first = false
	}
	return i - start, i > start
}

// wildLen matches (<_TERM_START_CHAR> | [*?]) (<_TERM_CHAR> | [*?])*.
func wildLen(s []rune, i int) int {
	start := i
	first := true
	for i < len(s) {
		r := s[i]
		switch {
		case r == '\\':
			if i+1 >= len(s) {
				return i - start
			}
			i += 2
		case isTermStart(r) || r == '*' || r == '?' || (!first && (r == '-' || r == '+')):
			i++
		default:
			return i - start
		}
		first = false
	}
	return i - start
}

// quotedLen matches "\"" (<_QUOTED_CHAR>)* "\"".
func quotedLen(s []rune, i int) int {
	if s[i] != '"' {
		return 0
	}
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			return j + 1 - i
		}
	}
	return 0
}

// regexpLen matches "/" (~["/"] | "\\/")* "/".
func regexpLen(s []rune, i int) int {
	if s[i] != '/' {
		return 0
	}
	for j := i + 1; j < len(s); j++ {
		if s[j] == '\\' && j+1 < len(s) && s[j+1] == '/' {
			j++
			continue
		}
		if s[j] == '/' {
			return j + 1 - i
		}
	}
	return 0
}

// fuzzySlopLen matches "~" ((<_NUM_CHAR>)+ ("." (<_NUM_CHAR>)+)?)?.
func fuzzySlopLen(s []rune, i int) int {
	if s[i] != '~' {
		return 0
	}
	return 1 + numberLen(s, i+1)
}

// numberLen matches (<_NUM_CHAR>)+ ("." (<_NUM_CHAR>)+)?.
func numberLen(s []rune, i int) int {
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == i {
		return 0
	}
	if j+1 < len(s) && s[j] == '.' && s[j+1] >= '0' && s[j+1] <= '9' {
		j++
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
	}
	return j - i
}

// goopLen matches RANGE_GOOP: (~[" ", "]", "}"])+.
func (l *lexer) goopLen(i int) int {
	j := i
	for j < len(l.src) && l.src[j] != ' ' && l.src[j] != ']' && l.src[j] != '}' {
		j++
	}
	return j - i
}
