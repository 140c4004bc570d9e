package onig

import (
	"strings"
	"testing"
)

// BenchmarkInterruptedSearch is the cost of a search the step budget stops
// (a catastrophic pattern on a non-matching line).
func BenchmarkInterruptedSearch(b *testing.B) {
	re := MustCompile(`(a+)+b`)
	in := strings.Repeat("a", 40)
	for i := 0; i < b.N; i++ {
		if _, err := re.Find(in); err != ErrInterrupted {
			b.Fatal(err)
		}
	}
}
