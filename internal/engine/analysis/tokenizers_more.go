package analysis

import (
	"regexp"
	"strconv"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// lowercaseTokenizer is OpenSearch's lowercase tokenizer (XLowerCaseTokenizer): the
// letter tokenizer, lowercasing its tokens.
type lowercaseTokenizer struct{ letters charTokenizer }

func (t lowercaseTokenizer) tokenize(dst []Token, text string, _ bool, a *arena) []Token {
	return t.letters.tokenize(dst, text, true, a)
}

// patternTokenizer is Lucene's PatternTokenizer: with group -1 the texts between matches
// (empty ones skipped), otherwise the given group of every match (empty ones skipped).
type patternTokenizer struct {
	re    *regexp.Regexp
	group int
}

func (t patternTokenizer) tokenize(dst []Token, text string, lower bool, a *arena) []Token {
	out := spanTokens{dst: dst, text: text, lower: lower, a: a}
	emit := out.emit
	matches := t.re.FindAllStringSubmatchIndex(text, -1)
	if t.group >= 0 {
		for _, m := range matches {
			if from, to := m[2*t.group], m[2*t.group+1]; from < to {
				emit(from, to)
			}
		}
		return out.dst
	}
	last := 0
	for _, m := range matches {
		if m[0] > last {
			emit(last, m[0])
		}
		last = m[1]
	}
	if last < len(text) {
		emit(last, len(text))
	}
	return out.dst
}

func newPatternTokenizerFactory(p settingParams) (tokenizerFactory, error) {
	pattern, ok := p.str("pattern")
	if !ok {
		pattern = `\W+`
	}
	flags, _ := p.str("flags")
	re, err := compileJavaRegex("tokenizer [pattern]", pattern, flags)
	if err != nil {
		return nil, err
	}
	group, err := p.intp("group")
	if err != nil {
		return nil, err
	}
	t := patternTokenizer{re: re, group: -1}
	if group != nil {
		t.group = *group
	}
	return t, nil
}

// create makes the PatternTokenizer, which checks the group exists.
func (t patternTokenizer) create() (tokenizer, error) {
	if n := t.re.NumSubexp(); t.group > n {
		return nil, illegalArgument("invalid group specified: pattern only has: " + strconv.Itoa(n) + " capturing groups")
	}
	return t, nil
}

// charGroupTokenizer is OpenSearch's char_group tokenizer: a CharTokenizer splitting on
// the listed characters and character classes.
type charGroupFactory struct {
	chars                                     map[rune]bool
	space, letter, digit, punctuation, symbol bool
	maxLen                                    int
}

func newCharGroupFactory(p settingParams) (tokenizerFactory, error) {
	f := charGroupFactory{chars: map[rune]bool{}, maxLen: DefaultMaxTokenLength}
	n, err := p.intp("max_token_length")
	if err != nil {
		return nil, err
	}
	if n != nil {
		f.maxLen = *n
	}
	for _, c := range p.list("tokenize_on_chars") {
		units := utf16.Encode([]rune(c))
		switch {
		case len(units) == 0:
			return nil, &Error{Type: "runtime_exception", Reason: "[tokenize_on_chars] cannot contain empty characters"}
		case len(units) == 1:
			f.chars[rune(units[0])] = true
		case c[0] == '\\':
			r, err := parseCharGroupEscape(c)
			if err != nil {
				return nil, err
			}
			f.chars[r] = true
		case c == "letter":
			f.letter = true
		case c == "digit":
			f.digit = true
		case c == "whitespace":
			f.space = true
		case c == "punctuation":
			f.punctuation = true
		case c == "symbol":
			f.symbol = true
		default:
			return nil, &Error{Type: "runtime_exception", Reason: "Invalid escaped char in [" + c + "]"}
		}
	}
	return f, nil
}

// parseCharGroupEscape is CharGroupTokenizerFactory.parseEscapedChar.
func parseCharGroupEscape(s string) (rune, error) {
	switch s[1] {
	case '\\':
		return '\\', nil
	case 'n':
		return '\n', nil
	case 't':
		return '\t', nil
	case 'r':
		return '\r', nil
	case 'b':
		return '\b', nil
	case 'f':
		return '\f', nil
	case 'u':
		if utf8.RuneCountInString(s) > 6 {
			return 0, &Error{Type: "runtime_exception", Reason: "Invalid escaped char in [" + s + "]"}
		}
		n, err := strconv.ParseUint(s[2:], 16, 16)
		if err != nil {
			return 0, &Error{Type: "number_format_exception", Reason: `For input string: "` + s[2:] + `" under radix 16`}
		}
		return rune(n), nil
	}
	r, _ := utf8.DecodeRuneInString(s[1:])
	return 0, &Error{Type: "runtime_exception", Reason: "Invalid escaped char " + string(r) + " in [" + s + "]"}
}

func (f charGroupFactory) create() (tokenizer, error) {
	if f.maxLen <= 0 || f.maxLen > maxTokenLengthLimit {
		return nil, illegalArgument("maxTokenLen must be greater than 0 and less than " + strconv.Itoa(maxTokenLengthLimit) + " passed: " + strconv.Itoa(f.maxLen))
	}
	return charTokenizer{maxLen: f.maxLen, isTokenChar: func(r rune) bool {
		switch {
		case f.space && isJavaWhitespace(r), f.letter && unicode.IsLetter(r), f.digit && unicode.Is(unicode.Nd, r),
			f.punctuation && unicode.IsPunct(r), f.symbol && unicode.IsSymbol(r):
			return false
		}
		return !f.chars[r]
	}}, nil
}
