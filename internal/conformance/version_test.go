package conformance

import (
	"strings"
	"testing"
)

func mustVersion(t *testing.T, s string) Version {
	t.Helper()
	v, err := ParseVersion(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestParseVersion(t *testing.T) {
	for in, want := range map[string]string{"2.19.0": "2.19.0", "2.19": "2.19.0", "3": "3.0.0", " 2.19.1-SNAPSHOT ": "2.19.1"} {
		if got := mustVersion(t, in).String(); got != want {
			t.Errorf("ParseVersion(%q) = %s, want %s", in, got, want)
		}
	}
	for _, in := range []string{"", "a.b", "1.2.3.4", "1.-2", "1..2"} {
		if _, err := ParseVersion(in); err == nil {
			t.Errorf("ParseVersion(%q) succeeded", in)
		}
	}
}

func TestVersionOrdersLegacyFirst(t *testing.T) {
	if mustVersion(t, "7.10.2").Compare(mustVersion(t, "1.0.0")) >= 0 {
		t.Fatal("7.10.2 must order before OpenSearch 1.0.0")
	}
	if mustVersion(t, "2.19.0").Compare(mustVersion(t, "2.9.0")) <= 0 {
		t.Fatal("2.19.0 must order after 2.9.0")
	}
}

func TestSkipRanges(t *testing.T) {
	server := mustVersion(t, "2.19.0")
	cases := map[string]bool{
		" - 6.99.99":             false, // legacy: never skips an OpenSearch server
		"7.3.0 - ":               true,  // legacy lower bound: always skips
		" - 2.18.99":             false,
		" - 2.19.0":              true,
		"- 3.6.99":               true,
		"3.7.0 - ":               false,
		"3.1.0 - 3.6.99":         false,
		"- 3.0.99, 3.7.0 - ":     true,
		"2.19.0 - 2.19.0":        true,
		"all":                    true,
		" - 2.16.0, 2.19.1 - ":   false,
		"2.0.0 - 2.18.99,2.19 -": true,
	}
	for in, want := range cases {
		r, err := ParseSkipRanges(in)
		if err != nil {
			t.Errorf("ParseSkipRanges(%q): %v", in, err)
			continue
		}
		if got := r.Contains(server); got != want {
			t.Errorf("%q contains 2.19.0 = %v, want %v", in, got, want)
		}
	}
	for _, in := range []string{"", "2.0", " - ", "x - 2"} {
		if _, err := ParseSkipRanges(in); err == nil {
			t.Errorf("ParseSkipRanges(%q) succeeded", in)
		}
	}
}

func TestSemverRange(t *testing.T) {
	server := mustVersion(t, "2.19.0")
	cases := map[string]bool{
		">= 2.0":          true,
		"< 2.0":           false,
		">=2.19":          true,
		">2.19.0":         false,
		"<= 2.19.0":       true,
		"2.19.0":          true,
		"=2.18":           false,
		">= 3.0 || < 2.0": false,
		">= 3.0 || >= 2":  true,
		">= 2.4 < 2.20":   true,
	}
	for in, want := range cases {
		r, err := ParseSemverRange(in)
		if err != nil {
			t.Errorf("ParseSemverRange(%q): %v", in, err)
			continue
		}
		if got := r.Contains(server); got != want {
			t.Errorf("%q contains 2.19.0 = %v, want %v", in, got, want)
		}
	}
	for _, in := range []string{"", ">= x", "|| >= 2"} {
		if _, err := ParseSemverRange(in); err == nil {
			t.Errorf("ParseSemverRange(%q) succeeded", in)
		}
	}
}

func FuzzParseSkipRanges(f *testing.F) {
	for _, s := range []string{" - 6.99.99", "7.3.0 - ", "all", "- 3.0.99, 3.7.0 - ", "1-2-3", ","} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseSkipRanges(s)
		if err != nil {
			return
		}
		_ = r.Contains(Version{2, 19, 0})
	})
}

func FuzzParseSemverRange(f *testing.F) {
	for _, s := range []string{">= 2.0", "< 2.0", ">= 3.0 || < 2.0", "=", ">=", "||"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseSemverRange(s)
		if err != nil {
			if strings.TrimSpace(err.Error()) == "" {
				t.Fatal("empty error")
			}
			return
		}
		_ = r.Contains(Version{2, 19, 0})
	})
}
