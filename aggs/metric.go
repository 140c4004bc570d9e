package aggs

import (
	"errors"

	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

// MetricAggregation is a metric computed from one values source: avg, sum,
// min, max, value_count or stats ({"avg": {"field": ...}}). Results:
// *ValueAggregate, *StatsAggregate for stats.
type MetricAggregation struct {
	Kind string `json:"-"`
	ValuesSource

	Meta map[string]any `json:"-"`
}

// Avg returns an avg aggregation on field.
func Avg(field string) *MetricAggregation { return metric("avg", field) }

// Sum returns a sum aggregation on field.
func Sum(field string) *MetricAggregation { return metric("sum", field) }

// Min returns a min aggregation on field.
func Min(field string) *MetricAggregation { return metric("min", field) }

// Max returns a max aggregation on field.
func Max(field string) *MetricAggregation { return metric("max", field) }

// ValueCount returns a value_count aggregation on field.
func ValueCount(field string) *MetricAggregation { return metric("value_count", field) }

// Stats returns a stats aggregation (count, min, max, avg, sum) on field.
func Stats(field string) *MetricAggregation { return metric("stats", field) }

func metric(kind, field string) *MetricAggregation {
	return &MetricAggregation{Kind: kind, ValuesSource: ValuesSource{Field: field}}
}

// MarshalJSON renders the aggregation.
func (a *MetricAggregation) MarshalJSON() ([]byte, error) {
	if a.Kind == "" {
		return nil, errors.New("aggs: metric aggregation has no kind")
	}
	return render(a.Kind, a.ValuesSource, a.Meta, nil)
}

// ExtendedStatsAggregation is stats plus sum of squares, variance, standard
// deviation and its bounds: {"extended_stats": {"field": ..., "sigma": ...}}.
// Result: *ExtendedStatsAggregate.
type ExtendedStatsAggregation struct {
	ValuesSource
	Sigma *float64 `json:"sigma,omitempty"` // 2

	Meta map[string]any `json:"-"`
}

// ExtendedStats returns an extended_stats aggregation on field.
func ExtendedStats(field string) *ExtendedStatsAggregation {
	return &ExtendedStatsAggregation{ValuesSource: ValuesSource{Field: field}}
}

// WithSigma sets how many standard deviations the bounds lie from the mean.
func (a *ExtendedStatsAggregation) WithSigma(s float64) *ExtendedStatsAggregation {
	a.Sigma = &s
	return a
}

// MarshalJSON renders the aggregation.
func (a *ExtendedStatsAggregation) MarshalJSON() ([]byte, error) {
	type body ExtendedStatsAggregation
	return render("extended_stats", (*body)(a), a.Meta, nil)
}

// CardinalityAggregation counts distinct values (exactly up to about
// PrecisionThreshold, estimated above): {"cardinality": {"field": ...}}.
// Result: *ValueAggregate.
type CardinalityAggregation struct {
	ValuesSource
	PrecisionThreshold *int64 `json:"precision_threshold,omitempty"` // 3000
	ExecutionHint      string `json:"execution_hint,omitempty"`

	Meta map[string]any `json:"-"`
}

// Cardinality returns a cardinality aggregation on field.
func Cardinality(field string) *CardinalityAggregation {
	return &CardinalityAggregation{ValuesSource: ValuesSource{Field: field}}
}

// WithPrecisionThreshold sets the count below which the result is exact.
func (a *CardinalityAggregation) WithPrecisionThreshold(n int64) *CardinalityAggregation {
	a.PrecisionThreshold = &n
	return a
}

// MarshalJSON renders the aggregation.
func (a *CardinalityAggregation) MarshalJSON() ([]byte, error) {
	type body CardinalityAggregation
	return render("cardinality", (*body)(a), a.Meta, nil)
}

// TDigest is the t-digest option of percentiles.
type TDigest struct {
	Compression *float64 `json:"compression,omitempty"` // 100
}

// HDR is the HDR histogram option of percentiles.
type HDR struct {
	NumberOfSignificantValueDigits *int `json:"number_of_significant_value_digits,omitempty"`
}

// PercentilesAggregation estimates the values below which the given
// percentages of values fall: {"percentiles": {"field": ..., "percents": [...]}}.
// Result: *PercentilesAggregate.
type PercentilesAggregation struct {
	ValuesSource
	Percents []float64 `json:"percents,omitempty"` // 1, 5, 25, 50, 75, 95, 99
	Keyed    *bool     `json:"keyed,omitempty"`    // true
	TDigest  *TDigest  `json:"tdigest,omitempty"`
	HDR      *HDR      `json:"hdr,omitempty"`

	Meta map[string]any `json:"-"`
}

// Percentiles returns a percentiles aggregation on field (no percents: the
// server's default list).
func Percentiles(field string, percents ...float64) *PercentilesAggregation {
	return &PercentilesAggregation{ValuesSource: ValuesSource{Field: field}, Percents: percents}
}

// WithKeyed chooses the keyed (object) or list form of the values.
func (a *PercentilesAggregation) WithKeyed(k bool) *PercentilesAggregation { a.Keyed = &k; return a }

// MarshalJSON renders the aggregation.
func (a *PercentilesAggregation) MarshalJSON() ([]byte, error) {
	type body PercentilesAggregation
	return render("percentiles", (*body)(a), a.Meta, nil)
}

// PercentileRanksAggregation estimates the percentage of values below each
// of Values: {"percentile_ranks": {"field": ..., "values": [...]}}.
// Result: *PercentilesAggregate.
type PercentileRanksAggregation struct {
	ValuesSource
	Values  []float64 `json:"values"`
	Keyed   *bool     `json:"keyed,omitempty"`
	TDigest *TDigest  `json:"tdigest,omitempty"`
	HDR     *HDR      `json:"hdr,omitempty"`

	Meta map[string]any `json:"-"`
}

// PercentileRanks returns a percentile_ranks aggregation on field.
func PercentileRanks(field string, values ...float64) *PercentileRanksAggregation {
	return &PercentileRanksAggregation{ValuesSource: ValuesSource{Field: field}, Values: values}
}

// MarshalJSON renders the aggregation.
func (a *PercentileRanksAggregation) MarshalJSON() ([]byte, error) {
	if len(a.Values) == 0 {
		return nil, errors.New("aggs: percentile_ranks needs values")
	}
	type body PercentileRanksAggregation
	return render("percentile_ranks", (*body)(a), a.Meta, nil)
}

// MedianAbsoluteDeviationAggregation estimates the median absolute deviation
// of a field: {"median_absolute_deviation": {"field": ...}}.
// Result: *ValueAggregate.
type MedianAbsoluteDeviationAggregation struct {
	ValuesSource
	Compression *float64 `json:"compression,omitempty"` // 1000

	Meta map[string]any `json:"-"`
}

// MedianAbsoluteDeviation returns a median_absolute_deviation aggregation.
func MedianAbsoluteDeviation(field string) *MedianAbsoluteDeviationAggregation {
	return &MedianAbsoluteDeviationAggregation{ValuesSource: ValuesSource{Field: field}}
}

// MarshalJSON renders the aggregation.
func (a *MedianAbsoluteDeviationAggregation) MarshalJSON() ([]byte, error) {
	type body MedianAbsoluteDeviationAggregation
	return render("median_absolute_deviation", (*body)(a), a.Meta, nil)
}

// WeightedValue is the value or weight source of weighted_avg.
type WeightedValue struct {
	Field   string        `json:"field,omitempty"`
	Script  *types.Script `json:"script,omitempty"`
	Missing any           `json:"missing,omitempty"`
}

// WeightedAvgAggregation averages Value weighted by Weight:
// {"weighted_avg": {"value": {...}, "weight": {...}}}. Result: *ValueAggregate.
type WeightedAvgAggregation struct {
	Value     WeightedValue `json:"value"`
	Weight    WeightedValue `json:"weight"`
	Format    string        `json:"format,omitempty"`
	ValueType string        `json:"value_type,omitempty"`

	Meta map[string]any `json:"-"`
}

// WeightedAvg returns a weighted_avg of valueField weighted by weightField.
func WeightedAvg(valueField, weightField string) *WeightedAvgAggregation {
	return &WeightedAvgAggregation{Value: WeightedValue{Field: valueField}, Weight: WeightedValue{Field: weightField}}
}

// MarshalJSON renders the aggregation.
func (a *WeightedAvgAggregation) MarshalJSON() ([]byte, error) {
	type body WeightedAvgAggregation
	return render("weighted_avg", (*body)(a), a.Meta, nil)
}

// TopHitsAggregation returns the best hits of each bucket:
// {"top_hits": {"size": ..., "sort": [...], "_source": ...}}. Sort takes the
// same keys as a search (search.Sort values, strings or maps).
// Result: *TopHitsAggregate.
type TopHitsAggregation struct {
	From             *int                `json:"from,omitempty"`
	Size             *int                `json:"size,omitempty"` // 3
	Sort             []any               `json:"sort,omitempty"`
	Source           *query.SourceFilter `json:"_source,omitempty"`
	StoredFields     []string            `json:"stored_fields,omitempty"`
	DocvalueFields   []any               `json:"docvalue_fields,omitempty"`
	ScriptFields     map[string]any      `json:"script_fields,omitempty"`
	Highlight        any                 `json:"highlight,omitempty"` // a *search.Highlight
	Explain          *bool               `json:"explain,omitempty"`
	Version          *bool               `json:"version,omitempty"`
	SeqNoPrimaryTerm *bool               `json:"seq_no_primary_term,omitempty"`
	TrackScores      *bool               `json:"track_scores,omitempty"`

	Meta map[string]any `json:"-"`
}

// TopHits returns a top_hits aggregation of size hits (0 leaves the server's
// default of 3).
func TopHits(size int) *TopHitsAggregation {
	a := &TopHitsAggregation{}
	if size > 0 {
		a.Size = &size
	}
	return a
}

// WithSort sets the sort keys of the hits.
func (a *TopHitsAggregation) WithSort(keys ...any) *TopHitsAggregation { a.Sort = keys; return a }

// WithSource sets the _source filter of the hits.
func (a *TopHitsAggregation) WithSource(s *query.SourceFilter) *TopHitsAggregation {
	a.Source = s
	return a
}

// MarshalJSON renders the aggregation.
func (a *TopHitsAggregation) MarshalJSON() ([]byte, error) {
	type body TopHitsAggregation
	return render("top_hits", (*body)(a), a.Meta, nil)
}

// ScriptedMetricAggregation computes a metric with four scripts:
// {"scripted_metric": {"init_script": ..., "map_script": ..., ...}}.
// Result: *ScriptedMetricAggregate.
type ScriptedMetricAggregation struct {
	InitScript    *types.Script  `json:"init_script,omitempty"`
	MapScript     *types.Script  `json:"map_script"`
	CombineScript *types.Script  `json:"combine_script"`
	ReduceScript  *types.Script  `json:"reduce_script"`
	Params        map[string]any `json:"params,omitempty"`

	Meta map[string]any `json:"-"`
}

// ScriptedMetric returns a scripted_metric aggregation.
func ScriptedMetric(init, mapScript, combine, reduce *types.Script) *ScriptedMetricAggregation {
	return &ScriptedMetricAggregation{InitScript: init, MapScript: mapScript, CombineScript: combine, ReduceScript: reduce}
}

// MarshalJSON renders the aggregation.
func (a *ScriptedMetricAggregation) MarshalJSON() ([]byte, error) {
	if a.MapScript == nil || a.CombineScript == nil || a.ReduceScript == nil {
		return nil, errors.New("aggs: scripted_metric needs map, combine and reduce scripts")
	}
	type body ScriptedMetricAggregation
	return render("scripted_metric", (*body)(a), a.Meta, nil)
}
