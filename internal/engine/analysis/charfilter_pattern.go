package analysis

import (
	"regexp"
	"strings"
)

// patternReplaceCharFilter is Lucene's PatternReplaceCharFilter: every match of the
// pattern in the whole text is replaced, and offsets inside a shorter replacement map to
// its start, those past a longer one's match to the match's last character.
type patternReplaceCharFilter struct {
	re          *regexp.Regexp
	replacement javaReplacement
}

func (f patternReplaceCharFilter) apply(text string) (string, offsetCorrection) {
	var out strings.Builder
	var corr offsetCorrection
	outUnits, last, cumulative := 0, 0, 0
	for _, m := range f.re.FindAllStringSubmatchIndex(text, -1) {
		skipped := text[last:m[0]]
		out.WriteString(skipped)
		outUnits += utf16Len(skipped)
		before := out.Len()
		f.replacement.expand(&out, text, m)
		replacementUnits := utf16Len(out.String()[before:])
		groupUnits := utf16Len(text[m[0]:m[1]])
		switch {
		case replacementUnits < groupUnits:
			cumulative += groupUnits - replacementUnits
			corr.add(outUnits+replacementUnits, cumulative)
		case replacementUnits > groupUnits:
			for i := groupUnits; i < replacementUnits; i++ {
				cumulative--
				corr.add(outUnits+i, cumulative)
			}
		}
		outUnits += replacementUnits
		last = m[1]
	}
	out.WriteString(text[last:])
	return out.String(), corr
}

// newPatternReplaceCharFilter is PatternReplaceCharFilterFactory's configuration.
func newPatternReplaceCharFilter(name string, p settingParams) (charFilter, error) {
	pattern, _ := p.str("pattern")
	if pattern == "" {
		return nil, illegalArgument("pattern is missing for [" + name + "] char filter of type 'pattern_replace'")
	}
	flags, _ := p.str("flags")
	re, err := compileJavaRegex("char_filter ["+name+"]", pattern, flags)
	if err != nil {
		return nil, err
	}
	replacement, _ := p.str("replacement")
	r, err := parseJavaReplacement("char_filter ["+name+"]", replacement, re)
	if err != nil {
		return nil, err
	}
	return patternReplaceCharFilter{re: re, replacement: r}, nil
}
