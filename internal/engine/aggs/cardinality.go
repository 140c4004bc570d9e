package aggs

import (
	"math"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// cardinalitySpec counts distinct values with HyperLogLog++ as OpenSearch
// does (hll.go): exact up to hash collisions below the precision's
// linear-counting threshold (3072 distinct hashes at the default precision
// 14), estimated above it.
type cardinalitySpec struct {
	source
	precision int
}

func parseCardinality(p *parser) (spec, *apierr.Error) {
	s := &cardinalitySpec{precision: hllDefaultPrecision}
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		if ok, err := s.parseSourceField(p, m, false); ok || err != nil {
			return ok, err
		}
		var err *apierr.Error
		switch m.Key {
		case "precision_threshold":
			var t int64
			if t, err = p.long(m); err == nil {
				if t < 0 {
					err = p.failed(m, apierr.IllegalArgument("[precisionThreshold] must be greater than or equal to 0. Found [%d] in [%s]", t, p.agg.Name))
				}
				s.precision = precisionFromThreshold(t)
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
	c := &cardinalityCollector{v: v, sketch: newHLLPP(s.precision)}
	if v.ords != nil {
		c.seen = make([]bool, len(v.dict)+1)
	}
	return c, nil
}

// cardinalityCollector hashes each value into the sketch; keyword values
// are first gathered by ordinal and hashed once each at the end, as the
// OrdinalsCollector does.
type cardinalityCollector struct {
	v        *values
	sketch   *hllpp
	seen     []bool // keyword ordinals seen (the last is a missing value)
	constant bool   // an unmapped field with a missing value was reached
	ords     []uint32
	buf      []float64
	posted   bool // postCollect ran
}

func (c *cardinalityCollector) collect(slot int32, _ float32) {
	v := c.v
	switch {
	case v.constant:
		c.constant = true
	case v.unmapped:
	case c.seen != nil && !v.ords.Multi:
		if o, ok := v.ords.Single(slot); ok {
			c.seen[min(int(o), len(c.seen)-1)] = true
		} else if v.hasMissing {
			c.seen[min(int(v.missingOrd), len(c.seen)-1)] = true
		}
	case c.seen != nil:
		c.ords = v.ords.Append(c.ords[:0], slot)
		if len(c.ords) == 0 && v.hasMissing {
			c.ords = append(c.ords, v.missingOrd)
		}
		for _, o := range c.ords {
			c.seen[min(int(o), len(c.seen)-1)] = true
		}
	default:
		c.buf = v.doubles(slot, c.buf)
		for _, x := range c.buf {
			c.sketch.collect(c.hashNumber(x))
		}
	}
}

// hashNumber hashes a numeric value as MurmurHash3Values does: the long
// value, or the double's bits for floating-point fields.
func (c *cardinalityCollector) hashNumber(x float64) uint64 {
	if c.v.isDouble {
		if math.IsNaN(x) {
			return bitMix64(0x7ff8000000000000) // doubleToLongBits' NaN
		}
		return bitMix64(math.Float64bits(x))
	}
	return bitMix64(uint64(int64(x)))
}

// postCollect hashes the ordinals seen into the sketch, once
// (OrdinalsCollector.postCollect).
func (c *cardinalityCollector) postCollect() {
	if c.posted {
		return
	}
	c.posted = true
	var hashes []uint64
	if c.v.ords != nil && len(c.seen) > 0 {
		hashes = c.v.ords.TermHashes(murmur3x64h1)
	}
	for o, ok := range c.seen {
		if !ok {
			continue
		}
		if o < len(hashes) && o < len(c.v.dict) {
			c.sketch.collect(hashes[o])
			continue
		}
		term := c.v.missingStr
		if o < len(c.v.dict) {
			term = c.v.dict[o]
		}
		c.sketch.collect(murmur3x64h1(term))
	}
	if c.constant {
		if c.v.typ == vsBytes || c.v.typ == vsIP {
			c.sketch.collect(murmur3x64h1(c.v.missingStr))
		} else {
			c.sketch.collect(c.hashNumber(c.v.missingNum))
		}
	}
}

func (c *cardinalityCollector) result() result {
	c.postCollect()
	return &cardinalityResult{sketch: c.sketch}
}

// cardinalityResult is InternalCardinality.
type cardinalityResult struct {
	sketch *hllpp
}

func (r *cardinalityResult) typeName() string { return "cardinality" }

func (r *cardinalityResult) reduce(all []result, _ *reduceCtx) (result, *apierr.Error) {
	out := &cardinalityResult{sketch: newHLLPP(r.sketch.p)}
	for _, x := range all {
		out.sketch.merge(x.(*cardinalityResult).sketch)
	}
	return out, nil
}

func (r *cardinalityResult) value() int64 { return r.sketch.cardinality() }

func (r *cardinalityResult) property(name string) (float64, bool) {
	if name != "" && name != "value" {
		return 0, false
	}
	return float64(r.value()), true
}

func (r *cardinalityResult) render(*renderCtx) jsonout.Object {
	return jsonout.Object{{Key: "value", Value: r.value()}}
}
