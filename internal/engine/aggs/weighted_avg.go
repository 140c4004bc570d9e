package aggs

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// weightedAvgSpec is a weighted_avg aggregation: a value and a weight
// source (each a MultiValuesSourceFieldConfig: field, missing, script) and
// the aggregation's format.
type weightedAvgSpec struct {
	value, weight *source
	format        string
	valueType     vsType
}

func parseWeightedAvg(p *parser) (spec, *apierr.Error) {
	s := &weightedAvgSpec{}
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		var err *apierr.Error
		switch m.Key {
		case "value", "weight":
			src := &source{}
			err = p.subObject(m, "field_config", func(sub *parser, f *xcontent.Member) (bool, *apierr.Error) {
				switch f.Key {
				case "field", "missing", "script":
					return src.parseSourceField(sub, f, false)
				}
				return false, nil
			})
			if err == nil && src.field == "" && src.script == nil {
				err = p.failed(m, apierr.IllegalArgument("[field] and [script] cannot both be null.  Please specify one or the other."))
			}
			if m.Key == "value" {
				s.value = src
			} else {
				s.weight = src
			}
		case "format":
			s.format, err = p.str(m)
		case "value_type", "valueType":
			var name string
			if name, err = p.str(m); err == nil {
				var ok bool
				if s.valueType, ok = valueTypes[name]; !ok {
					err = p.failed(m, apierr.IllegalArgument("Unknown value type [%s]", name))
				}
			}
		default:
			return false, nil
		}
		return true, err
	})
	return s, err
}

func (s *weightedAvgSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	c := &weightedAvgCollector{env: env}
	if s.format != "" {
		c.format = docFormat{kind: fmtDecimal, pattern: s.format}
	}
	if s.value == nil || s.weight == nil {
		return c, nil // no source: the unmapped (empty) result
	}
	var err *apierr.Error
	if c.value, err = s.value.resolve(env, a.Type, vsNumeric, numericTypes...); err != nil {
		return nil, err
	}
	if c.weight, err = s.weight.resolve(env, a.Type, vsNumeric, numericTypes...); err != nil {
		return nil, err
	}
	return c, nil
}

// weightedAvgCollector sums value*weight and the weights (Kahan sums) of
// the documents that have both.
type weightedAvgCollector struct {
	env           *shardEnv
	value, weight *values
	format        docFormat
	sum, weights  compensatedSum
	vbuf, wbuf    []float64
}

func (c *weightedAvgCollector) collect(slot int32, _ float32) {
	if c.value == nil {
		return
	}
	c.vbuf = c.value.doubles(slot, c.vbuf)
	c.wbuf = c.weight.doubles(slot, c.wbuf)
	if len(c.vbuf) == 0 || len(c.wbuf) == 0 {
		return
	}
	if len(c.wbuf) > 1 {
		c.env.fail(aggExec("Encountered more than one weight for a single document. Use a script to combine multiple weights-per-doc into a single value."))
		return
	}
	w := c.wbuf[0]
	for _, v := range c.vbuf {
		c.sum.add(v * w)
		c.weights.add(w)
	}
}

func (c *weightedAvgCollector) result() result {
	return &weightedAvgResult{sum: c.sum.value, weight: c.weights.value, format: c.format}
}

// weightedAvgResult is InternalWeightedAvg.
type weightedAvgResult struct {
	sum, weight float64
	format      docFormat
}

func (r *weightedAvgResult) typeName() string { return "weighted_avg" }

func (r *weightedAvgResult) reduce(all []result, _ *reduceCtx) (result, *apierr.Error) {
	var sum, weight compensatedSum
	for _, x := range all {
		o := x.(*weightedAvgResult)
		weight.add(o.weight)
		sum.add(o.sum)
	}
	return &weightedAvgResult{sum: sum.value, weight: weight.value, format: r.format}, nil
}

func (r *weightedAvgResult) property(name string) (float64, bool) {
	if name != "" && name != "value" {
		return 0, false
	}
	return r.sum / r.weight, true
}

func (r *weightedAvgResult) render(*renderCtx) jsonout.Object {
	if r.weight == 0 {
		return jsonout.Object{{Key: "value", Value: nil}}
	}
	v := r.sum / r.weight
	out := jsonout.Object{{Key: "value", Value: double(v)}}
	if !r.format.raw() {
		out = append(out, jsonout.Field{Key: "value_as_string", Value: r.format.double(v)})
	}
	return out
}
