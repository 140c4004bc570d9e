package painless

import (
	"strconv"
	"strings"
	"time"
)

// A java.time subset: Instant, ZonedDateTime with fixed offsets or UTC, ZoneId/ZoneOffset.
// Region zones (Europe/Paris) are a "[fake] unsupported" runtime error.

// Instant is a java.time.Instant.
type Instant struct {
	Sec  int64
	Nano int32
}

// ZonedDateTime is a java.time.ZonedDateTime with a fixed offset; zone is "" when the
// zone is the offset itself (ZoneOffset), else the region id ("UTC").
type ZonedDateTime struct {
	Sec    int64 // epoch seconds of the instant
	Nano   int32
	Offset int32 // seconds east of UTC
	zone   string
	// joda marks OpenSearch's JodaCompatibleZonedDateTime (date doc values), which adds
	// getMillis and a few Joda-era getters.
	joda bool
}

// ZoneId is a java.time.ZoneId: an offset, or the region "UTC"/"GMT" with offset 0.
type ZoneId struct {
	offset int32
	region string
}

// String returns the zone as ZoneId.toString does: the region, or the offset.
func (z *ZoneId) String() string {
	if z.region != "" {
		return z.region
	}
	return offsetString(z.offset)
}

// zoneOf is ZoneId.of for the ids the fake supports.
func zoneOf(id string) *ZoneId {
	switch id {
	case "Z":
		return &ZoneId{}
	case "UTC", "GMT", "UT":
		return &ZoneId{region: id}
	}
	if off, ok := parseOffset(id); ok {
		return &ZoneId{offset: off}
	}
	if strings.Contains(id, "/") || len(id) > 1 {
		throwIAE("[fake] unsupported Painless feature: time zone [" + id + "]")
	}
	throw("DateTimeException", "Invalid ID for ZoneOffset, invalid format: "+id)
	return nil
}

// parseOffset reads +HH:MM, -HH:MM or +HH:MM:SS.
func parseOffset(s string) (int32, bool) {
	if len(s) != 6 && len(s) != 9 || (s[0] != '+' && s[0] != '-') || s[3] != ':' {
		return 0, false
	}
	h, err1 := strconv.Atoi(s[1:3])
	m, err2 := strconv.Atoi(s[4:6])
	sec := 0
	var err3 error
	if len(s) == 9 {
		if s[6] != ':' {
			return 0, false
		}
		sec, err3 = strconv.Atoi(s[7:9])
	}
	if err1 != nil || err2 != nil || err3 != nil || h > 18 || m > 59 || sec > 59 {
		return 0, false
	}
	off := int32(h*3600 + m*60 + sec)
	if s[0] == '-' {
		off = -off
	}
	return off, true
}

// offsetString is ZoneOffset.toString: Z, +01:00 or +01:00:30.
func offsetString(off int32) string {
	if off == 0 {
		return "Z"
	}
	sign := byte('+')
	if off < 0 {
		sign, off = '-', -off
	}
	s := string(sign) + pad2(int(off/3600)) + ":" + pad2(int(off/60%60))
	if off%60 != 0 {
		s += ":" + pad2(int(off%60))
	}
	return s
}

func pad2(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

func (i *Instant) time() time.Time { return time.Unix(i.Sec, int64(i.Nano)).UTC() }

func (z *ZonedDateTime) local() time.Time {
	return time.Unix(z.Sec, int64(z.Nano)).In(time.FixedZone("", int(z.Offset)))
}

func (z *ZonedDateTime) zoneID() *ZoneId { return &ZoneId{offset: z.Offset, region: z.zone} }

func instantOf(t time.Time) *Instant { return &Instant{Sec: t.Unix(), Nano: int32(t.Nanosecond())} }

func zonedOf(t time.Time, zone *ZoneId) *ZonedDateTime {
	return &ZonedDateTime{Sec: t.Unix(), Nano: int32(t.Nanosecond()), Offset: zone.offset, zone: zone.region}
}

// fraction renders nanoseconds as java.time's toString does: nothing when zero, else
// in groups of three digits.
func fraction(nano int32) string {
	switch {
	case nano == 0:
		return ""
	case nano%1_000_000 == 0:
		return "." + strconv.Itoa(int(nano/1_000_000) + 1000)[1:]
	case nano%1000 == 0:
		return "." + strconv.Itoa(int(nano/1000) + 1_000_000)[1:]
	}
	return "." + strconv.Itoa(int(nano) + 1_000_000_000)[1:]
}

func checkYear(t time.Time) {
	if t.Year() < 0 || t.Year() > 9999 {
		throw("DateTimeException", "[fake] unsupported Painless feature: years outside 0000-9999")
	}
}

// javaString is Instant.toString (ISO_INSTANT).
func (i *Instant) javaString() string {
	t := i.time()
	checkYear(t)
	return t.Format("2006-01-02T15:04:05") + fraction(i.Nano) + "Z"
}

// javaString is ZonedDateTime.toString: LocalDateTime (seconds left out when zero), the
// offset, and the zone in brackets when it is not the offset itself.
func (z *ZonedDateTime) javaString() string {
	t := z.local()
	checkYear(t)
	if z.joda {
		// JodaCompatibleZonedDateTime prints with strict_date_time (always UTC here)
		return t.Format("2006-01-02T15:04:05.000") + "Z"
	}
	s := t.Format("2006-01-02T15:04")
	if t.Second() != 0 || z.Nano != 0 {
		s += t.Format(":05") + fraction(z.Nano)
	}
	s += offsetString(z.Offset)
	if z.zone != "" {
		s += "[" + z.zone + "]"
	}
	return s
}

// xcontent is how OpenSearch writes these values into JSON: strict_date_optional_time_nanos
// (at least three fraction digits, at most nine, offset as Z or +01:00).
func xcontentTime(t time.Time, nano int32, off int32) string {
	checkYear(t)
	frac := strconv.Itoa(int(nano) + 1_000_000_000)[1:]
	for len(frac) > 3 && frac[len(frac)-1] == '0' {
		frac = frac[:len(frac)-1]
	}
	return t.Format("2006-01-02T15:04:05") + "." + frac + offsetString(off)
}

func (i *Instant) xcontent() string { return xcontentTime(i.time(), i.Nano, 0) }

func (z *ZonedDateTime) xcontent() string { return xcontentTime(z.local(), z.Nano, z.Offset) }

// parseISO reads ISO_LOCAL_DATE_TIME (yyyy-MM-ddTHH:mm[:ss[.fffffffff]]) from s at i and
// returns the fields and the index after them, or the index where it fails.
func parseLocalDateTime(s string) (t time.Time, nano int32, rest string, failAt int) {
	fail := func(at int) (time.Time, int32, string, int) { return time.Time{}, 0, "", at }
	num := func(at, n int) (int, bool) {
		if at+n > len(s) {
			return 0, false
		}
		v := 0
		for k := at; k < at+n; k++ {
			if s[k] < '0' || s[k] > '9' {
				return 0, false
			}
			v = v*10 + int(s[k]-'0')
		}
		return v, true
	}
	sep := func(at int, c byte) bool { return at < len(s) && s[at] == c }
	y, ok := num(0, 4)
	if !ok {
		return fail(0)
	}
	if !sep(4, '-') {
		return fail(4)
	}
	mo, ok := num(5, 2)
	if !ok || mo < 1 || mo > 12 {
		return fail(5)
	}
	if !sep(7, '-') {
		return fail(7)
	}
	d, ok := num(8, 2)
	if !ok || d < 1 || d > daysIn(time.Month(mo), y) {
		return fail(8)
	}
	if !sep(10, 'T') {
		return fail(10)
	}
	h, ok := num(11, 2)
	if !ok || h > 23 {
		return fail(11)
	}
	if !sep(13, ':') {
		return fail(13)
	}
	mi, ok := num(14, 2)
	if !ok || mi > 59 {
		return fail(14)
	}
	at, sec := 16, 0
	if sep(at, ':') {
		if sec, ok = num(at+1, 2); !ok || sec > 59 {
			return fail(at + 1)
		}
		at += 3
		if sep(at, '.') {
			k := at + 1
			for k < len(s) && k-at-1 < 9 && s[k] >= '0' && s[k] <= '9' {
				k++
			}
			if k == at+1 {
				return fail(at + 1)
			}
			digits := s[at+1 : k]
			v, _ := strconv.Atoi(digits + strings.Repeat("0", 9-len(digits)))
			nano = int32(v)
			at = k
		}
	}
	return time.Date(y, time.Month(mo), d, h, mi, sec, 0, time.UTC), nano, s[at:], -1
}

func daysIn(m time.Month, y int) int { return time.Date(y, m+1, 0, 0, 0, 0, 0, time.UTC).Day() }

func parseFailure(s string, at int) {
	throw("DateTimeParseException", "Text '"+s+"' could not be parsed at index "+strconv.Itoa(at))
}

// parseZoned is ZonedDateTime.parse with ISO_ZONED_DATE_TIME.
func parseZoned(s string) *ZonedDateTime {
	local, nano, rest, failAt := parseLocalDateTime(s)
	if failAt >= 0 {
		parseFailure(s, failAt)
	}
	at := len(s) - len(rest)
	var off int32
	switch {
	case strings.HasPrefix(rest, "Z"):
		rest = rest[1:]
	case len(rest) >= 6:
		o, ok := parseOffset(rest[:6])
		if !ok {
			parseFailure(s, at)
		}
		off, rest = o, rest[6:]
	default:
		parseFailure(s, at)
	}
	zone := ""
	if strings.HasPrefix(rest, "[") && strings.HasSuffix(rest, "]") {
		id := rest[1 : len(rest)-1]
		z := zoneOf(id)
		if z.offset != off {
			throwIAE("[fake] unsupported Painless feature: zone [" + id + "] with offset " + offsetString(off))
		}
		zone, rest = z.region, ""
	}
	if rest != "" {
		parseFailure(s, len(s)-len(rest))
	}
	sec := local.Unix() - int64(off)
	return &ZonedDateTime{Sec: sec, Nano: nano, Offset: off, zone: zone}
}

// parseInstant is Instant.parse with ISO_INSTANT (UTC, a Z or offset suffix).
func parseInstant(s string) *Instant {
	z := parseZoned(s)
	if z.zone != "" {
		parseFailure(s, strings.Index(s, "["))
	}
	return &Instant{Sec: z.Sec, Nano: z.Nano}
}

// plusMonths moves a local date by months, clamping the day to the month's length as
// LocalDate.plusMonths does.
func plusMonths(t time.Time, months int) time.Time {
	y, m, d := t.Date()
	total := y*12 + int(m) - 1 + months
	ny, nm := total/12, time.Month(total%12+1)
	if total < 0 && total%12 != 0 {
		ny, nm = (total-11)/12, time.Month((total%12+12)%12+1)
	}
	d = min(d, daysIn(nm, ny))
	return time.Date(ny, nm, d, t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), t.Location())
}

func longArg(v any) int64 { return convertForStore(v, tyLong).(int64) }

func instantArg(v any) *Instant {
	i, ok := v.(*Instant)
	if !ok {
		argCast(v, "java.time.Instant")
	}
	return i
}

func zonedArg(v any) *ZonedDateTime {
	z, ok := v.(*ZonedDateTime)
	if !ok {
		argCast(v, "java.time.chrono.ChronoZonedDateTime")
	}
	return z
}

func zoneArg(v any) *ZoneId {
	z, ok := v.(*ZoneId)
	if !ok {
		argCast(v, "java.time.ZoneId")
	}
	return z
}

func cmpInstant(s1 int64, n1 int32, s2 int64, n2 int32) int {
	if c := cmpInt(s1, s2); c != 0 {
		return c
	}
	return cmpInt(int64(n1), int64(n2))
}

func instantMethod(i *Instant, name string, args []any) (any, bool) {
	switch methodKey(name, len(args)) {
	case "toEpochMilli/0":
		return i.Sec*1000 + int64(i.Nano)/1_000_000, true
	case "getEpochSecond/0":
		return i.Sec, true
	case "getNano/0":
		return i.Nano, true
	case "isBefore/1":
		o := instantArg(args[0])
		return cmpInstant(i.Sec, i.Nano, o.Sec, o.Nano) < 0, true
	case "isAfter/1":
		o := instantArg(args[0])
		return cmpInstant(i.Sec, i.Nano, o.Sec, o.Nano) > 0, true
	case "compareTo/1":
		o := instantArg(args[0])
		return int32(cmpInstant(i.Sec, i.Nano, o.Sec, o.Nano)), true
	case "plusMillis/1", "minusMillis/1", "plusSeconds/1", "minusSeconds/1":
		n := longArg(args[0])
		if strings.HasPrefix(name, "minus") {
			n = -n
		}
		d := time.Duration(n) * time.Second
		if strings.HasSuffix(name, "Millis") {
			d = time.Duration(n) * time.Millisecond
		}
		return instantOf(i.time().Add(d)), true
	case "atZone/1":
		return zonedOf(i.time(), zoneArg(args[0])), true
	}
	return nil, false
}

func zonedMethod(z *ZonedDateTime, name string, args []any) (any, bool) {
	t := z.local()
	switch methodKey(name, len(args)) {
	case "toInstant/0":
		return &Instant{Sec: z.Sec, Nano: z.Nano}, true
	case "toEpochSecond/0":
		return z.Sec, true
	case "getYear/0":
		return int32(t.Year()), true
	case "getMonthValue/0":
		return int32(t.Month()), true
	case "getDayOfMonth/0":
		return int32(t.Day()), true
	case "getDayOfYear/0":
		return int32(t.YearDay()), true
	case "getHour/0":
		return int32(t.Hour()), true
	case "getMinute/0":
		return int32(t.Minute()), true
	case "getSecond/0":
		return int32(t.Second()), true
	case "getNano/0":
		return z.Nano, true
	case "getZone/0":
		return z.zoneID(), true
	case "isBefore/1":
		o := zonedArg(args[0])
		return cmpInstant(z.Sec, z.Nano, o.Sec, o.Nano) < 0, true
	case "isAfter/1":
		o := zonedArg(args[0])
		return cmpInstant(z.Sec, z.Nano, o.Sec, o.Nano) > 0, true
	case "isEqual/1":
		o := zonedArg(args[0])
		return cmpInstant(z.Sec, z.Nano, o.Sec, o.Nano) == 0, true
	case "compareTo/1":
		o := zonedArg(args[0])
		if c := cmpInstant(z.Sec, z.Nano, o.Sec, o.Nano); c != 0 {
			return int32(c), true
		}
		// same instant: ChronoZonedDateTime compares the local date-time, then the zone id
		if c := cmpInt(int64(z.Offset), int64(o.Offset)); c != 0 {
			return int32(c), true // a larger offset is a later local date-time
		}
		return int32(compareStrings(z.zoneID().String(), o.zoneID().String())), true
	case "withZoneSameInstant/1":
		return zonedOf(time.Unix(z.Sec, int64(z.Nano)), zoneArg(args[0])), true
	}
	if len(args) == 1 && (strings.HasPrefix(name, "plus") || strings.HasPrefix(name, "minus")) {
		n := longArg(args[0])
		unit := strings.TrimPrefix(strings.TrimPrefix(name, "plus"), "minus")
		if strings.HasPrefix(name, "minus") {
			n = -n
		}
		var nt time.Time
		switch unit {
		case "Nanos":
			nt = t.Add(time.Duration(n))
		case "Seconds":
			nt = t.Add(time.Duration(n) * time.Second)
		case "Minutes":
			nt = t.Add(time.Duration(n) * time.Minute)
		case "Hours":
			nt = t.Add(time.Duration(n) * time.Hour)
		case "Days":
			nt = t.AddDate(0, 0, int(n))
		case "Weeks":
			nt = t.AddDate(0, 0, int(7*n))
		case "Months":
			nt = plusMonths(t, int(n))
		case "Years":
			nt = plusMonths(t, int(12*n))
		default:
			return nil, false
		}
		return &ZonedDateTime{Sec: nt.Unix(), Nano: int32(nt.Nanosecond()), Offset: z.Offset, zone: z.zone}, true
	}
	return nil, false
}

// timeStatic implements the static methods of Instant, ZonedDateTime, ZoneId and ZoneOffset.
func timeStatic(r *run, class, name string, args []any) (any, bool) {
	switch class + "." + methodKey(name, len(args)) {
	case "Instant.ofEpochMilli/1":
		ms := longArg(args[0])
		sec, rem := ms/1000, ms%1000
		if rem < 0 {
			sec, rem = sec-1, rem+1000
		}
		return &Instant{Sec: sec, Nano: int32(rem) * 1_000_000}, true
	case "Instant.ofEpochSecond/1":
		return &Instant{Sec: longArg(args[0])}, true
	case "Instant.parse/1":
		return parseInstant(stringArg(args[0])), true
	case "ZonedDateTime.parse/1":
		return parseZoned(stringArg(args[0])), true
	case "ZonedDateTime.ofInstant/2":
		i := instantArg(args[0])
		return zonedOf(i.time(), zoneArg(args[1])), true
	case "ZoneId.of/1", "ZoneOffset.of/1":
		return zoneOf(stringArg(args[0])), true
	}
	return nil, false
}
