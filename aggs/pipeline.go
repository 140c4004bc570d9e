package aggs

import (
	"errors"

	"github.com/clustersearch/clustersearch-go/types"
)

// A buckets path names the metric a pipeline reads, relative to the
// pipeline's position: "sales_per_month>sales" for a sibling pipeline,
// "sales" or "_count" for a parent pipeline inside a histogram.

// BucketMetricAggregation is a sibling pipeline over the buckets of a
// multi-bucket aggregation: avg_bucket, sum_bucket, min_bucket, max_bucket,
// stats_bucket ({"avg_bucket": {"buckets_path": ...}}). Results:
// *ValueAggregate (simple_value; bucket_metric_value with Keys for min/max),
// *StatsAggregate for stats_bucket.
type BucketMetricAggregation struct {
	Kind        string    `json:"-"`
	BucketsPath string    `json:"buckets_path"`
	GapPolicy   GapPolicy `json:"gap_policy,omitempty"`
	Format      string    `json:"format,omitempty"`

	Meta map[string]any `json:"-"`
}

// AvgBucket returns an avg_bucket pipeline.
func AvgBucket(path string) *BucketMetricAggregation { return bucketMetric("avg_bucket", path) }

// SumBucket returns a sum_bucket pipeline.
func SumBucket(path string) *BucketMetricAggregation { return bucketMetric("sum_bucket", path) }

// MinBucket returns a min_bucket pipeline.
func MinBucket(path string) *BucketMetricAggregation { return bucketMetric("min_bucket", path) }

// MaxBucket returns a max_bucket pipeline.
func MaxBucket(path string) *BucketMetricAggregation { return bucketMetric("max_bucket", path) }

// StatsBucket returns a stats_bucket pipeline.
func StatsBucket(path string) *BucketMetricAggregation { return bucketMetric("stats_bucket", path) }

func bucketMetric(kind, path string) *BucketMetricAggregation {
	return &BucketMetricAggregation{Kind: kind, BucketsPath: path}
}

// WithGapPolicy sets the gap policy.
func (a *BucketMetricAggregation) WithGapPolicy(g GapPolicy) *BucketMetricAggregation {
	a.GapPolicy = g
	return a
}

// MarshalJSON renders the aggregation.
func (a *BucketMetricAggregation) MarshalJSON() ([]byte, error) {
	if err := checkPath(a.Kind, a.BucketsPath); err != nil {
		return nil, err
	}
	type body BucketMetricAggregation
	return render(a.Kind, (*body)(a), a.Meta, nil)
}

func checkPath(kind, path string) error {
	if path == "" {
		return errors.New("aggs: " + kind + " needs a buckets_path")
	}
	return nil
}

// ExtendedStatsBucketAggregation is extended_stats over the buckets of a
// sibling aggregation. Result: *ExtendedStatsAggregate.
type ExtendedStatsBucketAggregation struct {
	BucketsPath string    `json:"buckets_path"`
	GapPolicy   GapPolicy `json:"gap_policy,omitempty"`
	Format      string    `json:"format,omitempty"`
	Sigma       *float64  `json:"sigma,omitempty"`

	Meta map[string]any `json:"-"`
}

// ExtendedStatsBucket returns an extended_stats_bucket pipeline.
func ExtendedStatsBucket(path string) *ExtendedStatsBucketAggregation {
	return &ExtendedStatsBucketAggregation{BucketsPath: path}
}

// MarshalJSON renders the aggregation.
func (a *ExtendedStatsBucketAggregation) MarshalJSON() ([]byte, error) {
	if err := checkPath("extended_stats_bucket", a.BucketsPath); err != nil {
		return nil, err
	}
	type body ExtendedStatsBucketAggregation
	return render("extended_stats_bucket", (*body)(a), a.Meta, nil)
}

// PercentilesBucketAggregation is percentiles over the buckets of a sibling
// aggregation. Result: *PercentilesAggregate.
type PercentilesBucketAggregation struct {
	BucketsPath string    `json:"buckets_path"`
	GapPolicy   GapPolicy `json:"gap_policy,omitempty"`
	Format      string    `json:"format,omitempty"`
	Percents    []float64 `json:"percents,omitempty"`
	Keyed       *bool     `json:"keyed,omitempty"`

	Meta map[string]any `json:"-"`
}

// PercentilesBucket returns a percentiles_bucket pipeline.
func PercentilesBucket(path string, percents ...float64) *PercentilesBucketAggregation {
	return &PercentilesBucketAggregation{BucketsPath: path, Percents: percents}
}

// MarshalJSON renders the aggregation.
func (a *PercentilesBucketAggregation) MarshalJSON() ([]byte, error) {
	if err := checkPath("percentiles_bucket", a.BucketsPath); err != nil {
		return nil, err
	}
	type body PercentilesBucketAggregation
	return render("percentiles_bucket", (*body)(a), a.Meta, nil)
}

// DerivativeAggregation is the difference of a metric between consecutive
// histogram buckets (a parent pipeline). Unit ("1d") adds normalized_value.
// Result: *ValueAggregate.
type DerivativeAggregation struct {
	BucketsPath string    `json:"buckets_path"`
	GapPolicy   GapPolicy `json:"gap_policy,omitempty"`
	Format      string    `json:"format,omitempty"`
	Unit        string    `json:"unit,omitempty"`

	Meta map[string]any `json:"-"`
}

// Derivative returns a derivative pipeline.
func Derivative(path string) *DerivativeAggregation { return &DerivativeAggregation{BucketsPath: path} }

// MarshalJSON renders the aggregation.
func (a *DerivativeAggregation) MarshalJSON() ([]byte, error) {
	if err := checkPath("derivative", a.BucketsPath); err != nil {
		return nil, err
	}
	type body DerivativeAggregation
	return render("derivative", (*body)(a), a.Meta, nil)
}

// CumulativeSumAggregation is the running total of a metric over histogram
// buckets. Result: *ValueAggregate.
type CumulativeSumAggregation struct {
	BucketsPath string `json:"buckets_path"`
	Format      string `json:"format,omitempty"`

	Meta map[string]any `json:"-"`
}

// CumulativeSum returns a cumulative_sum pipeline.
func CumulativeSum(path string) *CumulativeSumAggregation {
	return &CumulativeSumAggregation{BucketsPath: path}
}

// MarshalJSON renders the aggregation.
func (a *CumulativeSumAggregation) MarshalJSON() ([]byte, error) {
	if err := checkPath("cumulative_sum", a.BucketsPath); err != nil {
		return nil, err
	}
	type body CumulativeSumAggregation
	return render("cumulative_sum", (*body)(a), a.Meta, nil)
}

// SerialDiffAggregation is the difference of a metric with the bucket Lag
// buckets earlier. Result: *ValueAggregate.
type SerialDiffAggregation struct {
	BucketsPath string    `json:"buckets_path"`
	Lag         *int      `json:"lag,omitempty"` // 1
	GapPolicy   GapPolicy `json:"gap_policy,omitempty"`
	Format      string    `json:"format,omitempty"`

	Meta map[string]any `json:"-"`
}

// SerialDiff returns a serial_diff pipeline with the given lag (0 leaves the
// server's default of 1).
func SerialDiff(path string, lag int) *SerialDiffAggregation {
	a := &SerialDiffAggregation{BucketsPath: path}
	if lag > 0 {
		a.Lag = &lag
	}
	return a
}

// MarshalJSON renders the aggregation.
func (a *SerialDiffAggregation) MarshalJSON() ([]byte, error) {
	if err := checkPath("serial_diff", a.BucketsPath); err != nil {
		return nil, err
	}
	type body SerialDiffAggregation
	return render("serial_diff", (*body)(a), a.Meta, nil)
}

// MovingFnAggregation runs a script over a sliding window of a metric's
// values (MovingFunctions.unweightedAvg(values) and the like).
// Result: *ValueAggregate.
type MovingFnAggregation struct {
	BucketsPath string        `json:"buckets_path"`
	Window      int           `json:"window"`
	Script      *types.Script `json:"script"`
	Shift       *int          `json:"shift,omitempty"`
	GapPolicy   GapPolicy     `json:"gap_policy,omitempty"`
	Format      string        `json:"format,omitempty"`

	Meta map[string]any `json:"-"`
}

// MovingFn returns a moving_fn pipeline.
func MovingFn(path string, window int, script *types.Script) *MovingFnAggregation {
	return &MovingFnAggregation{BucketsPath: path, Window: window, Script: script}
}

// MarshalJSON renders the aggregation.
func (a *MovingFnAggregation) MarshalJSON() ([]byte, error) {
	if err := checkPath("moving_fn", a.BucketsPath); err != nil {
		return nil, err
	}
	if a.Window <= 0 || a.Script == nil {
		return nil, errors.New("aggs: moving_fn needs a window above 0 and a script")
	}
	type body MovingFnAggregation
	return render("moving_fn", (*body)(a), a.Meta, nil)
}

// BucketScriptAggregation computes a value per bucket from other metrics of
// the bucket, named in BucketsPath as script variables (params.<var>).
// Result: *ValueAggregate.
type BucketScriptAggregation struct {
	BucketsPath map[string]string `json:"buckets_path"`
	Script      *types.Script     `json:"script"`
	GapPolicy   GapPolicy         `json:"gap_policy,omitempty"`
	Format      string            `json:"format,omitempty"`

	Meta map[string]any `json:"-"`
}

// BucketScript returns a bucket_script pipeline.
func BucketScript(paths map[string]string, script *types.Script) *BucketScriptAggregation {
	return &BucketScriptAggregation{BucketsPath: paths, Script: script}
}

// MarshalJSON renders the aggregation.
func (a *BucketScriptAggregation) MarshalJSON() ([]byte, error) {
	if len(a.BucketsPath) == 0 || a.Script == nil {
		return nil, errors.New("aggs: bucket_script needs buckets_path and a script")
	}
	type body BucketScriptAggregation
	return render("bucket_script", (*body)(a), a.Meta, nil)
}

// BucketSelectorAggregation keeps only the parent's buckets for which the
// script returns true. It adds nothing to the response.
type BucketSelectorAggregation struct {
	BucketsPath map[string]string `json:"buckets_path"`
	Script      *types.Script     `json:"script"`
	GapPolicy   GapPolicy         `json:"gap_policy,omitempty"`

	Meta map[string]any `json:"-"`
}

// BucketSelector returns a bucket_selector pipeline.
func BucketSelector(paths map[string]string, script *types.Script) *BucketSelectorAggregation {
	return &BucketSelectorAggregation{BucketsPath: paths, Script: script}
}

// MarshalJSON renders the aggregation.
func (a *BucketSelectorAggregation) MarshalJSON() ([]byte, error) {
	if len(a.BucketsPath) == 0 || a.Script == nil {
		return nil, errors.New("aggs: bucket_selector needs buckets_path and a script")
	}
	type body BucketSelectorAggregation
	return render("bucket_selector", (*body)(a), a.Meta, nil)
}

// BucketSortAggregation sorts and truncates the parent's buckets by their
// metrics. It adds nothing to the response.
type BucketSortAggregation struct {
	Sort      []any     `json:"sort,omitempty"` // {"<path>": {"order": "desc"}} maps or search.Sort values
	From      *int      `json:"from,omitempty"`
	Size      *int      `json:"size,omitempty"`
	GapPolicy GapPolicy `json:"gap_policy,omitempty"`

	Meta map[string]any `json:"-"`
}

// BucketSort returns a bucket_sort pipeline.
func BucketSort(sort ...any) *BucketSortAggregation { return &BucketSortAggregation{Sort: sort} }

// WithSize keeps at most n buckets.
func (a *BucketSortAggregation) WithSize(n int) *BucketSortAggregation { a.Size = &n; return a }

// WithFrom skips the first n buckets.
func (a *BucketSortAggregation) WithFrom(n int) *BucketSortAggregation { a.From = &n; return a }

// MarshalJSON renders the aggregation.
func (a *BucketSortAggregation) MarshalJSON() ([]byte, error) {
	type body BucketSortAggregation
	return render("bucket_sort", (*body)(a), a.Meta, nil)
}
