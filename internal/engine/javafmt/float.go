// Package javafmt prints numbers as the JVM does, for the places where the
// fake must reproduce text a Java server builds with Float.toString or
// Double.toString (Painless string conversion, task descriptions).
package javafmt

import (
	"math"
	"strconv"
	"strings"
)

// Double renders f as Java's Double.toString does (shortest digits that
// round-trip, as JDK 19 and later print them).
func Double(f float64) string { return Float(f, 64) }

// Float renders f as Java's Float.toString (bits 32) or Double.toString
// (bits 64): at least one fraction digit, computerized scientific notation
// ("1.0E10") outside [1e-3, 1e7).
func Float(f float64, bits int) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		if math.Signbit(f) {
			return "-0.0"
		}
		return "0.0"
	}
	// Shortest round-trip digits and the decimal exponent.
	e := strconv.FormatFloat(f, 'e', -1, bits) // like "-1.2345e+06"
	neg := e[0] == '-'
	if neg {
		e = e[1:]
	}
	mant, expStr, _ := strings.Cut(e, "e")
	if !strings.Contains(mant, ".") {
		// Java picks the closest two-digit decimal when one digit would do (4.9E-324,
		// not 5.0E-324); for most values that is the same number with a zero appended.
		two := strconv.FormatFloat(math.Abs(f), 'e', 1, bits)
		if back, err := strconv.ParseFloat(two, bits); err == nil && back == math.Abs(f) {
			mant, expStr, _ = strings.Cut(two, "e")
		}
	}
	exp, _ := strconv.Atoi(expStr)
	digits := strings.TrimRight(strings.Replace(mant, ".", "", 1), "0")
	if digits == "" {
		digits = "0"
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	abs := math.Abs(f)
	if abs >= 1e-3 && abs < 1e7 {
		if exp >= 0 {
			intLen := exp + 1
			if len(digits) <= intLen {
				b.WriteString(digits)
				b.WriteString(strings.Repeat("0", intLen-len(digits)))
				b.WriteString(".0")
			} else {
				b.WriteString(digits[:intLen])
				b.WriteByte('.')
				b.WriteString(digits[intLen:])
			}
		} else {
			b.WriteString("0.")
			b.WriteString(strings.Repeat("0", -exp-1))
			b.WriteString(digits)
		}
		return b.String()
	}
	b.WriteByte(digits[0])
	b.WriteByte('.')
	if len(digits) > 1 {
		b.WriteString(digits[1:])
	} else {
		b.WriteByte('0')
	}
	b.WriteByte('E')
	b.WriteString(strconv.Itoa(exp))
	return b.String()
}
