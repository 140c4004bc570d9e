package wildcard

import (
	"path"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSimple(t *testing.T) {
	for _, c := range []struct {
		p, s string
		want bool
	}{
		{"*", "", true}, {"*", "anything", true}, {"", "", true}, {"", "a", false},
		{"abc", "abc", true}, {"abc", "abcd", false}, {"a*", "abc", true}, {"*c", "abc", true},
		{"a*c", "ac", true}, {"a*c", "abcbc", true}, {"a*b*c", "aXbYc", true}, {"a*b*c", "acb", false},
		{"a**c", "abc", true}, {"*b*", "abc", true}, {"*b*", "ac", false}, {"a?c", "abc", false},
		{"a?c", "a?c", true}, {"[a]", "[a]", true}, {"a/*", "a/b/c", true}, {"*ab", "ab", true},
		{"ab*ab", "ab", false}, {"ab*ab", "abab", true}, {"é*", "été", true},
		{"cluster:*/get", "cluster:monitor/task/get", true},
	} {
		if got := Simple(c.p, c.s); got != c.want {
			t.Errorf("Simple(%q, %q) = %v, want %v", c.p, c.s, got, c.want)
		}
	}
}

func TestLucene(t *testing.T) {
	for _, c := range []struct {
		p, s       string
		esc, noEsc bool
	}{
		{"*", "", true, true}, {"?", "", false, false}, {"?", "é", true, true}, {"??", "é", false, false},
		{"a*c", "abbbc", true, true}, {"a?c", "abc", true, true}, {"a?c", "ac", false, false},
		{"*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaa", false, false}, {"*a*b", "xaxxb", true, true},
		{`a\*`, "a*", true, false}, {`a\*`, "ab", false, false}, {`a\*`, `a\b`, false, true},
		{`a\?`, "a?", true, false}, {`a\\`, `a\`, true, false}, {`a\`, `a\`, true, true},
		{"日本*", "日本語", true, true}, {"日?語", "日本語", true, true},
	} {
		if got := Compile(c.p).Match(c.s); got != c.esc {
			t.Errorf("Compile(%q).Match(%q) = %v, want %v", c.p, c.s, got, c.esc)
		}
		if got := CompileNoEscape(c.p).Match(c.s); got != c.noEsc {
			t.Errorf("CompileNoEscape(%q).Match(%q) = %v, want %v", c.p, c.s, got, c.noEsc)
		}
	}
}

// FuzzSimple holds Simple to path.Match on patterns whose only
// metacharacter is '*' and texts without '/'.
func FuzzSimple(f *testing.F) {
	f.Add("a*b*c", "aXbYc")
	f.Add("**", "")
	f.Fuzz(func(t *testing.T, p, s string) {
		if strings.ContainsAny(p, `?[]\/`) || strings.Contains(s, "/") {
			return
		}
		want, err := path.Match(p, s)
		if err != nil {
			return
		}
		if got := Simple(p, s); got != want {
			t.Fatalf("Simple(%q, %q) = %v, path.Match says %v", p, s, got, want)
		}
	})
}

// FuzzLucene holds the matcher to path.Match on patterns of '*', '?' and
// letters (where the two syntaxes agree), in valid UTF-8 (the engine's
// matchers read invalid bytes as U+FFFD, path.Match as bytes).
func FuzzLucene(f *testing.F) {
	f.Add("a*?c", "abbc")
	f.Fuzz(func(t *testing.T, p, s string) {
		if strings.ContainsAny(p, `[]\/`) || strings.Contains(s, "/") || !utf8.ValidString(p) || !utf8.ValidString(s) {
			return
		}
		want, err := path.Match(p, s)
		if err != nil {
			return
		}
		if got := Compile(p).Match(s); got != want {
			t.Fatalf("Compile(%q).Match(%q) = %v, path.Match says %v", p, s, got, want)
		}
	})
}
