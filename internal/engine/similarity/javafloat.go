package similarity

import (
	"math"
	"strconv"
)

// FormatFloat formats f as Java's Float.toString does (JDK 19 and later, which OpenSearch
// 2.12+ bundles, and Jackson's float writer): the shortest decimal that reads back as f
// (at least two significant digits are considered when one would do, picking the
// closest), plain notation with at least one fractional digit for 1e-3 <= |f| < 1e7, and
// "d.dddE<exp>" otherwise. Examples: 1.0, 2.2, 0.001, 1.0E-4, 1.0E7, 1.4E-45, NaN.
func FormatFloat(f float32) string {
	var buf [32]byte
	return string(AppendFloat(buf[:0], f))
}

// AppendFloat appends FormatFloat(f) to dst.
func AppendFloat(dst []byte, f float32) []byte {
	v := float64(f)
	switch {
	case math.IsNaN(v):
		return append(dst, "NaN"...)
	case math.IsInf(v, 1):
		return append(dst, "Infinity"...)
	case math.IsInf(v, -1):
		return append(dst, "-Infinity"...)
	case v == 0:
		if math.Signbit(v) {
			return append(dst, "-0.0"...)
		}
		return append(dst, "0.0"...)
	}
	if v < 0 {
		dst = append(dst, '-')
		v = -v
	}
	// Shortest round-tripping digits in the form d[.ddd]e±XX.
	var tmp, scratch [32]byte
	s := strconv.AppendFloat(tmp[:0], v, 'e', -1, 32)
	digits, exp := splitExp(s, &scratch)
	if len(digits) == 1 {
		// Java considers two-digit decimals as well and takes the closest one.
		s = strconv.AppendFloat(tmp[:0], v, 'e', 1, 32)
		digits, exp = splitExp(s, &scratch)
		if digits[1] == '0' {
			digits = digits[:1]
		}
	}
	// The value is 0.d1d2... * 10^(exp+1); Java switches notation on the decimal exponent.
	if exp >= -3 && exp < 7 {
		return appendPlain(dst, digits, exp)
	}
	dst = append(dst, digits[0], '.')
	if len(digits) > 1 {
		dst = append(dst, digits[1:]...)
	} else {
		dst = append(dst, '0')
	}
	dst = append(dst, 'E')
	return strconv.AppendInt(dst, int64(exp), 10)
}

// splitExp turns "d.ddde±XX" into the digit string "dddd" (in scratch, which the caller
// must not reuse while it needs the digits) and the exponent. Writing into the caller's
// array keeps a score's formatting free of allocations.
func splitExp(s []byte, scratch *[32]byte) ([]byte, int) {
	mant := scratch[:0]
	i := 0
	for ; i < len(s) && s[i] != 'e'; i++ {
		if s[i] != '.' {
			mant = append(mant, s[i])
		}
	}
	exp, _ := strconv.Atoi(string(s[i+1:]))
	return mant, exp
}

// appendPlain writes digits (d1 d2 ...) * 10^exp in positional notation with at least one
// digit after the point.
func appendPlain(dst, digits []byte, exp int) []byte {
	if exp < 0 {
		dst = append(dst, '0', '.')
		for i := -1; i > exp; i-- {
			dst = append(dst, '0')
		}
		return append(dst, digits...)
	}
	intLen := exp + 1
	if len(digits) <= intLen {
		dst = append(dst, digits...)
		for i := len(digits); i < intLen; i++ {
			dst = append(dst, '0')
		}
		return append(dst, '.', '0')
	}
	dst = append(dst, digits[:intLen]...)
	dst = append(dst, '.')
	return append(dst, digits[intLen:]...)
}
