package aggs

import (
	"math"
	"slices"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// varWidthSpec is a variable_width_histogram aggregation: about `buckets`
// clusters of the values, each with its centroid, min and max. Each shard
// keeps every distinct value as a cluster and the reduce merges the closest
// neighbours, as OpenSearch does while a shard holds at most 3/4 of
// shard_size distinct values; past that OpenSearch pre-clusters on the
// shard and its buckets can differ.
type varWidthSpec struct {
	source
	buckets, shardSize, initialBuffer int
	shardSet, bufferSet               bool
}

func parseVarWidth(p *parser) (spec, *apierr.Error) {
	s := &varWidthSpec{buckets: 10}
	p.known = []string{"field", "missing", "value_type", "valueType", "script", "format", "buckets", "shard_size", "initial_buffer"}
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		if ok, err := s.parseSourceField(p, m, false); ok || err != nil {
			return ok, err
		}
		var err *apierr.Error
		switch m.Key {
		case "buckets":
			if s.buckets, err = p.integer(m); err == nil && s.buckets <= 0 {
				err = p.failed(m, apierr.IllegalArgument("buckets must be greater than 0 for [%s]", p.agg.Name))
			}
		case "shard_size":
			if s.shardSize, err = p.integer(m); err == nil && s.shardSize <= 1 {
				err = p.failed(m, apierr.IllegalArgument("shard_size must be greater than [1] for [%s]", p.agg.Name))
			}
			s.shardSet = true
		case "initial_buffer":
			if s.initialBuffer, err = p.integer(m); err == nil && s.initialBuffer <= 0 {
				err = p.failed(m, apierr.IllegalArgument("initial_buffer must be greater than 0 for [%s]", p.agg.Name))
			}
			s.bufferSet = true
		default:
			return false, nil
		}
		return true, err
	})
	if err != nil {
		return nil, err
	}
	if !s.shardSet {
		s.shardSize = s.buckets * 50
	}
	if !s.bufferSet {
		s.initialBuffer = min(s.shardSize*10, 50000)
	}
	if init := s.shardSize * 3 / 4; init < s.buckets {
		return nil, apierr.IllegalArgument("3/4 of shard_size must be at least buckets but was [%d<%d] for [%s]", init, s.buckets, p.agg.Name)
	}
	if s.shardSize > s.initialBuffer {
		return nil, apierr.IllegalArgument("shard_size must be at most initial_buffer but was [%d>%d] for [%s]", s.shardSize, s.initialBuffer, p.agg.Name)
	}
	return s, nil
}

func (s *varWidthSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	v, err := env.values(a, &s.source, vsNumeric, vsNumeric)
	if err != nil {
		return nil, err
	}
	subs, err := newSubFactory(env, a)
	if err != nil {
		return nil, err
	}
	return &varWidthCollector{spec: s, agg: a, v: v, subs: subs, index: map[float64]int{}}, nil
}

// varWidthCollector counts each distinct value (with its sub-collectors).
type varWidthCollector struct {
	spec    *varWidthSpec
	agg     *Agg
	v       *values
	subs    *subFactory
	index   map[float64]int
	buckets []*vwBucket
	bsubs   []subCollectors
	buf     []float64
}

// vwBucket is a cluster: its centroid (the key), bounds and count.
type vwBucket struct {
	centroid, min, max float64
	docCount           int64
	subs               aggList
	parts              []aggList // the merged clusters' sub-aggregations
}

func (c *varWidthCollector) collect(slot int32, score float32) {
	c.buf = c.v.doubles(slot, c.buf)
	for _, f := range c.buf {
		i, ok := c.index[f]
		if !ok {
			i = len(c.buckets)
			c.index[f] = i
			c.buckets = append(c.buckets, &vwBucket{centroid: f, min: f, max: f})
			c.bsubs = append(c.bsubs, c.subs.make())
		}
		c.buckets[i].docCount++
		c.bsubs[i].collect(slot, score)
	}
}

func (c *varWidthCollector) result() result {
	for i, b := range c.buckets {
		b.subs = c.bsubs[i].results(c.agg.Subs)
	}
	return &varWidthResult{spec: c.spec, format: c.v.format, buckets: c.buckets}
}

// varWidthResult is InternalVariableWidthHistogram.
type varWidthResult struct {
	spec    *varWidthSpec
	format  docFormat
	buckets []*vwBucket
}

func (r *varWidthResult) typeName() string { return "variable_width_histogram" }

func (r *varWidthResult) reduce(all []result, rc *reduceCtx) (result, *apierr.Error) {
	// Clusters with the same centroid merge first.
	byCentroid := map[float64]*vwBucket{}
	var list []*vwBucket
	for _, x := range all {
		for _, b := range x.(*varWidthResult).buckets {
			m := byCentroid[b.centroid]
			if m == nil {
				m = &vwBucket{centroid: b.centroid, min: b.min, max: b.max}
				byCentroid[b.centroid] = m
				list = append(list, m)
			}
			m.docCount += b.docCount
			m.min, m.max = math.Min(m.min, b.min), math.Max(m.max, b.max)
			m.parts = append(m.parts, b.subs)
		}
	}
	slices.SortFunc(list, func(a, b *vwBucket) int { return compareDoubles(a.min, b.min) })
	// Then the two neighbours with the closest centroids, until the target.
	for len(list) > r.spec.buckets {
		at, best := 0, math.Inf(1)
		for i := 0; i+1 < len(list); i++ {
			if d := list[i+1].centroid - list[i].centroid; d < best {
				at, best = i, d
			}
		}
		a, b := list[at], list[at+1]
		n := a.docCount + b.docCount
		merged := &vwBucket{centroid: (a.centroid*float64(a.docCount) + b.centroid*float64(b.docCount)) / float64(n),
			min: math.Min(a.min, b.min), max: math.Max(a.max, b.max), docCount: n, parts: append(a.parts, b.parts...)}
		list = slices.Replace(list, at, at+2, merged)
	}
	// Overlapping neighbours meet halfway.
	for i := 1; i < len(list); i++ {
		cur, prev := list[i], list[i-1]
		if cur.min < prev.max {
			cur.min = (prev.max + cur.min) / 2
			prev.max = cur.min
		}
	}
	for _, b := range list {
		subs, err := reduceLists(b.parts, rc)
		if err != nil {
			return nil, err
		}
		b.subs, b.parts = subs, nil
	}
	return &varWidthResult{spec: r.spec, format: r.format, buckets: list}, rc.consume(len(list))
}

func (r *varWidthResult) render(rc *renderCtx) jsonout.Object {
	list := make([]any, 0, len(r.buckets))
	raw := r.format.raw()
	for _, b := range r.buckets {
		o := jsonout.Object{{Key: "min", Value: double(b.min)}}
		if !raw {
			o = append(o, jsonout.Field{Key: "min_as_string", Value: r.format.double(b.min)})
		}
		o = append(o, jsonout.Field{Key: "key", Value: double(b.centroid)})
		if !raw {
			o = append(o, jsonout.Field{Key: "key_as_string", Value: r.format.double(b.centroid)})
		}
		o = append(o, jsonout.Field{Key: "max", Value: double(b.max)})
		if !raw {
			o = append(o, jsonout.Field{Key: "max_as_string", Value: r.format.double(b.max)})
		}
		o = append(o, jsonout.Field{Key: "doc_count", Value: b.docCount})
		list = append(list, renderSubs(o, b.subs, rc))
	}
	return jsonout.Object{{Key: "buckets", Value: list}}
}
