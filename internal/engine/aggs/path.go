package aggs

import (
	"math"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// pathElem is one step of an AggregationPath: "name", "name[key]" or
// "name.metric" (the metric only on the last step).
type pathElem struct {
	name, key, metric string
}

// parsePath reads an aggregation path such as "sale_type['hat']>sales.avg"
// or "_count", as AggregationPath.parse does.
func parsePath(s string) ([]pathElem, *apierr.Error) {
	if s == "" {
		return nil, apierr.IllegalArgument("Invalid path [%s]", s)
	}
	parts := strings.Split(s, ">")
	out := make([]pathElem, 0, len(parts))
	for i, p := range parts {
		if p == "" {
			return nil, apierr.IllegalArgument("Invalid path [%s]", s)
		}
		var e pathElem
		if j := strings.IndexByte(p, '['); j >= 0 && strings.HasSuffix(p, "]") {
			e.name, e.key = p[:j], strings.Trim(p[j+1:len(p)-1], `'"`)
		} else if i == len(parts)-1 {
			if j := strings.IndexByte(p, '.'); j >= 0 {
				e.name, e.metric = p[:j], p[j+1:]
			} else {
				e.name = p
			}
		} else {
			e.name = p
		}
		out = append(out, e)
	}
	return out, nil
}

// metricResult is a result with named numeric properties (a metric):
// property("") is its single value.
type metricResult interface {
	property(name string) (float64, bool)
}

// singleBucketResult is filter, missing, global, nested and the other
// aggregations with one bucket.
type singleBucketResult interface {
	docCountOf() int64
	subsOf() aggList
}

// resolvePath reads a numeric value under a bucket's sub-aggregations, as
// InternalMultiBucketAggregation.InternalBucket.getProperty does: "_count"
// is the doc count, "_key" the key (numeric keys only).
func resolvePath(docCount int64, subs aggList, path []pathElem) (float64, *apierr.Error) {
	if len(path) == 1 && path[0].metric == "" {
		switch path[0].name {
		case "_count":
			return float64(docCount), nil
		}
	}
	e := path[0]
	n, ok := subs.get(e.name)
	if !ok {
		return math.NaN(), apierr.IllegalArgument("No aggregation found for path [%s]", e.name)
	}
	if len(path) > 1 {
		if sb, ok := n.res.(singleBucketResult); ok {
			return resolvePath(sb.docCountOf(), sb.subsOf(), path[1:])
		}
		return math.NaN(), apierr.IllegalArgument("No aggregation found for path [%s]", e.name)
	}
	if sb, ok := n.res.(singleBucketResult); ok {
		if e.metric == "" || e.metric == "_count" || e.metric == "doc_count" {
			return float64(sb.docCountOf()), nil
		}
	}
	if m, ok := n.res.(metricResult); ok {
		if v, ok := m.property(e.metric); ok {
			return v, nil
		}
		if e.metric == "" {
			return math.NaN(), apierr.IllegalArgument("No aggregation found for path [%s]", e.name)
		}
		return math.NaN(), apierr.IllegalArgument("path not supported for [%s]: [%s]", e.name, e.metric)
	}
	return math.NaN(), apierr.IllegalArgument("No aggregation found for path [%s]", e.name)
}

// property implements metricResult for avg, sum, min, max and the stats.
func (r *statsResult) property(name string) (float64, bool) {
	st := &r.st
	switch r.kind {
	case "avg", "sum", "min", "max":
		if name != "" && name != "value" {
			return 0, false
		}
		v, ok := r.value()
		if !ok {
			if r.kind == "avg" {
				return math.NaN(), true
			}
			return v, true
		}
		return v, true
	}
	avg := st.sum.value / float64(st.count)
	switch name {
	case "count":
		return float64(st.count), true
	case "min":
		return st.min, true
	case "max":
		return st.max, true
	case "avg":
		return avg, true
	case "sum":
		return st.sum.value, true
	}
	if r.kind == "extended_stats" {
		switch name {
		case "sum_of_squares":
			return st.sumSq.value, true
		case "variance", "variance_population":
			return r.variance(false), true
		case "variance_sampling":
			return r.variance(true), true
		case "std_deviation", "std_deviation_population":
			return math.Sqrt(r.variance(false)), true
		case "std_deviation_sampling":
			return math.Sqrt(r.variance(true)), true
		case "std_upper":
			return avg + math.Sqrt(r.variance(false))*r.sigma, true
		case "std_lower":
			return avg - math.Sqrt(r.variance(false))*r.sigma, true
		}
	}
	return 0, false
}

// property implements metricResult for value_count.
func (r *valueCountResult) property(name string) (float64, bool) {
	if name != "" && name != "value" {
		return 0, false
	}
	return float64(r.count), true
}
