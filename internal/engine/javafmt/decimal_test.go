package javafmt

import "testing"

func TestDecimal(t *testing.T) {
	cases := []struct {
		v       float64
		pattern string
		want    string
	}{
		{1.5, "0.00", "1.50"},
		{1.005, "#.##", "1"},
		{1234567.891, "#,##0.0", "1,234,567.9"},
		{0, "'Value is '0.0", "Value is 0.0"},
		{12, "#.00 USD", "12.00 USD"},
		{7, "000", "007"},
		{-0.0001, "0.0", "-0.0"},
		{-2.5, "0.0", "-2.5"},
		{3, "'it''s '0", "it's 3"},
	}
	for _, c := range cases {
		if got := Decimal(c.v, c.pattern); got != c.want {
			t.Errorf("Decimal(%v, %q) = %q, want %q", c.v, c.pattern, got, c.want)
		}
	}
}
