package clustersettings

import (
	"math"
	"testing"
	"time"
)

func TestParseTimeValue(t *testing.T) {
	for _, c := range []struct {
		in   string
		want time.Duration
	}{
		{"-1", -1}, {"-001", -1}, {"0", 0}, {"000", 0}, {"5m", 5 * time.Minute}, {" 2H ", 2 * time.Hour}, {"30S", 30 * time.Second},
		{"1500ms", 1500 * time.Millisecond}, {"7nanos", 7}, {"3micros", 3 * time.Microsecond}, {"1d", 24 * time.Hour}, {"-1s", -time.Second}, {"1000000d", math.MaxInt64},
	} {
		got, err := parseTimeValue(c.in, "k")
		if err != nil || got != c.want {
			t.Errorf("%q: %v %v, want %v", c.in, got, err, c.want)
		}
	}
	for _, c := range []struct{ in, typ, reason, cause string }{
		{"5M", "illegal_argument_exception", "failed to parse setting [k] with value [5M] as a time value: unit is missing or unrecognized", ""},
		{"12", "illegal_argument_exception", "failed to parse setting [k] with value [12] as a time value: unit is missing or unrecognized", ""},
		{"1.5s", "illegal_argument_exception", "failed to parse [1.5s], fractional time values are not supported", `For input string: "1.5"`},
		{"xs", "illegal_argument_exception", "failed to parse [xs]", `For input string: "x"`},
		{"-2s", "illegal_argument_exception", "failed to parse setting [k] with value [-2s] as a time value: negative durations are not supported", ""},
	} {
		_, err := parseTimeValue(c.in, "k")
		if err == nil || err.Type != c.typ || err.Reason != c.reason || (c.cause != "") != (err.Cause != nil) || err.Cause != nil && err.Cause.Reason != c.cause {
			t.Errorf("%q: %+v", c.in, err)
		}
	}
}

// FuzzParseTimeValue: no panic; an accepted value is -1 of some unit or not
// negative, and a refusal is one of the two exceptions the real parser throws.
func FuzzParseTimeValue(f *testing.F) {
	for _, s := range []string{"5m", "-1", "1.5s", "0x1s", "1e3ms", " 10 h", "-0001", "inf s", "-1d", "1000000d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := parseTimeValue(s, "k")
		if err != nil {
			if err.Type != "parse_exception" && err.Type != "illegal_argument_exception" {
				t.Fatalf("%q: %s", s, err.Type)
			}
			return
		}
		if d < 0 && d != -1 && d != -1000 && d != -1000000 && d != -time.Second && d != -time.Minute && d != -time.Hour && d != -24*time.Hour {
			t.Fatalf("%q accepted as %v", s, d)
		}
	})
}
