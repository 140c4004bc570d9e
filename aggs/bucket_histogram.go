package aggs

import "errors"

// Bounds limits a histogram's buckets: extended_bounds adds empty buckets out
// to Min and Max (with min_doc_count 0), hard_bounds drops buckets outside.
// Numbers for histogram; numbers or date strings ("now-1d/d") for
// date_histogram.
type Bounds struct {
	Min any `json:"min,omitempty"`
	Max any `json:"max,omitempty"`
}

// HistogramAggregation buckets numeric values into fixed-width intervals:
// {"histogram": {"field": ..., "interval": ...}}. Result: *HistogramAggregate.
type HistogramAggregation struct {
	ValuesSource
	Interval       float64  `json:"interval"`
	Offset         *float64 `json:"offset,omitempty"`
	MinDocCount    *int64   `json:"min_doc_count,omitempty"` // 0
	ExtendedBounds *Bounds  `json:"extended_bounds,omitempty"`
	HardBounds     *Bounds  `json:"hard_bounds,omitempty"`
	Order          Orders   `json:"order,omitempty"` // _key asc
	Keyed          *bool    `json:"keyed,omitempty"`

	Aggs Aggs           `json:"-"`
	Meta map[string]any `json:"-"`
}

// Histogram returns a histogram on field with the given interval.
func Histogram(field string, interval float64) *HistogramAggregation {
	return &HistogramAggregation{ValuesSource: ValuesSource{Field: field}, Interval: interval}
}

// WithMinDocCount sets the minimum document count of a returned bucket.
func (a *HistogramAggregation) WithMinDocCount(n int64) *HistogramAggregation {
	a.MinDocCount = &n
	return a
}

// WithExtendedBounds adds empty buckets out to min and max.
func (a *HistogramAggregation) WithExtendedBounds(min, max float64) *HistogramAggregation {
	a.ExtendedBounds = &Bounds{min, max}
	return a
}

// WithOrder sets the bucket order keys.
func (a *HistogramAggregation) WithOrder(o ...Order) *HistogramAggregation { a.Order = o; return a }

// MarshalJSON renders the aggregation.
func (a *HistogramAggregation) MarshalJSON() ([]byte, error) {
	if a.Interval <= 0 {
		return nil, errors.New("aggs: histogram needs an interval above 0")
	}
	type body HistogramAggregation
	return render("histogram", (*body)(a), a.Meta, a.Aggs)
}

// DateHistogramAggregation buckets dates by a calendar or fixed interval:
// {"date_histogram": {"field": ..., "calendar_interval": ...}}. Set exactly
// one of CalendarInterval and FixedInterval. Result: *DateHistogramAggregate.
type DateHistogramAggregation struct {
	ValuesSource
	CalendarInterval CalendarInterval `json:"calendar_interval,omitempty"`
	FixedInterval    FixedInterval    `json:"fixed_interval,omitempty"`
	TimeZone         string           `json:"time_zone,omitempty"` // "Europe/Paris", "+01:00"
	Offset           string           `json:"offset,omitempty"`    // "+6h"
	MinDocCount      *int64           `json:"min_doc_count,omitempty"`
	ExtendedBounds   *Bounds          `json:"extended_bounds,omitempty"`
	HardBounds       *Bounds          `json:"hard_bounds,omitempty"`
	Order            Orders           `json:"order,omitempty"`
	Keyed            *bool            `json:"keyed,omitempty"`

	Aggs Aggs           `json:"-"`
	Meta map[string]any `json:"-"`
}

// DateHistogram returns a date_histogram on field; set its interval with
// WithCalendarInterval or WithFixedInterval.
func DateHistogram(field string) *DateHistogramAggregation {
	return &DateHistogramAggregation{ValuesSource: ValuesSource{Field: field}}
}

// WithCalendarInterval sets a calendar interval.
func (a *DateHistogramAggregation) WithCalendarInterval(i CalendarInterval) *DateHistogramAggregation {
	a.CalendarInterval = i
	return a
}

// WithFixedInterval sets a fixed interval.
func (a *DateHistogramAggregation) WithFixedInterval(i FixedInterval) *DateHistogramAggregation {
	a.FixedInterval = i
	return a
}

// WithTimeZone sets the time zone of the bucket boundaries and key strings.
func (a *DateHistogramAggregation) WithTimeZone(tz string) *DateHistogramAggregation {
	a.TimeZone = tz
	return a
}

// WithMinDocCount sets the minimum document count of a returned bucket.
func (a *DateHistogramAggregation) WithMinDocCount(n int64) *DateHistogramAggregation {
	a.MinDocCount = &n
	return a
}

// WithExtendedBounds adds empty buckets out to min and max (epoch
// milliseconds or date strings).
func (a *DateHistogramAggregation) WithExtendedBounds(min, max any) *DateHistogramAggregation {
	a.ExtendedBounds = &Bounds{min, max}
	return a
}

// MarshalJSON renders the aggregation.
func (a *DateHistogramAggregation) MarshalJSON() ([]byte, error) {
	if (a.CalendarInterval == "") == (a.FixedInterval == "") {
		return nil, errors.New("aggs: date_histogram needs exactly one of calendar_interval and fixed_interval")
	}
	type body DateHistogramAggregation
	return render("date_histogram", (*body)(a), a.Meta, a.Aggs)
}

// AutoDateHistogramAggregation picks the interval that gives at most Buckets
// buckets: {"auto_date_histogram": {"field": ..., "buckets": ...}}.
// Result: *AutoDateHistogramAggregate.
type AutoDateHistogramAggregation struct {
	ValuesSource
	Buckets         *int   `json:"buckets,omitempty"` // 10
	TimeZone        string `json:"time_zone,omitempty"`
	MinimumInterval string `json:"minimum_interval,omitempty"` // second, minute, hour, day, month, year

	Aggs Aggs           `json:"-"`
	Meta map[string]any `json:"-"`
}

// AutoDateHistogram returns an auto_date_histogram on field with at most
// buckets buckets (0 leaves the server's default of 10).
func AutoDateHistogram(field string, buckets int) *AutoDateHistogramAggregation {
	a := &AutoDateHistogramAggregation{ValuesSource: ValuesSource{Field: field}}
	if buckets > 0 {
		a.Buckets = &buckets
	}
	return a
}

// MarshalJSON renders the aggregation.
func (a *AutoDateHistogramAggregation) MarshalJSON() ([]byte, error) {
	type body AutoDateHistogramAggregation
	return render("auto_date_histogram", (*body)(a), a.Meta, a.Aggs)
}
