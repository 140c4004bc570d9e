package querystring

import (
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
)

// Options are the query_string settings that change how the text parses.
type Options struct {
	// DefaultOperator combines clauses without an explicit operator.
	DefaultOperator dsl.Operator
	// AllowLeadingWildcard permits * or ? first in a term (OpenSearch's
	// default is true).
	AllowLeadingWildcard bool
	// PhraseSlop is the slop of quoted phrases without ~N.
	PhraseSlop int
	// Fuzziness is used by a bare "~" (OpenSearch's default is AUTO).
	Fuzziness dsl.Fuzziness
	// Escape escapes every reserved character first, so the whole text is
	// read as terms (query_string's escape option).
	Escape bool
}

// DefaultOptions are query_string's defaults.
func DefaultOptions() Options {
	return Options{AllowLeadingWildcard: true, Fuzziness: dsl.FuzzinessAuto}
}

// OptionsFrom takes the parsing options of a query_string query.
func OptionsFrom(q *dsl.QueryString) Options {
	return Options{DefaultOperator: q.DefaultOperator, AllowLeadingWildcard: q.AllowLeadingWildcard, PhraseSlop: q.PhraseSlop, Fuzziness: q.Fuzziness, Escape: q.Escape}
}

// maxClauseCount is indices.query.bool.max_clause_count's default.
const maxClauseCount = 1024

// Parse parses a query_string (or q=) text. Errors are *dsl.Error: the
// query_shard_exception chain for syntax errors, or the exception OpenSearch
// lets through (an illegal fuzziness).
func Parse(q string, opts Options) (Node, error) {
	if strings.TrimFunc(q, func(r rune) bool { return r <= ' ' }) == "" {
		return &MatchNone{}, nil
	}
	text := q
	if opts.Escape {
		text = Escape(q)
	}
	p := &parser{lex: newLexer(text), opts: opts, query: q}
	n, err := p.topLevel()
	if err != nil {
		return nil, err
	}
	return n, nil
}

type parser struct {
	lex   *lexer
	opts  Options
	query string
	// One token of lookahead beyond the current one is needed for
	// "field:" and for merging bare words.
	buf []token
	// trail are the optional tokens the last parsed element still allows
	// ("^", "~"), part of the expected list when what follows is wrong.
	trail []int
}

// syntaxError carries a Lucene ParseException or TokenMgrError message, or
// (plain) an exception OpenSearch lets through unwrapped.
type syntaxError struct {
	msg       string
	causeType string // the Java type of the original failure
	causeMsg  string
	plain     *dsl.Error
}

func (p *parser) peekN(n int) (token, *syntaxError) {
	for len(p.buf) <= n {
		t, err := p.lex.next()
		if err != nil {
			return token{}, &syntaxError{msg: err.msg, causeType: "token_mgr_error"}
		}
		p.buf = append(p.buf, t)
	}
	return p.buf[n], nil
}

func (p *parser) peek() (token, *syntaxError) { return p.peekN(0) }

func (p *parser) consume() token {
	t := p.buf[0]
	p.buf = p.buf[1:]
	return t
}

// The lexer switches state as it produces tokens; peeking past a '^' or
// '[' would read the next token in the wrong state, so lookahead of two
// is only used where the first token is a TERM or '*'.

func (p *parser) topLevel() (Node, *dsl.Error) {
	n, err := p.query_(true, "")
	if err == nil {
		var t token
		if t, err = p.peek(); err == nil && t.kind != kEOF {
			err = p.unexpected(t, p.afterClause(true))
		}
	}
	if err != nil {
		return nil, p.wrap(err)
	}
	return n, nil
}

// wrap renders a syntax error as OpenSearch does.
func (p *parser) wrap(err *syntaxError) *dsl.Error {
	if err.plain != nil {
		return err.plain
	}
	causeType, causeMsg := err.causeType, err.causeMsg
	if causeType == "" {
		causeType = "parse_exception"
	}
	if causeMsg == "" {
		causeMsg = err.msg
	}
	return &dsl.Error{
		Type: "query_shard_exception", Reason: "Failed to parse query [" + p.query + "]", Status: 400,
		CausedBy: &dsl.Error{
			Type: "parse_exception", Reason: "Cannot parse '" + p.query + "': " + err.msg, Status: 400,
			CausedBy: &dsl.Error{Type: causeType, Reason: causeMsg, Status: 400},
		},
	}
}

// loopSet are the tokens that continue a Query.
var loopSet = []int{kAND, kOR, kNOT, kPLUS, kMINUS, kBAREOPER, kLPAREN, kSTAR, kQUOTED, kTERM, kPREFIXTERM, kWILDTERM, kREGEXPTERM, kRANGEINSTART, kRANGEEXSTART, kNUMBER}

func startsClause(kind int) bool {
	switch kind {
	case kBAREOPER, kLPAREN, kSTAR, kQUOTED, kTERM, kPREFIXTERM, kWILDTERM, kREGEXPTERM, kRANGEINSTART, kRANGEEXSTART, kNUMBER:
		return true
	}
	return false
}

// query_ parses Query(field): clauses joined by conjunctions and modifiers.
func (p *parser) query_(top bool, field string) (Node, *syntaxError) {
	var clauses []Clause
	var first Node
	for i := 0; ; i++ {
		t, err := p.peek()
		if err != nil {
			return nil, err
		}
		if i > 0 {
			continues := false
			for _, k := range loopSet {
				if t.kind == k {
					continues = true
				}
			}
			if !continues {
				break
			}
		}
		// LOOKAHEAD(2) MultiTerm: bare words merged before analysis.
		if multi, ok, err := p.multiTerm(field); err != nil {
			return nil, err
		} else if ok {
			clauses = append(clauses, Clause{Occur: occurFor(p.opts.DefaultOperator, ConjNone, ModNone), Node: multi})
			if i == 0 {
				first = multi
			}
			continue
		}
		conj := ConjNone
		if i > 0 {
			switch t.kind {
			case kAND:
				conj = ConjAnd
				p.consume()
			case kOR:
				conj = ConjOr
				p.consume()
			}
		}
		mod := ModNone
		t, err = p.peek()
		if err != nil {
			return nil, err
		}
		switch t.kind {
		case kPLUS:
			mod = ModReq
			p.consume()
		case kMINUS, kNOT:
			mod = ModNot
			p.consume()
		}
		c, err := p.clause(field, conj != ConjNone || i == 0, mod != ModNone)
		if err != nil {
			return nil, err
		}
		if err := p.addClause(&clauses, conj, mod, c); err != nil {
			return nil, err
		}
		if i == 0 && mod == ModNone {
			first = c
		}
	}
	if len(clauses) == 1 && first != nil {
		return first, nil
	}
	return &Bool{Clauses: clauses}, nil
}

// addClause is Lucene's addClause with no clause dropped.
func (p *parser) addClause(clauses *[]Clause, conj Conj, mod Mod, n Node) *syntaxError {
	cs := *clauses
	if len(cs) > 0 && conj == ConjAnd && cs[len(cs)-1].Occur != MustNot {
		cs[len(cs)-1].Occur = Must
	}
	if len(cs) > 0 && p.opts.DefaultOperator == dsl.OperatorAnd && conj == ConjOr && cs[len(cs)-1].Occur != MustNot {
		cs[len(cs)-1].Occur = Should
	}
	if len(cs) >= maxClauseCount {
		return &syntaxError{msg: "too many boolean clauses", causeType: "too_many_clauses", causeMsg: "maxClauseCount is set to " + strconv.Itoa(maxClauseCount)}
	}
	*clauses = append(cs, Clause{Occur: occurFor(p.opts.DefaultOperator, conj, mod), Conj: conj, Mod: mod, Node: n})
	return nil
}

// multiTerm parses Lucene's MultiTerm when it applies: a TERM not followed
// by ':', then one or more TERMs each followed by a token that may end it.
func (p *parser) multiTerm(field string) (Node, bool, *syntaxError) {
	t0, err := p.peekN(0)
	if err != nil || t0.kind != kTERM {
		return nil, false, err
	}
	t1, err := p.peekN(1)
	if err != nil || t1.kind != kTERM {
		return nil, false, err
	}
	t2, err := p.peekN(2)
	if err != nil {
		return nil, false, err
	}
	if !allowedPostMultiTerm(t2.kind) {
		return nil, false, nil
	}
	text := p.consume().image
	for {
		t1, err := p.peekN(0)
		if err != nil {
			return nil, false, err
		}
		if t1.kind != kTERM {
			break
		}
		t2, err := p.peekN(1)
		if err != nil {
			return nil, false, err
		}
		if !allowedPostMultiTerm(t2.kind) {
			break
		}
		text += " " + p.consume().image
	}
	p.trail = nil
	s, serr := discardEscapeChar(text)
	if serr != nil {
		return nil, false, serr
	}
	n, serr := p.fieldQuery(field, s, true)
	return n, true, serr
}

func allowedPostMultiTerm(kind int) bool {
	switch kind {
	case kEOF, kQUOTED, kLPAREN, kRPAREN, kSTAR, kTERM, kAND, kOR, kNOT, kPLUS, kMINUS, kBAREOPER, kPREFIXTERM, kWILDTERM, kREGEXPTERM, kRANGEINSTART, kRANGEEXSTART:
		return true
	}
	return false
}

// clause parses Clause(field): an optional "field:" then a term or a group.
func (p *parser) clause(field string, afterConj, afterMod bool) (Node, *syntaxError) {
	t, err := p.peek()
	if err != nil {
		return nil, err
	}
	if t.kind == kTERM || t.kind == kSTAR {
		t1, err := p.peekN(1)
		if err != nil {
			return nil, err
		}
		if t1.kind == kCOLON {
			p.consume()
			p.consume()
			if t.kind == kSTAR {
				field = "*"
			} else {
				f, serr := discardEscapeChar(t.image)
				if serr != nil {
					return nil, serr
				}
				field = f
			}
			t, err = p.peek()
			if err != nil {
				return nil, err
			}
			if t.kind != kLPAREN && !startsClause(t.kind) {
				return nil, p.unexpected(t, afterFieldSet)
			}
		}
	}
	if t.kind == kLPAREN {
		p.consume()
		n, err := p.query_(false, field)
		if err != nil {
			return nil, err
		}
		t, err := p.peek()
		if err != nil {
			return nil, err
		}
		if t.kind != kRPAREN {
			return nil, p.unexpected(t, p.afterClause(false))
		}
		p.consume()
		return p.optionalBoost(n)
	}
	if !startsClause(t.kind) {
		set := clauseStartSet(!afterMod)
		return nil, p.unexpected(t, set)
	}
	return p.term(field)
}

// boostNumber reads the NUMBER after '^'.
func (p *parser) boostNumber() (float32, *syntaxError) {
	t, err := p.peek()
	if err != nil {
		return 0, err
	}
	if t.kind != kNUMBER {
		return 0, p.unexpected(t, []int{kNUMBER})
	}
	p.consume()
	f, perr := strconv.ParseFloat(t.image, 32)
	if perr != nil {
		f = 1
	}
	return float32(f), nil
}

// term parses Term(field).
func (p *parser) term(field string) (Node, *syntaxError) {
	t := p.consume()
	switch t.kind {
	case kRANGEINSTART, kRANGEEXSTART:
		return p.rangeTerm(field, t.kind == kRANGEINSTART)
	}
	// [ "^" NUMBER [FUZZY_SLOP] | FUZZY_SLOP [ "^" NUMBER ] ]
	var slop *token
	boost := float32(0)
	hasBoost := false
	nt, err := p.peek()
	if err != nil {
		return nil, err
	}
	switch nt.kind {
	case kCARAT:
		p.consume()
		if boost, err = p.boostNumber(); err != nil {
			return nil, err
		}
		hasBoost = true
		if nt, err = p.peek(); err != nil {
			return nil, err
		}
		if nt.kind == kFUZZYSLOP {
			s := p.consume()
			slop = &s
		}
	case kFUZZYSLOP:
		s := p.consume()
		slop = &s
		if nt, err = p.peek(); err != nil {
			return nil, err
		}
		if nt.kind == kCARAT {
			p.consume()
			if boost, err = p.boostNumber(); err != nil {
				return nil, err
			}
			hasBoost = true
		}
	}
	switch {
	case hasBoost && slop != nil:
		p.trail = nil
	case hasBoost:
		p.trail = []int{kFUZZYSLOP}
	case slop != nil:
		p.trail = []int{kCARAT}
	default:
		p.trail = []int{kCARAT, kFUZZYSLOP}
	}
	var n Node
	var serr *syntaxError
	if t.kind == kQUOTED {
		n, serr = p.quoted(field, t, slop)
	} else {
		n, serr = p.bareToken(field, t, slop)
	}
	if serr != nil {
		return nil, serr
	}
	if hasBoost && n != nil {
		n = &Boost{Node: n, Boost: boost}
	}
	return n, nil
}

// bareToken is handleBareTokenQuery.
func (p *parser) bareToken(field string, t token, slop *token) (Node, *syntaxError) {
	image := t.image
	switch t.kind {
	case kBAREOPER:
		image = image[:1]
	case kSTAR, kWILDTERM:
		return p.wildcard(field, image)
	case kPREFIXTERM:
		if image == "*" {
			return p.wildcard(field, image)
		}
		s, err := discardEscapeChar(image[:len(image)-1])
		if err != nil {
			return nil, err
		}
		if !p.opts.AllowLeadingWildcard && s == "" {
			return nil, &syntaxError{msg: "'*' or '?' not allowed as first character in WildcardQuery"}
		}
		return &Prefix{Field: field, Text: s}, nil
	case kREGEXPTERM:
		return &Regexp{Field: field, Pattern: image[1 : len(image)-1]}, nil
	}
	text, err := discardEscapeChar(image)
	if err != nil {
		return nil, err
	}
	if slop != nil {
		// OpenSearch's handleBareFuzzy: a bare "~" takes the fuzziness
		// setting; "~N" is read as a Fuzziness.
		fz := p.opts.Fuzziness
		if len(slop.image) > 1 {
			f, ferr := dsl.FuzzinessFromString(slop.image[1:])
			if ferr != nil {
				return nil, &syntaxError{plain: ferr}
			}
			fz = f
		}
		return &Fuzzy{Field: field, Text: text, Fuzziness: fz}, nil
	}
	return p.fieldQuery(field, text, false)
}

// wildcard is getWildcardQuery: "*" alone on all fields matches all.
func (p *parser) wildcard(field, pattern string) (Node, *syntaxError) {
	if pattern == "*" && field == "*" {
		return &MatchAll{}, nil
	}
	if !p.opts.AllowLeadingWildcard && (strings.HasPrefix(pattern, "*") || strings.HasPrefix(pattern, "?")) {
		return nil, &syntaxError{msg: "'*' or '?' not allowed as first character in WildcardQuery"}
	}
	return &Wildcard{Field: field, Pattern: pattern}, nil
}

// quoted is handleQuotedTerm.
func (p *parser) quoted(field string, t token, slop *token) (Node, *syntaxError) {
	s := p.opts.PhraseSlop
	if slop != nil && len(slop.image) > 1 {
		if f, err := strconv.ParseFloat(slop.image[1:], 32); err == nil {
			s = int(float32(f))
		}
	}
	text, err := discardEscapeChar(t.image[1 : len(t.image)-1])
	if err != nil {
		return nil, err
	}
	return &Phrase{Field: field, Text: text, Slop: s}, nil
}

// fieldQuery is OpenSearch's getFieldQuery for unquoted text:
// _exists_:field, and the >=x, >x, <=x, <x range shortcuts.
func (p *parser) fieldQuery(field, text string, multi bool) (Node, *syntaxError) {
	if field == "_exists_" {
		return &Exists{Field: text}, nil
	}
	if runes := []rune(text); len(runes) > 1 {
		rest := func(n int) *string { s := string(runes[n:]); return &s }
		switch {
		case runes[0] == '>' && len(runes) > 2 && runes[1] == '=':
			return &Range{Field: field, Lower: rest(2), IncludeLower: true, IncludeUpper: true}, nil
		case runes[0] == '>':
			return &Range{Field: field, Lower: rest(1), IncludeUpper: true}, nil
		case runes[0] == '<' && len(runes) > 2 && runes[1] == '=':
			return &Range{Field: field, Upper: rest(2), IncludeLower: true, IncludeUpper: true}, nil
		case runes[0] == '<':
			return &Range{Field: field, Upper: rest(1), IncludeLower: true}, nil
		}
	}
	return &Term{Field: field, Text: text, Multi: multi}, nil
}

// rangeTerm parses the rest of [a TO b] / {a TO b}.
func (p *parser) rangeTerm(field string, startInc bool) (Node, *syntaxError) {
	goop := func() (token, *syntaxError) {
		t, err := p.peek()
		if err != nil {
			return t, err
		}
		if t.kind != kRANGEGOOP && t.kind != kRANGEQUOTED && t.kind != kRANGETO {
			return t, p.unexpected(t, []int{kRANGETO, kRANGEQUOTED, kRANGEGOOP})
		}
		return p.consume(), nil
	}
	g1, err := goop()
	if err != nil {
		return nil, err
	}
	t, err := p.peek()
	if err != nil {
		return nil, err
	}
	if t.kind != kRANGETO {
		return nil, p.unexpected(t, []int{kRANGETO})
	}
	p.consume()
	g2, err := goop()
	if err != nil {
		return nil, err
	}
	t, err = p.peek()
	if err != nil {
		return nil, err
	}
	if t.kind != kRANGEINEND && t.kind != kRANGEEXEND {
		return nil, p.unexpected(t, []int{kRANGEINEND, kRANGEEXEND})
	}
	endInc := p.consume().kind == kRANGEINEND
	bound := func(g token) (*string, *syntaxError) {
		img := g.image
		if g.kind == kRANGEQUOTED {
			img = img[1 : len(img)-1]
		} else if img == "*" {
			return nil, nil
		}
		s, err := discardEscapeChar(img)
		if err != nil {
			return nil, err
		}
		return &s, nil
	}
	lo, serr := bound(g1)
	if serr != nil {
		return nil, serr
	}
	hi, serr := bound(g2)
	if serr != nil {
		return nil, serr
	}
	return p.optionalBoost(&Range{Field: field, Lower: lo, Upper: hi, IncludeLower: startInc, IncludeUpper: endInc})
}

// optionalBoost reads the ^boost that may follow n (a parenthesized group
// or a range): n wrapped in a Boost, or n alone.
func (p *parser) optionalBoost(n Node) (Node, *syntaxError) {
	p.trail = []int{kCARAT}
	t, err := p.peek()
	if err != nil {
		return nil, err
	}
	if t.kind == kCARAT {
		p.consume()
		b, err := p.boostNumber()
		if err != nil {
			return nil, err
		}
		n = &Boost{Node: n, Boost: b}
		p.trail = nil
	}
	return n, nil
}

// Escape backslash-escapes the characters the classic syntax reserves
// (Lucene's QueryParser.escape).
func Escape(s string) string {
	var b strings.Builder
	for _, c := range s {
		if strings.ContainsRune(`\+-!():^[]"{}~*?|&/`, c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}
