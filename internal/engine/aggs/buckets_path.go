package aggs

import (
	"math"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/javafmt"
)

// aggPathElem is one element of a buckets_path as AggregationPath.parse
// reads it: "name", "name[key]" or, on the last element, "name.key". The
// key keeps its quotes: "terms['a']" names the bucket whose key is a, an
// unquoted key is looked up as a sub-aggregation name.
type aggPathElem struct {
	full, name, key string
	hasKey          bool
}

// parseAggPath splits a buckets_path on '>' (trimmed, empty parts dropped,
// as Strings.tokenizeToStringArray does) and reads each element.
func parseAggPath(path string) ([]aggPathElem, *apierr.Error) {
	var parts []string
	for _, p := range strings.Split(path, ">") {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 {
		return nil, apierr.IllegalArgument("Invalid path []")
	}
	out := make([]aggPathElem, 0, len(parts))
	bad := func(e string) *apierr.Error {
		return aggExec("Invalid path element [%s] in path [%s]", e, path)
	}
	for i, e := range parts {
		if j := strings.LastIndexByte(e, '['); j >= 0 {
			if j == 0 || j > len(e)-3 || e[len(e)-1] != ']' {
				return nil, bad(e)
			}
			out = append(out, aggPathElem{full: e, name: e[:j], key: e[j+1 : len(e)-1], hasKey: true})
			continue
		}
		if i < len(parts)-1 {
			out = append(out, aggPathElem{full: e, name: e})
			continue
		}
		j := strings.LastIndexByte(e, '.')
		if j < 0 {
			out = append(out, aggPathElem{full: e, name: e})
			continue
		}
		if j == 0 || j > len(e)-2 {
			return nil, bad(e)
		}
		out = append(out, aggPathElem{full: e, name: e[:j], key: e[j+1:], hasKey: true})
	}
	return out, nil
}

// pathStrings is getPathElementsAsStringList: each name, then its key.
func pathStrings(elems []aggPathElem) []string {
	out := make([]string, 0, len(elems)*2)
	for _, e := range elems {
		out = append(out, e.name)
		if e.hasKey {
			out = append(out, e.key)
		}
	}
	return out
}

// gapPolicy is BucketHelpers.GapPolicy: what a bucket without a value
// gives (OpenSearch 2.19 has no keep_values).
type gapPolicy uint8

const (
	gapSkip gapPolicy = iota
	gapInsertZeros
)

// parseGapPolicy reads a gap_policy name; the error is the ParsingException
// GapPolicy.parse throws.
func parseGapPolicy(text string, line, col int) (gapPolicy, *apierr.Error) {
	switch text {
	case "skip":
		return gapSkip, nil
	case "insert_zeros":
		return gapInsertZeros, nil
	}
	return 0, parseErr(line, col, "Invalid gap policy: [%s], accepted values: [insert_zeros, skip]", text)
}

// propKind is what getProperty gave.
type propKind uint8

const (
	propNum    propKind = iota // a Number (doc count, numeric key, metric value)
	propResult                 // an aggregation result
	propOther                  // anything else: class names the Java type
)

// prop is the value of InternalBucket.getProperty / InternalAggregation.getProperty.
type prop struct {
	kind  propKind
	num   float64
	res   result
	class string
}

// pathInvalid marks an InvalidAggregationPathException: the pipeline sees
// null for the bucket (resolveBucketValue catches it).
type pathInvalid struct{}

// bucketProp walks path from a bucket of the multi-bucket aggregation named
// containing, as InternalMultiBucketAggregation.InternalBucket.getProperty.
func bucketProp(containing string, b *pipeBucket, path []string) (prop, *pathInvalid, *apierr.Error) {
	if len(path) == 0 {
		return prop{kind: propOther, class: "Bucket"}, nil, nil
	}
	switch path[0] {
	case "_count":
		if len(path) > 1 {
			return prop{}, &pathInvalid{}, nil
		}
		return prop{kind: propNum, num: float64(b.docCount)}, nil, nil
	case "_key":
		if len(path) > 1 {
			return prop{}, &pathInvalid{}, nil
		}
		return keyProp(b.key), nil, nil
	}
	n, ok := b.subs.get(path[0])
	if !ok {
		return prop{}, &pathInvalid{}, nil
	}
	return resultProp(n, path[1:])
}

// keyProp is a bucket's getKey(): numbers are Numbers, the rest keep their
// Java class for the error message.
func keyProp(k any) prop {
	switch k := k.(type) {
	case int64:
		return prop{kind: propNum, num: float64(k)}
	case float64:
		return prop{kind: propNum, num: k}
	case dateKey:
		return prop{kind: propOther, class: "ZonedDateTime"}
	}
	return prop{kind: propOther, class: "String"}
}

// resultProp walks path into an aggregation result (getProperty(path)).
func resultProp(n named, path []string) (prop, *pathInvalid, *apierr.Error) {
	if len(path) == 0 {
		return prop{kind: propResult, res: n.res}, nil, nil
	}
	switch r := n.res.(type) {
	case multiBucketResult:
		if path[0] == "_bucket_count" {
			return prop{kind: propNum, num: float64(len(r.pipeBuckets()))}, nil, nil
		}
		if k := path[0]; len(k) >= 2 && k[0] == '\'' && k[len(k)-1] == '\'' {
			bs := r.pipeBuckets()
			for i := range bs {
				if bs[i].keyString() == k[1:len(k)-1] {
					return bucketProp(n.agg.Name, &bs[i], path[1:])
				}
			}
			return prop{}, &pathInvalid{}, nil
		}
		// every bucket's property: an Object[] no pipeline can use
		return prop{kind: propOther, class: "Object[]"}, nil, nil
	case singleBucketResult:
		if path[0] == "_count" {
			if len(path) > 1 {
				return prop{}, &pathInvalid{}, nil
			}
			return prop{kind: propNum, num: float64(r.docCountOf())}, nil, nil
		}
		sub, ok := r.subsOf().get(path[0])
		if !ok {
			return prop{}, &pathInvalid{}, nil
		}
		return resultProp(sub, path[1:])
	}
	notSupported := apierr.IllegalArgument("path not supported for [%s]: [%s]", n.agg.Name, strings.Join(path, ", "))
	m, ok := n.res.(metricResult)
	switch {
	case !ok || len(path) > 1:
		return prop{}, nil, notSupported
	case singleValueTypes[n.res.typeName()]:
		name := path[0]
		if name != "value" && !(name == "normalized_value" && n.res.typeName() == "derivative") {
			return prop{}, nil, notSupported
		}
		if name == "value" {
			name = ""
		}
		v, _ := m.property(name)
		return prop{kind: propNum, num: v}, nil, nil
	case multiValueTypes[n.res.typeName()]:
		if v, ok := m.property(path[0]); ok {
			return prop{kind: propNum, num: v}, nil, nil
		}
		return prop{}, nil, unknownMetricName(n, path[0])
	}
	return prop{}, nil, notSupported
}

// unknownMetricName is the error value(name) of a multi-value metric throws
// for a name it does not have.
func unknownMetricName(n named, name string) *apierr.Error {
	switch n.res.typeName() {
	case "stats", "stats_bucket":
		return apierr.IllegalArgument("No enum constant org.opensearch.search.aggregations.metrics.InternalStats.Metrics.%s", name)
	case "extended_stats", "extended_stats_bucket":
		return apierr.IllegalArgument("No enum constant org.opensearch.search.aggregations.metrics.InternalExtendedStats.Metrics.%s", name)
	case "percentiles_bucket":
		if _, err := strconv.ParseFloat(name, 64); err != nil {
			return numberFormat(name)
		}
		pb := n.res.(*percentilesBucket)
		list := make([]string, len(pb.percents))
		for i, p := range pb.percents {
			list[i] = javafmt.Double(p)
		}
		p, _ := strconv.ParseFloat(name, 64)
		return apierr.IllegalArgument("Percent requested [%s] was not one of the computed percentiles.  Available keys are: [%s]", javafmt.Double(p), strings.Join(list, ", "))
	}
	return apierr.IllegalArgument("path not supported for [%s]: [%s]", n.agg.Name, name)
}

// singleValueTypes are the results that are
// InternalNumericMetricsAggregation.SingleValue (a path may end on them).
var singleValueTypes = map[string]bool{"avg": true, "sum": true, "min": true, "max": true, "value_count": true,
	"cardinality": true, "median_absolute_deviation": true, "weighted_avg": true, "simple_value": true,
	"derivative": true, "bucket_metric_value": true}

// multiValueTypes are the InternalNumericMetricsAggregation.MultiValue
// results: a path must name one of their values.
var multiValueTypes = map[string]bool{"stats": true, "extended_stats": true, "tdigest_percentiles": true,
	"hdr_percentiles": true, "tdigest_percentile_ranks": true, "hdr_percentile_ranks": true,
	"stats_bucket": true, "extended_stats_bucket": true, "percentiles_bucket": true}

// resolveBucketValue is BucketHelpers.resolveBucketValue: the number path
// names in a bucket, with the gap policy applied to empty buckets and
// non-finite values. ok is false where Java returns null (a path that
// does not resolve in this bucket).
func resolveBucketValue(agg *Agg, b *pipeBucket, path []string, gap gapPolicy) (v float64, ok bool, err *apierr.Error) {
	p, invalid, err := bucketProp(agg.Name, b, path)
	if err != nil {
		return 0, false, err
	}
	if invalid != nil {
		return 0, false, nil
	}
	switch {
	case p.kind == propNum:
		v = p.num
	case p.kind == propResult && singleValueTypes[p.res.typeName()]:
		m, isMetric := p.res.(metricResult)
		if !isMetric {
			return 0, false, resolutionError(agg, path, p)
		}
		v, _ = m.property("")
	default:
		return 0, false, resolutionError(agg, path, p)
	}
	docCountPath := len(path) == 1 && path[0] == "_count"
	if math.IsInf(v, 0) || math.IsNaN(v) || (b.docCount == 0 && !docCountPath) {
		if gap == gapInsertZeros {
			return 0, true, nil
		}
		return math.NaN(), true, nil
	}
	return v, true, nil
}

// resolutionError is BucketHelpers.formatResolutionError.
func resolutionError(agg *Agg, path []string, p prop) *apierr.Error {
	const prefix = "buckets_path must reference either a number value or a single value numeric metric aggregation"
	name := agg.Name
	if len(path) > 0 {
		name = path[0]
		if p.kind == propResult && multiValueTypes[p.res.typeName()] {
			return aggExec("%s, but [%s] contains multiple values. Please specify which to use.", prefix, name)
		}
	}
	class := p.class
	if p.kind == propResult {
		class = javaClass(p.res)
	}
	return aggExec("%s, got: [%s] at aggregation [%s]", prefix, class, name)
}

// javaClass is the simple class name of a result, as error messages print
// getClass().getSimpleName().
func javaClass(r result) string {
	switch r := r.(type) {
	case *termsResult:
		switch {
		case r.unmapped:
			return "UnmappedTerms"
		case r.kind == keyLong:
			return "LongTerms"
		case r.kind == keyDouble:
			return "DoubleTerms"
		}
		return "StringTerms"
	}
	if c, ok := resultClasses[r.typeName()]; ok {
		return c
	}
	// Internal + the type in camel case (InternalFilters, InternalAvg, ...)
	var b strings.Builder
	b.WriteString("Internal")
	for _, part := range strings.Split(r.typeName(), "_") {
		if part != "" {
			b.WriteString(strings.ToUpper(part[:1]) + part[1:])
		}
	}
	return b.String()
}

// resultClasses are the class names javaClass cannot derive from the type.
var resultClasses = map[string]string{
	"tdigest_percentiles": "InternalTDigestPercentiles", "hdr_percentiles": "InternalHDRPercentiles",
	"tdigest_percentile_ranks": "InternalTDigestPercentileRanks", "hdr_percentile_ranks": "InternalHDRPercentileRanks",
	"date_histogram": "InternalDateHistogram", "auto_date_histogram": "InternalAutoDateHistogram",
	"sterms": "StringTerms", "lterms": "LongTerms", "dterms": "DoubleTerms",
}
