package analysis

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// mappingCharFilter is Lucene's MappingCharFilter: at each position the longest key that
// starts there is replaced by its value; text that no key matches passes unchanged.
type mappingCharFilter struct {
	// byFirst lists the rules by the first byte of their key, longest key first.
	byFirst map[byte][]mappingRule
}

type mappingRule struct{ from, to string }

func (f mappingCharFilter) apply(text string) (string, offsetCorrection) {
	var out strings.Builder
	var corr offsetCorrection
	inputUnits := 0
	for i := 0; i < len(text); {
		var match *mappingRule
		for k, r := range f.byFirst[text[i]] {
			if strings.HasPrefix(text[i:], r.from) {
				match = &f.byFirst[text[i]][k]
				break
			}
		}
		if match == nil {
			r, size := utf8.DecodeRuneInString(text[i:])
			out.WriteString(text[i : i+size])
			inputUnits++
			if r >= 0x10000 {
				inputUnits++
			}
			i += size
			continue
		}
		i += len(match.from)
		inLen, outLen := utf16Len(match.from), utf16Len(match.to)
		inputUnits += inLen
		out.WriteString(match.to)
		// As MappingCharFilter: a shorter value moves the rest back by the difference; the
		// extra characters of a longer one all point at the end of the matched input.
		prev := corr.last()
		switch diff := inLen - outLen; {
		case diff > 0:
			corr.add(inputUnits-diff-prev, prev+diff)
		case diff < 0:
			start := inputUnits - prev
			for extra := 0; extra < -diff; extra++ {
				corr.add(start+extra, prev-extra-1)
			}
		}
	}
	return out.String(), corr
}

// mappingRulePattern is MappingCharFilterFactory's rule syntax, "key => value"; the
// greedy first group makes the last "=>" the separator.
var mappingRulePattern = regexp.MustCompile(`^(.*)\s*=>\s*(.*)\s*$`)

// newMappingCharFilter parses the mappings rules as MappingCharFilterFactory does.
func newMappingCharFilter(rules []string) (charFilter, error) {
	f := mappingCharFilter{byFirst: map[byte][]mappingRule{}}
	seen := map[string]bool{}
	for _, rule := range rules {
		m := mappingRulePattern.FindStringSubmatch(rule)
		if m == nil {
			return nil, &Error{Type: "runtime_exception", Reason: "Invalid Mapping Rule : [" + rule + "]"}
		}
		from, err := parseMappingString(trimJavaSpace(m[1]))
		if err != nil {
			return nil, err
		}
		to, err := parseMappingString(trimJavaSpace(m[2]))
		if err != nil {
			return nil, err
		}
		// NormalizeCharMap.Builder.add's checks.
		if from == "" {
			return nil, illegalArgument("cannot match the empty string")
		}
		if seen[from] {
			return nil, illegalArgument(`match "` + from + `" was already added`)
		}
		seen[from] = true
		f.byFirst[from[0]] = append(f.byFirst[from[0]], mappingRule{from, to})
	}
	for _, rs := range f.byFirst {
		sort.SliceStable(rs, func(i, j int) bool { return len(rs[i].from) > len(rs[j].from) })
	}
	return f, nil
}

// trimJavaSpace is String.trim: it drops characters up to U+0020 from both ends.
func trimJavaSpace(s string) string {
	return strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
}

// parseMappingString reads the escapes MappingCharFilterFactory allows: \\ \n \t \r \b
// \f and \uXXXX; any other escaped character stands for itself.
func parseMappingString(s string) (string, error) {
	if !strings.Contains(s, `\`) {
		return s, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		i++
		if i >= len(s) {
			return "", &Error{Type: "runtime_exception", Reason: "Invalid escaped char in [" + s + "]"}
		}
		switch s[i] {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'u':
			if i+4 >= len(s) {
				return "", &Error{Type: "runtime_exception", Reason: "Invalid escaped char in [" + s + "]"}
			}
			n, err := strconv.ParseUint(s[i+1:i+5], 16, 16)
			if err != nil {
				return "", &Error{Type: "number_format_exception", Reason: `For input string: "` + s[i+1:i+5] + `" under radix 16`}
			}
			b.WriteRune(rune(n))
			i += 4
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String(), nil
}
