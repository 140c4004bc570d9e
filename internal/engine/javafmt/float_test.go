package javafmt

import (
	"math"
	"testing"
)

// The cases are values whose Java output is known from the JDK's
// documented rules (and 4.9E-324, where Java keeps two digits).
func TestJavaFloat(t *testing.T) {
	for _, c := range []struct {
		f    float64
		bits int
		want string
	}{{1, 32, "1.0"}, {0.5, 32, "0.5"}, {1e-4, 32, "1.0E-4"}, {1e7, 64, "1.0E7"}, {9999999, 64, "9999999.0"}, {0.001, 64, "0.001"},
		{float64(float32(0.1)), 32, "0.1"}, {3.4028234663852886e38, 32, "3.4028235E38"}, {-2.5e-10, 64, "-2.5E-10"}, {0, 32, "0.0"},
		{math.Copysign(0, -1), 64, "-0.0"}, {math.NaN(), 64, "NaN"}, {math.Inf(-1), 64, "-Infinity"}, {4.9e-324, 64, "4.9E-324"}, {1e21, 64, "1.0E21"}, {123456.789, 64, "123456.789"}} {
		if got := Float(c.f, c.bits); got != c.want {
			t.Errorf("Float(%v, %d) = %q, want %q", c.f, c.bits, got, c.want)
		}
	}
}
