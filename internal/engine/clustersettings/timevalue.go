package clustersettings

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// Patterns of the unit-less values TimeValue.parseTimeValue accepts.
var (
	minusOne = regexp.MustCompile(`^-0*1$`)
	zeros    = regexp.MustCompile(`^0+$`)
)

// parseTimeValue is TimeValue.parseTimeValue: an integer and a unit
// (nanos, micros, ms, s, m, h, d; case-insensitive except the minute's "m"),
// or a bare -1 or 0. Fractions and durations below -1 are refused. The
// error is the OpenSearchParseException (or IllegalArgumentException) the
// real parser throws.
func parseTimeValue(s, key string) (time.Duration, *apierr.Error) {
	norm := strings.TrimSpace(strings.ToLower(s))
	units := []struct {
		suffix string
		d      time.Duration
	}{{"nanos", time.Nanosecond}, {"micros", time.Microsecond}, {"ms", time.Millisecond}, {"s", time.Second},
		{"m", time.Minute}, {"h", time.Hour}, {"d", 24 * time.Hour}}
	for _, u := range units {
		if !strings.HasSuffix(norm, u.suffix) || u.suffix == "m" && !strings.HasSuffix(s, "m") {
			continue
		}
		num := strings.TrimSpace(norm[:len(norm)-len(u.suffix)])
		n, err := strconv.ParseInt(num, 10, 64)
		if err != nil {
			cause := apierr.New(apierr.TypeNumberFormat, numberFormatReason(num))
			if _, ferr := strconv.ParseFloat(num, 64); ferr == nil && javaDouble(num) {
				return 0, apierr.Parse("failed to parse [%s], fractional time values are not supported", s).WithCause(cause)
			}
			return 0, apierr.Parse("failed to parse [%s]", s).WithCause(cause)
		}
		if n < -1 {
			return 0, apierr.IllegalArgument("failed to parse setting [%s] with value [%s] as a time value: negative durations are not supported", key, s)
		}
		if n > int64(math.MaxInt64/u.d) {
			// TimeUnit conversions saturate at Long.MAX_VALUE.
			return math.MaxInt64, nil
		}
		return time.Duration(n) * u.d, nil
	}
	switch {
	case minusOne.MatchString(norm):
		return -1, nil
	case zeros.MatchString(norm):
		return 0, nil
	}
	return 0, apierr.Parse("failed to parse setting [%s] with value [%s] as a time value: unit is missing or unrecognized", key, s)
}

// numberFormatReason is Long.parseLong's message.
func numberFormatReason(s string) string {
	if s == "" {
		return `For input string: ""`
	}
	return fmt.Sprintf("For input string: \"%s\"", s)
}

// javaDouble reports whether Double.parseDouble would read s: Go also
// reads forms Java does not ("inf", hex floats, underscores).
func javaDouble(s string) bool {
	for _, r := range s {
		if !strings.ContainsRune("0123456789.eE+-", r) {
			return false
		}
	}
	return true
}
