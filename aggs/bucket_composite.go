package aggs

import (
	"errors"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/types"
)

// CompositeSource is one value source of a composite aggregation. Build one
// with TermsSource, HistogramSource or DateHistogramSource.
type CompositeSource struct {
	Name             string
	Kind             string // terms, histogram or date_histogram
	Field            string
	Script           *types.Script
	ValueType        string
	Order            Direction
	MissingBucket    *bool  // keep documents without a value, with a null key
	MissingOrder     string // first, last or default
	Interval         float64
	CalendarInterval CalendarInterval
	FixedInterval    FixedInterval
	Format           string
	TimeZone         string
	Offset           string
}

// TermsSource returns a terms source named name on field.
func TermsSource(name, field string) CompositeSource {
	return CompositeSource{Name: name, Kind: "terms", Field: field}
}

// HistogramSource returns a histogram source named name on field.
func HistogramSource(name, field string, interval float64) CompositeSource {
	return CompositeSource{Name: name, Kind: "histogram", Field: field, Interval: interval}
}

// DateHistogramSource returns a date_histogram source named name on field,
// with a calendar interval.
func DateHistogramSource(name, field string, interval CalendarInterval) CompositeSource {
	return CompositeSource{Name: name, Kind: "date_histogram", Field: field, CalendarInterval: interval}
}

// WithOrder sets the source's order.
func (s CompositeSource) WithOrder(d Direction) CompositeSource { s.Order = d; return s }

// WithMissingBucket keeps the documents without a value, under a null key.
func (s CompositeSource) WithMissingBucket() CompositeSource {
	t := true
	s.MissingBucket = &t
	return s
}

// MarshalJSON renders {"<name>": {"<kind>": {...}}}.
func (s CompositeSource) MarshalJSON() ([]byte, error) {
	if s.Name == "" {
		return nil, errors.New("aggs: a composite source needs a name")
	}
	switch s.Kind {
	case "terms", "histogram", "date_histogram":
	default:
		return nil, errors.New("aggs: composite source " + strconv.Quote(s.Name) + " has unknown kind " + strconv.Quote(s.Kind))
	}
	var interval *float64
	if s.Kind == "histogram" {
		if s.Interval <= 0 {
			return nil, errors.New("aggs: histogram source " + strconv.Quote(s.Name) + " needs an interval above 0")
		}
		interval = &s.Interval
	}
	body := struct {
		Field            string           `json:"field,omitempty"`
		Script           *types.Script    `json:"script,omitempty"`
		ValueType        string           `json:"value_type,omitempty"`
		Order            Direction        `json:"order,omitempty"`
		MissingBucket    *bool            `json:"missing_bucket,omitempty"`
		MissingOrder     string           `json:"missing_order,omitempty"`
		Interval         *float64         `json:"interval,omitempty"`
		CalendarInterval CalendarInterval `json:"calendar_interval,omitempty"`
		FixedInterval    FixedInterval    `json:"fixed_interval,omitempty"`
		Format           string           `json:"format,omitempty"`
		TimeZone         string           `json:"time_zone,omitempty"`
		Offset           string           `json:"offset,omitempty"`
	}{s.Field, s.Script, s.ValueType, s.Order, s.MissingBucket, s.MissingOrder, interval,
		s.CalendarInterval, s.FixedInterval, s.Format, s.TimeZone, s.Offset}
	return jsonx.Marshal(rawObject{{s.Name, rawObject{{s.Kind, body}}}})
}

// CompositeAggregation pages through every combination of its sources'
// values, Size buckets at a time; pass the previous page's AfterKey as After
// (search.CompositeAll does this for you):
// {"composite": {"size": ..., "sources": [...], "after": {...}}}.
// Result: *CompositeAggregate.
type CompositeAggregation struct {
	Sources []CompositeSource `json:"sources"`
	Size    *int              `json:"size,omitempty"` // 10
	After   map[string]any    `json:"after,omitempty"`

	Aggs Aggs           `json:"-"`
	Meta map[string]any `json:"-"`
}

// Composite returns a composite aggregation over sources.
func Composite(sources ...CompositeSource) *CompositeAggregation {
	return &CompositeAggregation{Sources: sources}
}

// WithSize sets the page size.
func (a *CompositeAggregation) WithSize(n int) *CompositeAggregation { a.Size = &n; return a }

// WithAfter continues after the given key (a previous page's AfterKey).
func (a *CompositeAggregation) WithAfter(after map[string]any) *CompositeAggregation {
	a.After = after
	return a
}

// MarshalJSON renders the aggregation.
func (a *CompositeAggregation) MarshalJSON() ([]byte, error) {
	if len(a.Sources) == 0 {
		return nil, errors.New("aggs: composite needs at least one source")
	}
	type body CompositeAggregation
	return render("composite", (*body)(a), a.Meta, a.Aggs)
}
