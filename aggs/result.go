package aggs

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/types"
)

// Aggregate is one aggregation result. The concrete types are the *...Aggregate
// types of this package; the set is closed, so a type switch over them is
// complete (unknown server types decode as *RawAggregate).
type Aggregate interface {
	// Metadata returns the meta object the request set, or nil.
	Metadata() map[string]any
	aggregate()
}

// common holds what every result carries.
type common struct {
	Meta map[string]any // the request's meta, echoed by the server
}

// Metadata returns the meta object the request set, or nil.
func (c *common) Metadata() map[string]any { return c.Meta }
func (c *common) aggregate()               {}

// TermsAggregate is the result of terms (typed_keys types sterms, lterms,
// dterms, ulterms, umterms) and rare_terms (srareterms, lrareterms).
type TermsAggregate struct {
	common
	DocCountErrorUpperBound int64
	SumOtherDocCount        int64 // documents in buckets not returned
	Buckets                 []TermsBucket
}

// TermsBucket is one bucket of a terms aggregation. Key is a string for
// keyword fields, a long for long, boolean (1/0) and date fields, a double for
// double fields; KeyAsString is set for dates, booleans and formatted keys.
type TermsBucket struct {
	Key                     Key
	KeyAsString             string
	DocCount                int64
	DocCountErrorUpperBound *int64 // with show_term_doc_count_error
	Aggregations            Aggregations
}

// MultiTermsAggregate is the result of multi_terms.
type MultiTermsAggregate struct {
	common
	DocCountErrorUpperBound int64
	SumOtherDocCount        int64
	Buckets                 []MultiTermsBucket
}

// MultiTermsBucket is one combination of values; KeyAsString joins them
// with '|'.
type MultiTermsBucket struct {
	Key                     []Key
	KeyAsString             string
	DocCount                int64
	DocCountErrorUpperBound *int64
	Aggregations            Aggregations
}

// SignificantTermsAggregate is the result of significant_terms (sigsterms,
// siglterms, umsigterms).
type SignificantTermsAggregate struct {
	common
	DocCount int64 // documents of the foreground set
	BgCount  int64 // documents of the background set
	Buckets  []SignificantTermsBucket
}

// SignificantTermsBucket is one significant term.
type SignificantTermsBucket struct {
	Key          Key
	KeyAsString  string
	DocCount     int64
	BgCount      int64
	Score        float64
	Aggregations Aggregations
}

// HistogramAggregate is the result of histogram. Keyed tells that the server
// answered the keyed (object) form; Buckets keep its order either way.
type HistogramAggregate struct {
	common
	Keyed   bool
	Buckets []HistogramBucket
}

// HistogramBucket is one interval; Key is its lower bound. KeyAsString is
// set only with a format.
type HistogramBucket struct {
	Key          float64
	KeyAsString  string
	DocCount     int64
	Aggregations Aggregations
}

// DateHistogramAggregate is the result of date_histogram and of
// auto_date_histogram (which sets Interval to the interval it chose, "1d").
type DateHistogramAggregate struct {
	common
	Keyed    bool
	Interval string
	Buckets  []DateHistogramBucket
}

// DateHistogramBucket is one interval. Key is its start in epoch
// milliseconds; KeyAsString is it formatted ("2024-05-01T00:00:00.000Z").
type DateHistogramBucket struct {
	Key          int64
	KeyAsString  string
	DocCount     int64
	Aggregations Aggregations
}

// Time returns the bucket's start as a UTC time.
func (b *DateHistogramBucket) Time() time.Time { return time.UnixMilli(b.Key).UTC() }

// RangeAggregate is the result of range, date_range, ip_range and
// geo_distance. Buckets are in the server's order (by from, then to).
type RangeAggregate struct {
	common
	Keyed   bool
	Buckets []RangeBucket
}

// RangeBucket is one range. From and To are nil for an open end; the
// *AsString forms are set for dates, formats and IP ranges (whose bounds are
// strings only).
type RangeBucket struct {
	Key          string
	From         *float64
	FromAsString string
	To           *float64
	ToAsString   string
	DocCount     int64
	Aggregations Aggregations
}

// FiltersAggregate is the result of filters (Keyed for named filters) and of
// adjacency_matrix.
type FiltersAggregate struct {
	common
	Keyed   bool
	Buckets []FiltersBucket
}

// FiltersBucket is the documents of one filter (or, for adjacency_matrix, of
// one filter or intersection "A&B"). Key is "" for anonymous filters.
type FiltersBucket struct {
	Key          string
	DocCount     int64
	Aggregations Aggregations
}

// Bucket returns the bucket with the given key.
func (a *FiltersAggregate) Bucket(key string) (*FiltersBucket, bool) {
	for i := range a.Buckets {
		if a.Buckets[i].Key == key {
			return &a.Buckets[i], true
		}
	}
	return nil, false
}

// SingleBucketAggregate is the result of filter, missing, global, nested,
// reverse_nested and sampler: one bucket with its sub-aggregations.
type SingleBucketAggregate struct {
	common
	DocCount     int64
	Aggregations Aggregations
}

// CompositeAggregate is one page of a composite aggregation. AfterKey (nil
// on the last page) continues after the page's last bucket.
type CompositeAggregate struct {
	common
	AfterKey map[string]Key
	Buckets  []CompositeBucket
}

// After returns AfterKey in the form CompositeAggregation.After takes.
func (a *CompositeAggregate) After() map[string]any {
	if a.AfterKey == nil {
		return nil
	}
	out := make(map[string]any, len(a.AfterKey))
	for k, v := range a.AfterKey {
		out[k] = v
	}
	return out
}

// CompositeBucket is one combination of the sources' values, by source name.
type CompositeBucket struct {
	Key          map[string]Key
	DocCount     int64
	Aggregations Aggregations
}

// ValueAggregate is a single-value result: the metrics avg, sum, min, max,
// value_count, cardinality, weighted_avg and median_absolute_deviation, and
// the pipelines that give one value (simple_value: avg_bucket, sum_bucket,
// cumulative_sum, serial_diff, moving_fn, bucket_script; bucket_metric_value:
// min_bucket and max_bucket, with Keys; derivative, with NormalizedValue when
// a unit is set). Value is nil when the server sent null (avg, min and max of
// no values).
type ValueAggregate struct {
	common
	Value                   *float64
	ValueAsString           string
	Keys                    []string // bucket_metric_value: keys of the buckets holding the value
	NormalizedValue         *float64
	NormalizedValueAsString string

	v, nv float64 // Value and NormalizedValue point here: no allocation per number
}

// StatsAggregate is the result of stats and stats_bucket. Min, Max and Avg
// are nil when there were no values.
type StatsAggregate struct {
	common
	Count       int64
	Min         *float64
	Max         *float64
	Avg         *float64
	Sum         float64
	MinAsString string
	MaxAsString string
	AvgAsString string
	SumAsString string

	min, max, avg float64
}

// ExtendedStatsAggregate is the result of extended_stats and
// extended_stats_bucket. Every field is nil when there were no values.
type ExtendedStatsAggregate struct {
	StatsAggregate
	SumOfSquares           *float64
	Variance               *float64
	VariancePopulation     *float64
	VarianceSampling       *float64
	StdDeviation           *float64
	StdDeviationPopulation *float64
	StdDeviationSampling   *float64
	StdDeviationBounds     StdDeviationBounds
	// AsString holds the other *_as_string fields a format adds, by field name
	// ("variance_as_string"); nil without a format.
	AsString map[string]string
}

// StdDeviationBounds are the mean plus and minus sigma standard deviations.
type StdDeviationBounds struct {
	Upper           *float64
	Lower           *float64
	UpperPopulation *float64
	LowerPopulation *float64
	UpperSampling   *float64
	LowerSampling   *float64
}

// PercentilesAggregate is the result of percentiles (tdigest_percentiles,
// hdr_percentiles), percentile_ranks (tdigest_percentile_ranks,
// hdr_percentile_ranks) and percentiles_bucket. Keyed tells which form the
// server sent; Values are in its order either way.
type PercentilesAggregate struct {
	common
	Keyed  bool
	Values []Percentile
}

// Percentile is one percent and its value (for percentile_ranks: one value
// and its percent rank). Value is nil when there were no values.
type Percentile struct {
	Key           float64
	Value         *float64
	ValueAsString string
}

// Value returns the value for key (a percent such as 99.9, or for
// percentile_ranks a value).
func (a *PercentilesAggregate) Value(key float64) (*float64, bool) {
	for i := range a.Values {
		if a.Values[i].Key == key {
			return a.Values[i].Value, true
		}
	}
	return nil, false
}

// TopHitsAggregate is the result of top_hits.
type TopHitsAggregate struct {
	common
	Hits TopHitList
}

// TopHitList is the hits section of a top_hits result.
type TopHitList struct {
	Total    *types.TotalHits `json:"total,omitempty"`
	MaxScore *float64         `json:"max_score"`
	Hits     []TopHit         `json:"hits"`
}

// TopHit is one hit of a top_hits result; decode its source with
// DecodeSource, or all of them with Sources.
type TopHit struct {
	Index       string                      `json:"_index"`
	ID          string                      `json:"_id"`
	Score       *float64                    `json:"_score"`
	Version     *int64                      `json:"_version,omitempty"`
	SeqNo       *int64                      `json:"_seq_no,omitempty"`
	PrimaryTerm *int64                      `json:"_primary_term,omitempty"`
	Routing     string                      `json:"_routing,omitempty"`
	Source      jsonx.RawMessage            `json:"_source,omitempty"`
	Fields      map[string]jsonx.RawMessage `json:"fields,omitempty"`
	Highlight   map[string][]string         `json:"highlight,omitempty"`
	Sort        []jsonx.RawMessage          `json:"sort,omitempty"`
	Explanation *types.Explanation          `json:"_explanation,omitempty"`
	Nested      *NestedIdentity             `json:"_nested,omitempty"`
	Ignored     []string                    `json:"_ignored,omitempty"`
}

// NestedIdentity locates a nested hit in its parent document.
type NestedIdentity struct {
	Field  string          `json:"field"`
	Offset int             `json:"offset"`
	Nested *NestedIdentity `json:"_nested,omitempty"`
}

// ScriptedMetricAggregate is the result of scripted_metric: whatever the
// reduce script returned, as JSON.
type ScriptedMetricAggregate struct {
	common
	Value jsonx.RawMessage
}

// Decode unmarshals the value into v.
func (a *ScriptedMetricAggregate) Decode(v any) error { return jsonx.Unmarshal(a.Value, v) }

// RawAggregate is a result of a type this package does not model (a
// plugin's, a newer server's) or whose shape it could not recognise: its
// JSON as sent.
type RawAggregate struct {
	common
	Raw jsonx.RawMessage
}

// Decode unmarshals the result into v.
func (a *RawAggregate) Decode(v any) error { return jsonx.Unmarshal(a.Raw, v) }
