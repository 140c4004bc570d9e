package onig

import (
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// find is a test helper: the groups of the leftmost match as strings ("<nil>"
// for a group that did not take part), nil when nothing matches.
func find(t *testing.T, pattern, s string) []string {
	t.Helper()
	re, err := Compile(pattern)
	if err != nil {
		t.Fatalf("Compile(%q): %v", pattern, err)
	}
	loc, err := re.Find(s)
	if err != nil {
		t.Fatalf("Find(%q, %q): %v", pattern, s, err)
	}
	return groups(s, loc)
}

func groups(s string, loc []int) []string {
	if loc == nil {
		return nil
	}
	out := make([]string, len(loc)/2)
	for i := range out {
		if loc[2*i] < 0 {
			out[i] = "<nil>"
			continue
		}
		out[i] = s[loc[2*i]:loc[2*i+1]]
	}
	return out
}

func TestJoniOnlyConstructs(t *testing.T) {
	cases := []struct {
		pattern, in string
		want        []string
	}{
		// An atomic group gives back nothing: RE2 would match "12" + "3".
		{`(?>[0-9]+)3`, "123", nil},
		{`(?:[0-9]+)3`, "123", []string{"123"}},
		{`[0-9]++3`, "123", nil},
		{`a*+a`, "aaa", nil},
		{`a?+a`, "a", nil},
		// Lookbehind and lookahead.
		{`(?<![0-9])[0-9]{2}(?![0-9])`, "123 45", []string{"45"}},
		{`(?<=\$)[0-9]+`, "cost $42", []string{"42"}},
		{`(?<=ab|c)d`, "abd", []string{"d"}},
		{`foo(?=bar)`, "foobaz foobar", []string{"foo"}},
		{`(?!<[0-9])x`, "<1x", []string{"x"}},
		// Backreferences.
		{`(a+)b\1`, "aabaa", []string{"aabaa", "aa"}},
		{`(?<q>["'])(.*?)\k<q>`, `say "hi" now`, []string{`"hi"`, `"`, "hi"}},
		{`(a)\1`, "aA", nil},
		{`(?i)(a)\1`, "aA", []string{"aA", "a"}},
		// Unicode classes and word boundaries, as Oniguruma with UTF-8.
		{`\w+`, "  héllo", []string{"héllo"}},
		{`\bé\b`, "x é y", []string{"é"}},
		{`\d+`, "x٣٤", []string{"٣٤"}},
		{`\h+`, "zz0fAq", []string{"0fA"}},
		{`[[:alpha:]]+`, "1ab2", []string{"ab"}},
		{`[a-z&&[^aeiou]]+`, "aebcd", []string{"bcd"}},
		// Ruby line anchors.
		{`^b$`, "a\nb\nc", []string{"b"}},
		{`a$`, "a\n", []string{"a"}},
		{`\Aa\z`, "a\n", nil},
		{`a\Z`, "a\n", []string{"a"}},
		// (?m) is dot-all in Ruby syntax.
		{`(?m)a.b`, "a\nb", []string{"a\nb"}},
		{`a.b`, "a\nb", nil},
		// Named groups keep their grok names, colons and dots included.
		{`(?<IP:client.ip>[0-9.]+)`, "x 1.2", []string{"1.2", "1.2"}},
		// A literal brace that is not an interval.
		{`a{x`, "a{x", []string{"a{x"}},
		{`a{,2}b`, "aaab", []string{"aab"}},
	}
	for _, c := range cases {
		if got := find(t, c.pattern, c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q on %q: got %q, want %q", c.pattern, c.in, got, c.want)
		}
	}
}

func TestCompileErrors(t *testing.T) {
	cases := map[string]string{
		`(a`:          "end pattern with unmatched parenthesis",
		`a)`:          "unmatched close parenthesis",
		`(?<=a+)b`:    "invalid pattern in look-behind",
		`[a`:          "premature end of char-class",
		`*a`:          "target of repeat operator is not specified",
		`\k<nope>`:    "undefined name <nope> reference",
		`(?(1)a|b)`:   "conditional patterns (?(cond)..) are not supported by clustersearch-fake",
		`\g<1>`:       `subexpression calls \g are not supported by clustersearch-fake`,
		`[z-a]`:       "empty range in char class",
		`\p{NoSuch}x`: "invalid character property name {NoSuch}",
	}
	for pattern, want := range cases {
		_, err := Compile(pattern)
		if err == nil || err.Error() != want {
			t.Errorf("Compile(%q) = %v, want %q", pattern, err, want)
		}
	}
}

func TestBudgetInterruptsCatastrophicBacktracking(t *testing.T) {
	re := MustCompile(`(a+)+b`)
	if _, err := re.FindBudget(strings.Repeat("a", 40), 100_000); err != ErrInterrupted {
		t.Fatalf("got %v, want ErrInterrupted", err)
	}
}

// TestAgreesWithRE2 checks, on patterns both engines accept with the same
// meaning (ASCII input without newlines, no \s), that the matcher finds what
// Go's leftmost-first regexp finds: same span, same groups.
func TestAgreesWithRE2(t *testing.T) {
	patterns := []string{
		`a|ab`, `ab|a`, `(a|ab)(c|bcd)(d*)`, `(a|b)*?c`,
		`(\w+)@(\w+)\.com`, `[0-9]{2,3}?`, `(?:(a)|b)+`, `(a+)(b+)?`, `\b\w+\b`,
		`(?i)HeLLo`, `[^a-c]+`, `.*?-(.*)`, `(a{2})*`, `((a)|(b))+`, `(ab|a)(bc|c)?`,
	}
	inputs := []string{"", "a", "ab", "abcd", "aab", "xaay", "joe@site.com", "12345", "bab", "hello HELLO", "zz-yy-xx", "aaaa", "ba"}
	for _, p := range patterns {
		want := regexp.MustCompile(p)
		got := MustCompile(p)
		for _, in := range inputs {
			loc, err := got.Find(in)
			if err != nil {
				t.Fatal(err)
			}
			if g, w := groups(in, loc), groups(in, want.FindStringSubmatchIndex(in)); !reflect.DeepEqual(g, w) {
				t.Errorf("%q on %q: got %q, RE2 %q", p, in, g, w)
			}
		}
	}
}

// TestHugeInputs matches long texts without exhausting the stack: one-
// character repetitions run iteratively, and nesting deeper than maxDepth
// is an interrupted search, not a crash.
func TestHugeInputs(t *testing.T) {
	big := strings.Repeat("x", 2_000_000)
	got := find(t, `^(\w+) (.*)$`, "w "+big)
	if len(got) != 3 || got[1] != "w" || len(got[2]) != len(big) {
		t.Fatalf("groups %d, %q", len(got), got[1])
	}
	if got := find(t, `a.*?z`, "a"+big+"z"); len(got[0]) != len(big)+2 {
		t.Fatalf("lazy match of %d bytes", len(got[0]))
	}
	re := MustCompile(`(?:x|y)*z`)
	if _, err := re.Find(big + "z"); err != ErrInterrupted {
		t.Fatalf("deep group repetition: %v, want ErrInterrupted", err)
	}
}
