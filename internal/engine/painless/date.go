package painless

import "time"

// Date is a java.util.Date: milliseconds since the epoch. OpenSearch writes it into a
// _source as an ISO-8601 string in UTC with milliseconds ("2024-01-15T10:00:00.000Z").
type Date struct {
	Millis int64
}

// ISO returns the form OpenSearch's XContentBuilder writes (strict_date_optional_time, UTC).
func (d *Date) ISO() string {
	return time.UnixMilli(d.Millis).UTC().Format("2006-01-02T15:04:05.000Z")
}

// javaString is Date.toString in a JVM running in UTC: "Mon Jan 15 10:00:00 UTC 2024".
func (d *Date) javaString() string {
	return time.UnixMilli(d.Millis).UTC().Format("Mon Jan 02 15:04:05 UTC 2006")
}

func dateArg(v any) *Date {
	d, ok := v.(*Date)
	if !ok {
		argCast(v, "java.util.Date")
	}
	return d
}

func dateMethod(d *Date, name string, args []any) (any, bool) {
	switch methodKey(name, len(args)) {
	case "getTime/0":
		return d.Millis, true
	case "setTime/1":
		d.Millis = convertForStore(args[0], tyLong).(int64)
		return nil, true
	case "after/1":
		return d.Millis > dateArg(args[0]).Millis, true
	case "before/1":
		return d.Millis < dateArg(args[0]).Millis, true
	case "compareTo/1":
		return int32(cmpInt(d.Millis, dateArg(args[0]).Millis)), true
	case "clone/0":
		return &Date{Millis: d.Millis}, true
	case "toInstant/0":
		sec, rem := d.Millis/1000, d.Millis%1000
		if rem < 0 {
			sec, rem = sec-1, rem+1000
		}
		return &Instant{Sec: sec, Nano: int32(rem) * 1_000_000}, true
	}
	return nil, false
}
