package analysis

import (
	"regexp"
	"strconv"
	"strings"
)

// compileJavaRegex is OpenSearch's Regex.compile(pattern, flags) on Go's regexp: the
// flags string ("CASE_INSENSITIVE|DOTALL", case-insensitive names) maps to Go's inline
// flags. Java constructs RE2 lacks (look-around, back-references, possessive or atomic
// groups, COMMENTS, UNICODE_CHARACTER_CLASS) fail as unsupported rather than match
// differently.
func compileJavaRegex(what, pattern, flags string) (*regexp.Regexp, error) {
	var goFlags string
	literal := false
	for _, f := range strings.Split(flags, "|") {
		if f == "" {
			continue
		}
		switch strings.ToUpper(f) {
		case "CASE_INSENSITIVE":
			goFlags += "i"
		case "MULTILINE":
			goFlags += "m"
		case "DOTALL":
			goFlags += "s"
		case "LITERAL":
			literal = true
		case "UNICODE_CASE", "UNIX_LINES", "CANON_EQ":
			// Go's regexp already folds case by Unicode and ends lines at \n only; canonical
			// equivalence only matters for decomposed input.
		case "COMMENTS", "UNICODE_CHAR_CLASS", "UNICODE_CHARACTER_CLASS":
			return nil, unsupported(what + " regex flag [" + strings.ToUpper(f) + "]")
		default:
			return nil, illegalArgument("Unknown regex flag [" + strings.ToUpper(f) + "]")
		}
	}
	if literal {
		pattern = regexp.QuoteMeta(pattern)
	}
	if goFlags != "" {
		pattern = "(?" + goFlags + ")" + pattern
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return nil, unsupported(what + " pattern [" + pattern + "] (" + err.Error() + ")")
	}
	return re, nil
}

// javaReplacement is a Matcher.appendReplacement template: literal text and group
// references.
type javaReplacement []replacementPart

type replacementPart struct {
	text  string
	group int // -1: text
}

// parseJavaReplacement reads $n, ${name} and \x as java.util.regex.Matcher does: a group
// number takes further digits while the number stays a group of re. References Java
// would only reject while matching (no such group) are refused here, as the fake cannot
// fail an analysis.
func parseJavaReplacement(what, s string, re *regexp.Regexp) (javaReplacement, error) {
	var out javaReplacement
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			out = append(out, replacementPart{text: lit.String(), group: -1})
			lit.Reset()
		}
	}
	groups := re.NumSubexp()
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\':
			i++
			if i >= len(s) {
				return nil, unsupported(what + " replacement [" + s + "] ending in an escape")
			}
			lit.WriteByte(s[i])
		case '$':
			i++
			if i >= len(s) {
				return nil, unsupported(what + " replacement [" + s + "] ending in $")
			}
			var g int
			if s[i] == '{' {
				end := strings.IndexByte(s[i:], '}')
				if end < 0 {
					return nil, unsupported(what + " replacement [" + s + "] with an unclosed group name")
				}
				g = re.SubexpIndex(s[i+1 : i+end])
				if g < 0 {
					return nil, unsupported(what + " replacement [" + s + "] naming no group of the pattern")
				}
				i += end
			} else {
				if s[i] < '0' || s[i] > '9' {
					return nil, unsupported(what + " replacement [" + s + "] with an illegal group reference")
				}
				g = int(s[i] - '0')
				for i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' {
					n, _ := strconv.Atoi(strconv.Itoa(g) + string(s[i+1]))
					if n > groups {
						break
					}
					g = n
					i++
				}
				if g > groups {
					return nil, unsupported(what + " replacement [" + s + "] referring to no group " + strconv.Itoa(g))
				}
			}
			flush()
			out = append(out, replacementPart{group: g})
		default:
			lit.WriteByte(c)
		}
	}
	flush()
	return out, nil
}

// expand writes the replacement of one match (m as from FindStringSubmatchIndex);
// a group that did not take part adds nothing, as in Java.
func (r javaReplacement) expand(b *strings.Builder, text string, m []int) {
	for _, p := range r {
		if p.group < 0 {
			b.WriteString(p.text)
			continue
		}
		if s, e := m[2*p.group], m[2*p.group+1]; s >= 0 {
			b.WriteString(text[s:e])
		}
	}
}
