package querystring

import (
	"sort"
	"strconv"
	"strings"
)

// The expected-token lists of Lucene's ParseException depend on where the
// parser stood. These sets reproduce the JavaCC choice points of the
// classic grammar; dupTerm adds the "<TERM>" entry that the field-name
// lookahead contributes (JavaCC lists it a second time).

// clauseStartSet is what may start a clause, with the modifiers when none
// was read yet.
func clauseStartSet(withMods bool) []int {
	set := []int{kBAREOPER, kLPAREN, kSTAR, kQUOTED, kTERM, kPREFIXTERM, kWILDTERM, kREGEXPTERM, kRANGEINSTART, kRANGEEXSTART, kNUMBER}
	if withMods {
		set = append(set, kNOT, kPLUS, kMINUS)
	}
	return append(sortKinds(set), -kTERM)
}

// afterFieldSet is what may follow "field:".
var afterFieldSet = []int{kBAREOPER, kLPAREN, kSTAR, kQUOTED, kTERM, kPREFIXTERM, kWILDTERM, kREGEXPTERM, kRANGEINSTART, kRANGEEXSTART, kNUMBER}

// afterClauseSet is what may follow a complete clause: the options the
// last element still allows, another clause, and the end (EOF at the top,
// ')' in a group).
func (p *parser) afterClause(top bool) []int {
	set := append([]int{}, loopSet...)
	set = append(set, p.trail...)
	if top {
		set = append(set, kEOF)
	} else {
		set = append(set, kRPAREN)
	}
	return append(sortKinds(set), -kTERM)
}

func sortKinds(set []int) []int {
	sort.Ints(set)
	out := set[:0]
	for i, k := range set {
		if i == 0 || k != set[i-1] {
			out = append(out, k)
		}
	}
	return out
}

// unexpected builds Lucene's ParseException message for token t when the
// kinds in set were expected (a negative kind is a repeated entry).
func (p *parser) unexpected(t token, set []int) *syntaxError {
	var b strings.Builder
	b.WriteString(`Encountered "`)
	if t.kind == kEOF {
		b.WriteString("<EOF>")
	} else {
		b.WriteString(" " + tokenImage[t.kind] + ` "` + addEscapes(t.image) + ` "`)
	}
	b.WriteString(`" at line 1, column ` + strconv.Itoa(t.col) + ".\n")
	if len(set) == 1 {
		b.WriteString("Was expecting:\n    ")
	} else {
		b.WriteString("Was expecting one of:\n    ")
	}
	for _, k := range set {
		if k < 0 {
			k = -k
		}
		b.WriteString(tokenImage[k] + " ")
		if k != kEOF {
			b.WriteString("...")
		}
		b.WriteString("\n    ")
	}
	return &syntaxError{msg: b.String()}
}

// discardEscapeChar is Lucene's discardEscapeChar: backslash escapes are
// removed and \uXXXX sequences decoded.
func discardEscapeChar(s string) (string, *syntaxError) {
	if !strings.ContainsRune(s, '\\') {
		return s, nil
	}
	in := []rune(s)
	var out []rune
	for i := 0; i < len(in); i++ {
		c := in[i]
		if c != '\\' {
			out = append(out, c)
			continue
		}
		if i+1 >= len(in) {
			return "", &syntaxError{msg: "Term can not end with escape character."}
		}
		i++
		if in[i] != 'u' {
			out = append(out, in[i])
			continue
		}
		if i+4 >= len(in) {
			return "", &syntaxError{msg: "Truncated unicode escape sequence."}
		}
		var code rune
		for j := 1; j <= 4; j++ {
			h := in[i+j]
			var d rune
			switch {
			case h >= '0' && h <= '9':
				d = h - '0'
			case h >= 'a' && h <= 'f':
				d = h - 'a' + 10
			case h >= 'A' && h <= 'F':
				d = h - 'A' + 10
			default:
				return "", &syntaxError{msg: "Non-hex character in Unicode escape sequence: " + string(h)}
			}
			code = code<<4 | d
		}
		out = append(out, code)
		i += 4
	}
	return string(out), nil
}
