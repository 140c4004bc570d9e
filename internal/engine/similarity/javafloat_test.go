package similarity

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

func TestFormatFloatJavaStyle(t *testing.T) {
	cases := []struct {
		in   float32
		want string
	}{
		{0, "0.0"},
		{float32(math.Copysign(0, -1)), "-0.0"},
		{1, "1.0"},
		{2.2, "2.2"},
		{0.75, "0.75"},
		{0.1, "0.1"},
		{0.3, "0.3"},
		{100, "100.0"},
		{16, "16.0"},
		{-2.5, "-2.5"},
		{1.0 / 3, "0.33333334"},
		{2.0 / 3, "0.6666667"},
		{123456.7, "123456.7"},
		{9999999, "9999999.0"},
		{1e7, "1.0E7"},
		{12345678, "1.2345678E7"},
		{1e10, "1.0E10"},
		{0.001, "0.001"},
		{0.00123, "0.00123"},
		{0.0001, "1.0E-4"},
		{0.0005, "5.0E-4"},
		{1e-5, "1.0E-5"},
		{math.MaxFloat32, "3.4028235E38"},
		{math.SmallestNonzeroFloat32, "1.4E-45"},
		{2 * math.SmallestNonzeroFloat32, "2.8E-45"},
		{float32(math.NaN()), "NaN"},
		{float32(math.Inf(1)), "Infinity"},
		{float32(math.Inf(-1)), "-Infinity"},
	}
	for _, c := range cases {
		if got := FormatFloat(c.in); got != c.want {
			t.Errorf("FormatFloat(%g) = %q, want %q", c.in, got, c.want)
		}
	}
}

func FuzzFormatFloat(f *testing.F) {
	for _, bits := range []uint32{0, 1, 0x3f800000, 0x400ccccd, 0x7f7fffff, 0x38d1b717, 0x4b189680, 0x80000001, 0x7fc00000} {
		f.Add(bits)
	}
	f.Fuzz(func(t *testing.T, bits uint32) {
		v := math.Float32frombits(bits)
		s := FormatFloat(v)
		if math.IsNaN(float64(v)) {
			if s != "NaN" {
				t.Fatalf("NaN formatted as %q", s)
			}
			return
		}
		back, err := strconv.ParseFloat(s, 32)
		if err != nil || float32(back) != v {
			t.Fatalf("%q does not read back as %g (%v)", s, v, err)
		}
		if math.IsInf(float64(v), 0) {
			return
		}
		// Java always shows a fraction digit, and uses E notation outside [1e-3, 1e7).
		abs := math.Abs(float64(v))
		mant := s
		if i := strings.IndexByte(s, 'E'); i >= 0 {
			if abs != 0 && abs >= 1e-3 && abs < 1e7 {
				t.Fatalf("%g formatted in E notation: %q", v, s)
			}
			mant = s[:i]
		} else if abs != 0 && (abs < 1e-3 || abs >= 1e7) {
			t.Fatalf("%g formatted in plain notation: %q", v, s)
		}
		dot := strings.IndexByte(mant, '.')
		if dot < 0 || dot == len(mant)-1 {
			t.Fatalf("%q has no fraction digit", s)
		}
	})
}

func TestAppendJSONString(t *testing.T) {
	in := "a\"b\\c/d<e>\n\t\r\b\f\x01\x7fé\xff"
	want := `"a\"b\\c/d<e>\n\t\r\b\f\u0001` + "\x7fé\uFFFD" + `"`
	if got := string(AppendJSONString(nil, in)); got != want {
		t.Errorf("got %s want %s", got, want)
	}
}
