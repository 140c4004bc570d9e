package onig

import (
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// genPattern builds a pattern from fuzz bytes out of constructs whose
// meaning RE2 and Oniguruma share on ASCII text without newlines: literals,
// classes, dot, groups, alternation and quantifiers over bodies that
// cannot match the empty string (where the two engines differ on empty
// iterations). It reports the pattern and whether it can match empty.
func genPattern(src []byte, depth int) (string, bool, []byte) {
	next := func() byte {
		if len(src) == 0 {
			return 0
		}
		b := src[0]
		src = src[1:]
		return b
	}
	var atom func() (string, bool)
	atom = func() (string, bool) {
		switch c := next() % 8; {
		case c < 3:
			return string("abc"[c]), false
		case c == 3:
			return []string{"[ab]", "[^a]", "[a-c]", `\w`}[next()%4], false
		case c == 4:
			return ".", false
		case depth > 0:
			var p string
			var nullable bool
			p, nullable, src = genPattern(src, depth-1)
			if next()%2 == 0 {
				return "(" + p + ")", nullable
			}
			return "(?:" + p + ")", nullable
		}
		return "a", false
	}
	var alts []string
	anyNullable := false
	for n := int(next()%2) + 1; n > 0; n-- {
		var parts []string
		nullable := true
		for k := int(next()%3) + 1; k > 0; k-- {
			a, an := atom()
			q := next() % 10
			switch {
			case an || q < 5:
			case q == 5:
				a += "*"
				an = true
			case q == 6:
				a += "+"
			case q == 7:
				a += "?"
				an = true
			case q == 8:
				a += "{1,2}"
			default:
				a += "*?"
				an = true
			}
			parts = append(parts, a)
			nullable = nullable && an
		}
		alts = append(alts, strings.Join(parts, ""))
		anyNullable = anyNullable || nullable
	}
	return strings.Join(alts, "|"), anyNullable, src
}

// FuzzAgreesWithRE2 checks on generated patterns that the backtracking
// matcher finds the same leftmost-first match and groups as Go's regexp.
func FuzzAgreesWithRE2(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, "abcabc")
	f.Add([]byte{7, 9, 0, 6, 5, 1, 3, 8, 2, 2, 4}, "ccba-a")
	f.Add([]byte{5, 5, 5, 1, 0, 7, 6, 4, 3, 9, 8, 8}, "bbbbbbab")
	f.Fuzz(func(t *testing.T, src []byte, in string) {
		if len(src) > 64 || len(in) > 64 || strings.ContainsAny(in, "\n\v\r\f\t ") {
			return
		}
		for _, r := range in {
			if r >= 0x80 { // \w, \b and . on non-ASCII differ by design
				return
			}
		}
		p, _, _ := genPattern(src, 2)
		want := regexp.MustCompile(p).FindStringSubmatchIndex(in)
		re, err := Compile(p)
		if err != nil {
			t.Fatalf("Compile(%q): %v", p, err)
		}
		got, err := re.Find(in)
		if err == ErrInterrupted {
			return // catastrophic backtracking: Joni's watchdog stops it too
		}
		if err != nil {
			t.Fatalf("Find(%q, %q): %v", p, in, err)
		}
		if !reflect.DeepEqual(groups(in, got), groups(in, want)) {
			t.Fatalf("%q on %q: got %q, RE2 %q", p, in, groups(in, got), groups(in, want))
		}
	})
}
