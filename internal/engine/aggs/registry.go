package aggs

import (
	"slices"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// kind is one aggregation type the parser knows.
type kind struct {
	parse    func(p *parser) (spec, *apierr.Error)
	pipeline bool // runs on the reduced tree
	metric   bool // a metrics aggregation (orders and paths end on one)
	noSubs   bool // takes no sub-aggregations
}

// multiValueMetrics are metrics whose order paths must name a value.
var multiValueMetrics = map[string]bool{"stats": true, "extended_stats": true, "percentiles": true, "percentile_ranks": true}

// metricTypes are the metrics aggregations (an order or path may end on
// one).
var metricTypes = map[string]bool{"avg": true, "sum": true, "min": true, "max": true, "value_count": true, "stats": true,
	"extended_stats": true, "cardinality": true, "percentiles": true, "percentile_ranks": true, "median_absolute_deviation": true,
	"weighted_avg": true, "top_hits": true, "scripted_metric": true, "geo_bounds": true, "geo_centroid": true}

// registry lists every aggregation type of OpenSearch 2.19 and its bundled
// modules; the ones the fake does not compute yet answer 501 with their name.
var registry = map[string]kind{
	"avg":            {parse: parseMetric, metric: true, noSubs: true},
	"sum":            {parse: parseMetric, metric: true, noSubs: true},
	"min":            {parse: parseMetric, metric: true, noSubs: true},
	"max":            {parse: parseMetric, metric: true, noSubs: true},
	"value_count":    {parse: parseMetric, metric: true, noSubs: true},
	"stats":          {parse: parseMetric, metric: true, noSubs: true},
	"extended_stats": {parse: parseMetric, metric: true, noSubs: true},
	"cardinality":    {parse: parseCardinality, metric: true, noSubs: true},
	"terms":          {parse: parseTerms},
	"histogram":      {parse: parseHistogram},
	"date_histogram": {parse: parseDateHistogram},
	"range":          {parse: parseRange},
	"date_range":     {parse: parseRange},
	"filter":         {parse: parseFilter},
	"filters":        {parse: parseFilters},
	"missing":        {parse: parseMissing},
	"global":         {parse: parseGlobal},

	"percentiles":               {parse: parsePercentiles, metric: true, noSubs: true},
	"percentile_ranks":          {parse: parsePercentiles, metric: true, noSubs: true},
	"median_absolute_deviation": {parse: parseMAD, metric: true, noSubs: true},
	"weighted_avg":              {parse: parseWeightedAvg, metric: true, noSubs: true},
	"top_hits":                  {parse: parseTopHits, metric: true, noSubs: true},
	"scripted_metric":           {parse: parseScriptedMetric, metric: true, noSubs: true},

	// Not computed yet.
	"geo_bounds": {parse: parseGeoBounds, metric: true, noSubs: true}, "geo_centroid": {parse: parseGeoCentroid, metric: true, noSubs: true},
	"matrix_stats": {parse: parseMatrixStats, metric: true, noSubs: true},
	"multi_terms":  {parse: parseMultiTerms}, "auto_date_histogram": {parse: parseAutoDate}, "variable_width_histogram": {parse: parseVarWidth},
	"nested": {parse: parseNested}, "reverse_nested": {parse: parseReverseNested}, "composite": {parse: parseComposite},
	"significant_terms": {parse: parseSigTerms}, "significant_text": {parse: parseSigText}, "sampler": {parse: parseSampler},
	"diversified_sampler": {parse: parseDiversifiedSampler}, "rare_terms": {parse: parseRareTerms}, "adjacency_matrix": {parse: parseAdjacency},
	"ip_range": {parse: parseIPRange}, "geo_distance": {parse: parseGeoDistance}, "geohash_grid": {parse: parseGeoGrid},
	"geotile_grid": {parse: parseGeoGrid}, "children": {parse: parseJoinAgg("children")}, "parent": {parse: parseJoinAgg("parent")},

	"avg_bucket": {parse: parseBucketMetrics, pipeline: true}, "sum_bucket": {parse: parseBucketMetrics, pipeline: true},
	"min_bucket": {parse: parseBucketMetrics, pipeline: true}, "max_bucket": {parse: parseBucketMetrics, pipeline: true},
	"stats_bucket": {parse: parseBucketMetrics, pipeline: true}, "extended_stats_bucket": {parse: parseBucketMetrics, pipeline: true},
	"percentiles_bucket": {parse: parseBucketMetrics, pipeline: true}, "derivative": {parse: parseDerivative, pipeline: true},
	"cumulative_sum": {parse: parseCumulativeSum, pipeline: true}, "moving_fn": {parse: parseMovingFn, pipeline: true},
	"moving_avg": {parse: parseMovingAvg, pipeline: true}, "serial_diff": {parse: parseSerialDiff, pipeline: true},
	"bucket_script": {parse: parseBucketScript, pipeline: true}, "bucket_selector": {parse: parseBucketSelector, pipeline: true},
	"bucket_sort": {parse: parseBucketSort, pipeline: true},
}

func unsupported(p *parser) (spec, *apierr.Error) {
	return nil, apierr.Unsupported("the [" + p.agg.Type + "] aggregation")
}

func sortOrds(o []uint32) { slices.Sort(o) }
