package dsl

import (
	"strconv"
	"strings"
	"time"
)

// namedPrinters are the print patterns of built-in formats whose printer
// differs from what they parse: strict_date_optional_time prints every field
// with milliseconds ("2020-01-01T00:00:00.000Z").
var namedPrinters = map[string]string{
	"date_optional_time":              "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
	"iso8601":                         "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
	"strict_date_optional_time":       "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
	"strict_date_optional_time_nanos": "yyyy-MM-dd'T'HH:mm:ss.SSSSSSSSSXXX",
}

// Format renders t with the format's first alternative, as OpenSearch does
// for key_as_string and value_as_string. zone (UTC when nil) is the zone of
// the output.
func (f *DateFormat) Format(t time.Time, zone *time.Location) string {
	if zone == nil {
		zone = time.UTC
	}
	t = t.In(zone)
	first := strings.TrimSpace(strings.Split(f.spec, "||")[0])
	switch first {
	case "epoch_millis":
		return strconv.FormatInt(t.UnixMilli(), 10)
	case "epoch_second":
		return strconv.FormatInt(t.Unix(), 10)
	}
	els := f.parts[0].elements
	if p, ok := namedPrinters[first]; ok {
		els, _, _ = compilePattern(p, false)
	}
	var b strings.Builder
	printElements(&b, els, t)
	return b.String()
}

func printElements(b *strings.Builder, els []dateElem, t time.Time) {
	pad := func(n, width int) {
		s := strconv.Itoa(n)
		for i := len(s); i < width; i++ {
			b.WriteByte('0')
		}
		b.WriteString(s)
	}
	for _, el := range els {
		switch el.kind {
		case elLiteral:
			b.WriteString(el.lit)
		case elOptional:
			printElements(b, el.optional, t)
		case elYear:
			if el.min == 2 && el.max == 2 {
				pad(t.Year()%100, 2)
			} else {
				pad(t.Year(), el.min)
			}
		case elMonth:
			pad(int(t.Month()), el.min)
		case elMonthText:
			name := t.Month().String()
			if el.min == 3 {
				name = name[:3]
			}
			b.WriteString(name)
		case elDay:
			pad(t.Day(), el.min)
		case elHour:
			pad(t.Hour(), el.min)
		case elHour12:
			h := t.Hour() % 12
			if h == 0 {
				h = 12
			}
			pad(h, el.min)
		case elAmPm:
			if t.Hour() < 12 {
				b.WriteString("AM")
			} else {
				b.WriteString("PM")
			}
		case elMinute:
			pad(t.Minute(), el.min)
		case elSecond:
			pad(t.Second(), el.min)
		case elFraction:
			digits := el.min
			if el.max != el.min {
				digits = 3
			}
			frac := strconv.Itoa(t.Nanosecond() + 1_000_000_000)[1:]
			b.WriteString(frac[:digits])
		case elOffset:
			_, off := t.Zone()
			if off == 0 {
				b.WriteByte('Z')
				continue
			}
			sign := byte('+')
			if off < 0 {
				sign, off = '-', -off
			}
			b.WriteByte(sign)
			pad(off/3600, 2)
			b.WriteByte(':')
			pad(off%3600/60, 2)
		case elZoneID:
			b.WriteString(t.Location().String())
		case elDayName:
			b.WriteString(t.Weekday().String()[:3])
		}
	}
}
