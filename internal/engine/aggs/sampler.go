package aggs

import (
	"cmp"
	"slices"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// samplerSpec is a sampler or diversified_sampler aggregation: its
// sub-aggregations see only each shard's best-scoring documents.
type samplerSpec struct {
	source
	shardSize   int
	maxPerValue int
	diversified bool
}

func parseSampler(p *parser) (spec, *apierr.Error) {
	s := &samplerSpec{shardSize: 100}
	if p.v.Kind != xcontent.Object {
		return nil, xerr(p.v.Line, p.v.Col, "[%s] Expected START_OBJECT but was: %s", p.agg.Type, p.v.Token())
	}
	// SamplerAggregationBuilder.parse reads numbers only, shard_size alone.
	for i := range p.v.Members {
		m := &p.v.Members[i]
		if m.Value.Kind != xcontent.Number || m.Key != "shard_size" {
			return nil, parseErr(m.Value.Line, m.Value.Col, "Unsupported property \"%s\" for aggregation \"%s", m.Key, p.agg.Name)
		}
		n, err := p.integer(m)
		if err != nil {
			return nil, err
		}
		s.shardSize = n
	}
	return s, nil
}

func parseDiversifiedSampler(p *parser) (spec, *apierr.Error) {
	s := &samplerSpec{shardSize: 100, maxPerValue: 1, diversified: true}
	p.known = []string{"field", "missing", "value_type", "valueType", "script", "shard_size", "max_docs_per_value", "execution_hint"}
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		if m.Key == "format" {
			return false, nil // declared without formatting
		}
		if ok, err := s.parseSourceField(p, m, false); ok || err != nil {
			return ok, err
		}
		var err *apierr.Error
		switch m.Key {
		case "shard_size":
			s.shardSize, err = p.integer(m)
		case "max_docs_per_value":
			s.maxPerValue, err = p.integer(m)
		case "execution_hint":
			_, err = p.str(m)
		default:
			return false, nil
		}
		return true, err
	})
	if err != nil {
		return nil, err
	}
	return s, nil
}

func (s *samplerSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	c := &samplerCollector{spec: s, agg: a}
	if s.diversified {
		v, err := env.values(a, &s.source, vsBytes, vsBytes, vsNumeric, vsDate, vsBoolean, vsIP)
		if err != nil {
			return nil, err
		}
		if v.unmapped {
			// No field: an empty sample (UnmappedSampler).
			c.unmapped = true
		}
		c.v = v
	}
	subs, err := newSubFactory(env, a)
	if err != nil {
		return nil, err
	}
	c.subs = subs.make()
	return c, nil
}

// sampled is one collected document with its score.
type sampled struct {
	slot  int32
	score float32
	key   string // the diversifying value
}

// samplerCollector buffers the shard's matches and, at the end, replays
// the best shard_size of them (score descending, then document order) into
// the sub-aggregations, in document order.
type samplerCollector struct {
	spec     *samplerSpec
	agg      *Agg
	v        *values
	unmapped bool
	docs     []sampled
	subs     subCollectors
	err      *apierr.Error
	ords     []uint32
	nums     []float64
}

func (c *samplerCollector) collect(slot int32, score float32) {
	if c.unmapped {
		return
	}
	d := sampled{slot: slot, score: score}
	if c.v != nil {
		k, ok := c.keyOf(slot)
		if !ok {
			c.err = apierr.IllegalArgument("Sample diversifying key must be a single valued-field")
		}
		d.key = k
	}
	c.docs = append(c.docs, d)
}

// keyOf is a document's diversifying value (documents without one share a
// key); false when it has several.
func (c *samplerCollector) keyOf(slot int32) (string, bool) {
	v := c.v
	if v.typ == vsBytes {
		c.ords = slotOrds(v, slot, c.ords)
		switch len(c.ords) {
		case 0:
			return "", true
		case 1:
			return "s" + sprintf("%d", c.ords[0]), true
		}
		return "", false
	}
	c.nums = v.doubles(slot, c.nums)
	switch len(c.nums) {
	case 0:
		return "", true
	case 1:
		return "n" + sprintf("%v", c.nums[0]), true
	}
	return "", false
}

func (c *samplerCollector) result() result {
	if c.err != nil {
		return &samplerResult{err: c.err}
	}
	best := slices.Clone(c.docs)
	slices.SortStableFunc(best, func(a, b sampled) int {
		if x := cmp.Compare(b.score, a.score); x != 0 {
			return x
		}
		return cmp.Compare(a.slot, b.slot)
	})
	var pick []sampled
	perKey := map[string]int{}
	for _, d := range best {
		if len(pick) == c.spec.shardSize {
			break
		}
		if c.spec.diversified {
			if perKey[d.key] >= c.spec.maxPerValue {
				continue
			}
			perKey[d.key]++
		}
		pick = append(pick, d)
	}
	slices.SortFunc(pick, func(a, b sampled) int { return cmp.Compare(a.slot, b.slot) })
	for _, d := range pick {
		c.subs.collect(d.slot, d.score)
	}
	return &samplerResult{singleResult: singleResult{kind: "sampler", docCount: int64(len(pick)), subs: c.subs.results(c.agg.Subs)}}
}

// samplerResult is InternalSampler on a shard, or the shard's failure to
// collect (a diversifying field with several values), which the reduce
// returns.
type samplerResult struct {
	singleResult
	err *apierr.Error
}

func (r *samplerResult) reduce(all []result, rc *reduceCtx) (result, *apierr.Error) {
	list := make([]result, 0, len(all))
	for _, x := range all {
		s := x.(*samplerResult)
		if s.err != nil {
			return nil, s.err
		}
		list = append(list, &s.singleResult)
	}
	return r.singleResult.reduce(list, rc)
}
