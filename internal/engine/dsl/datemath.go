package dsl

import (
	"strconv"
	"strings"
	"time"
)

// ParseDateMath evaluates a date math expression as OpenSearch's
// JavaDateMathParser does: "now" or "<date>||" as the anchor (the date read
// with format), then operations "+1d", "-2M", "/d" (units y M w d h H m s).
// A plain date without "||" is just parsed. roundUp selects the upper end of
// a rounding ("/d" rounds to the day's last millisecond) and the round-up
// parser for the date itself. zone (UTC when nil) places dates without an
// offset and the rounding boundaries; it never changes now.
func ParseDateMath(expr string, now time.Time, format *DateFormat, zone *time.Location, roundUp bool) (time.Time, *Error) {
	if zone == nil {
		zone = time.UTC
	}
	var anchor time.Time
	var math string
	if rest, ok := strings.CutPrefix(expr, "now"); ok {
		anchor, math = now, rest
	} else {
		i := strings.Index(expr, "||")
		if i < 0 {
			return format.Parse(expr, zone, roundUp)
		}
		t, err := format.Parse(expr[:i], zone, false)
		if err != nil {
			return time.Time{}, err
		}
		anchor, math = t, expr[i+2:]
	}
	return applyDateMath(math, anchor, zone, roundUp)
}

func applyDateMath(math string, t time.Time, zone *time.Location, roundUp bool) (time.Time, *Error) {
	t = t.In(zone)
	for i := 0; i < len(math); {
		c := math[i]
		i++
		round, sign := false, 1
		switch c {
		case '/':
			round = true
		case '+':
		case '-':
			sign = -1
		default:
			return time.Time{}, parseException("operator not supported for date math [" + math + "]")
		}
		if i >= len(math) {
			return time.Time{}, parseException("truncated date math [" + math + "]")
		}
		num := 1
		if isDigitByte(math[i]) {
			start := i
			for i < len(math) && isDigitByte(math[i]) {
				i++
			}
			if i >= len(math) {
				return time.Time{}, parseException("truncated date math [" + math + "]")
			}
			n, err := strconv.ParseInt(math[start:i], 10, 32)
			if err != nil {
				return time.Time{}, &Error{Type: "number_format_exception", Reason: `For input string: "` + math[start:i] + `"`, Status: 400}
			}
			num = int(n)
		}
		if round && num != 1 {
			return time.Time{}, parseException("rounding `/` can only be used on single unit types [" + math + "]")
		}
		unit := math[i]
		i++
		n := sign * num
		y, mo, d := t.Date()
		h, mi, s := t.Clock()
		loc := t.Location()
		switch unit {
		case 'y':
			if round {
				t = time.Date(y, 1, 1, 0, 0, 0, 0, loc)
				if roundUp {
					t = addMonths(t, 12)
				}
			} else {
				t = addMonths(t, 12*n)
			}
		case 'M':
			if round {
				t = time.Date(y, mo, 1, 0, 0, 0, 0, loc)
				if roundUp {
					t = addMonths(t, 1)
				}
			} else {
				t = addMonths(t, n)
			}
		case 'w':
			if round {
				back := (int(t.Weekday()) + 6) % 7 // days since Monday
				t = time.Date(y, mo, d-back, 0, 0, 0, 0, loc)
				if roundUp {
					t = t.AddDate(0, 0, 7)
				}
			} else {
				t = t.AddDate(0, 0, 7*n)
			}
		case 'd':
			if round {
				t = time.Date(y, mo, d, 0, 0, 0, 0, loc)
				if roundUp {
					t = t.AddDate(0, 0, 1)
				}
			} else {
				t = t.AddDate(0, 0, n)
			}
		case 'h', 'H':
			if round {
				t = time.Date(y, mo, d, h, 0, 0, 0, loc)
				if roundUp {
					t = t.Add(time.Hour)
				}
			} else {
				t = t.Add(time.Duration(n) * time.Hour)
			}
		case 'm':
			if round {
				t = time.Date(y, mo, d, h, mi, 0, 0, loc)
				if roundUp {
					t = t.Add(time.Minute)
				}
			} else {
				t = t.Add(time.Duration(n) * time.Minute)
			}
		case 's':
			if round {
				t = time.Date(y, mo, d, h, mi, s, 0, loc)
				if roundUp {
					t = t.Add(time.Second)
				}
			} else {
				t = t.Add(time.Duration(n) * time.Second)
			}
		default:
			return time.Time{}, parseException("unit [" + string(unit) + "] not supported for date math [" + math + "]")
		}
		if round && roundUp {
			t = t.Add(-time.Millisecond)
		}
	}
	return t, nil
}

func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }

// addMonths is Java's plusMonths: the day is clamped to the last day of the
// target month (Jan 31 + 1M = Feb 28), the wall-clock time kept.
func addMonths(t time.Time, n int) time.Time {
	y, mo, d := t.Date()
	h, mi, s := t.Clock()
	total := int(mo) - 1 + n
	ny := y + total/12
	nm := total % 12
	if nm < 0 {
		nm += 12
		ny--
	}
	if last := daysIn(ny, nm+1); d > last {
		d = last
	}
	return time.Date(ny, time.Month(nm+1), d, h, mi, s, t.Nanosecond(), t.Location())
}

// DateRangeBound turns one end of a range on a date field into an
// inclusive bound in epoch milliseconds, as DateFieldMapper.rangeQuery does:
// gt and lte parse with roundUp, then gt adds one millisecond and lt takes
// one away. So with "2022-05-18||/M": gte is >= May 1 00:00:00.000, gt is >
// May 31 23:59:59.999, lt is < May 1 and lte is <= May 31 23:59:59.999.
func DateRangeBound(expr string, lower, inclusive bool, now time.Time, format *DateFormat, zone *time.Location) (int64, *Error) {
	roundUp := lower != inclusive // gt (lower, exclusive) and lte (upper, inclusive)
	t, err := ParseDateMath(expr, now, format, zone, roundUp)
	if err != nil {
		return 0, err
	}
	ms := t.UnixMilli()
	switch {
	case lower && !inclusive:
		ms++
	case !lower && !inclusive:
		ms--
	}
	return ms, nil
}

// DateRangeBoundNanos is DateRangeBound for a date_nanos field: the bound in
// epoch nanoseconds, gt adding and lt taking away one nanosecond.
func DateRangeBoundNanos(expr string, lower, inclusive bool, now time.Time, format *DateFormat, zone *time.Location) (int64, *Error) {
	roundUp := lower != inclusive
	t, err := ParseDateMath(expr, now, format, zone, roundUp)
	if err != nil {
		return 0, err
	}
	ns := t.UnixNano()
	switch {
	case lower && !inclusive:
		ns++
	case !lower && !inclusive:
		ns--
	}
	return ns, nil
}
