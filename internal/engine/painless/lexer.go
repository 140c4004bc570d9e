package painless

import "strings"

// tokKind classifies a token.
type tokKind uint8

const (
	tEOF tokKind = iota
	tIdent
	tType // an identifier naming a whitelisted (or known) type: decides casts as Painless's lexer does
	tInt
	tFloat // decimal literal
	tString
	tOp      // punctuation and operators, text in tok.text
	tKeyword // reserved words, text in tok.text
)

// token is one lexeme; pos and end are byte offsets into the source.
type token struct {
	kind tokKind
	text string // source text (for strings: the unescaped value)
	src  string // source text as written
	pos  int
	end  int
}

var keywords = map[string]bool{
	"if": true, "else": true, "while": true, "do": true, "for": true, "in": true,
	"continue": true, "break": true, "return": true, "new": true, "try": true,
	"catch": true, "throw": true, "this": true, "instanceof": true, "true": true,
	"false": true, "null": true, "def": true,
}

// operators, longest first so the lexer takes the longest match.
var operators = []string{
	">>>=", "===", "!==", ">>>", "<<=", ">>=", "==~",
	"?.", "?:", "::", "->", "++", "--", "&&", "||", "==", "!=", "<=", ">=", "<<", ">>",
	"+=", "-=", "*=", "/=", "%=", "&=", "^=", "|=", "=~",
	"{", "}", "[", "]", "(", ")", ".", ",", ";", ":", "?", "!", "~", "*", "/", "%",
	"+", "-", "<", ">", "=", "&", "^", "|",
}

// lex splits src into tokens. A lexing problem is a compile error at its offset.
func lex(src string) ([]token, *compileErr) {
	toks := make([]token, 0, len(src)/3+1)
	i := 0
	afterDot := false
	for {
		// skip blanks and comments
		for i < len(src) {
			c := src[i]
			if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' {
				i++
				continue
			}
			if c == '/' && i+1 < len(src) && src[i+1] == '/' {
				for i < len(src) && src[i] != '\n' && src[i] != '\r' {
					i++
				}
				continue
			}
			if c == '/' && i+1 < len(src) && src[i+1] == '*' {
				end := strings.Index(src[i+2:], "*/")
				if end < 0 {
					return nil, errAt(i, "unexpected character [/].")
				}
				i += end + 4
				continue
			}
			break
		}
		if i >= len(src) {
			toks = append(toks, token{kind: tEOF, pos: len(src), end: len(src)})
			for j := range toks {
				toks[j].src = src[toks[j].pos:toks[j].end]
			}
			return toks, nil
		}
		start := i
		c := src[i]
		switch {
		case isIdentStart(c):
			for i < len(src) && isIdentPart(src[i]) {
				i++
			}
			word := src[start:i]
			kind := tIdent
			if !afterDot {
				if keywords[word] {
					kind = tKeyword
				} else if isTypeName(word) {
					kind = tType
				}
			}
			toks = append(toks, token{kind: kind, text: word, pos: start, end: i})
			afterDot = false
		case c >= '0' && c <= '9':
			if afterDot { // list.0 is a field named "0"
				for i < len(src) && src[i] >= '0' && src[i] <= '9' {
					i++
				}
				toks = append(toks, token{kind: tIdent, text: src[start:i], pos: start, end: i})
				afterDot = false
				continue
			}
			kind, end, err := lexNumber(src, i)
			if err != nil {
				return nil, err
			}
			i = end
			toks = append(toks, token{kind: kind, text: src[start:i], pos: start, end: i})
		case c == '\'' || c == '"':
			s, end, err := lexString(src, i)
			if err != nil {
				return nil, err
			}
			i = end
			toks = append(toks, token{kind: tString, text: s, pos: start, end: i})
		default:
			if c == '/' && !endsValue(toks) {
				return nil, unsupportedAt(start, "regex literals")
			}
			op := ""
			for _, o := range operators {
				if strings.HasPrefix(src[i:], o) {
					op = o
					break
				}
			}
			if op == "" {
				return nil, errAt(start, "unexpected character ["+charAt(src, start)+"].")
			}
			i += len(op)
			toks = append(toks, token{kind: tOp, text: op, pos: start, end: i})
			afterDot = op == "." || op == "?."
			continue
		}
		afterDot = false
	}
}

func charAt(src string, i int) string {
	for j := i + 1; j <= len(src); j++ {
		if j == len(src) || src[j]&0xC0 != 0x80 {
			return src[i:j]
		}
	}
	return src[i:]
}

// endsValue reports whether the previous token can end an expression, which makes a
// following '/' a division rather than the start of a regex literal (Painless's rule).
func endsValue(toks []token) bool {
	if len(toks) == 0 {
		return false
	}
	t := toks[len(toks)-1]
	switch t.kind {
	case tIdent, tType, tInt, tFloat, tString:
		return true
	case tKeyword:
		return t.text == "true" || t.text == "false" || t.text == "null" || t.text == "this"
	case tOp:
		return t.text == ")" || t.text == "]" || t.text == "++" || t.text == "--"
	}
	return false
}

func isIdentStart(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func isIdentPart(c byte) bool { return isIdentStart(c) || (c >= '0' && c <= '9') }

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

// lexNumber scans an integer (decimal, hex, octal; suffix l/L, f/F, d/D) or a decimal
// literal starting at i.
func lexNumber(src string, i int) (tokKind, int, *compileErr) {
	start := i
	if src[i] == '0' && i+1 < len(src) && (src[i+1] == 'x' || src[i+1] == 'X') {
		i += 2
		for i < len(src) && isHex(src[i]) {
			i++
		}
		if i == start+2 {
			return 0, 0, errAt(start, "unexpected character [x].")
		}
		if i < len(src) && (src[i] == 'l' || src[i] == 'L') {
			i++
		}
		return tInt, i, nil
	}
	for i < len(src) && src[i] >= '0' && src[i] <= '9' {
		i++
	}
	kind := tInt
	if i+1 < len(src) && src[i] == '.' && src[i+1] >= '0' && src[i+1] <= '9' {
		kind = tFloat
		i++
		for i < len(src) && src[i] >= '0' && src[i] <= '9' {
			i++
		}
	}
	if i < len(src) && (src[i] == 'e' || src[i] == 'E') {
		j := i + 1
		if j < len(src) && (src[j] == '+' || src[j] == '-') {
			j++
		}
		if j < len(src) && src[j] >= '0' && src[j] <= '9' {
			kind = tFloat
			i = j
			for i < len(src) && src[i] >= '0' && src[i] <= '9' {
				i++
			}
		}
	}
	if i < len(src) {
		switch src[i] {
		case 'l', 'L':
			if kind == tInt {
				i++
			}
		case 'f', 'F', 'd', 'D':
			i++
		}
	}
	if i < len(src) && isIdentPart(src[i]) {
		return 0, 0, errAt(i, "unexpected character ["+charAt(src, i)+"].")
	}
	return kind, i, nil
}

// lexString scans a quoted string. Painless knows only two escapes: \\ and the escaped
// delimiter; anything else after a backslash does not lex.
func lexString(src string, i int) (string, int, *compileErr) {
	q := src[i]
	start := i
	i++
	var b strings.Builder
	plain := true
	from := i
	for i < len(src) {
		c := src[i]
		if c == q {
			if plain {
				return src[from:i], i + 1, nil
			}
			return b.String(), i + 1, nil
		}
		if c == '\\' {
			if i+1 < len(src) && (src[i+1] == '\\' || src[i+1] == q) {
				if plain {
					b.WriteString(src[from:i])
					plain = false
				}
				b.WriteByte(src[i+1])
				i += 2
				continue
			}
			// EnhancedPainlessLexer shows the text up to the failing character and, after a
			// backslash, the escapes a string has
			end := min(i+2, len(src))
			return "", 0, errAt(start, "unexpected character ["+errorDisplay(src[start:end])+"]. The only valid escape sequences in strings starting with ["+string(q)+"] are [\\\\] and [\\"+string(q)+"].")
		}
		if !plain {
			b.WriteByte(c)
		}
		i++
	}
	return "", 0, errAt(start, "unexpected character ["+errorDisplay(src[start:])+"].")
}
