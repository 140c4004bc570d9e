package dsl

import (
	"strconv"
	"strings"
	"time"
)

// DateFormat parses dates for a format spec such as the default
// "strict_date_optional_time||epoch_millis": named OpenSearch formats and
// Java-style patterns ("yyyy-MM-dd HH:mm:ss", "dd/MM/yyyy",
// "yyyy-MM-dd[ HH:mm]"), joined with "||" and tried in order.
type DateFormat struct {
	spec  string
	parts []dateParser
}

// DefaultDateFormat is the format of a date field with no format set.
const DefaultDateFormat = "strict_date_optional_time||epoch_millis"

// dateParser is one alternative of a format.
type dateParser struct {
	epoch    byte // 'm' for epoch_millis, 's' for epoch_second, 0 for patterns
	elements []dateElem
}

// dateElem is one piece of a compiled pattern.
type dateElem struct {
	kind     byte // see the constants below
	min, max int  // digit counts for numbers
	lit      string
	optional []dateElem
}

const (
	elLiteral byte = iota
	elYear
	elMonth
	elMonthText
	elDay
	elHour
	elHour12
	elAmPm
	elMinute
	elSecond
	elFraction
	elOffset
	elZoneID
	elDayName
	elOptional
)

// namedFormats maps OpenSearch's built-in format names to equivalent
// patterns; "strict_" forms need every digit, the others accept fewer.
var namedFormats = map[string]string{
	"date_optional_time":                      "yyyy[-MM[-dd['T'HH[:mm[:ss[.S]]][XXX]]]]",
	"iso8601":                                 "yyyy[-MM[-dd['T'HH[:mm[:ss[.S]]][XXX]]]]",
	"strict_date_optional_time":               "yyyy[-MM[-dd['T'HH[:mm[:ss[.S]]][XXX]]]]",
	"strict_date_optional_time_nanos":         "yyyy[-MM[-dd['T'HH[:mm[:ss[.S]]][XXX]]]]",
	"date":                                    "yyyy-MM-dd",
	"strict_date":                             "yyyy-MM-dd",
	"date_time":                               "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
	"strict_date_time":                        "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
	"date_time_no_millis":                     "yyyy-MM-dd'T'HH:mm:ssXXX",
	"strict_date_time_no_millis":              "yyyy-MM-dd'T'HH:mm:ssXXX",
	"date_hour":                               "yyyy-MM-dd'T'HH",
	"strict_date_hour":                        "yyyy-MM-dd'T'HH",
	"date_hour_minute":                        "yyyy-MM-dd'T'HH:mm",
	"strict_date_hour_minute":                 "yyyy-MM-dd'T'HH:mm",
	"date_hour_minute_second":                 "yyyy-MM-dd'T'HH:mm:ss",
	"strict_date_hour_minute_second":          "yyyy-MM-dd'T'HH:mm:ss",
	"date_hour_minute_second_millis":          "yyyy-MM-dd'T'HH:mm:ss.SSS",
	"strict_date_hour_minute_second_millis":   "yyyy-MM-dd'T'HH:mm:ss.SSS",
	"date_hour_minute_second_fraction":        "yyyy-MM-dd'T'HH:mm:ss.S",
	"strict_date_hour_minute_second_fraction": "yyyy-MM-dd'T'HH:mm:ss.S",
	"year_month":                              "yyyy-MM",
	"strict_year_month":                       "yyyy-MM",
	"year_month_day":                          "yyyy-MM-dd",
	"strict_year_month_day":                   "yyyy-MM-dd",
	"year":                                    "yyyy",
	"strict_year":                             "yyyy",
	"basic_date":                              "yyyyMMdd",
	"basic_date_time":                         "yyyyMMdd'T'HHmmss.SSSXX",
	"basic_date_time_no_millis":               "yyyyMMdd'T'HHmmssXX",
	"hour_minute":                             "HH:mm",
	"strict_hour_minute":                      "HH:mm",
	"hour_minute_second":                      "HH:mm:ss",
	"strict_hour_minute_second":               "HH:mm:ss",
	"hour_minute_second_millis":               "HH:mm:ss.SSS",
	"strict_hour_minute_second_millis":        "HH:mm:ss.SSS",
}

// ParseDateFormat compiles a format spec. An unknown pattern letter gives
// OpenSearch's illegal_argument_exception "Invalid format: [...]".
func ParseDateFormat(spec string) (*DateFormat, *Error) {
	f := &DateFormat{spec: spec}
	for _, alt := range strings.Split(spec, "||") {
		name := strings.TrimSpace(alt)
		switch name {
		case "epoch_millis":
			f.parts = append(f.parts, dateParser{epoch: 'm'})
			continue
		case "epoch_second":
			f.parts = append(f.parts, dateParser{epoch: 's'})
			continue
		}
		pattern := alt
		if p, ok := namedFormats[name]; ok {
			pattern = p
		}
		els, rest, msg := compilePattern(pattern, false)
		if msg == "" && rest != "" {
			msg = "Pattern includes reserved character: ']'"
		}
		if msg != "" {
			return nil, illegalArgument("Invalid format: [" + spec + "]: " + msg)
		}
		f.parts = append(f.parts, dateParser{elements: els})
	}
	return f, nil
}

// String returns the spec the format was compiled from.
func (f *DateFormat) String() string { return f.spec }

// compilePattern compiles a Java DateTimeFormatter pattern up to an
// unmatched ']' (when nested) and returns what is left after it.
func compilePattern(p string, nested bool) ([]dateElem, string, string) {
	var out []dateElem
	for len(p) > 0 {
		c := p[0]
		switch {
		case c == '[':
			inner, rest, msg := compilePattern(p[1:], true)
			if msg != "" {
				return nil, "", msg
			}
			out = append(out, dateElem{kind: elOptional, optional: inner})
			p = rest
		case c == ']':
			if !nested {
				return nil, "", "Pattern includes reserved character: ']'"
			}
			return adjacent(out), p[1:], ""
		case c == '\'':
			end := strings.IndexByte(p[1:], '\'')
			if end < 0 {
				return nil, "", "Pattern ends with an incomplete string literal: " + p
			}
			lit := p[1 : 1+end]
			if lit == "" {
				lit = "'"
			}
			out = append(out, dateElem{kind: elLiteral, lit: lit})
			p = p[2+end:]
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			n := 1
			for n < len(p) && p[n] == c {
				n++
			}
			el, msg := patternLetter(c, n)
			if msg != "" {
				return nil, "", msg
			}
			out = append(out, el)
			p = p[n:]
		default:
			out = append(out, dateElem{kind: elLiteral, lit: string(c)})
			p = p[1:]
		}
	}
	// An unclosed '[' runs to the end, as in Java.
	return adjacent(out), "", ""
}

// adjacent limits a variable-width number followed directly by another
// number to its minimum width, as Java's adjacent value parsing does
// ("yyyyMMdd" reads a 4-digit year).
func adjacent(els []dateElem) []dateElem {
	for i := 0; i+1 < len(els); i++ {
		if isNumber(els[i].kind) && isNumber(els[i+1].kind) && els[i].min > 1 {
			els[i].max = els[i].min
		}
	}
	return els
}

func isNumber(k byte) bool {
	switch k {
	case elYear, elMonth, elDay, elHour, elHour12, elMinute, elSecond, elFraction:
		return true
	}
	return false
}

// patternLetter compiles a run of n copies of pattern letter c.
func patternLetter(c byte, n int) (dateElem, string) {
	num := func(kind byte) dateElem {
		if n == 1 {
			return dateElem{kind: kind, min: 1, max: 2}
		}
		return dateElem{kind: kind, min: n, max: n}
	}
	switch c {
	case 'y', 'u':
		if n == 2 {
			return dateElem{kind: elYear, min: 2, max: 2}, ""
		}
		return dateElem{kind: elYear, min: max(n, 1), max: 9}, ""
	case 'M', 'L':
		if n >= 3 {
			return dateElem{kind: elMonthText, min: n}, ""
		}
		return num(elMonth), ""
	case 'd':
		return num(elDay), ""
	case 'H':
		return num(elHour), ""
	case 'h':
		return num(elHour12), ""
	case 'a':
		return dateElem{kind: elAmPm}, ""
	case 'm':
		return num(elMinute), ""
	case 's':
		return num(elSecond), ""
	case 'S':
		if n == 1 {
			return dateElem{kind: elFraction, min: 1, max: 9}, ""
		}
		return dateElem{kind: elFraction, min: n, max: n}, ""
	case 'X', 'x', 'Z':
		return dateElem{kind: elOffset}, ""
	case 'V':
		return dateElem{kind: elZoneID}, ""
	case 'E':
		return dateElem{kind: elDayName}, ""
	case 'G', 'Q', 'q', 'w', 'W', 'e', 'c', 'F', 'D', 'Y', 'k', 'K', 'A', 'n', 'N', 'z', 'O', 'g', 'B':
		return dateElem{}, "pattern letter '" + string(c) + "' is not supported by the fake server"
	}
	return dateElem{}, "Unknown pattern letter: " + string(c)
}

// dateFields collects what a pattern read.
type dateFields struct {
	year, month, day, hour, minute, second, nanos int
	has                                           uint16
	pm, hasAmPm                                   bool
	loc                                           *time.Location
}

const (
	hasYear = 1 << iota
	hasMonth
	hasDay
	hasHour
	hasMinute
	hasSecond
	hasNanos
)

var monthNames = []string{"january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"}
var dayNames = []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}

// match runs elements against s from pos; it returns the new position or -1.
func (f *dateFields) match(els []dateElem, s string, pos int) int {
	for _, el := range els {
		switch el.kind {
		case elLiteral:
			if !strings.HasPrefix(s[pos:], el.lit) {
				return -1
			}
			pos += len(el.lit)
		case elOptional:
			saved := *f
			if np := f.match(el.optional, s, pos); np >= 0 {
				pos = np
			} else {
				*f = saved
			}
		case elMonthText:
			np := -1
			for i, name := range monthNames {
				cand := name
				if el.min == 3 {
					cand = name[:3]
				}
				if len(s)-pos >= len(cand) && strings.EqualFold(s[pos:pos+len(cand)], cand) {
					f.month, f.has, np = i+1, f.has|hasMonth, pos+len(cand)
					break
				}
			}
			if np < 0 {
				return -1
			}
			pos = np
		case elDayName:
			np := -1
			for _, name := range dayNames {
				for _, cand := range []string{name, name[:3]} {
					if len(s)-pos >= len(cand) && strings.EqualFold(s[pos:pos+len(cand)], cand) {
						np = pos + len(cand)
						break
					}
				}
				if np >= 0 {
					break
				}
			}
			if np < 0 {
				return -1
			}
			pos = np
		case elAmPm:
			switch {
			case len(s)-pos >= 2 && strings.EqualFold(s[pos:pos+2], "AM"):
				f.pm, f.hasAmPm = false, true
			case len(s)-pos >= 2 && strings.EqualFold(s[pos:pos+2], "PM"):
				f.pm, f.hasAmPm = true, true
			default:
				return -1
			}
			pos += 2
		case elOffset:
			np, loc := parseOffsetText(s, pos)
			if np < 0 {
				return -1
			}
			pos, f.loc = np, loc
		case elZoneID:
			end := pos
			for end < len(s) && (s[end] == '/' || s[end] == '_' || s[end] == '+' || s[end] == '-' || s[end] >= 'A' && s[end] <= 'Z' || s[end] >= 'a' && s[end] <= 'z' || s[end] >= '0' && s[end] <= '9') {
				end++
			}
			loc, err := ParseTimeZone(s[pos:end])
			if err != nil {
				return -1
			}
			pos, f.loc = end, loc
		default:
			end := pos
			for end < len(s) && end-pos < el.max && s[end] >= '0' && s[end] <= '9' {
				end++
			}
			if end-pos < el.min {
				return -1
			}
			n, _ := strconv.Atoi(s[pos:end])
			switch el.kind {
			case elYear:
				if el.min == 2 && el.max == 2 {
					n += 2000
				}
				f.year, f.has = n, f.has|hasYear
			case elMonth:
				f.month, f.has = n, f.has|hasMonth
			case elDay:
				f.day, f.has = n, f.has|hasDay
			case elHour, elHour12:
				f.hour, f.has = n, f.has|hasHour
			case elMinute:
				f.minute, f.has = n, f.has|hasMinute
			case elSecond:
				f.second, f.has = n, f.has|hasSecond
			case elFraction:
				digits := s[pos:end]
				for len(digits) < 9 {
					digits += "0"
				}
				f.nanos, _ = strconv.Atoi(digits)
				f.has |= hasNanos
			}
			pos = end
		}
	}
	return pos
}

// parseOffsetText reads "Z", "+HH", "+HHMM" or "+HH:MM" at pos.
func parseOffsetText(s string, pos int) (int, *time.Location) {
	if pos < len(s) && s[pos] == 'Z' {
		return pos + 1, time.UTC
	}
	if pos >= len(s) || (s[pos] != '+' && s[pos] != '-') {
		return -1, nil
	}
	digits := func(at, n int) (int, bool) {
		if at+n > len(s) {
			return 0, false
		}
		v := 0
		for i := at; i < at+n; i++ {
			if s[i] < '0' || s[i] > '9' {
				return 0, false
			}
			v = v*10 + int(s[i]-'0')
		}
		return v, true
	}
	h, ok := digits(pos+1, 2)
	if !ok || h > 18 {
		return -1, nil
	}
	end, m := pos+3, 0
	if end < len(s) && s[end] == ':' {
		if m, ok = digits(end+1, 2); !ok {
			return -1, nil
		}
		end += 3
	} else if mm, ok := digits(end, 2); ok {
		m, end = mm, end+2
	}
	if m > 59 {
		return -1, nil
	}
	off := h*3600 + m*60
	if s[pos] == '-' {
		off = -off
	}
	return end, time.FixedZone(s[pos:end], off)
}

// Parse reads a date (no date math) as an instant. Missing fields default to
// the start of the period, or with roundUp to OpenSearch's round-up defaults
// (month and day 1, time 23:59:59.999999999). A date without an offset is in
// zone (UTC when nil).
func (f *DateFormat) Parse(s string, zone *time.Location, roundUp bool) (time.Time, *Error) {
	if s == "" {
		return time.Time{}, parseException("cannot parse empty date")
	}
	for _, p := range f.parts {
		if t, ok := p.parse(s, zone, roundUp); ok {
			return t, nil
		}
	}
	inner := "failed to parse date field [" + s + "] with format [" + f.spec + "]"
	return time.Time{}, &Error{
		Type:     "parse_exception",
		Reason:   inner + ": [" + inner + "]",
		Status:   400,
		CausedBy: illegalArgument(inner),
	}
}

func (p *dateParser) parse(s string, zone *time.Location, roundUp bool) (time.Time, bool) {
	if zone == nil {
		zone = time.UTC
	}
	if p.epoch != 0 {
		return parseEpoch(s, p.epoch == 's', roundUp)
	}
	var fd dateFields
	if fd.match(p.elements, s, 0) != len(s) {
		return time.Time{}, false
	}
	return fd.resolve(zone, roundUp)
}

// resolve builds the instant, checking ranges as Java's strict resolver does.
func (fd *dateFields) resolve(zone *time.Location, roundUp bool) (time.Time, bool) {
	y, mo, d := 1970, 1, 1
	h, mi, sec, ns := 0, 0, 0, 0
	if roundUp {
		h, mi, sec, ns = 23, 59, 59, 999_999_999
	}
	if fd.has&hasYear != 0 {
		y = fd.year
	}
	if fd.has&hasMonth != 0 {
		mo = fd.month
	}
	if fd.has&hasDay != 0 {
		d = fd.day
	}
	if fd.has&hasHour != 0 {
		h = fd.hour
		if fd.hasAmPm {
			if h < 1 || h > 12 {
				return time.Time{}, false
			}
			h %= 12
			if fd.pm {
				h += 12
			}
		}
	}
	if fd.has&hasMinute != 0 {
		mi = fd.minute
	}
	if fd.has&hasSecond != 0 {
		sec = fd.second
	}
	if fd.has&hasNanos != 0 {
		ns = fd.nanos
	}
	if mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo) || h > 23 || mi > 59 || sec > 59 {
		return time.Time{}, false
	}
	loc := zone
	if fd.loc != nil {
		loc = fd.loc
	}
	return time.Date(y, time.Month(mo), d, h, mi, sec, ns, loc), true
}

func daysIn(y, m int) int {
	return time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// parseEpoch reads epoch_millis or epoch_second: an optional sign, digits
// and an optional fraction.
func parseEpoch(s string, seconds, roundUp bool) (time.Time, bool) {
	neg := false
	body := s
	if body != "" && body[0] == '-' {
		neg, body = true, body[1:]
	}
	whole, frac, hasFrac := strings.Cut(body, ".")
	if whole == "" || len(whole) > 19 || !allDigits(whole) || (hasFrac && (frac == "" || !allDigits(frac))) {
		return time.Time{}, false
	}
	n, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return time.Time{}, false
	}
	fracDigits := 6
	if seconds {
		fracDigits = 9
	}
	var fracNanos int64
	if hasFrac {
		if len(frac) > fracDigits {
			frac = frac[:fracDigits]
		}
		for len(frac) < fracDigits {
			frac += "0"
		}
		fracNanos, _ = strconv.ParseInt(frac, 10, 64)
	} else if roundUp && !seconds {
		// The round-up parser fills the sub-millisecond digits.
		fracNanos = 999_999
	} else if roundUp {
		fracNanos = 999_999_999
	}
	sec, nanos := n, fracNanos
	if !seconds {
		sec, nanos = n/1000, (n%1000)*int64(time.Millisecond)+fracNanos
	}
	if neg {
		sec, nanos = -sec, -nanos
	}
	return time.Unix(sec, nanos).UTC(), true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
