package types

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// Duration is a time value as the server writes it: a number with a unit suffix
// ("30s", "1m", "500ms"), or "-1" for "disabled / unbounded" (DurationDisabled).
// In URL parameters it is encoded in the largest unit that represents it exactly.
type Duration time.Duration

// DurationDisabled is the server's "-1": no timeout, no throttling, refresh off.
const DurationDisabled Duration = -1

// units from largest to smallest, with the suffixes the server parses.
var durationUnits = [...]struct {
	suffix string
	size   time.Duration
}{
	{"d", 24 * time.Hour},
	{"h", time.Hour},
	{"m", time.Minute},
	{"s", time.Second},
	{"ms", time.Millisecond},
	{"micros", time.Microsecond},
	{"nanos", time.Nanosecond},
}

// String returns the server form: "-1" for any negative value, "0s" for zero,
// otherwise the largest exact unit ("90s", "2h", "1500ms").
func (d Duration) String() string {
	if d < 0 {
		return "-1"
	}
	if d == 0 {
		return "0s"
	}
	for _, u := range durationUnits {
		if time.Duration(d)%u.size == 0 {
			return strconv.FormatInt(int64(time.Duration(d)/u.size), 10) + u.suffix
		}
	}
	return strconv.FormatInt(int64(d), 10) + "nanos" // unreachable: nanos divides everything
}

// EncodeValues implements go-querystring's Encoder.
func (d Duration) EncodeValues(key string, v *url.Values) error {
	v.Set(key, d.String())
	return nil
}

// MarshalJSON writes the duration as a string such as "30s".
func (d Duration) MarshalJSON() ([]byte, error) {
	return []byte(strconv.Quote(d.String())), nil
}

// UnmarshalJSON reads a string with a unit ("30s", "-1") or a plain number of milliseconds.
func (d *Duration) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := jsonx.Unmarshal(b, &s); err != nil {
			return err
		}
		p, err := ParseDuration(s)
		if err != nil {
			return err
		}
		*d = p
		return nil
	}
	ms, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		return fmt.Errorf("types: duration %s is neither a string nor whole milliseconds", b)
	}
	if ms < 0 {
		*d = DurationDisabled
	} else {
		*d = Duration(time.Duration(ms) * time.Millisecond)
	}
	return nil
}

// ParseDuration parses the server's time format: a whole number followed by one of
// d, h, m, s, ms, micros, nanos; or "-1" and "0" without a unit.
func ParseDuration(s string) (Duration, error) {
	t := strings.TrimSpace(strings.ToLower(s))
	switch t {
	case "-1":
		return DurationDisabled, nil
	case "0":
		return 0, nil
	}
	// Try the longest suffixes first so "ms" is not read as "m" and "s" is not read as "micros".
	for _, suffix := range [...]string{"micros", "nanos", "ms", "d", "h", "m", "s"} {
		num, ok := strings.CutSuffix(t, suffix)
		if !ok || num == "" {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64)
		if err != nil || n < 0 {
			break
		}
		for _, u := range durationUnits {
			if u.suffix == suffix {
				return Duration(time.Duration(n) * u.size), nil
			}
		}
	}
	return 0, fmt.Errorf("types: cannot parse duration %q: want a whole number with a unit (d, h, m, s, ms, micros, nanos) or -1", s)
}
