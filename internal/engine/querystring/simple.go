package querystring

import (
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
)

// ParseSimple parses simple_query_string text as Lucene's SimpleQueryParser
// does: + (AND), | (OR), - (NOT, prefix), "phrase", "phrase"~N, term*,
// term~N, ( ), \ escapes, each only when its flag is on. It never fails:
// what does not parse is ignored. Negated parts become (-x *:*), as Lucene
// builds them; an empty query is MatchNone.
func ParseSimple(q string, flags dsl.SimpleFlags, op dsl.Operator) Node {
	s := &simpleParser{data: []rune(q), flags: flags, defaultOccur: Should}
	if op == dsl.OperatorAnd {
		s.defaultOccur = Must
	}
	st := &simpleState{end: len(s.data)}
	s.parseSub(st)
	if st.top == nil {
		return &MatchNone{}
	}
	return st.top
}

type simpleParser struct {
	data         []rune
	flags        dsl.SimpleFlags
	defaultOccur Occur
}

type simpleState struct {
	index, end        int
	top               Node
	current, previous *Occur
	not               int
}

func (s *simpleParser) has(f dsl.SimpleFlags) bool { return s.flags.Has(f) }

func isSimpleSpace(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' }

func (s *simpleParser) parseSub(st *simpleState) {
	for st.index < st.end {
		c := s.data[st.index]
		switch {
		case c == '(' && s.has(dsl.FlagPrecedence):
			s.consumeSub(st)
		case c == ')' && s.has(dsl.FlagPrecedence):
			// An extraneous closing parenthesis ends this level.
			st.index++
			return
		case c == '"' && s.has(dsl.FlagPhrase):
			s.consumePhrase(st)
		case c == '+' && s.has(dsl.FlagAnd):
			if st.current == nil && st.top != nil {
				o := Must
				st.current = &o
			}
			st.index++
		case c == '|' && s.has(dsl.FlagOr):
			if st.current == nil && st.top != nil {
				o := Should
				st.current = &o
			}
			st.index++
		case c == '-' && s.has(dsl.FlagNot):
			st.not++
			st.index++
			continue
		case isSimpleSpace(c) && s.has(dsl.FlagWhitespace):
			st.index++
		default:
			s.consumeToken(st)
		}
		st.not = 0
	}
}

func (s *simpleParser) consumeSub(st *simpleState) {
	st.index++
	start := st.index
	depth := 1
	escaped := false
	for st.index < st.end {
		if !escaped {
			c := s.data[st.index]
			if c == '\\' && s.has(dsl.FlagEscape) {
				escaped = true
				st.index++
				continue
			} else if c == '(' {
				depth++
			} else if c == ')' {
				depth--
				if depth == 0 {
					break
				}
			}
		}
		escaped = false
		st.index++
	}
	switch {
	case st.index == st.end:
		// No closing parenthesis: the opening one is ignored.
		st.index = start
	case st.index == start:
		// "()" resets the pending operator.
		st.current = nil
		st.index++
	default:
		sub := &simpleState{index: start, end: st.index}
		s.parseSub(sub)
		s.build(st, sub.top)
		st.index++
	}
}

func (s *simpleParser) consumePhrase(st *simpleState) {
	st.index++
	start := st.index
	var buf []rune
	escaped := false
	hasSlop := false
	for st.index < st.end {
		if !escaped {
			c := s.data[st.index]
			if c == '\\' && s.has(dsl.FlagEscape) {
				escaped = true
				st.index++
				continue
			} else if c == '"' {
				if st.end > st.index+1 && s.data[st.index+1] == '~' && s.has(dsl.FlagNear) {
					st.index++
					if st.end > st.index+1 {
						hasSlop = true
					}
				}
				break
			}
		}
		escaped = false
		buf = append(buf, s.data[st.index])
		st.index++
	}
	switch {
	case st.index == st.end:
		// No closing quote: the opening one is ignored.
		st.index = start
	case st.index == start:
		st.current = nil
		st.index++
	default:
		slop := 0
		if hasSlop {
			slop = s.parseFuzziness(st)
		}
		s.build(st, &Phrase{Text: string(buf), Slop: slop})
		st.index++
	}
}

func (s *simpleParser) tokenFinished(i int) bool {
	c := s.data[i]
	return (c == '"' && s.has(dsl.FlagPhrase)) || (c == '|' && s.has(dsl.FlagOr)) ||
		(c == '+' && s.has(dsl.FlagAnd)) || (c == '(' && s.has(dsl.FlagPrecedence)) ||
		(c == ')' && s.has(dsl.FlagPrecedence)) || (isSimpleSpace(c) && s.has(dsl.FlagWhitespace))
}

func (s *simpleParser) consumeToken(st *simpleState) {
	var buf []rune
	escaped, prefix, fuzzy := false, false, false
	for st.index < st.end {
		if !escaped {
			c := s.data[st.index]
			if c == '\\' && s.has(dsl.FlagEscape) {
				escaped = true
				prefix = false
				st.index++
				continue
			} else if s.tokenFinished(st.index) {
				break
			} else if len(buf) > 0 && c == '~' && s.has(dsl.FlagFuzzy) {
				fuzzy = true
				break
			}
			prefix = len(buf) > 0 && c == '*' && s.has(dsl.FlagPrefix)
		}
		escaped = false
		buf = append(buf, s.data[st.index])
		st.index++
	}
	if len(buf) == 0 {
		return
	}
	var branch Node
	switch {
	case fuzzy && s.has(dsl.FlagFuzzy):
		edits := min(s.parseFuzziness(st), 2)
		if edits == 0 {
			branch = &Term{Text: string(buf)}
		} else {
			branch = &Fuzzy{Text: string(buf), Fuzziness: dsl.Fuzziness{Edits: edits}}
		}
	case prefix:
		branch = &Prefix{Text: string(buf[:len(buf)-1])}
	default:
		branch = &Term{Text: string(buf)}
	}
	s.build(st, branch)
}

// parseFuzziness reads the number after '~' (2 when there is none, 0 when
// it does not parse).
func (s *simpleParser) parseFuzziness(st *simpleState) int {
	if st.index >= st.end || s.data[st.index] != '~' {
		return 0
	}
	var text []rune
	for st.index < st.end {
		st.index++
		if st.index < st.end {
			if s.tokenFinished(st.index) {
				break
			}
			text = append(text, s.data[st.index])
		}
	}
	if len(text) == 0 {
		return 2
	}
	n, err := strconv.ParseInt(string(text), 10, 32)
	if err != nil || n < 0 {
		return 0
	}
	return int(n)
}

// build adds branch to the tree of st (buildQueryTree).
func (s *simpleParser) build(st *simpleState, branch Node) {
	if branch == nil {
		return
	}
	if st.not%2 == 1 {
		branch = &Bool{Clauses: []Clause{{Occur: MustNot, Node: branch}, {Occur: Should, Node: &MatchAll{}}}}
	}
	if st.top == nil {
		st.top = branch
		st.current = nil
		return
	}
	if st.current == nil {
		o := s.defaultOccur
		st.current = &o
	}
	if st.previous == nil || *st.previous != *st.current {
		st.top = &Bool{Clauses: []Clause{{Occur: *st.current, Node: st.top}}}
	}
	b := st.top.(*Bool)
	// Lucene rebuilds the query with the new clause; copying keeps earlier
	// trees shared by nothing else unchanged.
	clauses := append(append([]Clause(nil), b.Clauses...), Clause{Occur: *st.current, Node: branch})
	st.top = &Bool{Clauses: clauses}
	prev := *st.current
	st.previous = &prev
	st.current = nil
}
