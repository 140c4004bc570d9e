package xcontent

import (
	"bytes"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// MaxDepth is the deepest nesting accepted, Jackson's StreamReadConstraints
// default that OpenSearch 2.x keeps.
const MaxDepth = 1000

// Parse reads the first JSON value of data. Like OpenSearch, which stops
// reading a request body once its root object is closed, it ignores whatever
// follows that value. Empty input (only whitespace or comments) gives a
// parse_exception "request body is required".
func Parse(data []byte) (*Value, error) {
	v, _, err := ParsePrefix(data)
	return v, err
}

// ParsePrefix reads the first JSON value of data and also returns how many
// bytes it consumed, for callers that read several values (NDJSON lines) or
// want to reject trailing content themselves.
func ParsePrefix(data []byte) (*Value, int, error) {
	// One copy of the input backs every unescaped string and number, so
	// reading a body costs one allocation per container, not per token.
	p := &parser{data: data, text: string(data), line: 1}
	var nm, ni int
	p.counts, nm, ni = precount(data, p.cbuf[:0])
	if nm > 0 {
		p.mslab = make([]Member, nm)
	}
	if ni > 0 {
		p.vslab = make([]Value, ni)
	}
	p.skipSpace()
	if p.err != nil {
		return nil, 0, p.err
	}
	if p.pos >= len(p.data) {
		return nil, 0, &Error{Type: "parse_exception", Reason: "request body is required", Status: 400}
	}
	v := p.value(0)
	if p.err != nil {
		return nil, 0, p.err
	}
	return &v, p.pos, nil
}

// parser is a recursive-descent reader over bytes; the first error stops it.
type parser struct {
	data      []byte
	text      string // the same bytes as data, for allocation-free substrings
	pos       int
	line      int
	lineStart int
	err       *Error
	// counts holds each container's number of children, in opening order,
	// from a quick pre-pass; next is the next container to open. Containers
	// take exactly sized slices from the slabs, so a body costs a handful of
	// allocations and children are written in place. A miscount (only
	// possible in malformed input) falls back to append.
	counts []int32
	next   int
	mslab  []Member
	vslab  []Value
	cbuf   [32]int32
}

// col is the 1-based byte column of offset off on the current line.
func (p *parser) col(off int) int { return off - p.lineStart + 1 }

// fail records a Jackson error located after the byte at p.pos-1.
func (p *parser) fail(msg string) {
	if p.err == nil {
		p.err = jsonParseError(msg, p.line, p.col(p.pos))
	}
}

// unexpected reports the byte at p.pos (consuming it, as Jackson does before
// it reports).
func (p *parser) unexpected(what string) {
	desc := p.charDesc()
	p.fail("Unexpected character (" + desc + "): " + what)
}

// charDesc consumes the character at p.pos and describes it like Jackson's
// _getCharDesc.
func (p *parser) charDesc() string {
	r, size := utf8.DecodeRune(p.data[p.pos:])
	if r == utf8.RuneError && size <= 1 {
		r = rune(p.data[p.pos])
		size = 1
	}
	p.pos += size
	return describe(r)
}

func describe(r rune) string {
	if r < 32 {
		return "(CTRL-CHAR, code " + strconv.Itoa(int(r)) + ")"
	}
	if r > 255 {
		return "'" + string(r) + "' (code " + strconv.Itoa(int(r)) + " / 0x" + strconv.FormatInt(int64(r), 16) + ")"
	}
	return "'" + string(r) + "' (code " + strconv.Itoa(int(r)) + ")"
}

func (p *parser) eof(msg string) {
	p.fail("Unexpected end-of-input" + msg)
}

// skipSpace skips whitespace and the comments OpenSearch allows
// (JsonParser.Feature.ALLOW_COMMENTS is on), counting lines.
func (p *parser) skipSpace() {
	for p.pos < len(p.data) {
		switch c := p.data[p.pos]; c {
		case ' ', '\t':
			p.pos++
		case '\n':
			p.pos++
			p.newline()
		case '\r':
			p.pos++
			if p.pos < len(p.data) && p.data[p.pos] == '\n' {
				p.pos++
			}
			p.newline()
		case '/':
			if !p.comment() {
				return
			}
		default:
			if c < 0x20 {
				p.pos++
				p.fail("Illegal character (" + describe(rune(c)) + "): only regular white space (\\r, \\n, \\t) is allowed between tokens")
			}
			return
		}
	}
}

func (p *parser) newline() {
	p.line++
	p.lineStart = p.pos
}

// comment skips a // or /* */ comment at p.pos; false after an error.
func (p *parser) comment() bool {
	p.pos++
	if p.pos >= len(p.data) {
		p.eof(" in a comment")
		return false
	}
	switch p.data[p.pos] {
	case '/':
		for p.pos < len(p.data) && p.data[p.pos] != '\n' && p.data[p.pos] != '\r' {
			p.pos++
		}
		return true
	case '*':
		p.pos++
		for p.pos < len(p.data) {
			c := p.data[p.pos]
			p.pos++
			switch {
			case c == '*' && p.pos < len(p.data) && p.data[p.pos] == '/':
				p.pos++
				return true
			case c == '\n':
				p.newline()
			case c == '\r':
				if p.pos < len(p.data) && p.data[p.pos] == '\n' {
					p.pos++
				}
				p.newline()
			}
		}
		p.eof(" in a comment")
		return false
	default:
		p.unexpected("was expecting either '*' or '/' for a comment")
		return false
	}
}

// value parses one value starting at p.pos (whitespace already skipped).
func (p *parser) value(depth int) (v Value) {
	if p.pos >= len(p.data) {
		p.eof(": expected a value")
		return
	}
	v.Line, v.Col = p.line, p.col(p.pos)
	switch c := p.data[p.pos]; {
	case c == '{':
		v.Kind = Object
		v.Members = p.object(depth + 1)
	case c == '[':
		v.Kind = Array
		v.Items = p.array(depth + 1)
	case c == '"':
		v.Kind = String
		v.Str = p.str(false)
	case c == '-' || (c >= '0' && c <= '9'):
		v.Kind = Number
		v.Str = p.number()
	case c == 't':
		v.Kind, v.Bool = Bool, true
		p.literal("true")
	case c == 'f':
		v.Kind = Bool
		p.literal("false")
	case c == 'n':
		v.Kind = Null
		p.literal("null")
	default:
		r, _ := utf8.DecodeRune(p.data[p.pos:])
		if unicode.IsLetter(r) || r == '_' || r == '$' {
			p.badToken(p.pos)
			return
		}
		p.unexpected("expected a valid value " + validTokens)
	}
	if v.Kind == Object || v.Kind == Array {
		// p.pos is just past the closing bracket.
		v.EndLine, v.EndCol = p.line, p.col(p.pos-1)
	} else {
		v.EndLine, v.EndCol = p.line, p.col(p.pos)
	}
	return
}

// validTokens is Jackson's list of what may start a value.
const validTokens = "(JSON String, Number, Array, Object or token 'null', 'true' or 'false')"

func (p *parser) literal(word string) {
	start := p.pos
	if len(p.data)-p.pos >= len(word) && string(p.data[p.pos:p.pos+len(word)]) == word {
		end := p.pos + len(word)
		if end >= len(p.data) || !identPart(p.data[end:]) {
			p.pos = end
			return
		}
	}
	p.badToken(start)
}

// badToken reports an unrecognized bare word starting at start, the whole
// word being quoted as Jackson does.
func (p *parser) badToken(start int) {
	p.pos = start
	for p.pos < len(p.data) && identPart(p.data[p.pos:]) {
		_, size := utf8.DecodeRune(p.data[p.pos:])
		p.pos += size
		if p.pos-start > 256 {
			break
		}
	}
	if p.pos == start {
		p.pos++
	}
	p.fail("Unrecognized token '" + string(p.data[start:p.pos]) + "': was expecting " + validTokens)
}

func identPart(b []byte) bool {
	r, _ := utf8.DecodeRune(b)
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '$'
}

// number scans a JSON number and returns its literal.
func (p *parser) number() string {
	start := p.pos
	if p.data[p.pos] == '-' {
		p.pos++
		if p.pos >= len(p.data) || !isDigit(p.data[p.pos]) {
			p.numberFail("expected digit (0-9) to follow minus sign, for valid numeric value")
			return ""
		}
	}
	if p.data[p.pos] == '0' && p.pos+1 < len(p.data) && isDigit(p.data[p.pos+1]) {
		p.pos += 2
		p.fail("Invalid numeric value: Leading zeroes not allowed")
		return ""
	}
	for p.pos < len(p.data) && isDigit(p.data[p.pos]) {
		p.pos++
	}
	if p.pos < len(p.data) && p.data[p.pos] == '.' {
		p.pos++
		if p.pos >= len(p.data) || !isDigit(p.data[p.pos]) {
			p.numberFail("Decimal point not followed by a digit")
			return ""
		}
		for p.pos < len(p.data) && isDigit(p.data[p.pos]) {
			p.pos++
		}
	}
	if p.pos < len(p.data) && (p.data[p.pos] == 'e' || p.data[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.data) && (p.data[p.pos] == '+' || p.data[p.pos] == '-') {
			p.pos++
		}
		if p.pos >= len(p.data) || !isDigit(p.data[p.pos]) {
			p.numberFail("Exponent indicator not followed by a digit")
			return ""
		}
		for p.pos < len(p.data) && isDigit(p.data[p.pos]) {
			p.pos++
		}
	}
	return p.text[start:p.pos]
}

func (p *parser) numberFail(what string) {
	if p.pos >= len(p.data) {
		p.eof(" in a Number value")
		return
	}
	desc := p.charDesc()
	p.fail("Unexpected character (" + desc + ") in numeric value: " + what)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// str scans a quoted string at p.pos and returns its decoded text.
func (p *parser) str(name bool) string {
	p.pos++ // opening quote
	start := p.pos
	// Fast path: no escapes, no control bytes, valid UTF-8.
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		if c == '"' {
			s := p.text[start:p.pos]
			p.pos++
			return s
		}
		if c == '\\' || c < 0x20 || c >= 0x80 {
			break
		}
		p.pos++
	}
	buf := make([]byte, 0, p.pos-start+16)
	buf = append(buf, p.data[start:p.pos]...)
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		switch {
		case c == '"':
			p.pos++
			return string(buf)
		case c == '\\':
			p.pos++
			buf = p.escape(buf)
			if p.err != nil {
				return ""
			}
		case c < 0x20:
			desc := p.charDesc()
			where := "string value"
			if name {
				where = "name"
			}
			p.fail("Illegal unquoted character (" + desc + "): has to be escaped using backslash to be included in " + where)
			return ""
		case c >= 0x80:
			r, size := utf8.DecodeRune(p.data[p.pos:])
			if r == utf8.RuneError && size <= 1 {
				p.pos++
				p.fail("Invalid UTF-8 start byte 0x" + strconv.FormatInt(int64(c), 16))
				return ""
			}
			buf = append(buf, p.data[p.pos:p.pos+size]...)
			p.pos += size
		default:
			buf = append(buf, c)
			p.pos++
		}
	}
	if name {
		p.eof(": was expecting closing '\"' for name")
	} else {
		p.eof(": was expecting closing quote for a string value")
	}
	return ""
}

// escape decodes the escape sequence after a backslash.
func (p *parser) escape(buf []byte) []byte {
	if p.pos >= len(p.data) {
		p.eof(" in character escape sequence")
		return buf
	}
	c := p.data[p.pos]
	p.pos++
	switch c {
	case '"', '\\', '/':
		return append(buf, c)
	case 'b':
		return append(buf, '\b')
	case 'f':
		return append(buf, '\f')
	case 'n':
		return append(buf, '\n')
	case 'r':
		return append(buf, '\r')
	case 't':
		return append(buf, '\t')
	case 'u':
		r := p.hex4()
		if p.err != nil {
			return buf
		}
		if utf16IsHigh(r) && p.pos+1 < len(p.data) && p.data[p.pos] == '\\' && p.data[p.pos+1] == 'u' {
			save := p.pos
			p.pos += 2
			lo := p.hex4()
			if p.err != nil {
				return buf
			}
			if lo >= 0xDC00 && lo <= 0xDFFF {
				return utf8.AppendRune(buf, 0x10000+(r-0xD800)<<10+(lo-0xDC00))
			}
			p.pos = save
		}
		return utf8.AppendRune(buf, r)
	default:
		p.pos--
		desc := p.charDesc()
		p.fail("Unrecognized character escape " + desc)
		return buf
	}
}

func utf16IsHigh(r rune) bool { return r >= 0xD800 && r <= 0xDBFF }

func (p *parser) hex4() rune {
	var r rune
	for i := 0; i < 4; i++ {
		if p.pos >= len(p.data) {
			p.eof(" in character escape sequence")
			return 0
		}
		c := p.data[p.pos]
		var d byte
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case c >= 'a' && c <= 'f':
			d = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			d = c - 'A' + 10
		default:
			p.unexpected("expected a hex-digit for character escape sequence")
			return 0
		}
		p.pos++
		r = r<<4 | rune(d)
	}
	return r
}

// object parses {...}; p.pos is at '{'.
func (p *parser) object(depth int) (out []Member) {
	if depth > MaxDepth {
		p.pos++
		p.fail("Document nesting depth (" + strconv.Itoa(depth) + ") exceeds the maximum allowed (" + strconv.Itoa(MaxDepth) + ", from `StreamReadConstraints.getMaxNestingDepth()`)")
		return
	}
	startLine, startCol := p.line, p.col(p.pos)
	var seen map[string]struct{}
	p.pos++
	p.skipSpace()
	if p.err != nil {
		return
	}
	out = p.takeMembers()
	if p.pos < len(p.data) && p.closer(']', '}', "Object", startLine, startCol) {
		return nil
	}
	for first := true; ; first = false {
		if p.pos >= len(p.data) {
			if first {
				p.eof(": expected close marker for Object (start marker at " + jacksonLocation(startLine, startCol) + ")")
			} else {
				p.eof(" within/between Object entries")
			}
			return
		}
		if p.data[p.pos] != '"' {
			p.unexpected("was expecting double-quote to start field name")
			return
		}
		var m Member
		m.Line, m.Col = p.line, p.col(p.pos)
		m.Key = p.str(true)
		if p.err != nil {
			return
		}
		if p.duplicate(out, m.Key, &seen) {
			p.fail("Duplicate field '" + m.Key + "'")
			return
		}
		p.skipSpace()
		if p.err != nil {
			return
		}
		if p.pos >= len(p.data) {
			p.eof(" within/between Object entries")
			return
		}
		if p.data[p.pos] != ':' {
			p.unexpected("was expecting a colon to separate field name and value")
			return
		}
		p.pos++
		p.skipSpace()
		if p.err != nil {
			return
		}
		if p.pos >= len(p.data) {
			p.eof(" within/between Object entries")
			return
		}
		out = append(out, m)
		out[len(out)-1].Value = p.value(depth)
		if p.err != nil || p.entryEnd(']', '}', "Object", startLine, startCol) {
			return
		}
	}
}

// entryEnd reads what follows an entry of an Object or Array (what) that
// started at line:col: the space, then its close marker (true) or a comma
// and the space after it (false). It returns true too when it sets p.err.
func (p *parser) entryEnd(wrong, right byte, what string, line, col int) bool {
	p.skipSpace()
	if p.err != nil {
		return true
	}
	if p.pos >= len(p.data) {
		p.eof(": expected close marker for " + what + " (start marker at " + jacksonLocation(line, col) + ")")
		return true
	}
	if p.closer(wrong, right, what, line, col) {
		return true
	}
	if p.data[p.pos] != ',' {
		p.unexpected("was expecting comma to separate " + what + " entries")
		return true
	}
	p.pos++
	p.skipSpace()
	return p.err != nil
}

// closer handles a closing bracket at p.pos: the right one ends the container
// (true), the wrong one is Jackson's mismatched end marker error (true, with
// p.err set); anything else returns false.
func (p *parser) closer(wrong, right byte, what string, line, col int) bool {
	switch p.data[p.pos] {
	case right:
		p.pos++
		return true
	case wrong:
		p.pos++
		p.fail("Unexpected close marker '" + string(wrong) + "': expected '" + string(right) + "' (for " + what + " starting at " + jacksonLocation(line, col) + ")")
		return true
	}
	return false
}

// array parses [...]; p.pos is at '['.
func (p *parser) array(depth int) (out []Value) {
	if depth > MaxDepth {
		p.pos++
		p.fail("Document nesting depth (" + strconv.Itoa(depth) + ") exceeds the maximum allowed (" + strconv.Itoa(MaxDepth) + ", from `StreamReadConstraints.getMaxNestingDepth()`)")
		return
	}
	startLine, startCol := p.line, p.col(p.pos)
	p.pos++
	p.skipSpace()
	if p.err != nil {
		return
	}
	out = p.takeItems()
	if p.pos < len(p.data) && p.closer('}', ']', "Array", startLine, startCol) {
		return nil
	}
	for first := true; ; first = false {
		if p.pos >= len(p.data) {
			if first {
				p.eof(": expected close marker for Array (start marker at " + jacksonLocation(startLine, startCol) + ")")
			} else {
				p.eof(" within/between Array entries")
			}
			return
		}
		out = append(out, Value{})
		out[len(out)-1] = p.value(depth)
		if p.err != nil || p.entryEnd('}', ']', "Array", startLine, startCol) {
			return
		}
	}
}

// duplicate reports whether key is already among members (Jackson's strict
// duplicate detection, on in OpenSearch). Small objects are scanned; large
// ones get an index built on first need.
func (p *parser) duplicate(members []Member, key string, seen *map[string]struct{}) bool {
	if len(members) < 16 {
		for i := range members {
			if members[i].Key == key {
				return true
			}
		}
		return false
	}
	if *seen == nil {
		*seen = make(map[string]struct{}, 2*len(members))
		for i := range members {
			(*seen)[members[i].Key] = struct{}{}
		}
	}
	if _, ok := (*seen)[key]; ok {
		return true
	}
	(*seen)[key] = struct{}{}
	return false
}

// takeMembers returns an empty slice with room for the next object's
// members, carved from the slab.
func (p *parser) takeMembers() []Member {
	n := p.take()
	if n > len(p.mslab) {
		return nil
	}
	out := p.mslab[:0:n]
	p.mslab = p.mslab[n:]
	return out
}

// takeItems is takeMembers for an array.
func (p *parser) takeItems() []Value {
	n := p.take()
	if n > len(p.vslab) {
		return nil
	}
	out := p.vslab[:0:n]
	p.vslab = p.vslab[n:]
	return out
}

func (p *parser) take() int {
	n := 0
	if p.next < len(p.counts) {
		n = int(p.counts[p.next])
	}
	p.next++
	return n
}

// precount scans the first JSON value of data without validating it and
// returns the number of children of each container in opening order, and the
// total members and items. Strings and comments are skipped; a child is
// counted at the first token after an opening bracket and at each comma.
func precount(data []byte, counts []int32) ([]int32, int, int) {
	type open struct {
		idx   int32
		obj   bool
		fresh bool
	}
	var stackBuf [32]open
	stack := stackBuf[:0]
	members, items := 0, 0
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		case '/':
			if i+1 < len(data) && data[i+1] == '/' {
				for i < len(data) && data[i] != '\n' && data[i] != '\r' {
					i++
				}
				continue
			}
			if i+1 < len(data) && data[i+1] == '*' {
				i += 2
				for i+1 < len(data) && !(data[i] == '*' && data[i+1] == '/') {
					i++
				}
				i++
				continue
			}
		}
		if n := len(stack); n > 0 {
			t := &stack[n-1]
			if (t.fresh && c != '}' && c != ']') || c == ',' {
				t.fresh = false
				counts[t.idx]++
				if t.obj {
					members++
				} else {
					items++
				}
			}
		}
		switch c {
		case '"':
			i = skipString(data, i+1)
		case '{', '[':
			counts = append(counts, 0)
			stack = append(stack, open{idx: int32(len(counts) - 1), obj: c == '{', fresh: true})
			continue
		case '}', ']':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
		if len(stack) == 0 {
			// The root value is complete once its container closes (or
			// after its first token, for a scalar).
			return counts, members, items
		}
	}
	return counts, members, items
}

// skipString returns the index of the quote closing a string whose content
// starts at i (len(data) if there is none).
func skipString(data []byte, i int) int {
	for {
		j := bytes.IndexByte(data[i:], '"')
		if j < 0 {
			return len(data)
		}
		i += j
		backslashes := 0
		for k := i - 1; k >= 0 && data[k] == '\\'; k-- {
			backslashes++
		}
		if backslashes%2 == 0 {
			return i
		}
		i++
	}
}
