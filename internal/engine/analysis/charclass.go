package analysis

import (
	"strings"
	"unicode"
)

// javaCategories are the lowercased names of java.lang.Character's general category
// constants, in their declaration order, with the Unicode categories they stand for.
// OpenSearch's token_chars accepts each of them besides its five named classes.
var javaCategories = []struct {
	name  string
	table *unicode.RangeTable
}{
	{"unassigned", nil}, {"uppercase_letter", unicode.Lu}, {"lowercase_letter", unicode.Ll},
	{"titlecase_letter", unicode.Lt}, {"modifier_letter", unicode.Lm}, {"other_letter", unicode.Lo},
	{"non_spacing_mark", unicode.Mn}, {"enclosing_mark", unicode.Me}, {"combining_spacing_mark", unicode.Mc},
	{"decimal_digit_number", unicode.Nd}, {"letter_number", unicode.Nl}, {"other_number", unicode.No},
	{"space_separator", unicode.Zs}, {"line_separator", unicode.Zl}, {"paragraph_separator", unicode.Zp},
	{"control", unicode.Cc}, {"format", unicode.Cf}, {"private_use", unicode.Co}, {"surrogate", unicode.Cs},
	{"dash_punctuation", unicode.Pd}, {"start_punctuation", unicode.Ps}, {"end_punctuation", unicode.Pe},
	{"connector_punctuation", unicode.Pc}, {"other_punctuation", unicode.Po}, {"math_symbol", unicode.Sm},
	{"currency_symbol", unicode.Sc}, {"modifier_symbol", unicode.Sk}, {"other_symbol", unicode.So},
	{"initial_quote_punctuation", unicode.Pi}, {"final_quote_punctuation", unicode.Pf},
}

// namedCharClasses are the classes CharMatcher.Basic names, in the order OpenSearch
// registers them.
var namedCharClasses = []string{"letter", "digit", "whitespace", "punctuation", "symbol"}

// charClass reports whether r is in the token_chars class name (already lowercased and
// trimmed); ok is false for an unknown name.
func charClass(name string) (match func(rune) bool, ok bool) {
	switch name {
	case "letter":
		return unicode.IsLetter, true
	case "digit":
		return func(r rune) bool { return unicode.Is(unicode.Nd, r) }, true
	case "whitespace":
		return isJavaWhitespace, true
	case "punctuation":
		return unicode.IsPunct, true
	case "symbol":
		return unicode.IsSymbol, true
	}
	for _, c := range javaCategories {
		if c.name != name {
			continue
		}
		if c.table == nil {
			return isUnassigned, true
		}
		t := c.table
		return func(r rune) bool { return unicode.Is(t, r) }, true
	}
	return nil, false
}

// isUnassigned is Java's Character.UNASSIGNED category: no general category at all.
func isUnassigned(r rune) bool {
	for _, c := range javaCategories[1:] {
		if unicode.Is(c.table, r) {
			return false
		}
	}
	return true
}

// parseTokenChars is NGramTokenizerFactory.parseTokenChars: the union of the token_chars
// classes, "custom" adding the characters of custom_token_chars. A nil matcher means
// every character is a token character.
func parseTokenChars(classes []string, custom *string) (func(rune) bool, error) {
	if len(classes) == 0 {
		return nil, nil
	}
	var matchers []func(rune) bool
	for _, c := range classes {
		c = strings.TrimSpace(strings.ToLower(c))
		m, ok := charClass(c)
		if !ok {
			if c != "custom" {
				return nil, illegalArgument("Unknown token type: '" + c + "', must be one of " + tokenCharsNames())
			}
			if custom == nil {
				return nil, illegalArgument("Token type: 'custom' requires setting `custom_token_chars`")
			}
			set := map[rune]bool{}
			// Java collects the string's chars (UTF-16 units), so a supplementary
			// character never matches: the tokenizer asks about whole code points.
			for _, r := range *custom {
				if r < 0x10000 {
					set[r] = true
				}
			}
			m = func(r rune) bool { return set[r] }
		}
		matchers = append(matchers, m)
	}
	return func(r rune) bool {
		for _, m := range matchers {
			if m(r) {
				return true
			}
		}
		return false
	}, nil
}

// tokenCharsNames prints the accepted token_chars names as OpenSearch's error does: a
// java.util.HashSet's toString, whose order follows the names' Java hash codes.
func tokenCharsNames() string {
	names := append([]string{}, namedCharClasses...)
	for _, c := range javaCategories {
		names = append(names, c.name)
	}
	names = append(names, "custom")
	return javaHashSetString(names)
}
