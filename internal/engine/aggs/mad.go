package aggs

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// madSpec is a median_absolute_deviation aggregation: a t-digest of the
// values (compression 1000 by default), whose median of deviations from the
// median is computed on the reduced digest.
type madSpec struct {
	source
	compression float64
}

func parseMAD(p *parser) (spec, *apierr.Error) {
	s := &madSpec{compression: 1000}
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		if ok, err := s.parseSourceField(p, m, false); ok || err != nil {
			return ok, err
		}
		if m.Key != "compression" {
			return false, nil
		}
		c, err := p.double(m)
		if err == nil && c <= 0 {
			err = p.failed(m, apierr.IllegalArgument("[compression] must be greater than 0. Found [%s] in [%s]", double(c).String(), p.agg.Name))
		}
		s.compression = c
		return true, err
	})
	return s, err
}

func (s *madSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	v, err := env.values(a, &s.source, vsNumeric, vsNumeric)
	if err != nil {
		return nil, err
	}
	return &madCollector{v: v, td: newTDigest(s.compression)}, nil
}

type madCollector struct {
	v   *values
	td  *tdigest
	buf []float64
}

func (c *madCollector) collect(slot int32, _ float32) {
	c.buf = c.v.doubles(slot, c.buf)
	for _, x := range c.buf {
		c.td.add(x, 1)
	}
}

func (c *madCollector) result() result { return &madResult{td: c.td, format: c.v.format} }

// madResult is InternalMedianAbsoluteDeviation.
type madResult struct {
	td     *tdigest
	format docFormat
}

func (r *madResult) typeName() string { return "median_absolute_deviation" }

func (r *madResult) reduce(all []result, _ *reduceCtx) (result, *apierr.Error) {
	out := &madResult{td: newTDigest(r.td.compression), format: r.format}
	for _, x := range all {
		out.td.merge(x.(*madResult).td)
	}
	return out, nil
}

// value is computeMedianAbsoluteDeviation: the median of a digest of each
// centroid's distance to the approximate median, weighted by its count.
func (r *madResult) value() float64 {
	median := r.td.quantile(0.5) // NaN when empty
	dev := newTDigest(r.td.compression)
	for i, m := range r.td.means {
		d := median - m
		if d < 0 {
			d = -d
		}
		dev.add(d, r.td.counts[i])
	}
	return dev.quantile(0.5)
}

func (r *madResult) property(name string) (float64, bool) {
	if name != "" && name != "value" {
		return 0, false
	}
	return r.value(), true
}

func (r *madResult) render(*renderCtx) jsonout.Object {
	if r.td.size() == 0 {
		return jsonout.Object{{Key: "value", Value: nil}}
	}
	v := r.value()
	out := jsonout.Object{{Key: "value", Value: double(v)}}
	if !r.format.raw() {
		out = append(out, jsonout.Field{Key: "value_as_string", Value: r.format.double(v)})
	}
	return out
}
