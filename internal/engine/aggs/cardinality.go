package aggs

import (
	"math"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// cardinalitySpec counts distinct values. The fake counts exactly: OpenSearch
// is exact (up to hash collisions) below precision_threshold (3000 by
// default) and estimates with HyperLogLog++ above it.
type cardinalitySpec struct {
	source
	threshold int64
}

func parseCardinality(p *parser) (spec, *apierr.Error) {
	s := &cardinalitySpec{threshold: 3000}
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		if ok, err := s.parseSourceField(p, m, false); ok || err != nil {
			return ok, err
		}
		var err *apierr.Error
		switch m.Key {
		case "precision_threshold":
			if s.threshold, err = p.long(m); err == nil && s.threshold < 0 {
				err = p.failed(m, apierr.IllegalArgument("[precisionThreshold] must be greater than or equal to 0. Found [%d] in [%s]", s.threshold, p.agg.Name))
			}
		case "execution_hint", "rehash":
			_, err = p.str(m)
		default:
			return false, nil
		}
		return true, err
	})
	return s, err
}

func (s *cardinalitySpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	v, err := env.values(a, &s.source, vsBytes, vsBytes, vsNumeric, vsDate, vsBoolean, vsIP)
	if err != nil {
		return nil, err
	}
	c := &cardinalityCollector{v: v, nums: map[uint64]struct{}{}}
	if v.ords != nil {
		c.seen = make([]bool, len(v.dict)+1)
	}
	return c, nil
}

type cardinalityCollector struct {
	v    *values
	seen []bool // keyword ordinals seen (the last is a missing value)
	nums map[uint64]struct{}
	ords []uint32
	buf  []float64
}

func (c *cardinalityCollector) collect(slot int32, _ float32) {
	v := c.v
	if c.seen != nil && !v.constant {
		c.ords = v.ords.Append(c.ords[:0], slot)
		if len(c.ords) == 0 && v.hasMissing {
			c.ords = append(c.ords, v.missingOrd)
		}
		for _, o := range c.ords {
			c.seen[min(int(o), len(c.seen)-1)] = true
		}
		return
	}
	if v.constant && v.typ == vsBytes {
		c.nums[uint64(murmur3x86(v.missingStr, 0))] = struct{}{}
		return
	}
	c.buf = v.doubles(slot, c.buf)
	for _, x := range c.buf {
		c.nums[math.Float64bits(x)] = struct{}{}
	}
}

func (c *cardinalityCollector) result() result {
	r := &cardinalityResult{terms: map[string]struct{}{}, nums: c.nums}
	for o, ok := range c.seen {
		if !ok {
			continue
		}
		if o < len(c.v.dict) {
			r.terms[c.v.dict[o]] = struct{}{}
		} else {
			r.terms[c.v.missingStr] = struct{}{}
		}
	}
	return r
}

// cardinalityResult is InternalCardinality, with the exact sets.
type cardinalityResult struct {
	terms map[string]struct{}
	nums  map[uint64]struct{}
}

func (r *cardinalityResult) typeName() string { return "cardinality" }

func (r *cardinalityResult) reduce(all []result, _ *reduceCtx) (result, *apierr.Error) {
	out := &cardinalityResult{terms: map[string]struct{}{}, nums: map[uint64]struct{}{}}
	for _, x := range all {
		o := x.(*cardinalityResult)
		for k := range o.terms {
			out.terms[k] = struct{}{}
		}
		for k := range o.nums {
			out.nums[k] = struct{}{}
		}
	}
	return out, nil
}

func (r *cardinalityResult) value() int64 { return int64(len(r.terms) + len(r.nums)) }

func (r *cardinalityResult) property(name string) (float64, bool) {
	if name != "" && name != "value" {
		return 0, false
	}
	return float64(r.value()), true
}

func (r *cardinalityResult) render(*renderCtx) jsonout.Object {
	return jsonout.Object{{Key: "value", Value: r.value()}}
}
