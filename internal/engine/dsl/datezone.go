package dsl

import (
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // region time zones must resolve the same everywhere
)

// ParseTimeZone reads a time_zone option as Java's ZoneId.of does: "Z",
// "UTC", offsets ("+01:00", "-0400", "+5"), and region IDs
// ("America/New_York"). Failures are the Java exceptions OpenSearch lets
// through (answered with 500, as OpenSearch does).
func ParseTimeZone(s string) (*time.Location, *Error) {
	switch s {
	case "Z", "UTC", "GMT", "UT":
		return time.UTC, nil
	}
	if s != "" && (s[0] == '+' || s[0] == '-') {
		return parseOffsetID(s)
	}
	for _, prefix := range []string{"UTC", "GMT", "UT"} {
		if rest, ok := strings.CutPrefix(s, prefix); ok && rest != "" && (rest[0] == '+' || rest[0] == '-') {
			loc, err := parseOffsetID(rest)
			if err != nil {
				return nil, err
			}
			_, off := time.Time{}.In(loc).Zone()
			return time.FixedZone(s, off), nil
		}
	}
	if !validRegionID(s) {
		return nil, &Error{Type: "date_time_exception", Reason: "Invalid ID for region-based ZoneId, invalid format: " + s, Status: 500}
	}
	loc, err := time.LoadLocation(s)
	if err != nil || s == "Local" {
		return nil, &Error{Type: "zone_rules_exception", Reason: "Unknown time-zone ID: " + s, Status: 500}
	}
	return loc, nil
}

// validRegionID is ZoneRegion's syntax check: [A-Za-z][A-Za-z0-9~/._+-]+.
func validRegionID(s string) bool {
	if len(s) < 2 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if i == 0 && !letter {
			return false
		}
		if !letter && !(c >= '0' && c <= '9') && !strings.ContainsRune("~/._+-", rune(c)) {
			return false
		}
	}
	return true
}

// parseOffsetID reads ZoneOffset.of: ±H, ±HH, ±HH:MM, ±HHMM, ±HH:MM:SS,
// ±HHMMSS.
func parseOffsetID(s string) (*time.Location, *Error) {
	bad := &Error{Type: "date_time_exception", Reason: "Invalid ID for ZoneOffset, invalid format: " + s, Status: 500}
	sign := 1
	if s[0] == '-' {
		sign = -1
	}
	body := s[1:]
	var h, m, sec string
	switch len(body) {
	case 1, 2:
		h = body
	case 4:
		h, m = body[:2], body[2:]
	case 5:
		if body[2] != ':' {
			return nil, bad
		}
		h, m = body[:2], body[3:]
	case 6:
		h, m, sec = body[:2], body[2:4], body[4:]
	case 8:
		if body[2] != ':' || body[5] != ':' {
			return nil, bad
		}
		h, m, sec = body[:2], body[3:5], body[6:]
	default:
		return nil, bad
	}
	num := func(x string) (int, bool) {
		if x == "" {
			return 0, true
		}
		for i := 0; i < len(x); i++ {
			if x[i] < '0' || x[i] > '9' {
				return 0, false
			}
		}
		n, _ := strconv.Atoi(x)
		return n, true
	}
	hh, ok1 := num(h)
	mm, ok2 := num(m)
	ss, ok3 := num(sec)
	if !ok1 || !ok2 || !ok3 {
		return nil, bad
	}
	if hh > 18 {
		return nil, &Error{Type: "date_time_exception", Reason: "Zone offset hours not in valid range: value " + strconv.Itoa(hh) + " is not in the range -18 to 18", Status: 500}
	}
	if mm > 59 {
		return nil, &Error{Type: "date_time_exception", Reason: "Zone offset minutes not in valid range: value " + strconv.Itoa(mm) + " is not in the range -59 to 59", Status: 500}
	}
	if ss > 59 {
		return nil, &Error{Type: "date_time_exception", Reason: "Zone offset seconds not in valid range: value " + strconv.Itoa(ss) + " is not in the range -59 to 59", Status: 500}
	}
	total := sign * (hh*3600 + mm*60 + ss)
	if total > 18*3600 || total < -18*3600 {
		return nil, &Error{Type: "date_time_exception", Reason: "Zone offset not in valid range: -18:00 to +18:00", Status: 500}
	}
	if total == 0 {
		return time.FixedZone("Z", 0), nil
	}
	return time.FixedZone(s, total), nil
}
