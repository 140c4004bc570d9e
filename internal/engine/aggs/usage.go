package aggs

import "sort"

// Values source type names (CoreValuesSourceType.typeName) and the "other"
// subtype AggregationUsageService gives aggregations that register without
// one.
const (
	useNumeric  = "numeric"
	useBytes    = "bytes"
	useGeoPoint = "geo_point"
	useGeoShape = "geo_shape"
	useRange    = "range"
	useIP       = "ip"
	useDate     = "date"
	useBoolean  = "boolean"
	useOther    = "other"
)

// allCore is CoreValuesSourceType.ALL_CORE in 2.19.
var allCore = []string{useNumeric, useBytes, useGeoPoint, useGeoShape, useRange, useIP, useDate, useBoolean}

// numericDateBool is the NUMERIC, DATE, BOOLEAN trio most metrics register.
var numericDateBool = []string{useNumeric, useDate, useBoolean}

// termsTypes are the values sources the terms family registers: BYTES and IP
// through the bytes supplier, DATE, BOOLEAN and NUMERIC through the numeric one.
var termsTypes = []string{useBytes, useIP, useDate, useBoolean, useNumeric}

// usageTypes is what each aggregation of a 2.19 node (server and its bundled
// geo, aggs-matrix-stats and parent-join modules) registers with the
// AggregationUsageService: the values source types of its
// ValuesSourceRegistry registrations made with registerUsage, or "other"
// for the aggregations that register none. Pipeline aggregations register
// no usage.
var usageTypes = map[string][]string{
	"avg":                       numericDateBool,
	"weighted_avg":              {useNumeric},
	"sum":                       numericDateBool,
	"min":                       numericDateBool,
	"max":                       numericDateBool,
	"stats":                     numericDateBool,
	"extended_stats":            numericDateBool,
	"value_count":               allCore,
	"percentiles":               numericDateBool,
	"percentile_ranks":          numericDateBool,
	"median_absolute_deviation": {useNumeric},
	"cardinality":               allCore,
	"global":                    {useOther},
	"missing":                   allCore,
	"filter":                    {useOther},
	"filters":                   {useOther},
	"adjacency_matrix":          {useOther},
	"sampler":                   {useOther},
	"diversified_sampler":       {useNumeric, useDate, useBoolean, useBytes},
	"terms":                     termsTypes,
	"rare_terms":                termsTypes,
	"significant_terms":         termsTypes,
	"significant_text":          {useOther},
	"range":                     numericDateBool,
	"date_range":                numericDateBool,
	"ip_range":                  {useIP},
	"histogram":                 {useRange, useNumeric, useDate, useBoolean},
	"date_histogram":            {useDate, useNumeric, useBoolean, useRange},
	"auto_date_histogram":       {useDate, useNumeric, useBoolean},
	"variable_width_histogram":  {useNumeric},
	"geo_distance":              {useGeoPoint},
	"nested":                    {useOther},
	"reverse_nested":            {useOther},
	"top_hits":                  {useOther},
	"geo_centroid":              {useGeoPoint},
	"scripted_metric":           {useOther},
	"composite":                 {useOther},
	// MultiTermsAggregationFactory registers its types and, besides, the
	// plain usage.
	"multi_terms": {useBytes, useIP, useNumeric, useBoolean, useDate, useOther},
	// The geo module.
	"geo_bounds":   {useGeoPoint, useGeoShape},
	"geohash_grid": {useGeoPoint, useGeoShape},
	"geotile_grid": {useGeoPoint, useGeoShape},
	"matrix_stats": {useOther}, // aggs-matrix-stats
	"children":     {useOther}, // parent-join
	"parent":       {useOther},
}

// Usage is one aggregation of the nodes info aggregations section.
type Usage struct {
	Name  string
	Types []string
}

// UsageInfo lists the aggregations a node registers with the values source
// types each supports, as AggregationInfo holds them: names and types in
// natural String order (its TreeMap and TreeSets).
func UsageInfo() []Usage {
	out := make([]Usage, 0, len(usageTypes))
	for name, types := range usageTypes {
		t := append([]string(nil), types...)
		sort.Strings(t)
		out = append(out, Usage{Name: name, Types: t})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
