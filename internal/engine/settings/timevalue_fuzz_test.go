package settings

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// FuzzParseTimeValue: any text parses to a duration or an
// illegal_argument_exception, never a panic; a whole number of seconds
// reads back as itself.
func FuzzParseTimeValue(f *testing.F) {
	for _, s := range []string{"1s", "1.5m", "-1", "0", "00", "-01", "1M", "5", "abcs", "99999999999999999999d", "+2m", "1e3s", " 3 h ", "-2s", "nanos"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseTimeValue(s, "k")
		if err != nil {
			if err.Type != "illegal_argument_exception" || err.Status != 400 {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		if d < -1*24*time.Hour {
			t.Fatalf("%q: negative duration %v", s, d)
		}
		if n, perr := strconv.ParseInt(strings.TrimSuffix(s, "s"), 10, 32); perr == nil && strings.HasSuffix(s, "s") && !strings.HasSuffix(s, "ms") && n >= 0 {
			if d != time.Duration(n)*time.Second {
				t.Fatalf("%q: %v", s, d)
			}
		}
	})
}
