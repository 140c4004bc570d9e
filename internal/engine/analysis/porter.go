package analysis

import (
	"unicode/utf16"
	"unicode/utf8"
)

// PorterStem returns the stem of a lowercase English word by Porter's 1980 algorithm as
// Lucene's PorterStemmer implements it (its departures from the paper included: "bli" for
// "abli", "logi" to "log", and words of one or two characters left alone). Like Lucene it
// works on UTF-16 units, every one outside a, e, i, o, u (and y by context) a consonant.
// The result is never longer than word.
func PorterStem(word string) string {
	ascii := true
	for i := 0; i < len(word); i++ {
		if word[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii || !utf8.ValidString(word) {
		// Bytes are UTF-16 units for ASCII; invalid UTF-8 has no Java meaning anyway.
		var buf [64]byte // most words fit: no allocation unless the stem is new text
		s := porter[byte]{b: append(buf[:0], word...)}
		n := s.stem()
		if string(s.b[:n]) == word[:n] {
			return word[:n] // no copy when the stem is a prefix
		}
		return string(s.b[:n])
	}
	s := porter[uint16]{b: utf16.Encode([]rune(word))}
	n := s.stem()
	out := string(utf16.Decode(s.b[:n]))
	if len(out) > len(word) {
		// Cutting between surrogates decodes to U+FFFD; never grow the term.
		return word
	}
	return out
}

// unit is a code unit the stemmer works on: bytes for ASCII, UTF-16 for the rest.
type unit interface{ ~byte | ~uint16 }

// porter is the state of one stemming: the buffer b, its current end k (inclusive) and
// the start j of the suffix last matched by ends (j is its last kept unit).
type porter[T unit] struct {
	b    []T
	k, j int
}

// stem runs the steps and returns the stem's length.
func (s *porter[T]) stem() int {
	s.k = len(s.b) - 1
	if s.k > 1 {
		s.step1ab()
		s.step1c()
		s.step2()
		s.step3()
		s.step4()
		s.step5()
	}
	return s.k + 1
}

// cons reports whether b[i] is a consonant; y is one at the start or after a vowel.
func (s *porter[T]) cons(i int) bool {
	// A run of y's alternates starting from its first unit's status.
	ys := 0
	for {
		switch s.b[i] {
		case 'a', 'e', 'i', 'o', 'u':
			return ys%2 == 1
		case 'y':
			if i == 0 {
				return ys%2 == 0
			}
			ys++
			i--
			continue
		}
		return ys%2 == 0
	}
}

// m counts the consonant-vowel sequences (VC) in b[0..j].
func (s *porter[T]) m() int {
	n, i := 0, 0
	for {
		if i > s.j {
			return n
		}
		if !s.cons(i) {
			break
		}
		i++
	}
	i++
	for {
		for {
			if i > s.j {
				return n
			}
			if s.cons(i) {
				break
			}
			i++
		}
		i++
		n++
		for {
			if i > s.j {
				return n
			}
			if !s.cons(i) {
				break
			}
			i++
		}
		i++
	}
}

// vowelInStem reports whether b[0..j] has a vowel.
func (s *porter[T]) vowelInStem() bool {
	for i := 0; i <= s.j; i++ {
		if !s.cons(i) {
			return true
		}
	}
	return false
}

// doublec reports whether b[j-1..j] is a double consonant.
func (s *porter[T]) doublec(j int) bool {
	return j >= 1 && s.b[j] == s.b[j-1] && s.cons(j)
}

// cvc reports whether b[i-2..i] is consonant-vowel-consonant with the last not w, x or y
// (the ending that keeps an e: hop(e), fil(e)).
func (s *porter[T]) cvc(i int) bool {
	if i < 2 || !s.cons(i) || s.cons(i-1) || !s.cons(i-2) {
		return false
	}
	c := s.b[i]
	return c != 'w' && c != 'x' && c != 'y'
}

// ends reports whether b[0..k] ends with suffix, setting j before it if so.
func (s *porter[T]) ends(suffix string) bool {
	o := s.k - len(suffix) + 1
	if o < 0 {
		return false
	}
	for i := 0; i < len(suffix); i++ {
		if s.b[o+i] != T(suffix[i]) {
			return false
		}
	}
	s.j = s.k - len(suffix)
	return true
}

// setTo replaces b[j+1..k] with r. The buffer never needs to grow: every replacement
// is at most as long as the suffix ends just matched.
func (s *porter[T]) setTo(r string) {
	for i := 0; i < len(r); i++ {
		s.b[s.j+1+i] = T(r[i])
	}
	s.k = s.j + len(r)
}

// r replaces the matched suffix with r when the stem before it has m > 0.
func (s *porter[T]) r(r string) {
	if s.m() > 0 {
		s.setTo(r)
	}
}

// step1ab removes plurals and -ed or -ing.
func (s *porter[T]) step1ab() {
	if s.b[s.k] == 's' {
		switch {
		case s.ends("sses"):
			s.k -= 2
		case s.ends("ies"):
			s.setTo("i")
		case s.b[s.k-1] != 's':
			s.k--
		}
	}
	if s.ends("eed") {
		if s.m() > 0 {
			s.k--
		}
	} else if (s.ends("ed") || s.ends("ing")) && s.vowelInStem() {
		s.k = s.j
		switch {
		case s.ends("at"):
			s.setTo("ate")
		case s.ends("bl"):
			s.setTo("ble")
		case s.ends("iz"):
			s.setTo("ize")
		case s.doublec(s.k):
			s.k--
			if c := s.b[s.k]; c == 'l' || c == 's' || c == 'z' {
				s.k++
			}
		default:
			if s.j = s.k; s.m() == 1 && s.cvc(s.k) {
				s.setTo("e")
			}
		}
	}
}

// step1c turns a final y into i when there is another vowel in the stem.
func (s *porter[T]) step1c() {
	if s.ends("y") && s.vowelInStem() {
		s.b[s.k] = 'i'
	}
}

// step2 maps double suffixes to single ones (-ization to -ize) when m > 0.
func (s *porter[T]) step2() {
	if s.k == 0 {
		return
	}
	var rules []string
	switch s.b[s.k-1] {
	case 'a':
		rules = []string{"ational", "ate", "tional", "tion"}
	case 'c':
		rules = []string{"enci", "ence", "anci", "ance"}
	case 'e':
		rules = []string{"izer", "ize"}
	case 'l':
		rules = []string{"bli", "ble", "alli", "al", "entli", "ent", "eli", "e", "ousli", "ous"}
	case 'o':
		rules = []string{"ization", "ize", "ation", "ate", "ator", "ate"}
	case 's':
		rules = []string{"alism", "al", "iveness", "ive", "fulness", "ful", "ousness", "ous"}
	case 't':
		rules = []string{"aliti", "al", "iviti", "ive", "biliti", "ble"}
	case 'g':
		rules = []string{"logi", "log"}
	}
	s.rules(rules)
}

// rules applies the first (suffix, replacement) pair whose suffix matches, if m > 0.
func (s *porter[T]) rules(rules []string) {
	for i := 0; i < len(rules); i += 2 {
		if s.ends(rules[i]) {
			s.r(rules[i+1])
			return
		}
	}
}

// step3 handles -ic-, -full, -ness and the like.
func (s *porter[T]) step3() {
	var rules []string
	switch s.b[s.k] {
	case 'e':
		rules = []string{"icate", "ic", "ative", "", "alize", "al"}
	case 'i':
		rules = []string{"iciti", "ic"}
	case 'l':
		rules = []string{"ical", "ic", "ful", ""}
	case 's':
		rules = []string{"ness", ""}
	}
	s.rules(rules)
}

// step4 removes -ant, -ence and the like when m > 1.
func (s *porter[T]) step4() {
	if s.k == 0 {
		return
	}
	var found bool
	switch s.b[s.k-1] {
	case 'a':
		found = s.ends("al")
	case 'c':
		found = s.ends("ance") || s.ends("ence")
	case 'e':
		found = s.ends("er")
	case 'i':
		found = s.ends("ic")
	case 'l':
		found = s.ends("able") || s.ends("ible")
	case 'n':
		found = s.ends("ant") || s.ends("ement") || s.ends("ment") || s.ends("ent")
	case 'o':
		found = s.ends("ion") && s.j >= 0 && (s.b[s.j] == 's' || s.b[s.j] == 't') || s.ends("ou")
	case 's':
		found = s.ends("ism")
	case 't':
		found = s.ends("ate") || s.ends("iti")
	case 'u':
		found = s.ends("ous")
	case 'v':
		found = s.ends("ive")
	case 'z':
		found = s.ends("ize")
	}
	if found && s.m() > 1 {
		s.k = s.j
	}
}

// step5 removes a final -e when m > 1 (or m = 1 and not cvc) and -ll to -l when m > 1.
func (s *porter[T]) step5() {
	s.j = s.k
	if s.b[s.k] == 'e' {
		if a := s.m(); a > 1 || a == 1 && !s.cvc(s.k-1) {
			s.k--
		}
	}
	if s.b[s.k] == 'l' && s.doublec(s.k) && s.m() > 1 {
		s.k--
	}
}
