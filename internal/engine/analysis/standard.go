package analysis

import (
	"strings"
	"unicode/utf8"

	"github.com/clipperhouse/uax29/v2/words"
)

// standardTokenizer is Lucene's StandardTokenizer: UAX#29 word boundaries (from the
// segmenter), keeping only segments Lucene's grammar turns into tokens and typing them as
// it does. Runs longer than maxLen UTF-16 units are chopped as Lucene's fixed scanner
// buffer chops them: the longest token that fits, then scanning resumes right after it.
type standardTokenizer struct {
	maxLen int
}

// segmenter finds UAX#29 word segments starting at a given position. Scanning may
// restart anywhere a segment starts (Lucene's scanner restarts the same way after a
// chopped token), because no word-break rule looks back across a boundary whose left
// side is a plain ASCII separator, and the segmenter is only asked at segment starts.
type segmenter struct {
	text string
	// window bounds how far past p a segment is looked for, so that a huge run costs
	// linear time: a segment cut by the window is longer than max_token_length anyway and
	// gets chopped, which only needs its first max_token_length units.
	window  int
	it      words.Iterator[string]
	started bool
	// ascii reports that the last segment came from the ASCII fast path;
	// upper then says whether it holds an upper-case letter.
	ascii, upper bool
}

// next returns the end and kind of the segment starting at p.
func (s *segmenter) next(p int) (int, kind) {
	text := s.text
	if s.window > 0 && len(text)-p > s.window {
		text = text[:p+s.window]
	}
	c := text[p]
	s.ascii, s.upper = true, false
	// ASCII fast path. A run of letters and digits followed by the end of the text or by an
	// ASCII character that no UAX#29 rule lets join (anything but . : ' , ; _ ") is a whole
	// segment; a lone ASCII separator is dropped.
	if c < utf8.RuneSelf {
		if isASCIIAlnum(c) {
			e := p + 1
			letter := isASCIILetter(c)
			upper := 'A' <= c && c <= 'Z'
			for e < len(text) {
				// c|0x20 folds exactly the ASCII capitals onto the small letters.
				b := text[e]
				isLetter := 'a' <= b|0x20 && b|0x20 <= 'z'
				if !isLetter && (b < '0' || b > '9') {
					break
				}
				letter = letter || isLetter
				upper = upper || (isLetter && b&0x20 == 0)
				e++
			}
			s.upper = upper
			if e == len(text) || (text[e] < utf8.RuneSelf && !isASCIIJoiner(text[e])) {
				if letter {
					return e, kindAlphaNum
				}
				return e, kindNum
			}
		} else if !isASCIIJoiner(c) && (p+1 == len(text) || text[p+1] < utf8.RuneSelf) {
			return p + 1, kindNone
		}
	}
	s.ascii = false
	if !s.started {
		// A value copy keeps the iterator off the heap.
		s.it = *words.FromString("")
		s.started = true
	}
	s.it.SetText(text[p:])
	s.it.Next()
	e := p + s.it.End()
	return e, classify(text[p:e])
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func isASCIILetter(c byte) bool { return ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') }
func isASCIIAlnum(c byte) bool  { return isASCIILetter(c) || ('0' <= c && c <= '9') }

// isASCIIJoiner reports the ASCII characters that can be inside a word segment:
// MidLetter ':', MidNumLet '.', Single_Quote, MidNum ',' ';', ExtendNumLet '_', and the
// Hebrew Double_Quote.
func isASCIIJoiner(c byte) bool {
	switch c {
	case '.', ':', '\'', ',', ';', '_', '"':
		return true
	}
	return false
}

// tokenize appends the tokens of text to dst, lowercasing terms when lower is set (the
// standard analyzer's LowerCaseFilter, fused here to save a pass).
func (t standardTokenizer) tokenize(dst []Token, text string, lower bool, a *arena) []Token {
	// maxLen UTF-16 units never take more than 3*maxLen bytes; the slack leaves room for
	// the look-ahead of the word-break rules.
	seg := segmenter{text: text, window: 4*t.maxLen + 256}
	position := 0
	for p := 0; p < len(text); {
		if text[p] == ' ' && (p+1 == len(text) || text[p+1] < utf8.RuneSelf) {
			p++ // a lone space: the segment segmenter.next finds first, and no token
			continue
		}
		if class := wordBytes[text[p]]; class&wordAlnum != 0 {
			// A plain ASCII word: the token segmenter.next and the checks
			// below would find, taken here in one step (most words of most
			// texts are such runs). The same as plainWord, written out: the
			// calls cost as much as the word.
			e := p + 1
			for e < len(text) {
				c := wordBytes[text[e]]
				if c&wordAlnum == 0 {
					break
				}
				class |= c
				e++
			}
			if e-p <= t.maxLen && (e == len(text) || wordBytes[text[e]]&(wordJoiner|wordNonASCII) == 0) {
				term := text[p:e]
				if lower && class&wordUpper != 0 {
					term = lowerTerm(a, term, len(text))
				}
				if len(dst) < cap(dst) {
					dst = dst[:len(dst)+1]
				} else {
					dst = append(dst, Token{})
				}
				typ := TypeNum
				if class&wordLetter != 0 {
					typ = TypeAlphaNum
				}
				tk := &dst[len(dst)-1]
				tk.Term, tk.Position, tk.StartOffset, tk.EndOffset, tk.Type = term, position, p, e, typ
				position++
				p = e
				if p+1 < len(text) && text[p] == ' ' && text[p+1] < utf8.RuneSelf {
					p++ // the lone space after the word, as the loop's first test steps over it
				}
				continue
			}
		}
		end, k := seg.next(p)
		start := p
		if !seg.ascii && k != kindEmoji && k != kindSoutheastAsian && end-start > 4 && !isASCII(text[start:end]) {
			if tokenEnd, sepRestart, wordRestart, ok := emojiSplit(text[start:end]); ok {
				if k == kindNone {
					p = start + sepRestart
					continue
				}
				end, p = start+tokenEnd, start+wordRestart
				if k = classify(text[start:end]); k != kindNone {
					dst = appendToken(dst, text, start, end, position, k, lower, a)
					position++
				}
				continue
			}
		}
		if k == kindNone {
			p = end
			continue
		}
		if k == kindSoutheastAsian {
			// Lucene keeps a whole run of Thai/Lao/Myanmar/Khmer... as one token, where
			// UAX#29 leaves each letter alone.
			for end < len(text) && end-start <= seg.window {
				e, k2 := seg.next(end)
				if k2 != kindSoutheastAsian {
					break
				}
				end = e
			}
		}
		if end-start > t.maxLen && utf16Len(text[start:end]) > t.maxLen {
			end, k = t.chop(&seg, start, end, k)
		} else if k == kindEmoji {
			// Lucene's emoji rules stop at a text presentation selector (U+FE0E), which
			// UAX#29 treats as an ordinary extender; the selector itself is dropped and
			// scanning resumes after it.
			if i := strings.Index(text[start:end], "\uFE0E"); i >= 0 {
				if classify(text[start:start+i]) == kindEmoji {
					dst = appendToken(dst, text, start, start+i, position, k, lower, a)
					position++
				}
				p = start + i + len("\uFE0E")
				continue
			}
		}
		p = end
		if k != kindNone {
			// A plain ASCII word without capitals is its own lower case.
			dst = appendToken(dst, text, start, end, position, k, lower && (!seg.ascii || seg.upper), a)
			position++
		}
	}
	return dst
}

// Classes of bytes for tokenize's plain words, in wordBytes.
const (
	wordDigit    = 1
	wordLetter   = 2
	wordUpper    = 4
	wordAlnum    = wordDigit | wordLetter
	wordJoiner   = 8  // an ASCII character a word-break rule may join on (isASCIIJoiner)
	wordNonASCII = 16 // a byte of a multi-byte character
)

// wordBytes classes each byte for tokenize's plain words. Read only.
var wordBytes = func() (t [256]byte) {
	for c := '0'; c <= '9'; c++ {
		t[c] = wordDigit
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] = wordLetter
		t[c-'a'+'A'] = wordLetter | wordUpper
	}
	for c := 0; c < utf8.RuneSelf; c++ {
		if isASCIIJoiner(byte(c)) {
			t[c] = wordJoiner
		}
	}
	for c := utf8.RuneSelf; c < len(t); c++ {
		t[c] = wordNonASCII
	}
	return t
}()

// chop shortens a too-long segment [start, end) to the token Lucene's scanner finds in a
// buffer of maxLen UTF-16 units: the whole buffer for a Southeast Asian run, otherwise the
// first segment of the truncated text (so a piece never ends in a separator).
func (t standardTokenizer) chop(seg *segmenter, start, end int, k kind) (int, kind) {
	text := seg.text
	cut := start + prefixUTF16(text[start:end], t.maxLen)
	if cut == start {
		// A supplementary character with max_token_length 1: keep making progress.
		_, size := utf8.DecodeRuneInString(text[start:])
		cut += size
	}
	if k == kindSoutheastAsian {
		return cut, k
	}
	head := segmenter{text: text[:cut]}
	e, k := head.next(start)
	return e, k
}

func appendToken(dst []Token, text string, start, end, position int, k kind, lower bool, a *arena) []Token {
	term := text[start:end]
	if lower {
		term = lowerTerm(a, term, len(text))
	}
	// Field by field into the next slot: appending a whole Token copies it
	// with a typed move, which takes the bulk write barrier while the
	// collector runs. Every field of Token is set: a reused slot keeps
	// nothing of its last token.
	if len(dst) < cap(dst) {
		dst = dst[:len(dst)+1]
	} else {
		dst = append(dst, Token{})
	}
	tk := &dst[len(dst)-1]
	tk.Term, tk.Position, tk.StartOffset, tk.EndOffset, tk.Type = term, position, start, end, kindTypes[k]
	return dst
}
