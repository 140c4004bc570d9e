package aggs

import (
	"errors"
	"iter"
	"strconv"
	"strings"
)

// Errors the accessors wrap; test with errors.Is.
var (
	ErrNotFound  = errors.New("aggs: no aggregation of that name")
	ErrWrongType = errors.New("aggs: aggregation of another type")
)

// LookupError tells why an accessor found no result: no aggregation has the
// name (Got is empty), or it has another type (Got is its type, or its Go
// type when the body had no typed_keys prefix).
type LookupError struct {
	Name string
	Want string // what the accessor reads ("terms", "avg", ...)
	Got  string
}

// Error describes the failure.
func (e *LookupError) Error() string {
	if e.Got == "" {
		return "aggs: no aggregation named " + strconv.Quote(e.Name)
	}
	return "aggs: aggregation " + strconv.Quote(e.Name) + " is " + e.Got + ", not " + e.Want
}

// Is matches ErrNotFound or ErrWrongType.
func (e *LookupError) Is(target error) bool {
	if e.Got == "" {
		return target == ErrNotFound
	}
	return target == ErrWrongType
}

// Entry returns the named aggregation with its type.
func (a Aggregations) Entry(name string) (Named, bool) {
	for _, n := range a {
		if n.Name == name {
			return n, true
		}
	}
	return Named{}, false
}

// Get returns the named aggregation's result; use a type switch on it.
func (a Aggregations) Get(name string) (Aggregate, bool) {
	n, ok := a.Entry(name)
	return n.Aggregate, ok
}

// Names returns the names in the order the server sent them.
func (a Aggregations) Names() []string {
	out := make([]string, len(a))
	for i, n := range a {
		out[i] = n.Name
	}
	return out
}

// All yields every aggregation by name, in order.
func (a Aggregations) All() iter.Seq2[string, Aggregate] {
	return func(yield func(string, Aggregate) bool) {
		for _, n := range a {
			if !yield(n.Name, n.Aggregate) {
				return
			}
		}
	}
}

// lookup finds name and checks its type against types (the typed_keys names
// the accessor accepts, separated by spaces: a string, where a variadic list
// would be allocated on every call). An entry without a type is taken as T when it
// decoded as T, and otherwise decoded again from its JSON with k.
func lookup[T Aggregate](a Aggregations, name, want string, k kind, accept func(shape) bool, types string) (T, error) {
	var zero T
	n, ok := a.Entry(name)
	if !ok {
		return zero, &LookupError{Name: name, Want: want}
	}
	if n.Type != "" {
		if hasWord(types, n.Type) {
			if v, ok := n.Aggregate.(T); ok {
				return v, nil
			}
		}
		return zero, &LookupError{Name: name, Want: want, Got: n.Type}
	}
	sc := newScanner(n.raw)
	if sh := sc.probe(); sc.err != nil || !accept(sh) {
		return zero, &LookupError{Name: name, Want: want, Got: "an untyped aggregation of another shape"}
	}
	if v, ok := n.Aggregate.(T); ok {
		return v, nil
	}
	sc = newScanner(n.raw)
	v, ok := sc.decode(k).(T)
	if !ok || sc.err != nil {
		return zero, &LookupError{Name: name, Want: want, Got: "an untyped aggregation of another shape"}
	}
	return v, nil
}

// Terms returns a terms result (string, long, double or unmapped terms).
func (a Aggregations) Terms(name string) (*TermsAggregate, error) {
	return lookup[*TermsAggregate](a, name, "terms", kindTerms, acceptTerms, "sterms lterms dterms ulterms umterms")
}

// RareTerms returns a rare_terms result.
func (a Aggregations) RareTerms(name string) (*TermsAggregate, error) {
	return lookup[*TermsAggregate](a, name, "rare_terms", kindTerms, acceptRareTerms, "srareterms lrareterms umrareterms")
}

// MultiTerms returns a multi_terms result.
func (a Aggregations) MultiTerms(name string) (*MultiTermsAggregate, error) {
	return lookup[*MultiTermsAggregate](a, name, "multi_terms", kindMultiTerms, acceptMultiTerms, "multi_terms")
}

// SignificantTerms returns a significant_terms result.
func (a Aggregations) SignificantTerms(name string) (*SignificantTermsAggregate, error) {
	return lookup[*SignificantTermsAggregate](a, name, "significant_terms", kindSigTerms, acceptSigTerms, "sigsterms siglterms umsigterms")
}

// Histogram returns a histogram result.
func (a Aggregations) Histogram(name string) (*HistogramAggregate, error) {
	return lookup[*HistogramAggregate](a, name, "histogram", kindHistogram, acceptHistogram, "histogram")
}

// DateHistogram returns a date_histogram or auto_date_histogram result.
func (a Aggregations) DateHistogram(name string) (*DateHistogramAggregate, error) {
	return lookup[*DateHistogramAggregate](a, name, "date_histogram", kindDateHistogram, acceptDateHistogram, "date_histogram auto_date_histogram")
}

// Range returns a range, date_range, ip_range or geo_distance result.
func (a Aggregations) Range(name string) (*RangeAggregate, error) {
	return lookup[*RangeAggregate](a, name, "range", kindRange, acceptRange, "range date_range ip_range geo_distance")
}

// GeoBounds returns a geo_bounds result.
func (a Aggregations) GeoBounds(name string) (*GeoBoundsAggregate, error) {
	return lookup[*GeoBoundsAggregate](a, name, "geo_bounds", kindGeoBounds, acceptGeoBounds, "geo_bounds")
}

// GeoCentroid returns a geo_centroid result.
func (a Aggregations) GeoCentroid(name string) (*GeoCentroidAggregate, error) {
	return lookup[*GeoCentroidAggregate](a, name, "geo_centroid", kindGeoCentroid, acceptGeoCentroid, "geo_centroid")
}

// GeoGrid returns a geohash_grid or geotile_grid result.
func (a Aggregations) GeoGrid(name string) (*GeoGridAggregate, error) {
	return lookup[*GeoGridAggregate](a, name, "a geo grid", kindGeoGrid, acceptGeoGrid, "geohash_grid geotile_grid")
}

// MatrixStats returns a matrix_stats result.
func (a Aggregations) MatrixStats(name string) (*MatrixStatsAggregate, error) {
	return lookup[*MatrixStatsAggregate](a, name, "matrix_stats", kindMatrixStats, acceptMatrixStats, "matrix_stats")
}

// Filters returns a filters result.
func (a Aggregations) Filters(name string) (*FiltersAggregate, error) {
	return lookup[*FiltersAggregate](a, name, "filters", kindFilters, acceptFilters, "filters")
}

// AdjacencyMatrix returns an adjacency_matrix result.
func (a Aggregations) AdjacencyMatrix(name string) (*FiltersAggregate, error) {
	return lookup[*FiltersAggregate](a, name, "adjacency_matrix", kindFilters, acceptFilters, "adjacency_matrix")
}

// SingleBucket returns a filter, missing, global, nested, reverse_nested or
// sampler result.
func (a Aggregations) SingleBucket(name string) (*SingleBucketAggregate, error) {
	return lookup[*SingleBucketAggregate](a, name, "a single-bucket aggregation", kindSingle, acceptSingle, "filter missing global nested reverse_nested sampler diversified_sampler children parent")
}

// Composite returns a composite result.
func (a Aggregations) Composite(name string) (*CompositeAggregate, error) {
	return lookup[*CompositeAggregate](a, name, "composite", kindComposite, acceptComposite, "composite")
}

// Value returns any single-value result: a metric (avg, sum, min, max,
// value_count, cardinality, weighted_avg, median_absolute_deviation) or a
// pipeline value (simple_value, derivative, bucket_metric_value).
func (a Aggregations) Value(name string) (*ValueAggregate, error) {
	return lookup[*ValueAggregate](a, name, "a single-value aggregation", kindValue, acceptValue, "avg sum min max value_count cardinality weighted_avg median_absolute_deviation simple_value derivative bucket_metric_value")
}

// Avg returns an avg result.
func (a Aggregations) Avg(name string) (*ValueAggregate, error) { return a.value(name, "avg") }

// Sum returns a sum result.
func (a Aggregations) Sum(name string) (*ValueAggregate, error) { return a.value(name, "sum") }

// Min returns a min result.
func (a Aggregations) Min(name string) (*ValueAggregate, error) { return a.value(name, "min") }

// Max returns a max result.
func (a Aggregations) Max(name string) (*ValueAggregate, error) { return a.value(name, "max") }

// ValueCount returns a value_count result.
func (a Aggregations) ValueCount(name string) (*ValueAggregate, error) {
	return a.value(name, "value_count")
}

// Cardinality returns a cardinality result.
func (a Aggregations) Cardinality(name string) (*ValueAggregate, error) {
	return a.value(name, "cardinality")
}

// WeightedAvg returns a weighted_avg result.
func (a Aggregations) WeightedAvg(name string) (*ValueAggregate, error) {
	return a.value(name, "weighted_avg")
}

// MedianAbsoluteDeviation returns a median_absolute_deviation result.
func (a Aggregations) MedianAbsoluteDeviation(name string) (*ValueAggregate, error) {
	return a.value(name, "median_absolute_deviation")
}

// SimpleValue returns the result of avg_bucket, sum_bucket, cumulative_sum,
// serial_diff, moving_fn or bucket_script (typed_keys type simple_value).
func (a Aggregations) SimpleValue(name string) (*ValueAggregate, error) {
	return a.value(name, "simple_value")
}

// BucketMetricValue returns the result of min_bucket or max_bucket.
func (a Aggregations) BucketMetricValue(name string) (*ValueAggregate, error) {
	return a.value(name, "bucket_metric_value")
}

// Derivative returns a derivative result.
func (a Aggregations) Derivative(name string) (*ValueAggregate, error) {
	return a.value(name, "derivative")
}

func (a Aggregations) value(name, typ string) (*ValueAggregate, error) {
	return lookup[*ValueAggregate](a, name, typ, kindValue, acceptValue, typ)
}

// Stats returns a stats or stats_bucket result.
func (a Aggregations) Stats(name string) (*StatsAggregate, error) {
	return lookup[*StatsAggregate](a, name, "stats", kindStats, acceptStats, "stats stats_bucket")
}

// ExtendedStats returns an extended_stats or extended_stats_bucket result.
func (a Aggregations) ExtendedStats(name string) (*ExtendedStatsAggregate, error) {
	return lookup[*ExtendedStatsAggregate](a, name, "extended_stats", kindExtStats, acceptExtStats, "extended_stats extended_stats_bucket")
}

// Percentiles returns a percentiles or percentiles_bucket result.
func (a Aggregations) Percentiles(name string) (*PercentilesAggregate, error) {
	return lookup[*PercentilesAggregate](a, name, "percentiles", kindPercentiles, acceptPercentiles, "tdigest_percentiles hdr_percentiles percentiles_bucket")
}

// PercentileRanks returns a percentile_ranks result.
func (a Aggregations) PercentileRanks(name string) (*PercentilesAggregate, error) {
	return lookup[*PercentilesAggregate](a, name, "percentile_ranks", kindPercentiles, acceptPercentiles, "tdigest_percentile_ranks hdr_percentile_ranks")
}

// TopHits returns a top_hits result.
func (a Aggregations) TopHits(name string) (*TopHitsAggregate, error) {
	return lookup[*TopHitsAggregate](a, name, "top_hits", kindTopHits, acceptTopHits, "top_hits")
}

// ScriptedMetric returns a scripted_metric result.
func (a Aggregations) ScriptedMetric(name string) (*ScriptedMetricAggregate, error) {
	return lookup[*ScriptedMetricAggregate](a, name, "scripted_metric", kindScripted, acceptScripted, "scripted_metric")
}

// Path follows a path of names through single-bucket results
// ("by_country>in_stock>avg_price" style, without bucket keys) and returns
// the last one; it is a shortcut for nested filter, nested and global
// aggregations.
func (a Aggregations) Path(path string) (Aggregate, error) {
	parts := strings.Split(path, ">")
	cur := a
	for i, p := range parts {
		n, ok := cur.Entry(p)
		if !ok {
			return nil, &LookupError{Name: strings.Join(parts[:i+1], ">"), Want: "an aggregation"}
		}
		if i == len(parts)-1 {
			return n.Aggregate, nil
		}
		sb, ok := n.Aggregate.(*SingleBucketAggregate)
		if !ok {
			return nil, &LookupError{Name: strings.Join(parts[:i+1], ">"), Want: "a single-bucket aggregation", Got: typeName(n)}
		}
		cur = sb.Aggregations
	}
	return nil, &LookupError{Name: path, Want: "an aggregation"}
}

// hasWord reports whether w is one of the space-separated words of list.
func hasWord(list, w string) bool {
	for list != "" {
		word, rest, _ := strings.Cut(list, " ")
		if word == w {
			return true
		}
		list = rest
	}
	return false
}

func typeName(n Named) string {
	if n.Type != "" {
		return n.Type
	}
	return "untyped"
}
