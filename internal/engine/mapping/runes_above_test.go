package mapping

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// runesAbove answers as comparing utf8.RuneCountInString with n does, for
// ASCII, multi-byte and invalid UTF-8 alike.
func TestRunesAboveCountsAsRuneCount(t *testing.T) {
	t.Parallel()
	pieces := []string{"a", "é", "€", "😀", "\xff", "\xe2\x82", " "}
	for _, p := range pieces {
		for _, q := range pieces {
			for reps := 0; reps < 40; reps++ {
				s := strings.Repeat(p, reps) + q + strings.Repeat(p+q, reps/3)
				count := utf8.RuneCountInString(s)
				for n := 0; n <= count+2; n++ {
					if got, want := runesAbove(s, n), count > n; got != want {
						t.Fatalf("runesAbove(%q, %d) = %v, want %v", s, n, got, want)
					}
				}
			}
		}
	}
}
