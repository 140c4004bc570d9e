package analysis

import (
	"unicode"
	"unicode/utf8"
)

// charTokenizer is Lucene's CharTokenizer: a token is a maximal run of token characters,
// cut after maxLen UTF-16 units (the letter and whitespace tokenizers).
type charTokenizer struct {
	isTokenChar func(rune) bool
	maxLen      int
}

func letterTokenizer(maxLen int) charTokenizer {
	return charTokenizer{isTokenChar: unicode.IsLetter, maxLen: maxLen}
}

func whitespaceTokenizer(maxLen int) charTokenizer {
	return charTokenizer{isTokenChar: func(r rune) bool { return !isJavaWhitespace(r) }, maxLen: maxLen}
}

func (t charTokenizer) tokenize(dst []Token, text string, lower bool, a *arena) []Token {
	position := 0
	start, units := -1, 0
	emit := func(end int) {
		term := text[start:end]
		if lower {
			term = lowerTerm(a, term, len(text))
		}
		dst = append(dst, Token{Term: term, Position: position, StartOffset: start, EndOffset: end, Type: TypeWord})
		position++
		start = -1
	}
	for i := 0; i < len(text); {
		r, size := rune(text[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(text[i:])
		}
		if !t.isTokenChar(r) {
			if start >= 0 {
				emit(i)
			}
			i += size
			continue
		}
		if start < 0 {
			start, units = i, 0
		}
		units++
		if r >= 0x10000 {
			units++
		}
		i += size
		// Lucene checks after adding the character, so a pair may take the token to maxLen+1.
		if units >= t.maxLen {
			emit(i)
		}
	}
	if start >= 0 {
		emit(len(text))
	}
	return dst
}

// isJavaWhitespace is Java's Character.isWhitespace: space, line and paragraph separators
// except the non-breaking ones, plus the ASCII controls \t \n \v \f \r and U+001C..U+001F.
func isJavaWhitespace(r rune) bool {
	switch {
	case r == ' ', r >= '\t' && r <= '\r', r >= 0x1C && r <= 0x1F:
		return true
	case r < 0x80, r == 0xA0, r == 0x2007, r == 0x202F:
		return false
	}
	return unicode.In(r, unicode.Zs, unicode.Zl, unicode.Zp)
}

// keywordTokenizer emits the whole input as one token, even when it is empty, as
// Lucene's KeywordTokenizer does.
type keywordTokenizer struct{}

func (keywordTokenizer) tokenize(dst []Token, text string, lower bool, a *arena) []Token {
	term := text
	if lower {
		term = lowerTerm(a, text, len(text))
	}
	return append(dst, Token{Term: term, StartOffset: 0, EndOffset: len(text), Type: TypeWord})
}

// tokenizer is the common shape of the tokenizers above.
type tokenizer interface {
	tokenize(dst []Token, text string, lower bool, a *arena) []Token
}
