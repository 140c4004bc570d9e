package aggs

import (
	"math"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// movingFnSpec is the moving_fn pipeline: a script over a window of the
// previous buckets' values.
type movingFnSpec struct {
	pipeFields
	script        *pipeScript
	window, shift int
}

func (s *movingFnSpec) scriptOf() *pipeScript { return s.script }

// parseMovingFn reads the body with MovFnPipelineAggregationBuilder's
// ConstructingObjectParser: buckets_path, script and window are required
// constructor arguments, and the builder (which refuses a window below 1)
// is made as soon as the last of them arrives.
func parseMovingFn(p *parser) (spec, *apierr.Error) {
	s := &movingFnSpec{}
	seen := []bool{false, false, false} // buckets_path, script, window
	built := false
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		v := &m.Value
		arg := -1
		switch m.Key {
		case "buckets_path":
			if v.Kind != xcontent.String {
				return true, p.wrongType(m)
			}
			s.paths, arg = []string{v.Str}, 0
		case "script":
			if v.Kind != xcontent.String && v.Kind != xcontent.Object {
				return true, p.wrongType(m)
			}
			sc, err := parseScriptValue(p, m)
			if err != nil {
				return true, pipeFailed(p, m, err)
			}
			s.script, arg = sc, 1
		case "window":
			n, err := p.integer(m)
			if err != nil {
				return true, err
			}
			s.window, arg = n, 2
		case "shift":
			n, err := p.integer(m)
			if err != nil {
				return true, err
			}
			s.shift = n
		case "format":
			if v.Kind != xcontent.String {
				return true, p.wrongType(m)
			}
			if v.Str == "" {
				return true, pipeFailed(p, m, apierr.IllegalArgument("[format] must not be null or an empty string."))
			}
			s.format = decimalFormat(v.Str)
		case "gap_policy":
			return true, parseLowerGapPolicy(p, m, &s.gap)
		default:
			return false, nil
		}
		if arg >= 0 && !built {
			seen[arg] = true
			if seen[0] && seen[1] && seen[2] {
				built = true
				if err := s.checkWindow(); err != nil {
					return true, pipeFailed(p, m, buildFailed("moving_fn", err))
				}
			}
		}
		return true, nil
	})
	if err != nil {
		return nil, err
	}
	if missing := requiredMissing([]string{"buckets_path", "script", "window"}, seen); missing != "" {
		return nil, apierr.IllegalArgument("Required [%s]", missing)
	}
	return s, nil
}

func (s *movingFnSpec) checkWindow() *apierr.Error {
	if s.window <= 0 {
		return apierr.IllegalArgument("[window] must be a positive, non-zero integer.")
	}
	return nil
}

// buildFailed is ConstructingObjectParser's failure to build its target
// once the last required field arrived (no location).
func buildFailed(name string, cause *apierr.Error) *apierr.Error {
	e := apierr.New(apierr.TypeXContentParse, "Failed to build ["+name+"] after last required field arrived")
	e.Status = 400
	e.Cause = cause
	return e
}

func (s *movingFnSpec) validate(vc *validationCtx, a *Agg) {
	if s.window <= 0 {
		vc.add("[window] must be a positive, non-zero integer.")
	}
	vc.sequentiallyOrdered("moving_fn", a.Name)
}

// parent runs the script on each bucket that has a value, with the values
// of the window before it (shifted by shift) as `values`
// (MovFnPipelineAggregator.reduce).
func (s *movingFnSpec) parent(a, owner *Agg, res result) (result, *apierr.Error) {
	mb, err := multiBucketOf(owner, res)
	if err != nil {
		return nil, err
	}
	sc, err := s.script.compile("moving-function", []string{"values"}, "double")
	if err != nil {
		return nil, err
	}
	path, err := pathList(s.paths[0])
	if err != nil {
		return nil, err
	}
	bs := mb.pipeBuckets()
	vals := make([]float64, len(bs))
	has := make([]bool, len(bs))
	var values []float64
	for i := range bs {
		v, ok, err := resolveBucketValue(owner, &bs[i], path, s.gap)
		if err != nil {
			return nil, err
		}
		vals[i], has[i] = v, ok && !math.IsNaN(v)
		if has[i] {
			values = append(values, v)
		}
	}
	clamp := func(i int) int { return max(0, min(i, len(values))) }
	// one params map for the whole run, as MovFnPipelineAggregator builds
	params, err := s.script.params()
	if err != nil {
		return nil, err
	}
	vars := map[string]any{"params": params}
	index := 0
	for i := range bs {
		if !has[i] {
			continue
		}
		from, to := clamp(index-s.window+s.shift), clamp(index+s.shift)
		vars["values"] = painless.NewDoubleArray(values[from:max(from, to)])
		got, err := runScript(sc, vars, "double")
		if err != nil {
			return nil, err
		}
		f, _ := got.(float64)
		bs[i].subs = appendResult(bs[i].subs, a, &simpleValue{v: f, format: s.format})
		index++
	}
	return mb.withBuckets(bs), nil
}
