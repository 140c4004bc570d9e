package mapping

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"time"
)

// dynamicDateFormats are the default dynamic_date_formats, tried in order.
var dynamicDateFormats = [...]string{
	DefaultDateFormat,
	"yyyy/MM/dd HH:mm:ss||yyyy/MM/dd||epoch_millis",
}

// DetectDate reports whether a new string field should be mapped as a date and
// with which format. Pure numbers are never dates.
func DetectDate(s string) (string, bool) { return detectDateWith(s, dynamicDateFormats[:]) }

// detectDateWith is DetectDate over the root's dynamic_date_formats.
func detectDateWith(s string, formats []string) (string, bool) {
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return "", false
	}
	if _, err := strconv.ParseInt(s, 10, 64); err == nil {
		return "", false
	}
	for _, f := range formats {
		if _, err := ParseDate(s, f); err == nil {
			return f, true
		}
	}
	return "", false
}

var errBadDate = errors.New("unparseable date")

// ParseDate parses s with an OpenSearch format ("a||b" tries each) and
// returns epoch milliseconds (UTC unless the value names a zone).
func ParseDate(s, format string) (int64, error) {
	ns, err := parseDate(s, format, 1e6)
	return ns, err
}

// ParseDateNanos parses s like ParseDate but returns epoch nanoseconds
// (date_nanos keeps the fraction of the millisecond).
func ParseDateNanos(s, format string) (int64, error) {
	return parseDate(s, format, 1)
}

// parseDate returns the instant in units of unit nanoseconds.
func parseDate(s, format string, unit int64) (int64, error) {
	for _, f := range strings.Split(format, "||") {
		if v, ok := parseOne(s, strings.TrimSpace(f), unit); ok {
			return v, nil
		}
	}
	return 0, errBadDate
}

func parseOne(s, format string, unit int64) (int64, bool) {
	switch format {
	case "epoch_millis":
		return parseEpoch(s, 1e6/float64(unit))
	case "epoch_second":
		return parseEpoch(s, 1e9/float64(unit))
	case "strict_date_optional_time", "date_optional_time", "strict_date_optional_time_nanos", "date_time", "strict_date_time", "strict_date", "date", "strict_date_hour_minute_second", "date_hour_minute_second":
		return inUnit(parseISO(s, format))(unit)
	case "basic_date":
		return inUnit(parsePattern(s, "yyyyMMdd"))(unit)
	}
	return inUnit(parsePattern(s, format))(unit)
}

// inUnit converts a parsed time into units of unit nanoseconds.
func inUnit(t time.Time, ok bool) func(unit int64) (int64, bool) {
	return func(unit int64) (int64, bool) {
		if !ok {
			return 0, false
		}
		if unit == 1 {
			return t.UnixNano(), true
		}
		return t.UnixMilli(), true
	}
}

func parseEpoch(s string, scale float64) (int64, bool) {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil && scale == math.Trunc(scale) {
		return n * int64(scale), true
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil && !strings.ContainsAny(s, "eEnN") {
		return int64(f * scale), true
	}
	return 0, false
}

// parseISO reads yyyy[-MM[-dd]][THH[:mm[:ss[.fraction]]]][zone] with strict
// field widths. Formats without the optional time require the stated parts.
func parseISO(s, format string) (time.Time, bool) {
	r := reader{s: s}
	year, ok := r.digits(4)
	if !ok {
		return time.Time{}, false
	}
	month, day := 1, 1
	needDate := format == "strict_date" || format == "date" || strings.Contains(format, "date_time") || strings.Contains(format, "hour")
	if r.lit('-') {
		if month, ok = r.digits(2); !ok {
			return time.Time{}, false
		}
		if r.lit('-') {
			if day, ok = r.digits(2); !ok {
				return time.Time{}, false
			}
		} else if needDate {
			return time.Time{}, false
		}
	} else if needDate {
		return time.Time{}, false
	}
	hour, min, sec, nanos := 0, 0, 0, 0
	loc := time.UTC
	if r.lit('T') {
		if format == "strict_date" || format == "date" {
			return time.Time{}, false
		}
		if hour, ok = r.digits(2); !ok {
			return time.Time{}, false
		}
		if r.lit(':') {
			if min, ok = r.digits(2); !ok {
				return time.Time{}, false
			}
			if r.lit(':') {
				if sec, ok = r.digits(2); !ok {
					return time.Time{}, false
				}
				if r.lit('.') || r.lit(',') {
					start := r.i
					for r.i < len(r.s) && r.s[r.i] >= '0' && r.s[r.i] <= '9' && r.i-start < 9 {
						r.i++
					}
					frac := r.s[start:r.i]
					if frac == "" {
						return time.Time{}, false
					}
					n, _ := strconv.Atoi(frac + strings.Repeat("0", 9-len(frac)))
					nanos = n
				}
			}
		}
		if r.lit('Z') {
		} else if r.i < len(r.s) && (r.s[r.i] == '+' || r.s[r.i] == '-') {
			sign := 1
			if r.s[r.i] == '-' {
				sign = -1
			}
			r.i++
			zh, ok := r.digits(2)
			if !ok {
				return time.Time{}, false
			}
			r.lit(':')
			zm, _ := r.digits(2)
			loc = time.FixedZone("", sign*(zh*3600+zm*60))
		}
	} else if strings.Contains(format, "date_time") || strings.Contains(format, "hour") {
		return time.Time{}, false
	}
	if r.i != len(r.s) || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || min > 59 || sec > 59 {
		return time.Time{}, false
	}
	t := time.Date(year, time.Month(month), day, hour, min, sec, nanos, loc)
	if t.Day() != day {
		return time.Time{}, false // e.g. February 30th
	}
	return t, true
}

// parsePattern reads a Java-style pattern made of yyyy, MM, dd, HH, mm, ss, SSS
// and literal characters.
func parsePattern(s, pattern string) (time.Time, bool) {
	r := reader{s: s}
	f := map[byte]int{'y': 1970, 'M': 1, 'd': 1}
	fracDigits := 3
	for i := 0; i < len(pattern); {
		c := pattern[i]
		j := i
		for j < len(pattern) && pattern[j] == c {
			j++
		}
		n := j - i
		switch c {
		case 'y', 'M', 'd', 'H', 'm', 's', 'S':
			v, ok := r.digits(n)
			if !ok {
				return time.Time{}, false
			}
			f[c] = v
			if c == 'S' {
				fracDigits = n
			}
		case '\'':
			j = strings.IndexByte(pattern[i+1:], '\'')
			if j < 0 {
				return time.Time{}, false
			}
			lit := pattern[i+1 : i+1+j]
			if !strings.HasPrefix(r.s[r.i:], lit) {
				return time.Time{}, false
			}
			r.i += len(lit)
			j = i + j + 2
		default:
			if (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') {
				return time.Time{}, false // pattern letter the fake does not know
			}
			for k := 0; k < n; k++ {
				if !r.lit(c) {
					return time.Time{}, false
				}
			}
		}
		i = j
	}
	if r.i != len(r.s) || f['M'] < 1 || f['M'] > 12 || f['d'] < 1 || f['d'] > 31 || f['H'] > 23 || f['m'] > 59 || f['s'] > 59 {
		return time.Time{}, false
	}
	t := time.Date(f['y'], time.Month(f['M']), f['d'], f['H'], f['m'], f['s'], fracNanos(f['S'], fracDigits), time.UTC)
	if t.Day() != f['d'] {
		return time.Time{}, false
	}
	return t, true
}

type reader struct {
	s string
	i int
}

func (r *reader) lit(c byte) bool {
	if r.i < len(r.s) && r.s[r.i] == c {
		r.i++
		return true
	}
	return false
}

// digits reads exactly n ASCII digits.
func (r *reader) digits(n int) (int, bool) {
	if r.i+n > len(r.s) {
		return 0, false
	}
	v := 0
	for k := 0; k < n; k++ {
		c := r.s[r.i+k]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	r.i += n
	return v, true
}

// fracNanos scales a fraction of a second read with n digits (S, SSS,
// SSSSSS...) to nanoseconds.
func fracNanos(v, n int) int {
	for ; n < 9; n++ {
		v *= 10
	}
	for ; n > 9; n-- {
		v /= 10
	}
	return v
}
