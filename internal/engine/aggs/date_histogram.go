package aggs

import (
	"math"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// calendarUnits are the calendar_interval names (DateHistogramAggregationBuilder.DATE_FIELD_UNITS).
var calendarUnits = map[string]string{
	"year": "year", "1y": "year", "quarter": "quarter", "1q": "quarter", "month": "month", "1M": "month",
	"week": "week", "1w": "week", "day": "day", "1d": "day", "hour": "hour", "1h": "hour",
	"minute": "minute", "1m": "minute", "second": "second", "1s": "second",
}

// rounding turns epoch millis into date_histogram keys: a calendar unit or
// a fixed interval, in a time zone, shifted by an offset.
type rounding struct {
	unit   string // calendar unit, or "" for fixed
	fixed  int64  // fixed interval in ms
	zone   *time.Location
	offset int64
	// step, when set, rounds without the calendar: a fixed-length unit in
	// a zone whose offset (zoneOff) never changes; anchor aligns weeks.
	step, zoneOff, anchor int64
}

// prepare picks the arithmetic rounding where the calendar gives the same
// keys.
func (r *rounding) prepare() {
	off, fixed := fixedOffset(r.zone)
	if !fixed {
		return
	}
	switch {
	case r.unit == "" && r.fixed > 0:
		r.step, r.zoneOff = r.fixed, off
	case fixedUnits[r.unit] > 0:
		r.step, r.zoneOff = fixedUnits[r.unit], off
		if r.unit == "week" {
			r.anchor = 4 * 86400000
		}
	}
}

// fixedUnits are the calendar units of one length in a zone without
// daylight saving time.
var fixedUnits = map[string]int64{"second": 1000, "minute": 60000, "hour": 3600000, "day": 86400000, "week": 7 * 86400000}

// fixedOffset returns the zone's offset in ms when it never changes.
func fixedOffset(z *time.Location) (int64, bool) {
	if z == time.UTC {
		return 0, true
	}
	if z.String() == "" || strings.HasPrefix(z.String(), "+") || strings.HasPrefix(z.String(), "-") || strings.HasPrefix(z.String(), "UTC") || strings.HasPrefix(z.String(), "GMT") {
		_, off := time.Unix(0, 0).In(z).Zone()
		_, off2 := time.Unix(1<<31, 0).In(z).Zone()
		return int64(off) * 1000, off == off2
	}
	return 0, false
}

func (r *rounding) round(ms int64) int64 {
	if r.step > 0 {
		// A fixed-length unit in a fixed-offset zone: plain arithmetic.
		// Weeks start on Monday (1970-01-05 was one).
		local := ms - r.offset + r.zoneOff - r.anchor
		return floorDiv(local, r.step)*r.step + r.anchor - r.zoneOff + r.offset
	}
	ms -= r.offset
	if r.unit == "" {
		_, off := time.UnixMilli(ms).In(r.zone).Zone()
		local := ms + int64(off)*1000
		k := floorDiv(local, r.fixed) * r.fixed
		_, off2 := time.UnixMilli(k - int64(off)*1000).In(r.zone).Zone()
		return k - int64(off2)*1000 + r.offset
	}
	t := time.UnixMilli(ms).In(r.zone)
	y, mo, d := t.Date()
	var s time.Time
	switch r.unit {
	case "second":
		s = t.Truncate(time.Second)
	case "minute":
		s = time.Date(y, mo, d, t.Hour(), t.Minute(), 0, 0, r.zone)
	case "hour":
		s = time.Date(y, mo, d, t.Hour(), 0, 0, 0, r.zone)
	case "day":
		s = time.Date(y, mo, d, 0, 0, 0, 0, r.zone)
	case "week":
		wd := (int(t.Weekday()) + 6) % 7 // Monday is 0
		s = time.Date(y, mo, d-wd, 0, 0, 0, 0, r.zone)
	case "month":
		s = time.Date(y, mo, 1, 0, 0, 0, 0, r.zone)
	case "quarter":
		s = time.Date(y, (mo-1)/3*3+1, 1, 0, 0, 0, 0, r.zone)
	default:
		s = time.Date(y, 1, 1, 0, 0, 0, 0, r.zone)
	}
	return s.UnixMilli() + r.offset
}

// next is the key after key.
func (r *rounding) next(key int64) int64 {
	if r.unit == "" {
		return r.round(key + r.fixed)
	}
	t := time.UnixMilli(key - r.offset).In(r.zone)
	y, mo, d := t.Date()
	h, mi, sec := t.Clock()
	var n time.Time
	switch r.unit {
	case "second":
		n = t.Add(time.Second)
	case "minute":
		n = t.Add(time.Minute)
	case "hour":
		n = time.Date(y, mo, d, h+1, mi, sec, 0, r.zone)
		if n.UnixMilli() <= t.UnixMilli() {
			n = t.Add(time.Hour)
		}
	case "day":
		n = time.Date(y, mo, d+1, 0, 0, 0, 0, r.zone)
	case "week":
		n = time.Date(y, mo, d+7, 0, 0, 0, 0, r.zone)
	case "month":
		n = time.Date(y, mo+1, 1, 0, 0, 0, 0, r.zone)
	case "quarter":
		n = time.Date(y, mo+3, 1, 0, 0, 0, 0, r.zone)
	default:
		n = time.Date(y+1, 1, 1, 0, 0, 0, 0, r.zone)
	}
	return r.round(n.UnixMilli() + r.offset)
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func parseDateHistogram(p *parser) (spec, *apierr.Error) {
	s := &histSpec{date: true, order: bucketOrder{{kind: 'k', asc: true}}}
	var calendar, fixed, legacy string
	var offset int64
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		if ok, err := s.parseSourceField(p, m, true); ok || err != nil {
			return ok, err
		}
		var err *apierr.Error
		switch m.Key {
		case "calendar_interval":
			if calendar, err = p.str(m); err == nil {
				if fixed != "" || legacy != "" {
					return true, p.failed(m, apierr.IllegalArgument("Cannot use [calendar_interval] with [fixed_interval] configuration option."))
				}
				if _, ok := calendarUnits[calendar]; !ok {
					return true, p.failed(m, apierr.IllegalArgument("The supplied interval [%s] could not be parsed as a calendar interval.", calendar))
				}
			}
		case "fixed_interval":
			if fixed, err = p.str(m); err == nil && (calendar != "" || legacy != "") {
				return true, p.failed(m, apierr.IllegalArgument("Cannot use [fixed_interval] with [calendar_interval] configuration option."))
			}
			if err == nil {
				// DateIntervalWrapper.fixedInterval parses it at once.
				if _, perr := settings.ParseTimeValue(fixed, "date_histogram.fixedInterval"); perr != nil {
					return true, p.failed(m, perr)
				}
			}
		case "interval":
			legacy, err = p.str(m)
			if err == nil && p.warn != nil {
				p.warn("[interval] on [date_histogram] is deprecated, use [fixed_interval] or [calendar_interval] in the future.")
			}
		case "offset":
			if m.Value.Kind == xcontent.Number {
				offset, err = p.long(m)
			} else {
				var text string
				if text, err = p.str(m); err == nil {
					offset, err = parseOffset(text)
					if err != nil {
						err = p.failed(m, err)
					}
				}
			}
		default:
			return s.parseCommon(p, m)
		}
		return true, err
	})
	if err != nil {
		return nil, err
	}
	zone := s.zone
	if zone == nil {
		zone = time.UTC
	}
	r := &rounding{zone: zone, offset: offset}
	switch {
	case calendar != "":
		r.unit = calendarUnits[calendar]
	case fixed != "":
		if r.fixed, err = fixedIntervalMillis(fixed, "date_histogram.fixedInterval"); err != nil {
			return nil, err
		}
	case legacy != "":
		if u, ok := calendarUnits[legacy]; ok {
			r.unit = u
		} else if r.fixed, err = fixedIntervalMillis(legacy, "date_histogram.interval"); err != nil {
			return nil, err
		}
	default:
		return nil, apierr.IllegalArgument("Invalid interval specified, must be non-null and non-empty")
	}
	r.prepare()
	s.rounding = r
	s.interval = math.NaN()
	return s, s.finish(p)
}

// parseOffset reads a date_histogram offset such as "+6h" or "-1d" as
// DateHistogramAggregationBuilder.parseStringOffset does: one leading sign,
// then a TimeValue (whole numbers only).
func parseOffset(s string) (int64, *apierr.Error) {
	neg := strings.HasPrefix(s, "-")
	text := s
	if neg || strings.HasPrefix(s, "+") {
		text = s[1:]
	}
	d, err := settings.ParseTimeValue(text, "DateHistogramAggregationBuilder.parseOffset")
	if err != nil {
		return 0, err
	}
	ms := d.Milliseconds()
	if neg {
		ms = -ms
	}
	return ms, nil
}

// fixedIntervalMillis reads a fixed (or legacy non-calendar) interval as
// a TimeValue; a zero or negative one is refused later, on the shard
// (rounding.check).
func fixedIntervalMillis(text, key string) (int64, *apierr.Error) {
	d, err := settings.ParseTimeValue(text, key)
	if err != nil {
		return 0, err
	}
	return d.Milliseconds(), nil
}

// check is Rounding.Builder's refusal of a zero or negative fixed interval,
// met when a shard builds the aggregator.
func (r *rounding) check() *apierr.Error {
	if r.unit == "" && r.fixed < 1 {
		return apierr.IllegalArgument("Zero or negative time interval not supported")
	}
	return nil
}
