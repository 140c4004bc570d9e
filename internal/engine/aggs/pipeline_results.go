package aggs

import (
	"math"
	"slices"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/javafmt"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// simpleValue is InternalSimpleValue: avg_bucket, sum_bucket,
// cumulative_sum, serial_diff, bucket_script and moving_fn results.
type simpleValue struct {
	v      float64
	format docFormat
}

func (r *simpleValue) typeName() string { return "simple_value" }

// reduce is never called: pipeline results exist only after the reduce.
func (r *simpleValue) reduce([]result, *reduceCtx) (result, *apierr.Error) { return r, nil }

func (r *simpleValue) render(*renderCtx) jsonout.Object { return renderSimple(r.v, r.format) }

func renderSimple(v float64, f docFormat) jsonout.Object {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return jsonout.Object{{Key: "value", Value: nil}}
	}
	out := jsonout.Object{{Key: "value", Value: double(v)}}
	if !f.raw() {
		out = append(out, jsonout.Field{Key: "value_as_string", Value: f.double(v)})
	}
	return out
}

func (r *simpleValue) property(name string) (float64, bool) {
	return r.v, name == "" || name == "value"
}

// bucketMetricValue is InternalBucketMetricValue: min_bucket and max_bucket,
// with the keys of the buckets holding the value.
type bucketMetricValue struct {
	v      float64
	keys   []string
	format docFormat
}

func (r *bucketMetricValue) typeName() string { return "bucket_metric_value" }

func (r *bucketMetricValue) reduce([]result, *reduceCtx) (result, *apierr.Error) { return r, nil }

func (r *bucketMetricValue) render(*renderCtx) jsonout.Object {
	var out jsonout.Object
	if math.IsInf(r.v, 0) {
		out = jsonout.Object{{Key: "value", Value: nil}}
	} else {
		out = jsonout.Object{{Key: "value", Value: double(r.v)}}
		if !r.format.raw() {
			out = append(out, jsonout.Field{Key: "value_as_string", Value: r.format.double(r.v)})
		}
	}
	keys := make([]any, len(r.keys))
	for i, k := range r.keys {
		keys[i] = k
	}
	return append(out, jsonout.Field{Key: "keys", Value: keys})
}

func (r *bucketMetricValue) property(name string) (float64, bool) {
	return r.v, name == "" || name == "value"
}

// statsBucket is InternalStatsBucket or InternalExtendedStatsBucket: the
// stats of the bucket values, printed as stats and extended_stats are.
type statsBucket struct {
	statsResult
	typ string
}

func (r *statsBucket) typeName() string { return r.typ }

func (r *statsBucket) reduce([]result, *reduceCtx) (result, *apierr.Error) { return r, nil }

func (r *statsBucket) render(*renderCtx) jsonout.Object { return r.renderStats() }

// percentilesBucket is InternalPercentilesBucket.
type percentilesBucket struct {
	percents, values []float64
	keyed            bool
	format           docFormat
}

// newPercentilesBucket picks each percentile as the sorted value at
// round(p/100 * (n-1)) (PercentilesBucketPipelineAggregator).
func newPercentilesBucket(s *bucketMetricsSpec, data []float64) *percentilesBucket {
	slices.SortFunc(data, compareDoubles)
	r := &percentilesBucket{percents: s.percents, values: make([]float64, len(s.percents)), keyed: s.keyed, format: s.format}
	for i, p := range s.percents {
		if len(data) == 0 {
			r.values[i] = math.NaN()
			continue
		}
		r.values[i] = data[int(math.Floor(p/100*float64(len(data)-1)+0.5))]
	}
	return r
}

func (r *percentilesBucket) typeName() string { return "percentiles_bucket" }

func (r *percentilesBucket) reduce([]result, *reduceCtx) (result, *apierr.Error) { return r, nil }

func (r *percentilesBucket) render(*renderCtx) jsonout.Object {
	if r.keyed {
		values := jsonout.Object{}
		for i, p := range r.percents {
			key := javafmt.Double(p)
			v := r.values[i]
			if math.IsNaN(v) || math.IsInf(v, 0) {
				values = append(values, jsonout.Field{Key: key, Value: nil})
				continue
			}
			values = append(values, jsonout.Field{Key: key, Value: double(v)})
			if !r.format.raw() {
				values = append(values, jsonout.Field{Key: key + "_as_string", Value: r.format.double(v)})
			}
		}
		return jsonout.Object{{Key: "values", Value: values}}
	}
	list := make([]any, 0, len(r.percents))
	for i, p := range r.percents {
		v := r.values[i]
		o := jsonout.Object{{Key: "key", Value: double(p)}}
		if math.IsNaN(v) || math.IsInf(v, 0) {
			list = append(list, append(o, jsonout.Field{Key: "value", Value: nil}))
			continue
		}
		o = append(o, jsonout.Field{Key: "value", Value: double(v)})
		if !r.format.raw() {
			o = append(o, jsonout.Field{Key: javafmt.Double(p) + "_as_string", Value: r.format.double(v)})
		}
		list = append(list, o)
	}
	return jsonout.Object{{Key: "values", Value: list}}
}

// property is value(name): the percentile of the percent name parses to.
func (r *percentilesBucket) property(name string) (float64, bool) {
	p, err := strconv.ParseFloat(name, 64)
	if err != nil {
		return 0, false
	}
	for i, x := range r.percents {
		if x == p {
			return r.values[i], true
		}
	}
	return 0, false
}
