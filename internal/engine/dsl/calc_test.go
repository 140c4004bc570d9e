package dsl

import (
	"errors"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

func TestMinimumShouldMatch(t *testing.T) {
	tests := []struct {
		optional int
		spec     string
		want     int
	}{
		{5, "3", 3},
		{5, "7", 7}, // more than the clauses: nothing can match
		{5, "-2", 3},
		{5, "-7", 0},
		{4, "75%", 3},
		{5, "75%", 3},  // floor(3.75)
		{5, "-25%", 4}, // 5 - floor(1.25)
		{10, "-25%", 8},
		{3, "100%", 3},
		{2, "3<90%", 2},  // 2 <= 3: all required
		{3, "3<90%", 3},  // 3 <= 3: all required
		{10, "3<90%", 9}, // floor(9)
		{10, "2<-25% 9<-3", 7},
		{5, "2<-25% 9<-3", 4},
		{2, "2<-25% 9<-3", 2},
		{10, " 3 < 90% ", 9},
		{0, "1", 1},
	}
	for _, tt := range tests {
		got, err := MinimumShouldMatch(tt.optional, tt.spec)
		if err != nil || got != tt.want {
			t.Errorf("MinimumShouldMatch(%d, %q) = %d, %v; want %d", tt.optional, tt.spec, got, err, tt.want)
		}
	}
	for _, bad := range []string{"abc", "5%%", "x<2", "", "1.5"} {
		_, err := MinimumShouldMatch(3, bad)
		var e *Error
		if !errors.As(err, &e) || e.Type != "number_format_exception" {
			t.Errorf("%q: err = %v", bad, err)
		}
	}
}

func TestFuzziness(t *testing.T) {
	tests := []struct {
		in   xcontent.Value
		want Fuzziness
		dist map[string]int
	}{
		{str("AUTO"), FuzzinessAuto, map[string]int{"ab": 0, "abc": 1, "abcde": 1, "abcdef": 2, "héllo": 1}},
		{str("auto"), FuzzinessAuto, nil},
		{str("AUTO:2,4"), Fuzziness{Auto: true, Low: 2, High: 4}, map[string]int{"a": 0, "ab": 1, "abcd": 2}},
		{num("1"), Fuzziness{Edits: 1}, map[string]int{"anything": 1}},
		{str("2"), Fuzziness{Edits: 2}, nil},
		{num("5"), Fuzziness{Edits: 5}, map[string]int{"x": 2}},
		{num("0"), Fuzziness{}, map[string]int{"abcdefgh": 0}},
	}
	for _, tt := range tests {
		got, err := ParseFuzziness(&tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseFuzziness(%s) = %+v, %v", tt.in.Str, got, err)
			continue
		}
		for term, d := range tt.dist {
			if g := got.Distance(term); g != d {
				t.Errorf("%s.Distance(%q) = %d, want %d", got, term, g, d)
			}
		}
	}
	errs := []struct {
		in          xcontent.Value
		typ, reason string
	}{
		{str("AUTO:3"), "parse_exception", "failed to find low and high distance values"},
		{str("AUTO:a,b"), "parse_exception", `failed to parse [AUTO:a,b] as a "auto:int,int"`},
		{str("AUTO:5,2"), "illegal_argument_exception", "fuzziness wrongly configured, must be: lowDistance > 0, highDistance > 0 and lowDistance <= highDistance "},
		{str("-1"), "illegal_argument_exception", "Illegal Fuzziness Value"},
		{num("1.5"), "illegal_argument_exception", "Illegal Fuzziness Value"},
		{boolean(true), "illegal_argument_exception", "Can't parse fuzziness on token: [VALUE_BOOLEAN]"},
	}
	for _, tt := range errs {
		_, err := ParseFuzziness(&tt.in)
		if err == nil || err.Type != tt.typ || err.Reason != tt.reason {
			t.Errorf("ParseFuzziness(%s) err = %v", tt.in.Text(), err)
		}
	}
	if FuzzinessAuto.String() != "AUTO" || (Fuzziness{Auto: true, Low: 1, High: 4}).String() != "AUTO:1,4" || (Fuzziness{Edits: 1}).String() != "1" {
		t.Error("String forms")
	}
}

func mustFormat(t *testing.T, spec string) *DateFormat {
	t.Helper()
	f, err := ParseDateFormat(spec)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func ms(s string) int64 {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		panic(err)
	}
	return t.UnixMilli()
}

func TestDateFormats(t *testing.T) {
	nyc, _ := time.LoadLocation("America/New_York")
	tests := []struct {
		format, in string
		zone       *time.Location
		roundUp    bool
		want       string
	}{
		{DefaultDateFormat, "2024-01-15", nil, false, "2024-01-15T00:00:00Z"},
		{DefaultDateFormat, "2024-01-15", nil, true, "2024-01-15T23:59:59.999Z"},
		{DefaultDateFormat, "2024", nil, true, "2024-01-01T23:59:59.999Z"},
		{DefaultDateFormat, "2024-01", nil, false, "2024-01-01T00:00:00Z"},
		{DefaultDateFormat, "2024-01-15T10:20:30Z", nil, false, "2024-01-15T10:20:30Z"},
		{DefaultDateFormat, "2024-01-15T10:20:30.123456789+02:00", nil, false, "2024-01-15T08:20:30.123Z"},
		{DefaultDateFormat, "2024-01-15T10:20", nil, true, "2024-01-15T10:20:59.999Z"},
		{DefaultDateFormat, "2024-01-15T10:20:30", nyc, false, "2024-01-15T15:20:30Z"},
		{DefaultDateFormat, "1705314030000", nil, false, "2024-01-15T10:20:30Z"},
		{DefaultDateFormat, "-1000", nil, false, "1969-12-31T23:59:59Z"},
		{"epoch_second", "1705314030", nil, false, "2024-01-15T10:20:30Z"},
		{"epoch_second", "1705314030.5", nil, false, "2024-01-15T10:20:30.5Z"},
		{"yyyy-MM-dd HH:mm:ss", "2024-01-15 10:20:30", nil, false, "2024-01-15T10:20:30Z"},
		{"dd/MM/yyyy||yyyy", "15/01/2024", nil, false, "2024-01-15T00:00:00Z"},
		{"dd/MM/yyyy||yyyy", "2024", nil, false, "2024-01-01T00:00:00Z"},
		{"yyyy-MM-dd[ HH:mm]", "2024-01-15 10:20", nil, false, "2024-01-15T10:20:00Z"},
		{"yyyy-MM-dd[ HH:mm]", "2024-01-15", nil, false, "2024-01-15T00:00:00Z"},
		{"basic_date", "20240115", nil, false, "2024-01-15T00:00:00Z"},
		{"yyyyMMdd'T'HHmmss", "20240115T102030", nil, false, "2024-01-15T10:20:30Z"},
		{"dd MMM yyyy h:mm a", "15 Jan 2024 1:05 PM", nil, false, "2024-01-15T13:05:00Z"},
		{"yyyy/MM/dd HH:mm:ss Z", "2024/01/15 10:20:30 +0100", nil, false, "2024-01-15T09:20:30Z"},
		{"strict_date_time", "2024-01-15T10:20:30.123Z", nil, false, "2024-01-15T10:20:30.123Z"},
	}
	for _, tt := range tests {
		f := mustFormat(t, tt.format)
		got, err := f.Parse(tt.in, tt.zone, tt.roundUp)
		if err != nil {
			t.Errorf("%s %q: %v", tt.format, tt.in, err)
			continue
		}
		if got.UnixMilli() != ms(tt.want) {
			t.Errorf("%s %q roundUp=%v = %s, want %s", tt.format, tt.in, tt.roundUp, got.UTC().Format(time.RFC3339Nano), tt.want)
		}
	}
	bad := []struct{ format, in string }{
		{DefaultDateFormat, "2024-13-01"},
		{DefaultDateFormat, "2023-02-29"},
		{DefaultDateFormat, "24-01-15"},
		{DefaultDateFormat, "abc"},
		{"yyyy-MM-dd", "2024-01-15T10:00"},
	}
	for _, tt := range bad {
		_, err := mustFormat(t, tt.format).Parse(tt.in, nil, false)
		inner := "failed to parse date field [" + tt.in + "] with format [" + tt.format + "]"
		if err == nil || err.Type != "parse_exception" || err.Reason != inner+": ["+inner+"]" {
			t.Errorf("%s %q: err = %v", tt.format, tt.in, err)
		}
	}
	if _, err := mustFormat(t, DefaultDateFormat).Parse("", nil, false); err == nil || err.Reason != "cannot parse empty date" {
		t.Errorf("empty: %v", err)
	}
	if _, err := ParseDateFormat("yyyy-jj"); err == nil || err.Reason != "Invalid format: [yyyy-jj]: Unknown pattern letter: j" {
		t.Errorf("bad pattern: %v", err)
	}
}

func TestDateMath(t *testing.T) {
	now := time.Date(2024, 3, 15, 13, 45, 30, 123_000_000, time.UTC)
	f := mustFormat(t, DefaultDateFormat)
	nyc, _ := time.LoadLocation("America/New_York")
	tests := []struct {
		expr    string
		zone    *time.Location
		roundUp bool
		want    string
	}{
		{"now", nil, false, "2024-03-15T13:45:30.123Z"},
		{"now-1d", nil, false, "2024-03-14T13:45:30.123Z"},
		{"now-1d/d", nil, false, "2024-03-14T00:00:00Z"},
		{"now-1d/d", nil, true, "2024-03-14T23:59:59.999Z"},
		{"now/M", nil, false, "2024-03-01T00:00:00Z"},
		{"now/M", nil, true, "2024-03-31T23:59:59.999Z"},
		{"now/y", nil, true, "2024-12-31T23:59:59.999Z"},
		{"now/w", nil, false, "2024-03-11T00:00:00Z"},
		{"now/w", nil, true, "2024-03-17T23:59:59.999Z"},
		{"now+2h/h", nil, false, "2024-03-15T15:00:00Z"},
		{"now-30m/m", nil, false, "2024-03-15T13:15:00Z"},
		{"now/s", nil, true, "2024-03-15T13:45:30.999Z"},
		{"now+1y-2M+3w", nil, false, "2025-02-05T13:45:30.123Z"},
		{"now/d", nyc, false, "2024-03-15T04:00:00Z"},
		{"2024-01-31||+1M", nil, false, "2024-02-29T00:00:00Z"},
		{"2024-01-01||+1M/M", nil, false, "2024-02-01T00:00:00Z"},
		{"2022-05-18||/M", nil, true, "2022-05-31T23:59:59.999Z"},
		{"2024-01-15", nil, true, "2024-01-15T23:59:59.999Z"},
	}
	for _, tt := range tests {
		got, err := ParseDateMath(tt.expr, now, f, tt.zone, tt.roundUp)
		if err != nil {
			t.Errorf("%q: %v", tt.expr, err)
			continue
		}
		if got.UnixMilli() != ms(tt.want) {
			t.Errorf("%q roundUp=%v = %s, want %s", tt.expr, tt.roundUp, got.UTC().Format(time.RFC3339Nano), tt.want)
		}
	}
	errs := []struct{ expr, reason string }{
		{"now*1d", "operator not supported for date math [*1d]"},
		{"now-", "truncated date math [-]"},
		{"now-1", "truncated date math [-1]"},
		{"now/2d", "rounding `/` can only be used on single unit types [/2d]"},
		{"now+1x", "unit [x] not supported for date math [+1x]"},
	}
	for _, tt := range errs {
		_, err := ParseDateMath(tt.expr, now, f, nil, false)
		if err == nil || err.Type != "parse_exception" || err.Reason != tt.reason {
			t.Errorf("%q: err = %v", tt.expr, err)
		}
	}
}

func TestDateRangeBound(t *testing.T) {
	f := mustFormat(t, DefaultDateFormat)
	now := time.Date(2024, 3, 15, 13, 45, 30, 0, time.UTC)
	tests := []struct {
		op   string
		expr string
		want string
	}{
		{"gte", "2022-05-18||/M", "2022-05-01T00:00:00Z"},
		{"gt", "2022-05-18||/M", "2022-06-01T00:00:00Z"}, // > May 31 23:59:59.999
		{"lt", "2022-05-18||/M", "2022-04-30T23:59:59.999Z"},
		{"lte", "2022-05-18||/M", "2022-05-31T23:59:59.999Z"},
		{"gte", "now-1d/d", "2024-03-14T00:00:00Z"},
		{"lte", "now-1d/d", "2024-03-14T23:59:59.999Z"},
		{"lte", "2022-05-18", "2022-05-18T23:59:59.999Z"},
		{"gt", "2022-05-18", "2022-05-19T00:00:00Z"},
		{"lt", "2022-05-18", "2022-05-17T23:59:59.999Z"},
	}
	for _, tt := range tests {
		lower := tt.op[0] == 'g'
		inclusive := len(tt.op) == 3
		got, err := DateRangeBound(tt.expr, lower, inclusive, now, f, nil)
		if err != nil || got != ms(tt.want) {
			t.Errorf("%s %q = %d, %v; want %s (%d)", tt.op, tt.expr, got, err, tt.want, ms(tt.want))
		}
	}
}

func TestParseTimeZone(t *testing.T) {
	for _, tz := range []string{"Z", "UTC", "+01:00", "-0400", "+5", "America/New_York", "Europe/Paris", "GMT+2"} {
		if _, err := ParseTimeZone(tz); err != nil {
			t.Errorf("%q: %v", tz, err)
		}
	}
	loc, _ := ParseTimeZone("-04:30")
	if _, off := time.Date(2024, 1, 1, 0, 0, 0, 0, loc).Zone(); off != -(4*3600 + 30*60) {
		t.Errorf("offset = %d", off)
	}
	bad := map[string]string{
		"Nowhere/City": "Unknown time-zone ID: Nowhere/City",
		"+19:00":       "Zone offset hours not in valid range: value 19 is not in the range -18 to 18",
		"!x":           "Invalid ID for region-based ZoneId, invalid format: !x",
	}
	for in, reason := range bad {
		if _, err := ParseTimeZone(in); err == nil || err.Reason != reason {
			t.Errorf("%q: %v", in, err)
		}
	}
}

func TestQueryStringFromURL(t *testing.T) {
	q, err := QueryStringFromURL(URLQuery{Q: "a b", DF: "title", DefaultOperator: "AND", Lenient: "true", AnalyzeWildcard: "false"})
	if err != nil {
		t.Fatal(err)
	}
	if q.Query != "a b" || q.DefaultField != "title" || q.DefaultOperator != OperatorAnd || q.Lenient == nil || !*q.Lenient || q.AnalyzeWildcard {
		t.Errorf("got %+v", q)
	}
	_, err = QueryStringFromURL(URLQuery{Q: "a", Lenient: "yes"})
	var e *Error
	if !errors.As(err, &e) || e.Reason != "Failed to parse value [yes] as only [true] or [false] are allowed." {
		t.Errorf("lenient=yes: %v", err)
	}
	_, err = QueryStringFromURL(URLQuery{Q: "a", DefaultOperator: "xor"})
	if !errors.As(err, &e) || e.Reason != "operator needs to be either [OR, AND], but not [xor]" {
		t.Errorf("operator: %v", err)
	}
}

func TestDateFormatPrint(t *testing.T) {
	ts := time.Date(2024, 1, 5, 7, 8, 9, 123_456_789, time.UTC)
	paris, _ := time.LoadLocation("Europe/Paris")
	tests := []struct {
		format string
		zone   *time.Location
		want   string
	}{
		{DefaultDateFormat, nil, "2024-01-05T07:08:09.123Z"},
		{DefaultDateFormat, paris, "2024-01-05T08:08:09.123+01:00"},
		{"epoch_millis", nil, "1704438489123"},
		{"epoch_second||yyyy", nil, "1704438489"},
		{"yyyy-MM-dd", nil, "2024-01-05"},
		{"dd/MM/yyyy HH:mm:ss", nil, "05/01/2024 07:08:09"},
		{"d MMM yyyy h:mm a", nil, "5 Jan 2024 7:08 AM"},
		{"strict_date_time", nil, "2024-01-05T07:08:09.123Z"},
		{"basic_date", nil, "20240105"},
	}
	for _, tt := range tests {
		if got := mustFormat(t, tt.format).Format(ts, tt.zone); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.format, got, tt.want)
		}
	}
}
