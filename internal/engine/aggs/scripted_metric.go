package aggs

import (
	"encoding/json"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/update"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// UseScripts gives the tree's scripted_metric aggregations their compiler
// and clock; without it they fail as unsupported.
func (t *Tree) UseScripts(c ScriptCompiler, now time.Time) {
	var walk func(list []*Agg)
	walk = func(list []*Agg) {
		for _, a := range list {
			if s, ok := a.spec.(*scriptedMetricSpec); ok {
				s.compiler, s.now = c, now
			}
			walk(a.Subs)
		}
	}
	walk(t.Aggs)
}

// scriptedMetricSpec is a scripted_metric aggregation: its four scripts
// and the params the init, map and combine scripts share.
type scriptedMetricSpec struct {
	init, mapS, combine, reduce *dsl.Script
	params                      *xcontent.Value // nil: none
	compiler                    ScriptCompiler
	now                         time.Time
}

func parseScriptedMetric(p *parser) (spec, *apierr.Error) {
	s := &scriptedMetricSpec{}
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		var dst **dsl.Script
		switch m.Key {
		case "init_script":
			dst = &s.init
		case "map_script":
			dst = &s.mapS
		case "combine_script":
			dst = &s.combine
		case "reduce_script":
			dst = &s.reduce
		case "params":
			if m.Value.Kind != xcontent.Object {
				return true, p.wrongType(m)
			}
			v := m.Value
			s.params = &v
			return true, nil
		default:
			return false, nil
		}
		if m.Value.Kind != xcontent.Object && m.Value.Kind != xcontent.String {
			return true, p.wrongType(m)
		}
		sc, err := dsl.ParseScript(&m.Value)
		if err != nil {
			return true, p.failed(m, fromX(err))
		}
		*dst = sc
		return true, nil
	})
	if err != nil {
		return nil, err
	}
	if s.mapS == nil {
		return nil, apierr.IllegalArgument("Required [map_script]")
	}
	return s, nil
}

// aggScript is one compiled scripted_metric script.
type aggScript struct {
	s  *painless.Script
	ds *dsl.Script
}

func (s *scriptedMetricSpec) compile(ds *dsl.Script, context string, returns bool, vars ...string) (*aggScript, *apierr.Error) {
	if ds == nil {
		return nil, nil
	}
	if ds.ID != "" {
		return nil, apierr.New("resource_not_found_exception", "unable to find script ["+ds.ID+"] in cluster state")
	}
	if ds.Lang != "" && ds.Lang != "painless" {
		return nil, apierr.Unsupported("the [" + ds.Lang + "] script language")
	}
	sc, err := s.compiler.Compile(ds.Lang, context, ds.Source, painless.CompileOptions{Options: ds.Options, Vars: vars, ReturnsValue: returns, NoCtx: true})
	if err != nil {
		return nil, update.ScriptError(err)
	}
	return &aggScript{s: sc, ds: ds}, nil
}

func (s *scriptedMetricSpec) run(sc *aggScript, vars map[string]any) (any, *apierr.Error) {
	now := s.now
	v, err := sc.s.Execute(vars, painless.ExecOptions{Now: func() time.Time { return now }})
	if err != nil {
		return nil, update.ScriptError(err)
	}
	return v, nil
}

// paramsMap reads a params object as a fresh HashMap (a deep copy, as
// deepCopyParams makes).
func paramsMap(v *xcontent.Value) *painless.Map {
	if v != nil {
		if p, err := painless.ParseJSONHashMap(v.AppendJSON(nil)); err == nil {
			if m, ok := p.(*painless.Map); ok {
				return m
			}
		}
	}
	return painless.NewHashMap(0)
}

// mergeParams is ScriptedMetricAggregatorFactory.mergeParams: the
// script's params plus the aggregation's, a name in both an error.
func mergeParams(agg *painless.Map, script *dsl.Script) (*painless.Map, *apierr.Error) {
	var sp *xcontent.Value
	if script != nil {
		sp = script.Params
	}
	out := paramsMap(sp)
	keys, vals := agg.Keys(), agg.Values()
	for i, k := range keys {
		if _, ok := out.Get(k); ok {
			return nil, apierr.IllegalArgument("Parameter name \"%v\" used in both aggregation and script parameters", k)
		}
		out.Set(k, vals[i])
	}
	return out, nil
}

func (s *scriptedMetricSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	if s.combine == nil {
		return nil, apierr.IllegalArgument("[combineScript] must not be null: [%s]", a.Name)
	}
	if s.reduce == nil {
		return nil, apierr.IllegalArgument("[reduceScript] must not be null: [%s]", a.Name)
	}
	if s.compiler == nil || env.docLookup == nil {
		return nil, apierr.Unsupported("the [scripted_metric] aggregation here")
	}
	c := &scriptedMetricCollector{env: env, spec: s}
	var err *apierr.Error
	if c.init, err = s.compile(s.init, "aggs_init", false, "state"); err != nil {
		return nil, err
	}
	if c.mapS, err = s.compile(s.mapS, "aggs_map", false, "state", "doc", "_score"); err != nil {
		return nil, err
	}
	if c.combine, err = s.compile(s.combine, "aggs_combine", true, "state"); err != nil {
		return nil, err
	}
	if _, err = s.compile(s.reduce, "aggs_reduce", true, "states"); err != nil {
		return nil, err
	}
	c.doc, c.setSlot = env.docLookup()
	return c, nil
}

// scriptedMetricCollector is one bucket's ScriptedMetricAggregator.State:
// made at the first document (init script), fed by the map script,
// combined when the shard's result is built.
type scriptedMetricCollector struct {
	env                 *shardEnv
	spec                *scriptedMetricSpec
	init, mapS, combine *aggScript
	doc                 *painless.DocLookup
	setSlot             func(slot int32)
	state               *painless.Map
	mapVars             map[string]any
	combineParams       *painless.Map
	failed              bool
}

// start builds the state: each script's params merged with a copy of the
// aggregation's, then the init script on an empty HashMap.
func (c *scriptedMetricCollector) start() *apierr.Error {
	agg := paramsMap(c.spec.params)
	mapParams, err := mergeParams(agg, c.spec.mapS)
	if err != nil {
		return err
	}
	if c.combineParams, err = mergeParams(agg, c.spec.combine); err != nil {
		return err
	}
	initParams, err := mergeParams(agg, c.spec.init)
	if err != nil {
		return err
	}
	c.state = painless.NewHashMap(0)
	if c.init != nil {
		if _, err := c.spec.run(c.init, map[string]any{"params": initParams, "state": c.state}); err != nil {
			return err
		}
	}
	c.mapVars = map[string]any{"params": mapParams, "state": c.state, "doc": c.doc}
	return nil
}

func (c *scriptedMetricCollector) fail(err *apierr.Error) {
	c.failed = true
	c.env.fail(err)
}

func (c *scriptedMetricCollector) collect(slot int32, score float32) {
	if c.failed {
		return
	}
	if c.state == nil {
		if err := c.start(); err != nil {
			c.fail(err)
			return
		}
	}
	c.setSlot(slot)
	c.mapVars["_score"] = float64(score)
	if _, err := c.spec.run(c.mapS, c.mapVars); err != nil {
		c.fail(err)
	}
}

func (c *scriptedMetricCollector) result() result {
	if c.state == nil && !c.failed {
		if err := c.start(); err != nil { // a bucket without documents still combines
			c.fail(err)
		}
	}
	if c.failed {
		return &scriptedMetricResult{spec: c.spec}
	}
	v, err := c.spec.run(c.combine, map[string]any{"params": c.combineParams, "state": c.state})
	if err != nil {
		c.fail(err)
		return &scriptedMetricResult{spec: c.spec}
	}
	return &scriptedMetricResult{spec: c.spec, values: []any{v}}
}

// scriptedMetricResult is InternalScriptedMetric: the shards' combined
// values, then the reduce script's result.
type scriptedMetricResult struct {
	spec   *scriptedMetricSpec
	values []any
	value  any
}

func (r *scriptedMetricResult) typeName() string { return "scripted_metric" }

func (r *scriptedMetricResult) reduce(all []result, _ *reduceCtx) (result, *apierr.Error) {
	var states []any
	for _, x := range all {
		states = append(states, x.(*scriptedMetricResult).values...)
	}
	s := r.spec
	sc, err := s.compile(s.reduce, "aggs_reduce", true, "states")
	if err != nil {
		return nil, err
	}
	params, err := mergeParams(paramsMap(s.params), s.reduce)
	if err != nil {
		return nil, err
	}
	v, err := s.run(sc, map[string]any{"params": params, "states": painless.NewList(states)})
	if err != nil {
		return nil, err
	}
	if _, jerr := painless.EncodeJSON(v); jerr != nil {
		return nil, apierr.IllegalArgument("Iterable object is self-referencing itself (reduce script)")
	}
	return &scriptedMetricResult{spec: s, value: v}, nil
}

// property reads "value" when the reduced value is a number.
func (r *scriptedMetricResult) property(name string) (float64, bool) {
	if name != "value" {
		return 0, false
	}
	switch x := r.value.(type) {
	case int32:
		return float64(x), true
	case int64:
		return float64(x), true
	case float32:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

func (r *scriptedMetricResult) render(*renderCtx) jsonout.Object {
	b, err := painless.EncodeJSON(r.value)
	if err != nil {
		return jsonout.Object{{Key: "value", Value: nil}}
	}
	return jsonout.Object{{Key: "value", Value: json.RawMessage(b)}}
}
