package querystring

import (
	"strconv"
	"strings"
)

// String renders a node in Lucene's Query.toString style, for tests and
// debugging: +a -b, field:term, "phrase"~2, [a TO b], (...)^2.
func String(n Node) string { return dump(n) }

func dump(n Node) string {
	switch n := n.(type) {
	case *Bool:
		parts := make([]string, len(n.Clauses))
		for i, c := range n.Clauses {
			s := dump(c.Node)
			if _, ok := c.Node.(*Bool); ok {
				s = "(" + s + ")"
			}
			parts[i] = c.Occur.String() + s
		}
		return strings.Join(parts, " ")
	case *Term:
		s := fieldPrefix(n.Field) + n.Text
		if n.Multi {
			s = fieldPrefix(n.Field) + "<" + n.Text + ">"
		}
		return s
	case *Phrase:
		s := fieldPrefix(n.Field) + strconv.Quote(n.Text)
		if n.Slop != 0 {
			s += "~" + strconv.Itoa(n.Slop)
		}
		return s
	case *Fuzzy:
		return fieldPrefix(n.Field) + n.Text + "~" + n.Fuzziness.String()
	case *Prefix:
		return fieldPrefix(n.Field) + n.Text + "*"
	case *Wildcard:
		return fieldPrefix(n.Field) + n.Pattern
	case *Regexp:
		return fieldPrefix(n.Field) + "/" + n.Pattern + "/"
	case *Range:
		lo, hi := "*", "*"
		if n.Lower != nil {
			lo = *n.Lower
		}
		if n.Upper != nil {
			hi = *n.Upper
		}
		open, end := "{", "}"
		if n.IncludeLower {
			open = "["
		}
		if n.IncludeUpper {
			end = "]"
		}
		return fieldPrefix(n.Field) + open + lo + " TO " + hi + end
	case *Exists:
		return "_exists_:" + n.Field
	case *MatchAll:
		return "*:*"
	case *MatchNone:
		return "MatchNoDocsQuery"
	case *Boost:
		s := dump(n.Node)
		if _, ok := n.Node.(*Bool); ok {
			s = "(" + s + ")"
		}
		return s + "^" + strconv.FormatFloat(float64(n.Boost), 'g', -1, 32)
	}
	return "?"
}

func fieldPrefix(f string) string {
	if f == "" {
		return ""
	}
	return f + ":"
}
