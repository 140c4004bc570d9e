package analysis

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/clipperhouse/uax29/v2/words"
)

// kind is what Lucene's StandardTokenizer grammar makes of one UAX#29 word segment.
type kind uint8

const (
	kindNone kind = iota // punctuation, whitespace, symbols: dropped
	kindAlphaNum
	kindNum
	kindSoutheastAsian // merged with adjacent segments of the same kind
	kindIdeographic
	kindHiragana
	kindKatakana
	kindHangul
	kindEmoji
)

var kindTypes = [...]string{
	kindAlphaNum:       TypeAlphaNum,
	kindNum:            TypeNum,
	kindSoutheastAsian: TypeSoutheastAsian,
	kindIdeographic:    TypeIdeographic,
	kindHiragana:       TypeHiragana,
	kindKatakana:       TypeKatakana,
	kindHangul:         TypeHangul,
	kindEmoji:          TypeEmoji,
}

// southeastAsian are the scripts whose letters and marks have Line_Break=Complex_Context
// (SA), which Lucene keeps together as one <SOUTHEAST_ASIAN> token per run.
var southeastAsian = [...]*unicode.RangeTable{
	unicode.Thai, unicode.Lao, unicode.Myanmar, unicode.Khmer, unicode.Tai_Le,
	unicode.New_Tai_Lue, unicode.Tai_Tham, unicode.Tai_Viet, unicode.Ahom,
}

func isSoutheastAsian(r rune) bool {
	if !unicode.IsLetter(r) && !unicode.IsMark(r) {
		return false
	}
	for _, t := range southeastAsian {
		if unicode.Is(t, r) {
			return true
		}
	}
	return false
}

// isKatakana reports Word_Break=Katakana: the Katakana script plus the few Common-script
// marks UAX#29 lists with it (kana iteration marks, voiced sound marks, the double hyphen
// and the prolonged sound mark).
func isKatakana(r rune) bool {
	switch {
	case r >= 0x3031 && r <= 0x3035, r == 0x309B, r == 0x309C, r == 0x30A0, r == 0x30FC, r == 0xFF70:
		return true
	}
	return unicode.Is(unicode.Katakana, r)
}

// isIgnorable reports characters that UAX#29 rule WB4 attaches to the preceding character
// (Extend, Format, ZWJ): they never decide a segment's kind.
func isIgnorable(r rune) bool {
	return unicode.IsMark(r) || unicode.Is(unicode.Cf, r) || isSkinTone(r) || r == 0xFF9E || r == 0xFF9F
}

// isSkinTone reports the emoji modifiers (Fitzpatrick skin tones).
func isSkinTone(r rune) bool { return r >= 0x1F3FB && r <= 0x1F3FF }

// emojiSplit finds where Lucene's grammar stops a word or separator segment that UAX#29
// extends over an emoji: over "ZWJ + pictograph" (WB3c) or over a skin tone modifier
// (an extender since Unicode 11, its own class in the Unicode 9 grammar). It returns the
// end of Lucene's token (the ZWJ run stays with the word before it), where a separator's
// scan resumes (at the ZWJ run, which Lucene's emoji rule may start with) and where a
// word's resumes.
func emojiSplit(seg string) (tokenEnd, sepRestart, wordRestart int, ok bool) {
	for i, r := range seg {
		if i == 0 {
			continue
		}
		if isSkinTone(r) {
			return i, i, i, true
		}
		if r != 0x200D {
			continue
		}
		j := i
		for strings.HasPrefix(seg[j:], "\u200d") {
			j += len("\u200d")
		}
		if next, _ := utf8.DecodeRuneInString(seg[j:]); j < len(seg) && isExtendedPictographic(next) {
			return j, i, j, true
		}
	}
	return 0, 0, 0, false
}

// isLetterLike reports characters that make a segment a word rather than a number:
// letters, letter numbers (Roman numerals) and alphabetic symbols such as circled letters.
func isLetterLike(r rune) bool {
	return unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) ||
		(unicode.Is(unicode.So, r) && unicode.Is(unicode.Other_Alphabetic, r))
}

func isRegionalIndicator(r rune) bool { return r >= 0x1F1E6 && r <= 0x1F1FF }

// classify decides the kind of one word segment produced by the UAX#29 segmenter.
func classify(seg string) kind {
	// ASCII fast path: letters make a word, digits alone a number, anything else is dropped.
	ascii := true
	letter, digit := false, false
	for i := 0; i < len(seg); i++ {
		c := seg[i]
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
		if ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') {
			letter = true
		} else if '0' <= c && c <= '9' {
			digit = true
		}
	}
	if ascii {
		switch {
		case letter:
			return kindAlphaNum
		case digit:
			return kindNum
		}
		return kindNone
	}
	return classifyUnicode(seg)
}

func classifyUnicode(seg string) kind {
	var (
		first                        rune = -1
		bases, regional              int
		letter, digit, keycap        bool
		han, hira, sea, kata, hangul = true, true, true, true, true
	)
	for _, r := range seg {
		if r == 0x20E3 {
			keycap = true
		}
		if isIgnorable(r) {
			continue
		}
		bases++
		if first < 0 {
			first = r
		}
		switch {
		case isLetterLike(r):
			letter = true
		case unicode.IsDigit(r):
			digit = true
		case isRegionalIndicator(r):
			regional++
		}
		han = han && unicode.Is(unicode.Han, r)
		hira = hira && unicode.Is(unicode.Hiragana, r)
		sea = sea && isSoutheastAsian(r)
		kata = kata && isKatakana(r)
		hangul = hangul && unicode.Is(unicode.Hangul, r)
	}
	if bases == 0 {
		// Lucene's grammar (Unicode 9) makes a lone skin tone modifier an emoji; UAX#29
		// now treats it as an extender.
		if r, _ := utf8.DecodeRuneInString(seg); isSkinTone(r) {
			return kindEmoji
		}
		return kindNone
	}
	// Emoji rules come first in Lucene's grammar, so a keycap "1️⃣" is an emoji, not a number.
	if keycap && bases == 1 && (first == '#' || first == '*' || (first >= '0' && first <= '9')) {
		return kindEmoji
	}
	// Lucene's emoji rule also wins over its word rule for the few letter-like symbols that
	// are Extended_Pictographic (U+2139 ℹ, U+24C2 Ⓜ).
	if letter && bases == 1 && first >= 0x2100 && first < 0x2500 && isExtendedPictographic(first) {
		return kindEmoji
	}
	switch {
	case han:
		return kindIdeographic
	case hira:
		return kindHiragana
	case sea:
		return kindSoutheastAsian
	case kata:
		// Word_Break=Katakana includes symbols (circled and squared katakana), so no
		// letter is required.
		return kindKatakana
	case letter && hangul:
		return kindHangul
	case letter:
		return kindAlphaNum
	case digit:
		return kindNum
	case regional > 0:
		if regional == 2 && bases == 2 {
			return kindEmoji
		}
		return kindNone
	case isExtendedPictographic(first):
		return kindEmoji
	}
	return kindNone
}

// isExtendedPictographic asks the UAX#29 segmenter whether r has the
// Extended_Pictographic property, through rule WB3c (ZWJ × Extended_Pictographic), rather
// than keeping a copy of the emoji tables. Characters WB4 attaches after anything
// (Extend, Format, ZWJ) are excluded by checking that "!" does not join r. Punctuation
// that is never pictographic is skipped without asking.
func isExtendedPictographic(r rune) bool {
	if r < 0xA9 || unicode.In(r, unicode.Pd, unicode.Ps, unicode.Pe, unicode.Pi, unicode.Pf, unicode.Zs) {
		return false
	}
	var buf [8]byte
	n := copy(buf[:], "\u200d")
	n += utf8.EncodeRune(buf[n:], r)
	if adv, _, _ := words.SplitFunc(buf[:n], true); adv != n {
		return false
	}
	buf[0] = '!'
	n = 1 + utf8.EncodeRune(buf[1:], r)
	adv, _, _ := words.SplitFunc(buf[:n], true)
	return adv == 1
}
