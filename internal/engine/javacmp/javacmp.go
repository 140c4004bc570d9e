// Package javacmp orders values as Java's compare methods do, for the places
// where the fake sorts the way a Java server would (Painless list sorts,
// the ingest sort processor).
package javacmp

import (
	"cmp"
	"math"
)

// Double is Double.compare: numeric order, except that -0.0 comes before
// 0.0 and NaN after everything (every NaN equal to every other).
func Double(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	an, bn := math.IsNaN(a), math.IsNaN(b)
	switch {
	case an && bn:
		return 0
	case an:
		return 1
	case bn:
		return -1
	}
	// Equal, or -0.0 against 0.0: the sign bit decides, as doubleToLongBits does.
	return cmp.Compare(int64(math.Float64bits(a)), int64(math.Float64bits(b)))
}
