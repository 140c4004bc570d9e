package aggs

import (
	"math"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// pipeFields are the options most pipelines share.
type pipeFields struct {
	pipeNoCollect
	paths  []string
	gap    gapPolicy
	format docFormat // RAW, or a DecimalFormat pattern
}

func (f *pipeFields) bucketsPaths() []string { return f.paths }

func decimalFormat(pattern string) docFormat { return docFormat{kind: fmtDecimal, pattern: pattern} }

// bucketMetricsSpec is avg_bucket, sum_bucket, min_bucket, max_bucket,
// stats_bucket, extended_stats_bucket or percentiles_bucket: a sibling
// pipeline over the buckets of one multi-bucket aggregation.
type bucketMetricsSpec struct {
	pipeFields
	kind     string
	sigma    float64   // extended_stats_bucket
	percents []float64 // percentiles_bucket
	keyed    bool
}

// parseBucketMetrics reads the body as BucketMetricsParser does: strings
// format, buckets_path and gap_policy, a buckets_path array (only its first
// path is used), and the type's own fields; anything else is "Unexpected
// token".
func parseBucketMetrics(p *parser) (spec, *apierr.Error) {
	s := &bucketMetricsSpec{kind: p.agg.Type, sigma: 2, percents: defaultPercents, keyed: true}
	var paths []string
	for i := range p.v.Members {
		m := &p.v.Members[i]
		v := &m.Value
		switch {
		case v.Kind == xcontent.String && m.Key == "format":
			s.format = decimalFormat(v.Str)
		case v.Kind == xcontent.String && m.Key == "buckets_path":
			paths = []string{v.Str}
		case v.Kind == xcontent.String && m.Key == "gap_policy":
			g, err := parseGapPolicy(v.Str, v.Line, v.Col)
			if err != nil {
				return nil, err
			}
			s.gap = g
		case v.Kind == xcontent.Array && m.Key == "buckets_path":
			paths = arrayTexts(v)
		default:
			ok, err := s.parseOwn(p, m)
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, parseErr(v.Line, v.Col, "Unexpected token %s [%s] in [%s]", v.Token(), m.Key, p.agg.Name)
			}
		}
	}
	if paths == nil {
		return nil, parseErr(p.v.EndLine, p.v.EndCol, "Missing required field [buckets_path] for aggregation [%s]", p.agg.Name)
	}
	if len(paths) == 0 {
		return nil, outOfBounds()
	}
	s.paths = paths[:1]
	// the builder's setters check what the parser read
	for _, f := range s.percents {
		if f < 0 || f > 100 {
			return nil, apierr.IllegalArgument("percents must only contain non-null doubles from 0.0-100.0 inclusive")
		}
	}
	if s.sigma < 0 {
		return nil, apierr.IllegalArgument("sigma must be a non-negative double")
	}
	return s, nil
}

// outOfBounds is Java's answer to bucketsPaths[0] of an empty array.
func outOfBounds() *apierr.Error {
	e := apierr.New("array_index_out_of_bounds_exception", "Index 0 out of bounds for length 0")
	e.Status = 500
	return e
}

// arrayTexts reads an array of strings as parser.text() does item by item.
func arrayTexts(v *xcontent.Value) []string {
	out := make([]string, 0, len(v.Items))
	for i := range v.Items {
		out = append(out, v.Items[i].Text())
	}
	return out
}

// parseOwn reads the fields of extended_stats_bucket (sigma) and
// percentiles_bucket (percents, keyed).
func (s *bucketMetricsSpec) parseOwn(p *parser, m *xcontent.Member) (bool, *apierr.Error) {
	v := &m.Value
	switch {
	case s.kind == "extended_stats_bucket" && m.Key == "sigma" && v.Kind == xcontent.Number:
		s.sigma, _ = v.Float64()
	case s.kind == "percentiles_bucket" && m.Key == "percents" && v.Kind == xcontent.Array:
		s.percents = make([]float64, 0, len(v.Items))
		for i := range v.Items {
			it := &v.Items[i]
			if it.Kind != xcontent.Number && it.Kind != xcontent.String {
				return true, parseErr(it.Line, it.Col, "Current token (%s) not numeric, can not use numeric value accessors", it.Token())
			}
			// doubleValue() coerces numeric strings
			f, err := strconv.ParseFloat(strings.TrimSpace(it.Text()), 64)
			if err != nil {
				return true, numberFormat(it.Text())
			}
			s.percents = append(s.percents, f)
		}
	case s.kind == "percentiles_bucket" && m.Key == "keyed" && v.Kind == xcontent.Bool:
		s.keyed = v.Bool
	default:
		return false, nil
	}
	return true, nil
}

// validate is BucketMetricsPipelineAggregationBuilder.validate: the path
// must start at a multi-bucket sibling.
func (s *bucketMetricsSpec) validate(vc *validationCtx, a *Agg) {
	path := s.paths[0]
	first := path
	if i := strings.IndexAny(path, ">."); i >= 0 {
		first = path[:i]
	}
	var sib *Agg
	for _, x := range vc.siblings {
		if x.Name == first {
			sib = x
			break
		}
	}
	if sib == nil {
		vc.add("buckets_path aggregation does not exist for aggregation [%s]: %s", a.Name, path)
		return
	}
	if !manyBucketTypes[sib.Type] {
		vc.add("The first aggregation in buckets_path must be a multi-bucket aggregation for aggregation [%s] found :%s for buckets path: %s", a.Name, builderClass(sib.Type), path)
	}
}

// manyBucketTypes are the aggregations of BucketCardinality.MANY.
var manyBucketTypes = map[string]bool{"terms": true, "histogram": true, "date_histogram": true, "range": true,
	"date_range": true, "filters": true, "multi_terms": true, "auto_date_histogram": true, "variable_width_histogram": true,
	"composite": true, "significant_terms": true, "significant_text": true, "rare_terms": true, "adjacency_matrix": true,
	"ip_range": true, "geo_distance": true, "geohash_grid": true, "geotile_grid": true}

// builderClass is the AggregationBuilder class a validation message names.
func builderClass(typ string) string {
	const pkg = "org.opensearch.search.aggregations."
	switch typ {
	case "filter":
		return pkg + "bucket.filter.FilterAggregationBuilder"
	case "missing":
		return pkg + "bucket.missing.MissingAggregationBuilder"
	case "global":
		return pkg + "bucket.global.GlobalAggregationBuilder"
	case "nested":
		return pkg + "bucket.nested.NestedAggregationBuilder"
	case "reverse_nested":
		return pkg + "bucket.nested.ReverseNestedAggregationBuilder"
	case "sampler":
		return pkg + "bucket.sampler.SamplerAggregationBuilder"
	case "diversified_sampler":
		return pkg + "bucket.sampler.DiversifiedAggregationBuilder"
	case "children":
		return "org.opensearch.join.aggregations.ChildrenAggregationBuilder"
	case "parent":
		return "org.opensearch.join.aggregations.ParentAggregationBuilder"
	case "matrix_stats":
		return pkg + "matrix.stats.MatrixStatsAggregationBuilder"
	}
	var b strings.Builder
	for _, part := range strings.Split(typ, "_") {
		if part != "" {
			b.WriteString(strings.ToUpper(part[:1]) + part[1:])
		}
	}
	return pkg + "metrics." + b.String() + "AggregationBuilder"
}

// bucketValues collects the values the path names in the buckets of the
// level's aggregation it starts at (BucketMetricsPipelineAggregator
// .doReduce): NaN and unresolved values are left out.
func bucketValues(path string, gap gapPolicy, level aggList, fn func(key string, v float64)) *apierr.Error {
	elems, err := parseAggPath(path)
	if err != nil {
		return err
	}
	strs := pathStrings(elems)
	for _, n := range level {
		if n.agg.Name != strs[0] {
			continue
		}
		mb, err := multiBucketOf(n.agg, n.res)
		if err != nil {
			return err
		}
		bs := mb.pipeBuckets()
		for i := range bs {
			v, ok, err := resolveBucketValue(n.agg, &bs[i], strs[1:], gap)
			if err != nil {
				return err
			}
			if ok && !math.IsNaN(v) {
				fn(bs[i].keyString(), v)
			}
		}
	}
	return nil
}

func (s *bucketMetricsSpec) sibling(a *Agg, level aggList) (result, *apierr.Error) {
	var (
		count      int64
		sum, sumSq float64
		min, max   = math.Inf(1), math.Inf(-1)
		keys       []string
		data       []float64
	)
	err := bucketValues(s.paths[0], s.gap, level, func(key string, v float64) {
		switch s.kind {
		case "min_bucket":
			if v < min {
				min, keys = v, append(keys[:0], key)
			} else if v == min {
				keys = append(keys, key)
			}
			return
		case "max_bucket":
			if v > max {
				max, keys = v, append(keys[:0], key)
			} else if v == max {
				keys = append(keys, key)
			}
			return
		case "percentiles_bucket":
			data = append(data, v)
			return
		}
		count++
		sum += v
		sumSq += v * v
		min, max = math.Min(min, v), math.Max(max, v)
	})
	if err != nil {
		return nil, err
	}
	switch s.kind {
	case "avg_bucket":
		return &simpleValue{v: sum / float64(count), format: s.format}, nil
	case "sum_bucket":
		return &simpleValue{v: sum, format: s.format}, nil
	case "min_bucket":
		return &bucketMetricValue{v: min, keys: keys, format: s.format}, nil
	case "max_bucket":
		return &bucketMetricValue{v: max, keys: keys, format: s.format}, nil
	case "percentiles_bucket":
		return newPercentilesBucket(s, data), nil
	}
	st := stats{count: count, sum: compensatedSum{value: sum}, sumSq: compensatedSum{value: sumSq}, min: min, max: max}
	if s.kind == "stats_bucket" {
		return &statsBucket{statsResult{kind: "stats", st: st, format: s.format}, s.kind}, nil
	}
	return &statsBucket{statsResult{kind: "extended_stats", st: st, format: s.format, sigma: s.sigma}, s.kind}, nil
}
