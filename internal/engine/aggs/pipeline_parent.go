package aggs

import (
	"math"
	"sort"
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
	if s.paths == nil {
		return nil, parseErr(p.v.EndLine, p.v.EndCol, "Missing required field [buckets_path] for derivative aggregation [%s]", p.agg.Name)
	}
	if len(s.paths) == 0 {
		return nil, outOfBounds()
	}
	s.paths = s.paths[:1]
	if unit != "" {
		s.units, s.unitErr = derivativeUnits(unit)
	}
	return s, nil
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
	mb, err := multiBucketOf(owner, res)
	if err != nil {
		return nil, err
	}
	path, err := pathList(s.paths[0])
	if err != nil {
		return nil, err
	}
	bs := mb.pipeBuckets()
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
	mb, err := multiBucketOf(owner, res)
	if err != nil {
		return nil, err
	}
	path, err := pathList(s.paths[0])
	if err != nil {
		return nil, err
	}
	bs := mb.pipeBuckets()
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
	if s.paths == nil {
		return nil, parseErr(p.v.EndLine, p.v.EndCol, "Missing required field [buckets_path] for derivative aggregation [%s]", p.agg.Name)
	}
	if len(s.paths) == 0 {
		return nil, outOfBounds()
	}
	s.paths = s.paths[:1]
	return s, nil
}

func (s *serialDiffSpec) validate(vc *validationCtx, a *Agg) {
	vc.sequentiallyOrdered("serial_diff", a.Name)
}

// parent adds each bucket's difference to the value lag buckets before
// (SerialDiffPipelineAggregator.reduce).
func (s *serialDiffSpec) parent(a, owner *Agg, res result) (result, *apierr.Error) {
	mb, err := multiBucketOf(owner, res)
	if err != nil {
		return nil, err
	}
	path, err := pathList(s.paths[0])
	if err != nil {
		return nil, err
	}
	bs := mb.pipeBuckets()
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

// scriptPathsSpec is bucket_script or bucket_selector: a script over named
// buckets_path variables.
type scriptPathsSpec struct {
	pipeFields
	vars   []string // variable names, sorted
	byVar  map[string]string
	script *pipeScript
}

func (s *scriptPathsSpec) scriptOf() *pipeScript { return s.script }

// setPaths takes the buckets_path of a script pipeline: a string (variable
// _value), an array (_value0, _value1, ...) or an object of names to paths.
func (s *scriptPathsSpec) setPaths(v *xcontent.Value) {
	s.byVar = map[string]string{}
	switch v.Kind {
	case xcontent.String:
		s.byVar["_value"] = v.Str
	case xcontent.Array:
		for i := range v.Items {
			s.byVar["_value"+strconv.Itoa(i)] = v.Items[i].Text()
		}
	default:
		for i := range v.Members {
			s.byVar[v.Members[i].Key] = v.Members[i].Value.Text()
		}
	}
	s.vars = s.vars[:0]
	for k := range s.byVar {
		s.vars = append(s.vars, k)
	}
	sort.Strings(s.vars)
	s.paths = make([]string, len(s.vars))
	for i, k := range s.vars {
		s.paths[i] = s.byVar[k]
	}
}

// parseBucketScript reads bucket_script with its ConstructingObjectParser.
func parseBucketScript(p *parser) (spec, *apierr.Error) {
	s := &scriptPathsSpec{}
	pathSet := false
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		v := &m.Value
		switch m.Key {
		case "buckets_path":
			if v.Kind != xcontent.String && v.Kind != xcontent.Array && v.Kind != xcontent.Object {
				return true, p.wrongType(m)
			}
			s.setPaths(v)
			pathSet = true
		case "script":
			if v.Kind != xcontent.String && v.Kind != xcontent.Object {
				return true, p.wrongType(m)
			}
			sc, err := parseScriptValue(p, m)
			if err != nil {
				return true, pipeFailed(p, m, err)
			}
			s.script = sc
		case "format":
			if v.Kind != xcontent.String {
				return true, p.wrongType(m)
			}
			s.format = decimalFormat(v.Str)
		case "gap_policy":
			return true, parseLowerGapPolicy(p, m, &s.gap)
		default:
			return false, nil
		}
		return true, nil
	})
	if err != nil {
		return nil, err
	}
	if missing := requiredMissing([]string{"buckets_path", "script"}, []bool{pathSet, s.script != nil}); missing != "" {
		return nil, apierr.IllegalArgument("Required [%s]", missing)
	}
	return s, nil
}

// parseLowerGapPolicy is the gap_policy field of the ObjectParser-based
// pipelines: a string, lower-cased before GapPolicy.parse.
func parseLowerGapPolicy(p *parser, m *xcontent.Member, dst *gapPolicy) *apierr.Error {
	v := &m.Value
	if v.Kind != xcontent.String {
		return p.wrongType(m)
	}
	g, err := parseGapPolicy(strings.ToLower(v.Str), v.Line, v.Col)
	if err != nil {
		return pipeFailed(p, m, err)
	}
	*dst = g
	return nil
}

// requiredMissing lists the required constructor arguments that did not
// arrive, as ConstructingObjectParser's "Required [a, b]".
func requiredMissing(names []string, seen []bool) string {
	var out []string
	for i, n := range names {
		if !seen[i] {
			out = append(out, n)
		}
	}
	return strings.Join(out, ", ")
}

// parseBucketSelector reads bucket_selector with its hand parser (no
// format field).
func parseBucketSelector(p *parser) (spec, *apierr.Error) {
	s := &scriptPathsSpec{}
	pathSet := false
	err := handParsed(p, func(m *xcontent.Member) (bool, *apierr.Error) {
		v := &m.Value
		switch {
		case m.Key == "buckets_path" && (v.Kind == xcontent.String || v.Kind == xcontent.Array || v.Kind == xcontent.Object):
			s.setPaths(v)
			pathSet = true
		case m.Key == "gap_policy" && v.Kind == xcontent.String:
			g, err := parseGapPolicy(v.Str, v.Line, v.Col)
			if err != nil {
				return true, err
			}
			s.gap = g
		case m.Key == "script" && (v.Kind == xcontent.String || v.Kind == xcontent.Object):
			sc, err := parseScriptValue(p, m)
			if err != nil {
				return true, err
			}
			s.script = sc
		default:
			return false, nil
		}
		return true, nil
	})
	if err != nil {
		return nil, err
	}
	if !pathSet {
		return nil, parseErr(p.v.EndLine, p.v.EndCol, "Missing required field [buckets_path] for bucket_selector aggregation [%s]", p.agg.Name)
	}
	if s.script == nil {
		return nil, parseErr(p.v.EndLine, p.v.EndCol, "Missing required field [script] for bucket_selector aggregation [%s]", p.agg.Name)
	}
	return s, nil
}

func (s *scriptPathsSpec) validate(vc *validationCtx, a *Agg) {
	vc.hasParent(a.Type, a.Name)
}

// parent runs the script on every bucket: bucket_script adds its number
// (a bucket with a skipped gap or a null result gets none), bucket_selector
// keeps the buckets it returns true for.
func (s *scriptPathsSpec) parent(a, owner *Agg, res result) (result, *apierr.Error) {
	mb, err := multiBucketOf(owner, res)
	if err != nil {
		return nil, err
	}
	selector := a.Type == "bucket_selector"
	context, returns := "bucket_aggregation", "Number"
	if selector {
		context, returns = "bucket_aggregation_selector", "boolean"
	}
	sc, err := s.script.compile(context, nil, returns)
	if err != nil {
		return nil, err
	}
	paths := make([][]string, len(s.vars))
	for i, k := range s.vars {
		if paths[i], err = pathList(s.byVar[k]); err != nil {
			return nil, err
		}
	}
	bs := mb.pipeBuckets()
	out := bs[:0:0]
	for i := range bs {
		params, err := s.script.params()
		if err != nil {
			return nil, err
		}
		skip := false
		for j, k := range s.vars {
			v, ok, err := resolveBucketValue(owner, &bs[i], paths[j], s.gap)
			if err != nil {
				return nil, err
			}
			if !selector && s.gap == gapSkip && (!ok || math.IsNaN(v)) {
				skip = true
				break
			}
			if ok {
				params.Set(k, v)
			} else {
				params.Set(k, nil)
			}
		}
		if skip {
			out = append(out, bs[i])
			continue
		}
		got, err := runScript(sc, map[string]any{"params": params}, returns)
		if err != nil {
			return nil, err
		}
		if selector {
			if keep, _ := got.(bool); keep {
				out = append(out, bs[i])
			}
			continue
		}
		if got != nil {
			bs[i].subs = appendResult(bs[i].subs, a, &simpleValue{v: numberValue(got), format: s.format})
		}
		out = append(out, bs[i])
	}
	return mb.withBuckets(out), nil
}

// numberValue is Number.doubleValue() of a script's result.
func numberValue(v any) float64 {
	switch n := v.(type) {
	case float64:
		return n
	case float32:
		return float64(n)
	case int32:
		return float64(n)
	case int64:
		return float64(n)
	case int:
		return float64(n)
	}
	return math.NaN()
}

// bucketSortSpec is the bucket_sort pipeline.
type bucketSortSpec struct {
	pipeFields
	sorts []sortField
	from  int
	size  int // 0: all
}

type sortField struct {
	path string
	desc bool
}

func parseBucketSort(p *parser) (spec, *apierr.Error) {
	s := &bucketSortSpec{}
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		v := &m.Value
		switch m.Key {
		case "sort":
			if v.Kind != xcontent.Object && v.Kind != xcontent.Array {
				return true, p.wrongType(m)
			}
			sorts, err := parseSortFields(v)
			if err != nil {
				return true, pipeFailed(p, m, err)
			}
			s.sorts = sorts
		case "from":
			n, err := p.integer(m)
			if err != nil {
				return true, err
			}
			if n < 0 {
				return true, pipeFailed(p, m, apierr.IllegalArgument("[from] must be a non-negative integer: [%d]", n))
			}
			s.from = n
		case "size":
			n, err := p.integer(m)
			if err != nil {
				return true, err
			}
			if n <= 0 {
				return true, pipeFailed(p, m, apierr.IllegalArgument("[size] must be a positive integer: [%d]", n))
			}
			s.size = n
		case "gap_policy":
			return true, parseLowerGapPolicy(p, m, &s.gap)
		default:
			return false, nil
		}
		return true, nil
	})
	if err != nil {
		return nil, err
	}
	s.paths = make([]string, len(s.sorts))
	for i, f := range s.sorts {
		s.paths[i] = f.path
	}
	return s, nil
}

// parseSortFields reads a sort as SortBuilder.fromXContent does, keeping
// field sorts only: "f", {"f": "desc"}, {"f": {"order": "desc"}} or an
// array of them.
func parseSortFields(v *xcontent.Value) ([]sortField, *apierr.Error) {
	var out []sortField
	one := func(v *xcontent.Value) *apierr.Error {
		switch v.Kind {
		case xcontent.String:
			out = append(out, sortField{path: v.Str})
			return nil
		case xcontent.Object:
		default:
			return parseErr(v.Line, v.Col, "unexpected token [%s]", v.Token())
		}
		for i := range v.Members {
			m := &v.Members[i]
			f := sortField{path: m.Key}
			order := ""
			switch m.Value.Kind {
			case xcontent.String:
				order = m.Value.Str
			case xcontent.Object:
				if o := m.Value.Get("order"); o != nil {
					order = o.Text()
				}
			}
			switch strings.ToLower(order) {
			case "desc":
				f.desc = true
			case "asc", "":
			default:
				return apierr.IllegalArgument("Unknown SortOrder [%s]", order)
			}
			if f.path == "_score" || f.path == "_script" || f.path == "_geo_distance" {
				return apierr.IllegalArgument("[bucket_sort] only supports field based sorting; incompatible sort: [%s]", f.path)
			}
			out = append(out, f)
		}
		return nil
	}
	if v.Kind == xcontent.Array {
		for i := range v.Items {
			if err := one(&v.Items[i]); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	return out, one(v)
}

func (s *bucketSortSpec) validate(vc *validationCtx, a *Agg) {
	vc.hasParent("bucket_sort", a.Name)
	if len(s.sorts) == 0 && s.size == 0 && s.from == 0 {
		vc.add("[%s] is configured to perform nothing. Please set either of [sort, size, from] to use bucket_sort", a.Name)
	}
}

// parent sorts the buckets by the sort values (buckets a skipped gap
// leaves without any are dropped), then keeps size buckets from from
// (BucketSortPipelineAggregator.reduce).
func (s *bucketSortSpec) parent(a, owner *Agg, res result) (result, *apierr.Error) {
	mb, err := multiBucketOf(owner, res)
	if err != nil {
		return nil, err
	}
	bs := mb.pipeBuckets()
	size := s.size
	if size == 0 {
		size = len(bs)
	}
	if s.from >= len(bs) {
		return mb.withBuckets(nil), nil
	}
	if len(s.sorts) == 0 {
		return mb.withBuckets(bs[s.from:min(s.from+size, len(bs))]), nil
	}
	type sortable struct {
		b    pipeBucket
		vals []any // nil: no value for that sort
	}
	var list []sortable
	for i := range bs {
		e := sortable{b: bs[i], vals: make([]any, len(s.sorts))}
		any := false
		for j, f := range s.sorts {
			if f.path == "_key" {
				e.vals[j], any = bs[i].key, true
				continue
			}
			path, err := pathList(f.path)
			if err != nil {
				return nil, err
			}
			v, ok, err := resolveBucketValue(owner, &bs[i], path, s.gap)
			if err != nil {
				return nil, err
			}
			if !ok || (s.gap == gapSkip && math.IsNaN(v)) {
				continue
			}
			e.vals[j], any = v, true
		}
		if any {
			list = append(list, e)
		}
	}
	sort.SliceStable(list, func(i, j int) bool {
		for k, f := range s.sorts {
			x, y := list[i].vals[k], list[j].vals[k]
			var c int
			switch {
			case x == nil && y == nil:
				continue
			case x == nil:
				return false
			case y == nil:
				return true
			default:
				c = compareSortValues(x, y)
				if f.desc {
					c = -c
				}
			}
			if c != 0 {
				return c < 0
			}
		}
		return false
	})
	limit := min(s.from+size, len(list))
	var out []pipeBucket
	for i := s.from; i < limit; i++ {
		out = append(out, list[i].b)
	}
	return mb.withBuckets(out), nil
}

// compareSortValues is Comparable.compareTo of two sort values of the same
// kind (Double, Long, String or a date key).
func compareSortValues(x, y any) int {
	switch x := x.(type) {
	case float64:
		y, _ := y.(float64)
		return compareDoubles(x, y)
	case int64:
		y, _ := y.(int64)
		return cmpInt(x, y)
	case dateKey:
		y, _ := y.(dateKey)
		return cmpInt(int64(x), int64(y))
	case string:
		y, _ := y.(string)
		return strings.Compare(x, y)
	}
	return 0
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
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
