package settings

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// Forms of TimeValue.parseTimeValue: the unit-less -1 and 0, and the
// numbers Double.parseDouble reads (to tell a fraction from garbage; the
// text is lower-cased first, so NaN and Infinity never match).
var (
	timeMinusOne   = regexp.MustCompile(`^-0*1$`)
	timeZeros      = regexp.MustCompile(`^0+$`)
	javaDecimal    = regexp.MustCompile(`^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?[fd]?$`)
	javaHexDecimal = regexp.MustCompile(`^[+-]?0x([0-9a-f]+\.?[0-9a-f]*|\.[0-9a-f]+)p[+-]?\d+[fd]?$`)
)

// timeUnits are TimeValue's suffixes in the order it tries them.
var timeUnits = []struct {
	suffix string
	d      time.Duration
}{{"nanos", time.Nanosecond}, {"micros", time.Microsecond}, {"ms", time.Millisecond}, {"s", time.Second},
	{"m", time.Minute}, {"h", time.Hour}, {"d", 24 * time.Hour}}

// ParseTimeValue is TimeValue.parseTimeValue as a URL parameter or a
// request field reads it (RestRequest.paramAsTime): a whole number and a
// unit (case-insensitive, except "m", minutes, which must be lower case as
// "M" would be months), or a bare -1 or 0. A fraction ("1.5m"), a duration
// below -1, garbage and a missing unit are the parser's
// IllegalArgumentException, with its message and its NumberFormatException
// cause. Durations past Long.MAX_VALUE nanoseconds saturate, as TimeUnit's
// conversions do.
func ParseTimeValue(s, key string) (time.Duration, *apierr.Error) {
	norm := strings.TrimSpace(strings.ToLower(s))
	for _, u := range timeUnits {
		if !strings.HasSuffix(norm, u.suffix) || u.suffix == "m" && !strings.HasSuffix(s, "m") {
			continue
		}
		num := strings.TrimSpace(norm[:len(norm)-len(u.suffix)])
		n, err := strconv.ParseInt(num, 10, 64)
		if err != nil {
			cause := apierr.New(apierr.TypeNumberFormat, `For input string: "`+num+`"`)
			if javaDecimal.MatchString(num) || javaHexDecimal.MatchString(num) {
				return 0, apierr.IllegalArgument("failed to parse [%s], fractional time values are not supported", s).WithCause(cause)
			}
			return 0, apierr.IllegalArgument("failed to parse [%s]", s).WithCause(cause)
		}
		if n < -1 {
			return 0, apierr.IllegalArgument("failed to parse setting [%s] with value [%s] as a time value: negative durations are not supported", key, s)
		}
		if n > int64(math.MaxInt64/u.d) {
			return math.MaxInt64, nil
		}
		return time.Duration(n) * u.d, nil
	}
	switch {
	case timeMinusOne.MatchString(norm):
		return -1, nil
	case timeZeros.MatchString(norm):
		return 0, nil
	}
	return 0, apierr.IllegalArgument("failed to parse setting [%s] with value [%s] as a time value: unit is missing or unrecognized", key, s)
}
