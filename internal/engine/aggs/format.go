package aggs

import (
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/javafmt"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

// formatKind is one of OpenSearch's DocValueFormats.
type formatKind uint8

const (
	fmtRaw     formatKind = iota // numbers as numbers, no *_as_string
	fmtDate                      // DocValueFormat.DateTime
	fmtBool                      // DocValueFormat.BOOLEAN
	fmtDecimal                   // DocValueFormat.Decimal (a DecimalFormat pattern)
	fmtIP                        // DocValueFormat.IP: keys are 16-byte addresses
)

// docFormat renders keys and values as *_as_string, as a DocValueFormat does.
type docFormat struct {
	kind    formatKind
	date    *dsl.DateFormat
	zone    *time.Location
	pattern string
}

var rawFormat = docFormat{}

// bytes formats a keyword-like key: an address for ip fields, the term
// itself otherwise.
func (f docFormat) bytes(s string) string {
	if f.kind == fmtIP {
		return mapping.FormatIP(s)
	}
	return s
}

// raw reports whether the format is RAW: no *_as_string fields are written.
func (f docFormat) raw() bool { return f.kind == fmtRaw }

// long formats an integer-like value (dates in epoch millis, booleans 0/1).
func (f docFormat) long(v int64) string {
	switch f.kind {
	case fmtDate:
		return f.date.Format(time.UnixMilli(v), f.zone)
	case fmtBool:
		if v != 0 {
			return "true"
		}
		return "false"
	case fmtDecimal:
		return javafmt.Decimal(float64(v), f.pattern)
	}
	return strconv.FormatInt(v, 10)
}

// double formats a floating-point value.
func (f docFormat) double(v float64) string {
	switch f.kind {
	case fmtDate:
		return f.long(int64(v))
	case fmtBool:
		return f.long(int64(v))
	case fmtDecimal:
		return javafmt.Decimal(v, f.pattern)
	}
	return javafmt.Double(v)
}

// parseDouble reads a bound written as a string (a range's from/to, a
// histogram's extended bounds): date math for dates, a number otherwise.
func (f docFormat) parseDouble(s string, roundUp bool, now time.Time) (float64, *apierr.Error) {
	if f.kind == fmtDate {
		t, err := dsl.ParseDateMath(s, now, f.date, f.zone, roundUp)
		if err != nil {
			return 0, parseFailure(s, f.date.String(), err)
		}
		return float64(t.UnixMilli()), nil
	}
	if f.kind == fmtBool {
		switch s {
		case "true":
			return 1, nil
		case "false":
			return 0, nil
		}
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
	if err != nil {
		return 0, numberFormat(s)
	}
	return v, nil
}

// parseFailure is the date parser's failure on a bound.
func parseFailure(s, format string, err *dsl.Error) *apierr.Error {
	e := apierr.New("parse_exception", "failed to parse date field ["+s+"] with format ["+format+"]")
	e.Status = 400
	if err != nil {
		e.Cause = apierr.IllegalArgument("%s", err.Reason)
	}
	return e
}

// dateFormat compiles a date format for key_as_string.
func dateFormat(spec string, zone *time.Location) (docFormat, *apierr.Error) {
	df, err := dsl.ParseDateFormat(spec)
	if err != nil {
		return docFormat{}, apierr.IllegalArgument("%s", err.Reason)
	}
	if zone == nil {
		zone = time.UTC
	}
	return docFormat{kind: fmtDate, date: df, zone: zone}, nil
}
