package aggs

import (
	"math"
	"slices"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// maxMaxDocCount is RareTermsAggregationBuilder.MAX_MAX_DOC_COUNT.
const maxMaxDocCount = 100

// rareTermsSpec is a rare_terms aggregation: the terms in at most
// max_doc_count documents, rarest first. OpenSearch tracks the terms over
// the threshold in a cuckoo filter sized by precision; the fake keeps them
// exactly, so it never drops a rare term as a false positive.
type rareTermsSpec struct {
	source
	maxDocCount int64
	precision   float64
	include     *includeExclude
}

func parseRareTerms(p *parser) (spec, *apierr.Error) {
	s := &rareTermsSpec{maxDocCount: 1, precision: 0.001, include: &includeExclude{}}
	p.known = []string{"field", "missing", "value_type", "valueType", "script", "format", "max_doc_count", "precision", "include", "exclude"}
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		if ok, err := s.parseSourceField(p, m, false); ok || err != nil {
			return ok, err
		}
		var err *apierr.Error
		switch m.Key {
		case "max_doc_count":
			if s.maxDocCount, err = p.long(m); err == nil {
				switch {
				case s.maxDocCount <= 0:
					err = p.failed(m, apierr.IllegalArgument("[max_doc_count] must be greater than 0. Found [%d] in [%s]", s.maxDocCount, p.agg.Name))
				case s.maxDocCount > maxMaxDocCount:
					err = p.failed(m, apierr.IllegalArgument("[max_doc_count] must be smaller than %d. Found [%d] in [%s]", maxMaxDocCount, s.maxDocCount, p.agg.Name))
				}
			}
		case "precision":
			if s.precision, err = p.double(m); err == nil && s.precision < 0.00001 {
				err = p.failed(m, apierr.IllegalArgument("[precision] must be greater than 0.00001"))
			}
		case "include":
			err = s.include.parseInclude(p, m)
		case "exclude":
			err = s.include.parseExclude(p, m)
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

func (s *rareTermsSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	v, err := env.values(a, &s.source, vsBytes, vsBytes, vsNumeric, vsDate, vsBoolean, vsIP)
	if err != nil {
		return nil, err
	}
	kind := keyString
	if v.numeric() {
		if v.isDouble || (v.constant && v.typ == vsNumeric && v.missingNum != math.Trunc(v.missingNum)) {
			return nil, aggExec("RareTerms aggregation does not support floating point fields.")
		}
		kind = keyLong
		if s.include.regex != nil || s.include.excludeRegex != nil {
			return nil, apierr.IllegalArgument("Aggregation [%s] cannot support regular expression style include/exclude settings as they can only be applied to string fields. Use an array of numeric values for include/exclude clauses used to filter numeric fields", a.Name)
		}
	}
	ie := *s.include
	if err := ie.compileFormat(kind, v.format, env.now); err != nil {
		return nil, err
	}
	subs, err := newSubFactory(env, a)
	if err != nil {
		return nil, err
	}
	return &rareCollector{spec: s, agg: a, v: v, kind: kind, include: &ie, subs: subs, index: map[uint64]int{}}, nil
}

// rareCollector counts every term on a shard; the reduce keeps the rare
// ones (a term over the threshold on any shard is over it in total).
type rareCollector struct {
	spec    *rareTermsSpec
	agg     *Agg
	v       *values
	kind    keyKind
	include *includeExclude
	subs    *subFactory
	index   map[uint64]int
	keys    []uint64
	counts  []int64
	bsubs   []subCollectors
	ords    []uint32
	lkeys   []uint64
}

func (c *rareCollector) collect(slot int32, score float32) {
	if c.kind == keyString {
		c.ords = slotOrds(c.v, slot, c.ords)
		for _, o := range c.ords {
			c.add(uint64(o), slot, score)
		}
		return
	}
	c.lkeys = slotLongKeys(c.v, slot, c.lkeys)
	for _, k := range c.lkeys {
		c.add(k, slot, score)
	}
}

func (c *rareCollector) add(k uint64, slot int32, score float32) {
	i, ok := c.index[k]
	if !ok {
		i = len(c.keys)
		c.index[k] = i
		c.keys = append(c.keys, k)
		c.counts = append(c.counts, 0)
		c.bsubs = append(c.bsubs, nil)
	}
	c.counts[i]++
	// Past the threshold the term is only counted (it goes to the filter).
	if c.counts[i] > c.spec.maxDocCount {
		c.bsubs[i] = nil
		return
	}
	if len(c.agg.Subs) > 0 {
		if c.bsubs[i] == nil {
			c.bsubs[i] = c.subs.make()
		}
		c.bsubs[i].collect(slot, score)
	}
}

func (c *rareCollector) result() result {
	r := &rareResult{spec: c.spec, kind: c.kind, format: c.v.format, unmapped: c.v.unmapped}
	for i, k := range c.keys {
		b := &termBucket{kind: c.kind, docCount: c.counts[i]}
		if c.kind == keyString {
			if int(k) < len(c.v.dict) {
				b.s = c.v.dict[k]
			} else {
				b.s = c.v.missingStr
			}
		} else {
			b.n = int64(k)
		}
		if !c.include.accepts(b) {
			continue
		}
		if c.bsubs[i] != nil {
			b.subs = c.bsubs[i].results(c.agg.Subs)
		}
		r.buckets = append(r.buckets, b)
	}
	return r
}

// rareResult is StringRareTerms, LongRareTerms or UnmappedRareTerms.
type rareResult struct {
	spec     *rareTermsSpec
	kind     keyKind
	format   docFormat
	unmapped bool
	buckets  []*termBucket
}

func (r *rareResult) typeName() string {
	if r.kind == keyLong && !r.unmapped {
		return "lrareterms"
	}
	return "srareterms"
}

// rareOrder is count ascending, then key ascending.
var rareOrder = bucketOrder{{kind: 'c', asc: true}, {kind: 'k', asc: true}}

func (r *rareResult) reduce(all []result, rc *reduceCtx) (result, *apierr.Error) {
	out := &rareResult{spec: r.spec, kind: r.kind, format: r.format, unmapped: true}
	index := map[any]int{}
	var groups [][]*termBucket
	for _, x := range all {
		s := x.(*rareResult)
		if !s.unmapped && out.unmapped {
			out.unmapped, out.kind, out.format = false, s.kind, s.format
		}
		for _, b := range s.buckets {
			k := b.mapKey()
			i, ok := index[k]
			if !ok {
				i = len(groups)
				index[k] = i
				groups = append(groups, nil)
			}
			groups[i] = append(groups[i], b)
		}
	}
	for _, g := range groups {
		nb := &termBucket{kind: g[0].kind, s: g[0].s, n: g[0].n}
		var lists []aggList
		for _, b := range g {
			nb.docCount += b.docCount
			lists = append(lists, b.subs)
		}
		if nb.docCount > r.spec.maxDocCount {
			continue
		}
		subs, err := reduceLists(lists, rc)
		if err != nil {
			return nil, err
		}
		nb.subs = subs
		out.buckets = append(out.buckets, nb)
		if err := rc.consume(1); err != nil {
			return nil, err
		}
	}
	slices.SortFunc(out.buckets, func(a, b *termBucket) int { return rareOrder.compare(a, b) })
	return out, nil
}

func (r *rareResult) render(rc *renderCtx) jsonout.Object {
	list := make([]any, 0, len(r.buckets))
	for _, b := range r.buckets {
		o := jsonout.Object{}
		if b.kind == keyString {
			o = append(o, jsonout.Field{Key: "key", Value: b.s})
		} else {
			o = append(o, jsonout.Field{Key: "key", Value: b.n})
			if !r.format.raw() {
				o = append(o, jsonout.Field{Key: "key_as_string", Value: r.format.long(b.n)})
			}
		}
		o = append(o, jsonout.Field{Key: "doc_count", Value: b.docCount})
		list = append(list, renderSubs(o, b.subs, rc))
	}
	return jsonout.Object{{Key: "buckets", Value: list}}
}
