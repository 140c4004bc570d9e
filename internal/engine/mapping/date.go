package mapping

import (
	"errors"
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
func DetectDate(s string) (string, bool) {
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return "", false
	}
	if _, err := strconv.ParseInt(s, 10, 64); err == nil {
		return "", false
	}
	for _, f := range dynamicDateFormats {
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
	for _, f := range strings.Split(format, "||") {
		if ms, ok := parseOne(s, strings.TrimSpace(f)); ok {
			return ms, nil
		}
	}
	return 0, errBadDate
}

func parseOne(s, format string) (int64, bool) {
	switch format {
	case "epoch_millis":
		return parseEpoch(s, 1)
	case "epoch_second":
		return parseEpoch(s, 1000)
	case "strict_date_optional_time", "date_optional_time", "strict_date_optional_time_nanos", "date_time", "strict_date_time", "strict_date", "date", "strict_date_hour_minute_second", "date_hour_minute_second":
		return parseISO(s, format)
	case "basic_date":
		return parsePattern(s, "yyyyMMdd")
	}
	return parsePattern(s, format)
}

func parseEpoch(s string, scale int64) (int64, bool) {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n * scale, true
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil && !strings.ContainsAny(s, "eEnN") {
		return int64(f * float64(scale)), true
	}
	return 0, false
}

// parseISO reads yyyy[-MM[-dd]][THH[:mm[:ss[.fraction]]]][zone] with strict
// field widths. Formats without the optional time require the stated parts.
func parseISO(s, format string) (int64, bool) {
	r := reader{s: s}
	year, ok := r.digits(4)
	if !ok {
		return 0, false
	}
	month, day := 1, 1
	needDate := format == "strict_date" || format == "date" || strings.Contains(format, "date_time") || strings.Contains(format, "hour")
	if r.lit('-') {
		if month, ok = r.digits(2); !ok {
			return 0, false
		}
		if r.lit('-') {
			if day, ok = r.digits(2); !ok {
				return 0, false
			}
		} else if needDate {
			return 0, false
		}
	} else if needDate {
		return 0, false
	}
	hour, min, sec, nanos := 0, 0, 0, 0
	loc := time.UTC
	if r.lit('T') {
		if format == "strict_date" || format == "date" {
			return 0, false
		}
		if hour, ok = r.digits(2); !ok {
			return 0, false
		}
		if r.lit(':') {
			if min, ok = r.digits(2); !ok {
				return 0, false
			}
			if r.lit(':') {
				if sec, ok = r.digits(2); !ok {
					return 0, false
				}
				if r.lit('.') || r.lit(',') {
					start := r.i
					for r.i < len(r.s) && r.s[r.i] >= '0' && r.s[r.i] <= '9' && r.i-start < 9 {
						r.i++
					}
					frac := r.s[start:r.i]
					if frac == "" {
						return 0, false
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
				return 0, false
			}
			r.lit(':')
			zm, _ := r.digits(2)
			loc = time.FixedZone("", sign*(zh*3600+zm*60))
		}
	} else if strings.Contains(format, "date_time") || strings.Contains(format, "hour") {
		return 0, false
	}
	if r.i != len(r.s) || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || min > 59 || sec > 59 {
		return 0, false
	}
	t := time.Date(year, time.Month(month), day, hour, min, sec, nanos, loc)
	if t.Day() != day {
		return 0, false // e.g. February 30th
	}
	return t.UnixMilli(), true
}

// parsePattern reads a Java-style pattern made of yyyy, MM, dd, HH, mm, ss, SSS
// and literal characters.
func parsePattern(s, pattern string) (int64, bool) {
	r := reader{s: s}
	f := map[byte]int{'y': 1970, 'M': 1, 'd': 1}
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
				return 0, false
			}
			f[c] = v
		case '\'':
			j = strings.IndexByte(pattern[i+1:], '\'')
			if j < 0 {
				return 0, false
			}
			lit := pattern[i+1 : i+1+j]
			if !strings.HasPrefix(r.s[r.i:], lit) {
				return 0, false
			}
			r.i += len(lit)
			j = i + j + 2
		default:
			if (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') {
				return 0, false // pattern letter the fake does not know
			}
			for k := 0; k < n; k++ {
				if !r.lit(c) {
					return 0, false
				}
			}
		}
		i = j
	}
	if r.i != len(r.s) || f['M'] < 1 || f['M'] > 12 || f['d'] < 1 || f['d'] > 31 || f['H'] > 23 || f['m'] > 59 || f['s'] > 59 {
		return 0, false
	}
	t := time.Date(f['y'], time.Month(f['M']), f['d'], f['H'], f['m'], f['s'], f['S']*1e6, time.UTC)
	if t.Day() != f['d'] {
		return 0, false
	}
	return t.UnixMilli(), true
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
