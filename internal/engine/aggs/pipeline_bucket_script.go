package aggs

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

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
		context, returns = "aggregation_selector", "boolean"
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
