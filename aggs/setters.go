package aggs

// The setters every aggregation shares: Sub (bucket aggregations only),
// WithMeta, and for values-source aggregations WithScript, WithMissing and
// WithFormat. Written out per type so that chains keep their concrete type.

import "github.com/clustersearch/clustersearch-go/types"

// Sub adds a sub-aggregation computed in each bucket.
func (a *TermsAggregation) Sub(name string, sub Aggregation) *TermsAggregation {
	addSub(&a.Aggs, name, sub)
	return a
}

// Sub adds a sub-aggregation computed in each bucket.
func (a *MultiTermsAggregation) Sub(name string, sub Aggregation) *MultiTermsAggregation {
	addSub(&a.Aggs, name, sub)
	return a
}

// Sub adds a sub-aggregation computed in each bucket.
func (a *SignificantTermsAggregation) Sub(name string, sub Aggregation) *SignificantTermsAggregation {
	addSub(&a.Aggs, name, sub)
	return a
}

// Sub adds a sub-aggregation computed in each bucket.
func (a *RareTermsAggregation) Sub(name string, sub Aggregation) *RareTermsAggregation {
	addSub(&a.Aggs, name, sub)
	return a
}

// Sub adds a sub-aggregation computed in each bucket.
func (a *SamplerAggregation) Sub(name string, sub Aggregation) *SamplerAggregation {
	addSub(&a.Aggs, name, sub)
	return a
}

// Sub adds a sub-aggregation computed in each bucket.
func (a *HistogramAggregation) Sub(name string, sub Aggregation) *HistogramAggregation {
	addSub(&a.Aggs, name, sub)
	return a
}

// Sub adds a sub-aggregation computed in each bucket.
func (a *DateHistogramAggregation) Sub(name string, sub Aggregation) *DateHistogramAggregation {
	addSub(&a.Aggs, name, sub)
	return a
}

// Sub adds a sub-aggregation computed in each bucket.
func (a *AutoDateHistogramAggregation) Sub(name string, sub Aggregation) *AutoDateHistogramAggregation {
	addSub(&a.Aggs, name, sub)
	return a
}

// Sub adds a sub-aggregation computed in each bucket.
func (a *RangeAggregation) Sub(name string, sub Aggregation) *RangeAggregation {
	addSub(&a.Aggs, name, sub)
	return a
}

// Sub adds a sub-aggregation computed in each bucket.
func (a *DateRangeAggregation) Sub(name string, sub Aggregation) *DateRangeAggregation {
	addSub(&a.Aggs, name, sub)
	return a
}

// Sub adds a sub-aggregation computed in each bucket.
func (a *FilterAggregation) Sub(name string, sub Aggregation) *FilterAggregation {
	addSub(&a.Aggs, name, sub)
	return a
}

// Sub adds a sub-aggregation computed in each bucket.
func (a *FiltersAggregation) Sub(name string, sub Aggregation) *FiltersAggregation {
	addSub(&a.Aggs, name, sub)
	return a
}

// Sub adds a sub-aggregation computed in each bucket.
func (a *AdjacencyMatrixAggregation) Sub(name string, sub Aggregation) *AdjacencyMatrixAggregation {
	addSub(&a.Aggs, name, sub)
	return a
}

// Sub adds a sub-aggregation computed in each bucket.
func (a *MissingAggregation) Sub(name string, sub Aggregation) *MissingAggregation {
	addSub(&a.Aggs, name, sub)
	return a
}

// Sub adds a sub-aggregation computed in each bucket.
func (a *GlobalAggregation) Sub(name string, sub Aggregation) *GlobalAggregation {
	addSub(&a.Aggs, name, sub)
	return a
}

// Sub adds a sub-aggregation computed in each bucket.
func (a *NestedAggregation) Sub(name string, sub Aggregation) *NestedAggregation {
	addSub(&a.Aggs, name, sub)
	return a
}

// Sub adds a sub-aggregation computed in each bucket.
func (a *ReverseNestedAggregation) Sub(name string, sub Aggregation) *ReverseNestedAggregation {
	addSub(&a.Aggs, name, sub)
	return a
}

// Sub adds a sub-aggregation computed in each bucket.
func (a *CompositeAggregation) Sub(name string, sub Aggregation) *CompositeAggregation {
	addSub(&a.Aggs, name, sub)
	return a
}

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *TermsAggregation) WithMeta(m map[string]any) *TermsAggregation { a.Meta = m; return a }

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *MultiTermsAggregation) WithMeta(m map[string]any) *MultiTermsAggregation {
	a.Meta = m
	return a
}

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *SignificantTermsAggregation) WithMeta(m map[string]any) *SignificantTermsAggregation {
	a.Meta = m
	return a
}

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *RareTermsAggregation) WithMeta(m map[string]any) *RareTermsAggregation { a.Meta = m; return a }

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *SamplerAggregation) WithMeta(m map[string]any) *SamplerAggregation { a.Meta = m; return a }

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *HistogramAggregation) WithMeta(m map[string]any) *HistogramAggregation { a.Meta = m; return a }

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *DateHistogramAggregation) WithMeta(m map[string]any) *DateHistogramAggregation {
	a.Meta = m
	return a
}

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *AutoDateHistogramAggregation) WithMeta(m map[string]any) *AutoDateHistogramAggregation {
	a.Meta = m
	return a
}

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *RangeAggregation) WithMeta(m map[string]any) *RangeAggregation { a.Meta = m; return a }

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *DateRangeAggregation) WithMeta(m map[string]any) *DateRangeAggregation { a.Meta = m; return a }

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *FilterAggregation) WithMeta(m map[string]any) *FilterAggregation { a.Meta = m; return a }

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *FiltersAggregation) WithMeta(m map[string]any) *FiltersAggregation { a.Meta = m; return a }

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *AdjacencyMatrixAggregation) WithMeta(m map[string]any) *AdjacencyMatrixAggregation {
	a.Meta = m
	return a
}

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *MissingAggregation) WithMeta(m map[string]any) *MissingAggregation { a.Meta = m; return a }

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *GlobalAggregation) WithMeta(m map[string]any) *GlobalAggregation { a.Meta = m; return a }

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *NestedAggregation) WithMeta(m map[string]any) *NestedAggregation { a.Meta = m; return a }

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *ReverseNestedAggregation) WithMeta(m map[string]any) *ReverseNestedAggregation {
	a.Meta = m
	return a
}

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *CompositeAggregation) WithMeta(m map[string]any) *CompositeAggregation { a.Meta = m; return a }

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *MetricAggregation) WithMeta(m map[string]any) *MetricAggregation { a.Meta = m; return a }

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *ExtendedStatsAggregation) WithMeta(m map[string]any) *ExtendedStatsAggregation {
	a.Meta = m
	return a
}

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *CardinalityAggregation) WithMeta(m map[string]any) *CardinalityAggregation {
	a.Meta = m
	return a
}

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *PercentilesAggregation) WithMeta(m map[string]any) *PercentilesAggregation {
	a.Meta = m
	return a
}

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *PercentileRanksAggregation) WithMeta(m map[string]any) *PercentileRanksAggregation {
	a.Meta = m
	return a
}

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *MedianAbsoluteDeviationAggregation) WithMeta(m map[string]any) *MedianAbsoluteDeviationAggregation {
	a.Meta = m
	return a
}

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *WeightedAvgAggregation) WithMeta(m map[string]any) *WeightedAvgAggregation {
	a.Meta = m
	return a
}

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *TopHitsAggregation) WithMeta(m map[string]any) *TopHitsAggregation { a.Meta = m; return a }

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *ScriptedMetricAggregation) WithMeta(m map[string]any) *ScriptedMetricAggregation {
	a.Meta = m
	return a
}

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *BucketMetricAggregation) WithMeta(m map[string]any) *BucketMetricAggregation {
	a.Meta = m
	return a
}

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *ExtendedStatsBucketAggregation) WithMeta(m map[string]any) *ExtendedStatsBucketAggregation {
	a.Meta = m
	return a
}

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *PercentilesBucketAggregation) WithMeta(m map[string]any) *PercentilesBucketAggregation {
	a.Meta = m
	return a
}

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *DerivativeAggregation) WithMeta(m map[string]any) *DerivativeAggregation {
	a.Meta = m
	return a
}

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *CumulativeSumAggregation) WithMeta(m map[string]any) *CumulativeSumAggregation {
	a.Meta = m
	return a
}

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *SerialDiffAggregation) WithMeta(m map[string]any) *SerialDiffAggregation {
	a.Meta = m
	return a
}

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *MovingFnAggregation) WithMeta(m map[string]any) *MovingFnAggregation { a.Meta = m; return a }

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *BucketScriptAggregation) WithMeta(m map[string]any) *BucketScriptAggregation {
	a.Meta = m
	return a
}

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *BucketSelectorAggregation) WithMeta(m map[string]any) *BucketSelectorAggregation {
	a.Meta = m
	return a
}

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *BucketSortAggregation) WithMeta(m map[string]any) *BucketSortAggregation {
	a.Meta = m
	return a
}

// WithScript sets the script; with a field it is a value script that sees
// each value as _value.
func (a *TermsAggregation) WithScript(s *types.Script) *TermsAggregation { a.Script = s; return a }

// WithMissing sets the value of documents that have none.
func (a *TermsAggregation) WithMissing(v any) *TermsAggregation { a.Missing = v; return a }

// WithFormat sets the format of the *_as_string outputs.
func (a *TermsAggregation) WithFormat(f string) *TermsAggregation { a.Format = f; return a }

// WithScript sets the script; with a field it is a value script that sees
// each value as _value.
func (a *SignificantTermsAggregation) WithScript(s *types.Script) *SignificantTermsAggregation {
	a.Script = s
	return a
}

// WithMissing sets the value of documents that have none.
func (a *SignificantTermsAggregation) WithMissing(v any) *SignificantTermsAggregation {
	a.Missing = v
	return a
}

// WithFormat sets the format of the *_as_string outputs.
func (a *SignificantTermsAggregation) WithFormat(f string) *SignificantTermsAggregation {
	a.Format = f
	return a
}

// WithScript sets the script; with a field it is a value script that sees
// each value as _value.
func (a *RareTermsAggregation) WithScript(s *types.Script) *RareTermsAggregation {
	a.Script = s
	return a
}

// WithMissing sets the value of documents that have none.
func (a *RareTermsAggregation) WithMissing(v any) *RareTermsAggregation { a.Missing = v; return a }

// WithFormat sets the format of the *_as_string outputs.
func (a *RareTermsAggregation) WithFormat(f string) *RareTermsAggregation { a.Format = f; return a }

// WithScript sets the script; with a field it is a value script that sees
// each value as _value.
func (a *HistogramAggregation) WithScript(s *types.Script) *HistogramAggregation {
	a.Script = s
	return a
}

// WithMissing sets the value of documents that have none.
func (a *HistogramAggregation) WithMissing(v any) *HistogramAggregation { a.Missing = v; return a }

// WithFormat sets the format of the *_as_string outputs.
func (a *HistogramAggregation) WithFormat(f string) *HistogramAggregation { a.Format = f; return a }

// WithScript sets the script; with a field it is a value script that sees
// each value as _value.
func (a *DateHistogramAggregation) WithScript(s *types.Script) *DateHistogramAggregation {
	a.Script = s
	return a
}

// WithMissing sets the value of documents that have none.
func (a *DateHistogramAggregation) WithMissing(v any) *DateHistogramAggregation {
	a.Missing = v
	return a
}

// WithFormat sets the format of the *_as_string outputs.
func (a *DateHistogramAggregation) WithFormat(f string) *DateHistogramAggregation {
	a.Format = f
	return a
}

// WithScript sets the script; with a field it is a value script that sees
// each value as _value.
func (a *AutoDateHistogramAggregation) WithScript(s *types.Script) *AutoDateHistogramAggregation {
	a.Script = s
	return a
}

// WithMissing sets the value of documents that have none.
func (a *AutoDateHistogramAggregation) WithMissing(v any) *AutoDateHistogramAggregation {
	a.Missing = v
	return a
}

// WithFormat sets the format of the *_as_string outputs.
func (a *AutoDateHistogramAggregation) WithFormat(f string) *AutoDateHistogramAggregation {
	a.Format = f
	return a
}

// WithScript sets the script; with a field it is a value script that sees
// each value as _value.
func (a *RangeAggregation) WithScript(s *types.Script) *RangeAggregation { a.Script = s; return a }

// WithMissing sets the value of documents that have none.
func (a *RangeAggregation) WithMissing(v any) *RangeAggregation { a.Missing = v; return a }

// WithFormat sets the format of the *_as_string outputs.
func (a *RangeAggregation) WithFormat(f string) *RangeAggregation { a.Format = f; return a }

// WithScript sets the script; with a field it is a value script that sees
// each value as _value.
func (a *DateRangeAggregation) WithScript(s *types.Script) *DateRangeAggregation {
	a.Script = s
	return a
}

// WithMissing sets the value of documents that have none.
func (a *DateRangeAggregation) WithMissing(v any) *DateRangeAggregation { a.Missing = v; return a }

// WithFormat sets the format of the *_as_string outputs.
func (a *DateRangeAggregation) WithFormat(f string) *DateRangeAggregation { a.Format = f; return a }

// WithScript sets the script; with a field it is a value script that sees
// each value as _value.
func (a *MetricAggregation) WithScript(s *types.Script) *MetricAggregation { a.Script = s; return a }

// WithMissing sets the value of documents that have none.
func (a *MetricAggregation) WithMissing(v any) *MetricAggregation { a.Missing = v; return a }

// WithFormat sets the format of the *_as_string outputs.
func (a *MetricAggregation) WithFormat(f string) *MetricAggregation { a.Format = f; return a }

// WithScript sets the script; with a field it is a value script that sees
// each value as _value.
func (a *ExtendedStatsAggregation) WithScript(s *types.Script) *ExtendedStatsAggregation {
	a.Script = s
	return a
}

// WithMissing sets the value of documents that have none.
func (a *ExtendedStatsAggregation) WithMissing(v any) *ExtendedStatsAggregation {
	a.Missing = v
	return a
}

// WithFormat sets the format of the *_as_string outputs.
func (a *ExtendedStatsAggregation) WithFormat(f string) *ExtendedStatsAggregation {
	a.Format = f
	return a
}

// WithScript sets the script; with a field it is a value script that sees
// each value as _value.
func (a *CardinalityAggregation) WithScript(s *types.Script) *CardinalityAggregation {
	a.Script = s
	return a
}

// WithMissing sets the value of documents that have none.
func (a *CardinalityAggregation) WithMissing(v any) *CardinalityAggregation { a.Missing = v; return a }

// WithFormat sets the format of the *_as_string outputs.
func (a *CardinalityAggregation) WithFormat(f string) *CardinalityAggregation { a.Format = f; return a }

// WithScript sets the script; with a field it is a value script that sees
// each value as _value.
func (a *PercentilesAggregation) WithScript(s *types.Script) *PercentilesAggregation {
	a.Script = s
	return a
}

// WithMissing sets the value of documents that have none.
func (a *PercentilesAggregation) WithMissing(v any) *PercentilesAggregation { a.Missing = v; return a }

// WithFormat sets the format of the *_as_string outputs.
func (a *PercentilesAggregation) WithFormat(f string) *PercentilesAggregation { a.Format = f; return a }

// WithScript sets the script; with a field it is a value script that sees
// each value as _value.
func (a *PercentileRanksAggregation) WithScript(s *types.Script) *PercentileRanksAggregation {
	a.Script = s
	return a
}

// WithMissing sets the value of documents that have none.
func (a *PercentileRanksAggregation) WithMissing(v any) *PercentileRanksAggregation {
	a.Missing = v
	return a
}

// WithFormat sets the format of the *_as_string outputs.
func (a *PercentileRanksAggregation) WithFormat(f string) *PercentileRanksAggregation {
	a.Format = f
	return a
}

// WithScript sets the script; with a field it is a value script that sees
// each value as _value.
func (a *MedianAbsoluteDeviationAggregation) WithScript(s *types.Script) *MedianAbsoluteDeviationAggregation {
	a.Script = s
	return a
}

// WithMissing sets the value of documents that have none.
func (a *MedianAbsoluteDeviationAggregation) WithMissing(v any) *MedianAbsoluteDeviationAggregation {
	a.Missing = v
	return a
}

// WithFormat sets the format of the *_as_string outputs.
func (a *MedianAbsoluteDeviationAggregation) WithFormat(f string) *MedianAbsoluteDeviationAggregation {
	a.Format = f
	return a
}
