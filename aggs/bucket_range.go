package aggs

import "errors"

// Range is one range of a range aggregation: From inclusive, To exclusive,
// either may be nil for an open end. Key names the bucket (the default is
// "from-to").
type Range struct {
	Key  string   `json:"key,omitempty"`
	From *float64 `json:"from,omitempty"`
	To   *float64 `json:"to,omitempty"`
}

// Between returns the range [from, to).
func Between(from, to float64) Range { return Range{From: &from, To: &to} }

// Below returns the range (-inf, to).
func Below(to float64) Range { return Range{To: &to} }

// From returns the range [from, +inf).
func From(from float64) Range { return Range{From: &from} }

// WithKey names the range's bucket.
func (r Range) WithKey(key string) Range { r.Key = key; return r }

// RangeAggregation buckets numeric values by ranges:
// {"range": {"field": ..., "ranges": [...]}}. The server sorts the buckets by
// from, then to. Result: *RangeAggregate.
type RangeAggregation struct {
	ValuesSource
	Ranges []Range `json:"ranges"`
	Keyed  *bool   `json:"keyed,omitempty"`

	Aggs Aggs           `json:"-"`
	Meta map[string]any `json:"-"`
}

// RangeOf returns a range aggregation on field.
func RangeOf(field string, ranges ...Range) *RangeAggregation {
	return &RangeAggregation{ValuesSource: ValuesSource{Field: field}, Ranges: ranges}
}

// WithKeyed answers the buckets as an object keyed by range key.
func (a *RangeAggregation) WithKeyed(k bool) *RangeAggregation { a.Keyed = &k; return a }

// MarshalJSON renders the aggregation.
func (a *RangeAggregation) MarshalJSON() ([]byte, error) {
	if len(a.Ranges) == 0 {
		return nil, errors.New("aggs: range needs at least one range")
	}
	type body RangeAggregation
	return render("range", (*body)(a), a.Meta, a.Aggs)
}

// DateRange is one range of a date_range aggregation. From and To are date
// strings in the aggregation's format or date math ("now-10d/d"), or epoch
// milliseconds; empty or nil is an open end.
type DateRange struct {
	Key  string `json:"key,omitempty"`
	From any    `json:"from,omitempty"`
	To   any    `json:"to,omitempty"`
}

// DateRangeAggregation buckets dates by ranges:
// {"date_range": {"field": ..., "ranges": [...], "format": ...}}.
// Result: *RangeAggregate.
type DateRangeAggregation struct {
	ValuesSource
	Ranges   []DateRange `json:"ranges"`
	TimeZone string      `json:"time_zone,omitempty"`
	Keyed    *bool       `json:"keyed,omitempty"`

	Aggs Aggs           `json:"-"`
	Meta map[string]any `json:"-"`
}

// DateRangeOf returns a date_range aggregation on field.
func DateRangeOf(field string, ranges ...DateRange) *DateRangeAggregation {
	return &DateRangeAggregation{ValuesSource: ValuesSource{Field: field}, Ranges: ranges}
}

// WithTimeZone sets the time zone of date math and of the bounds' strings.
func (a *DateRangeAggregation) WithTimeZone(tz string) *DateRangeAggregation {
	a.TimeZone = tz
	return a
}

// MarshalJSON renders the aggregation.
func (a *DateRangeAggregation) MarshalJSON() ([]byte, error) {
	if len(a.Ranges) == 0 {
		return nil, errors.New("aggs: date_range needs at least one range")
	}
	type body DateRangeAggregation
	return render("date_range", (*body)(a), a.Meta, a.Aggs)
}
