package aggs

import (
	"math"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// handParsed reads the fields of the pipelines whose builders parse by hand
// (derivative, serial_diff, bucket_selector): fn gets every member and
// reports whether it took it; the rest are "Unknown key" for strings,
// arrays and objects, "Unexpected token" otherwise.
func handParsed(p *parser, fn func(m *xcontent.Member) (bool, *apierr.Error)) *apierr.Error {
	for i := range p.v.Members {
		m := &p.v.Members[i]
		v := &m.Value
		ok, err := fn(m)
		if err != nil {
			return err
		}
		if ok {
			continue
		}
		switch v.Kind {
		case xcontent.String, xcontent.Array, xcontent.Object:
			return parseErr(v.Line, v.Col, "Unknown key for a %s in [%s]: [%s].", v.Token(), p.agg.Name, m.Key)
		}
		return parseErr(v.Line, v.Col, "Unexpected token %s in [%s].", v.Token(), p.agg.Name)
	}
	return nil
}

// commonString takes the string fields format, buckets_path and gap_policy
// and a buckets_path array.
func (f *pipeFields) commonString(m *xcontent.Member, withFormat bool) (bool, *apierr.Error) {
	v := &m.Value
	switch {
	case v.Kind == xcontent.String && m.Key == "format" && withFormat:
		f.format = decimalFormat(v.Str)
	case v.Kind == xcontent.String && m.Key == "buckets_path":
		f.paths = []string{v.Str}
	case v.Kind == xcontent.Array && m.Key == "buckets_path":
		f.paths = arrayTexts(v)
	case v.Kind == xcontent.String && m.Key == "gap_policy":
		g, err := parseGapPolicy(v.Str, v.Line, v.Col)
		if err != nil {
			return true, err
		}
		f.gap = g
	default:
		return false, nil
	}
	return true, nil
}

// derivativeSpec is the derivative pipeline.
type derivativeSpec struct {
	pipeFields
	units   float64 // x-axis units in millis (0: none)
	unitErr *apierr.Error
}

func parseDerivative(p *parser) (spec, *apierr.Error) {
	s := &derivativeSpec{}
	unit := ""
	err := handParsed(p, func(m *xcontent.Member) (bool, *apierr.Error) {
		if m.Key == "unit" && m.Value.Kind == xcontent.String {
			unit = m.Value.Str
			return true, nil
		}
		return s.commonString(m, true)
	})
	if err != nil {
		return nil, err
	}
	if err := s.keepFirstPath(p, "derivative"); err != nil {
		return nil, err
	}
	if unit != "" {
		s.units, s.unitErr = derivativeUnits(unit)
	}
	return s, nil
}

// keepFirstPath requires the buckets_path of a parent pipeline that reads
// one (the missing-field error names the parser, builder) and keeps only
// its first entry.
func (s *pipeFields) keepFirstPath(p *parser, builder string) *apierr.Error {
	if s.paths == nil {
		return parseErr(p.v.EndLine, p.v.EndCol, "Missing required field [buckets_path] for %s aggregation [%s]", builder, p.agg.Name)
	}
	if len(s.paths) == 0 {
		return outOfBounds()
	}
	s.paths = s.paths[:1]
	return nil
}

// dateFieldUnits are DateHistogramAggregationBuilder.DATE_FIELD_UNITS with
// the millis of their base unit's estimated duration.
var dateFieldUnits = map[string]float64{"year": 31556952000, "1y": 31556952000, "quarter": 7889238000, "1q": 7889238000,
	"month": 2629746000, "1M": 2629746000, "week": 604800000, "1w": 604800000, "day": 86400000, "1d": 86400000,
	"hour": 3600000, "1h": 3600000, "minute": 60000, "1m": 60000, "second": 1000, "1s": 1000}

// derivativeUnits reads unit as a calendar unit or a time value, as the
// builder's createInternal does (its failure surfaces at the reduce).
func derivativeUnits(unit string) (float64, *apierr.Error) {
	if ms, ok := dateFieldUnits[unit]; ok {
		return ms, nil
	}
	fail := apierr.New("parse_exception", "failed to parse setting [DerivativePipelineAggregationBuilder.unit] with value ["+unit+"] as a time value: unit is missing or unrecognized")
	fail.Status = 400
	lower := strings.ToLower(strings.TrimSpace(unit))
	for _, u := range []struct {
		suffix string
		ms     float64
	}{{"nanos", 1e-6}, {"micros", 1e-3}, {"ms", 1}, {"s", 1000}, {"m", 60000}, {"h", 3600000}, {"d", 86400000}} {
		if !strings.HasSuffix(lower, u.suffix) {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSpace(lower[:len(lower)-len(u.suffix)]), 10, 64)
		if err != nil {
			return 0, fail
		}
		return math.Floor(float64(n) * u.ms), nil
	}
	return 0, fail
}

func (s *derivativeSpec) validate(vc *validationCtx, a *Agg) {
	vc.sequentiallyOrdered("derivative", a.Name)
}

// parent adds each bucket's difference to the previous bucket's value
// (DerivativePipelineAggregator.reduce); the first bucket and buckets after
// an unresolved one get none.
func (s *derivativeSpec) parent(a, owner *Agg, res result) (result, *apierr.Error) {
	if s.unitErr != nil {
		return nil, s.unitErr
	}
	mb, bs, path, err := bucketsAndPath(owner, res, s.paths[0])
	if err != nil {
		return nil, err
	}
	var lastKey, lastVal float64
	lastOK := false
	for i := range bs {
		key := histogramKey(&bs[i])
		v, ok, err := resolveBucketValue(owner, &bs[i], path, s.gap)
		if err != nil {
			return nil, err
		}
		if lastOK && ok {
			xDiff := -1.0
			if s.units != 0 {
				xDiff = (key - lastKey) / s.units
			}
			bs[i].subs = appendResult(bs[i].subs, a, &derivativeResult{v: v - lastVal, norm: xDiff, format: s.format})
		}
		lastKey, lastVal, lastOK = key, v, ok
	}
	return mb.withBuckets(bs), nil
}

// bucketsAndPath is what a parent pipeline over one buckets_path starts
// from: the owner's multi-bucket result, its buckets and the parsed path.
func bucketsAndPath(owner *Agg, res result, bucketsPath string) (multiBucketResult, []pipeBucket, []string, *apierr.Error) {
	mb, err := multiBucketOf(owner, res)
	if err != nil {
		return nil, nil, nil, err
	}
	path, err := pathList(bucketsPath)
	if err != nil {
		return nil, nil, nil, err
	}
	return mb, mb.pipeBuckets(), path, nil
}

func pathList(path string) ([]string, *apierr.Error) {
	elems, err := parseAggPath(path)
	if err != nil {
		return nil, err
	}
	return pathStrings(elems), nil
}

// derivativeResult is InternalDerivative: a simple value plus, with a unit,
// the value per unit of the x axis.
type derivativeResult struct {
	v, norm float64
	format  docFormat
}

func (r *derivativeResult) typeName() string { return "derivative" }

func (r *derivativeResult) reduce([]result, *reduceCtx) (result, *apierr.Error) { return r, nil }

func (r *derivativeResult) normalized() float64 {
	if r.norm > 0 {
		return r.v / r.norm
	}
	return r.v
}

func (r *derivativeResult) render(*renderCtx) jsonout.Object {
	out := renderSimple(r.v, r.format)
	if r.norm > 0 {
		n := r.normalized()
		if math.IsNaN(n) || math.IsInf(n, 0) {
			return append(out, jsonout.Field{Key: "normalized_value", Value: nil})
		}
		out = append(out, jsonout.Field{Key: "normalized_value", Value: double(n)})
		if !r.format.raw() {
			out = append(out, jsonout.Field{Key: "normalized_value_as_string", Value: r.format.double(n)})
		}
	}
	return out
}

func (r *derivativeResult) property(name string) (float64, bool) {
	switch name {
	case "", "value":
		return r.v, true
	case "normalized_value":
		return r.normalized(), true
	}
	return 0, false
}

// cumulativeSumSpec is the cumulative_sum pipeline.
type cumulativeSumSpec struct{ pipeFields }

// parseCumulativeSum reads the body with the builder's ConstructingObjectParser.
func parseCumulativeSum(p *parser) (spec, *apierr.Error) {
	s := &cumulativeSumSpec{}
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		v := &m.Value
		switch m.Key {
		case "buckets_path":
			switch v.Kind {
			case xcontent.String:
				s.paths = []string{v.Str}
			case xcontent.Array:
				s.paths = []string{}
				for i := range v.Items {
					if v.Items[i].Kind != xcontent.String {
						return true, pipeFailed(p, m, xerr(v.Items[i].Line, v.Items[i].Col, "[%s] buckets_path doesn't support values of type: %s", p.agg.Type, v.Items[i].Token()))
					}
					s.paths = append(s.paths, v.Items[i].Str)
				}
			default:
				return true, p.wrongType(m)
			}
		case "format":
			if v.Kind != xcontent.String {
				return true, p.wrongType(m)
			}
			s.format = decimalFormat(v.Str)
		default:
			return false, nil
		}
		return true, nil
	})
	if err != nil {
		return nil, err
	}
	if s.paths == nil {
		return nil, apierr.IllegalArgument("Required [buckets_path]")
	}
	s.gap = gapInsertZeros
	return s, nil
}

func (s *cumulativeSumSpec) validate(vc *validationCtx, a *Agg) {
	if len(s.paths) != 1 {
		vc.add("buckets_path must contain a single entry for aggregation [%s]", a.Name)
	}
	vc.sequentiallyOrdered("cumulative_sum", a.Name)
}

// parent adds the running sum of the finite values to every bucket
// (CumulativeSumPipelineAggregator: gaps count as zero).
func (s *cumulativeSumSpec) parent(a, owner *Agg, res result) (result, *apierr.Error) {
	mb, bs, path, err := bucketsAndPath(owner, res, s.paths[0])
	if err != nil {
		return nil, err
	}
	sum := 0.0
	for i := range bs {
		v, ok, err := resolveBucketValue(owner, &bs[i], path, gapInsertZeros)
		if err != nil {
			return nil, err
		}
		if ok && !math.IsInf(v, 0) && !math.IsNaN(v) {
			sum += v
		}
		bs[i].subs = appendResult(bs[i].subs, a, &simpleValue{v: sum, format: s.format})
	}
	return mb.withBuckets(bs), nil
}

// serialDiffSpec is the serial_diff pipeline.
type serialDiffSpec struct {
	pipeFields
	lag int
}

func parseSerialDiff(p *parser) (spec, *apierr.Error) {
	s := &serialDiffSpec{lag: 1}
	err := handParsed(p, func(m *xcontent.Member) (bool, *apierr.Error) {
		if m.Key == "lag" && m.Value.Kind == xcontent.Number {
			f, _ := m.Value.Float64()
			s.lag = int(f)
			if s.lag <= 0 {
				return true, parseErr(m.Value.Line, m.Value.Col, "Lag must be a positive, non-zero integer.  Value supplied was%d in [%s]: [lag].", s.lag, p.agg.Name)
			}
			return true, nil
		}
		return s.commonString(m, true)
	})
	if err != nil {
		return nil, err
	}
	if err := s.keepFirstPath(p, "derivative"); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *serialDiffSpec) validate(vc *validationCtx, a *Agg) {
	vc.sequentiallyOrdered("serial_diff", a.Name)
}

// parent adds each bucket's difference to the value lag buckets before
// (SerialDiffPipelineAggregator.reduce).
func (s *serialDiffSpec) parent(a, owner *Agg, res result) (result, *apierr.Error) {
	mb, bs, path, err := bucketsAndPath(owner, res, s.paths[0])
	if err != nil {
		return nil, err
	}
	seen := make([]float64, len(bs))
	for i := range bs {
		v, ok, err := resolveBucketValue(owner, &bs[i], path, s.gap)
		if err != nil {
			return nil, err
		}
		if !ok {
			v = math.NaN()
		}
		seen[i] = v
		lagValue := math.NaN()
		if i >= s.lag {
			lagValue = seen[i-s.lag]
		}
		if !math.IsNaN(v) && !math.IsNaN(lagValue) {
			bs[i].subs = appendResult(bs[i].subs, a, &simpleValue{v: v - lagValue, format: s.format})
		}
	}
	return mb.withBuckets(bs), nil
}

// pipeFailed is ObjectParser's "[type] failed to parse field [x]" around a
// field parser's failure, located where the parser stands: on a scalar
// value, at the end of an object or array.
func pipeFailed(p *parser, m *xcontent.Member, cause *apierr.Error) *apierr.Error {
	v := &m.Value
	line, col := v.Line, v.Col
	if v.Kind == xcontent.Object || v.Kind == xcontent.Array {
		line, col = v.EndLine, v.EndCol
	}
	e := xerr(line, col, "[%s] failed to parse field [%s]", p.agg.Type, m.Key)
	e.Cause = cause
	return e
}
