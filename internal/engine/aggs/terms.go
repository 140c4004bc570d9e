package aggs

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// termsSpec is a terms aggregation's options (TermsAggregationBuilder).
type termsSpec struct {
	source
	size, shardSize          int
	minDocCount, shardMinDoc int64
	order                    bucketOrder
	include                  *includeExclude
	showError                bool
	// executionHint and collectMode are kept for the profile, which names
	// the aggregator they choose (the results do not depend on them).
	executionHint, collectMode string
}

func parseTerms(p *parser) (spec, *apierr.Error) {
	s := &termsSpec{size: 10, shardSize: -1, minDocCount: 1, order: bucketOrder{{kind: 'c'}}, include: &includeExclude{aggName: p.agg.Name}}
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		if ok, err := s.parseSourceField(p, m, false); ok || err != nil {
			return ok, err
		}
		var err *apierr.Error
		switch m.Key {
		case "size":
			if s.size, err = p.integer(m); err == nil && s.size <= 0 {
				err = p.failed(m, apierr.IllegalArgument("[size] must be greater than 0. Found [%d] in [%s]", s.size, p.agg.Name))
			}
		case "shard_size":
			if s.shardSize, err = p.integer(m); err == nil && s.shardSize <= 0 {
				err = p.failed(m, apierr.IllegalArgument("[shardSize] must be greater than 0. Found [%d] in [%s]", s.shardSize, p.agg.Name))
			}
		case "min_doc_count":
			if s.minDocCount, err = p.long(m); err == nil && s.minDocCount < 0 {
				err = p.failed(m, apierr.IllegalArgument("[minDocCount] must be greater than or equal to 0. Found [%d] in [%s]", s.minDocCount, p.agg.Name))
			}
		case "shard_min_doc_count":
			if s.shardMinDoc, err = p.long(m); err == nil && s.shardMinDoc < 0 {
				err = p.failed(m, apierr.IllegalArgument("[shardMinDocCount] must be greater than or equal to 0. Found [%d] in [%s]", s.shardMinDoc, p.agg.Name))
			}
		case "order":
			s.order, err = parseOrder(p, m, p.warn)
		case "include":
			err = s.include.parseInclude(p, m)
		case "exclude":
			err = s.include.parseExclude(p, m)
		case "show_term_doc_count_error":
			s.showError, err = p.boolean(m)
		case "execution_hint":
			s.executionHint, err = p.str(m)
		case "collect_mode":
			s.collectMode, err = p.str(m)
		default:
			return false, nil
		}
		return true, err
	})
	if err != nil {
		return nil, err
	}
	s.order = s.order.withKeyTieBreak()
	return s, nil
}

// effectiveShardSize is the shard_size TermsAggregatorFactory uses: size*1.5+10
// unless given or ordered by key, and never below size.
func (s *termsSpec) effectiveShardSize() int {
	n := s.shardSize
	if n == -1 && !s.order.isKeyOrder() {
		n = int(math.Min(math.MaxInt32, float64(s.size)*1.5+10))
	}
	if n < s.size {
		n = s.size
	}
	return n
}

// keyKind is how a terms aggregation's keys are typed.
type keyKind byte

const (
	keyString keyKind = 's'
	keyLong   keyKind = 'l'
	keyDouble keyKind = 'd'
	// keyUnsigned keys hold unsigned_long values in their stored form
	// (sign bit flipped: ordered as the unsigned values).
	keyUnsigned keyKind = 'u'
	keyMulti    keyKind = 'm' // multi_terms: a list of values
)

func (s *termsSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	v, err := env.values(a, &s.source, vsBytes, vsBytes, vsNumeric, vsDate, vsBoolean, vsIP)
	if err != nil {
		return nil, err
	}
	subs, err := newSubFactory(env, a)
	if err != nil {
		return nil, err
	}
	c := &termsCollector{spec: s, agg: a, v: v, env: env, subs: subs, kind: keyString}
	if v.script != nil && !v.numeric() {
		// Script terms are strings the dictionary does not hold.
		c.smap = map[string]int32{}
	} else if v.numeric() {
		c.kind = keyLong
		if v.isDouble || (v.constant && v.typ == vsNumeric && v.missingNum != math.Trunc(v.missingNum)) {
			c.kind = keyDouble
		} else if v.unsigned {
			c.kind = keyUnsigned
		}
		c.index = map[uint64]int32{}
		if s.include.regex != nil || s.include.excludeRegex != nil {
			return nil, aggExec("Aggregation [%s] cannot support regular expression style include/exclude settings as they can only be applied to string fields. Use an array of numeric values for include/exclude clauses used to filter numeric fields", a.Name)
		}
	} else {
		if v.fieldType == mapping.TypeKeyword && !v.constant && s.executionHint != "map" {
			// The global_ordinals strategy (the default for keywords) builds
			// the field's global ordinals first.
			env.r.LoadGlobalOrdinals(s.source.field, len(v.dict))
		}
		n := len(v.dict) + 1
		c.counts = make([]int64, n)
		if len(a.Subs) > 0 {
			c.bsubs = make([]subCollectors, n)
		}
	}
	if err := s.include.compileFormat(c.kind, v.format, env.now); err != nil {
		return nil, err
	}
	c.initBlock()
	return c, nil
}

// termsCollector counts documents per term on one shard.
type termsCollector struct {
	spec *termsSpec
	agg  *Agg
	v    *values
	env  *shardEnv
	subs *subFactory
	kind keyKind

	// keyword terms: counts and sub-collectors by ordinal (the last slot
	// is a missing value that is not in the dictionary)
	counts []int64
	bsubs  []subCollectors
	ords   []uint32

	// script terms: string -> bucket (keys, counts and subs below)
	smap  map[string]int32
	skeys []string
	sbuf  []string

	// numeric terms: key bits -> bucket
	index   map[uint64]int32
	keys    []uint64
	ncounts []int64
	nsubs   []subCollectors
	buf     []float64
	lbuf    []int64

	// block marks the keyword path as block safe; pending and touched
	// group a block's documents by bucket for the sub-aggregations.
	block   bool
	pending [][]int32
	touched []uint32
	fused   *fusedSum
}

func (c *termsCollector) collect(slot int32, score float32) {
	v := c.v
	v.score = score
	if c.smap != nil {
		c.sbuf = v.strings(slot, c.sbuf)
		for _, t := range c.sbuf {
			i, ok := c.smap[t]
			if !ok {
				i = int32(len(c.skeys))
				c.smap[t] = i
				c.skeys = append(c.skeys, t)
				c.ncounts = append(c.ncounts, 0)
				if len(c.agg.Subs) > 0 {
					c.nsubs = append(c.nsubs, c.subs.make())
				}
			}
			c.ncounts[i]++
			if c.nsubs != nil {
				c.nsubs[i].collect(slot, score)
			}
		}
		return
	}
	if c.counts != nil {
		switch {
		case v.constant:
			c.addOrd(v.missingOrd, slot, score)
		case v.unmapped:
		case !v.ords.Multi:
			if o, ok := v.ords.Single(slot); ok {
				c.addOrd(o, slot, score)
			} else if v.hasMissing {
				c.addOrd(v.missingOrd, slot, score)
			}
		default:
			c.ords = dedupOrds(v.ords.Append(c.ords[:0], slot))
			if len(c.ords) == 0 && v.hasMissing {
				c.addOrd(v.missingOrd, slot, score)
			}
			for _, o := range c.ords {
				c.addOrd(o, slot, score)
			}
		}
		return
	}
	if v.longs != nil && v.script == nil && !v.constant && !v.longs.Multi {
		if n, ok := v.longs.Single(slot); ok {
			c.addKey(c.rawKey(n), slot, score)
		} else if v.hasMissing {
			c.addKey(c.numKey(v.missingNum), slot, score)
		}
		return
	}
	if v.longs != nil && v.script == nil && !v.constant {
		c.lbuf = v.longs.Append(c.lbuf[:0], slot)
		slices.Sort(c.lbuf)
		if len(c.lbuf) == 0 && v.hasMissing {
			c.addKey(c.numKey(v.missingNum), slot, score)
		}
		for i, n := range c.lbuf {
			if i == 0 || n != c.lbuf[i-1] {
				c.addKey(c.rawKey(n), slot, score)
			}
		}
		return
	}
	c.buf = v.doubles(slot, c.buf)
	for i, f := range c.buf {
		if i == 0 || f != c.buf[i-1] {
			c.addKey(c.numKey(f), slot, score)
		}
	}
}

// rawKey is the bucket key of a stored long (date_nanos in milliseconds).
func (c *termsCollector) rawKey(n int64) uint64 {
	if c.v.nanos {
		return uint64(floorDiv(n, 1_000_000))
	}
	return uint64(n)
}

// numKey is the bucket key of a value read as a double.
func (c *termsCollector) numKey(f float64) uint64 {
	switch c.kind {
	case keyDouble:
		return math.Float64bits(f)
	case keyUnsigned:
		return uint64(mapping.EncodeUnsigned(uint64(f)))
	}
	return uint64(int64(f))
}

func (c *termsCollector) addOrd(o uint32, slot int32, score float32) {
	if int(o) >= len(c.counts) {
		o = uint32(len(c.counts) - 1)
	}
	c.counts[o]++
	if c.bsubs != nil {
		if c.bsubs[o] == nil {
			c.bsubs[o] = c.subs.make()
		}
		c.bsubs[o].collect(slot, score)
	}
}

func (c *termsCollector) addKey(k uint64, slot int32, score float32) {
	i, ok := c.index[k]
	if !ok {
		i = int32(len(c.keys))
		c.index[k] = i
		c.keys = append(c.keys, k)
		c.ncounts = append(c.ncounts, 0)
		if len(c.agg.Subs) > 0 {
			c.nsubs = append(c.nsubs, c.subs.make())
		}
	}
	c.ncounts[i]++
	if c.nsubs != nil {
		c.nsubs[i].collect(slot, score)
	}
}

// termBucket is one term with its count and sub-aggregations.
type termBucket struct {
	kind     keyKind
	s        string
	n        int64
	f        float64
	docCount int64
	docErr   int64
	subs     aggList
	multi    []ckey // multi_terms key values
}

func (b *termBucket) count() int64     { return b.docCount }
func (b *termBucket) subAggs() aggList { return b.subs }
func (b *termBucket) keyDouble() float64 {
	switch b.kind {
	case keyLong:
		return float64(b.n)
	case keyUnsigned:
		return float64(mapping.DecodeUnsigned(b.n))
	}
	return b.f
}

func (b *termBucket) compareKey(o orderedBucket) int {
	x := o.(*termBucket)
	switch b.kind {
	case keyString:
		return strings.Compare(b.s, x.s)
	case keyLong, keyUnsigned:
		return cmp.Compare(b.n, x.n)
	case keyMulti:
		return compareMulti(b.multi, x.multi)
	}
	return compareDoubles(b.f, x.f)
}

// mapKey identifies a bucket across shards.
func (b *termBucket) mapKey() any {
	switch b.kind {
	case keyString:
		return b.s
	case keyLong, keyUnsigned:
		return b.n
	case keyMulti:
		return string(encodeKey(nil, b.multi))
	}
	return b.f
}

func (c *termsCollector) result() result {
	s := c.spec
	r := &termsResult{kind: c.kind, spec: s, agg: c.agg, format: c.v.format, shardSize: s.effectiveShardSize(), unmapped: c.v.unmapped}
	if c.v.unmapped {
		return r
	}
	var cands []*termBucket
	if c.smap != nil {
		for i, t := range c.skeys {
			b := &termBucket{kind: keyString, s: t, docCount: c.ncounts[i]}
			if c.nsubs != nil {
				b.subs = c.bucketSubs(c.nsubs[i])
			}
			cands = append(cands, b)
		}
	} else if c.counts != nil {
		zero := s.minDocCount == 0
		for o, n := range c.counts {
			if n == 0 && !zero {
				continue
			}
			var term string
			switch {
			case o < len(c.v.dict):
				term = c.v.dict[o]
			case c.v.hasMissing && uint32(o) == c.v.missingOrd && n > 0:
				term = c.v.missingStr
			default:
				continue
			}
			b := &termBucket{kind: keyString, s: term, docCount: n}
			if c.bsubs != nil {
				b.subs = c.bucketSubs(c.bsubs[o])
			}
			cands = append(cands, b)
		}
	} else {
		if s.minDocCount == 0 {
			c.addAllNumeric()
		}
		for i, k := range c.keys {
			b := &termBucket{kind: c.kind, docCount: c.ncounts[i]}
			if c.kind != keyDouble {
				b.n = int64(k)
			} else {
				b.f = math.Float64frombits(k)
			}
			if c.nsubs != nil {
				b.subs = c.bucketSubs(c.nsubs[i])
			}
			cands = append(cands, b)
		}
	}
	kept := cands[:0]
	for _, b := range cands {
		if b.docCount >= s.shardMinDoc && s.include.accepts(b) {
			kept = append(kept, b)
		}
	}
	slices.SortFunc(kept, func(a, b *termBucket) int { return s.order.compare(a, b) })
	if len(kept) > r.shardSize {
		for _, b := range kept[r.shardSize:] {
			r.otherDocCount += b.docCount
		}
		kept = kept[:r.shardSize]
	}
	r.buckets = kept
	return r
}

// bucketSubs finishes a bucket's sub-aggregations (empty ones for a
// bucket no matching document reached).
func (c *termsCollector) bucketSubs(sc subCollectors) aggList {
	if sc == nil {
		return c.subs.empty()
	}
	return sc.results(c.agg.Subs)
}

// addAllNumeric adds a zero-count bucket for every value of the field on
// the shard (min_doc_count 0).
func (c *termsCollector) addAllNumeric() {
	v := c.v
	if v.constant {
		return
	}
	var buf []float64
	forEachLive(c.env.r, func(slot int32) {
		buf = v.doubles(slot, buf)
		for _, f := range buf {
			k := c.numKey(f)
			if _, ok := c.index[k]; !ok {
				c.index[k] = int32(len(c.keys))
				c.keys = append(c.keys, k)
				c.ncounts = append(c.ncounts, 0)
				if len(c.agg.Subs) > 0 {
					c.nsubs = append(c.nsubs, nil)
				}
			}
		}
	})
}

// termsResult is StringTerms, LongTerms, DoubleTerms or UnmappedTerms.
type termsResult struct {
	kind          keyKind
	spec          *termsSpec
	agg           *Agg
	format        docFormat
	shardSize     int
	unmapped      bool
	buckets       []*termBucket
	otherDocCount int64
	docCountError int64
	formats       []docFormat // multi_terms: each value's format
}

func (r *termsResult) typeName() string {
	switch {
	case r.kind == keyMulti:
		return "multi_terms"
	case r.unmapped:
		return "sterms"
	case r.kind == keyUnsigned:
		return "ulterms"
	}
	return string(r.kind) + "terms"
}

// shardError is the doc count error of one shard's result
// (InternalTerms.getDocCountError).
func (r *termsResult) shardError() int64 {
	n := len(r.buckets)
	switch {
	case n == 0 || n < r.shardSize || r.spec.order.isKeyOrder():
		return 0
	case r.spec.order.isCountDesc():
		if r.docCountError > 0 {
			return r.docCountError
		}
		m := r.buckets[0].docCount
		for _, b := range r.buckets {
			m = min(m, b.docCount)
		}
		return m
	}
	return -1
}

func (r *termsResult) reduce(all []result, rc *reduceCtx) (result, *apierr.Error) {
	var mapped []*termsResult
	all = promoteLongTerms(all)
	for _, x := range all {
		t := x.(*termsResult)
		if !t.unmapped {
			if len(mapped) > 0 && mapped[0].kind != t.kind {
				return nil, aggExec("Merging/Reducing the aggregations failed when computing the aggregation [%s] because the field you gave in the aggregation query existed as two different types in two different indices", r.agg.Name)
			}
			mapped = append(mapped, t)
		}
	}
	if len(mapped) == 0 {
		return r, nil
	}
	out := &termsResult{kind: mapped[0].kind, spec: r.spec, agg: r.agg, format: mapped[0].format, formats: mapped[0].formats}
	var sumErr int64
	byKey := map[any]int{}
	var merged [][]*termBucket
	for _, t := range mapped {
		out.otherDocCount += t.otherDocCount
		e := t.shardError()
		if sumErr != -1 {
			if e == -1 {
				sumErr = -1
			} else {
				sumErr += e
			}
		}
		for _, b := range t.buckets {
			k := b.mapKey()
			i, ok := byKey[k]
			if !ok {
				i = len(merged)
				byKey[k] = i
				merged = append(merged, nil)
			}
			b.docErr -= e
			merged[i] = append(merged[i], b)
		}
	}
	reduced := make([]*termBucket, 0, len(merged))
	for _, same := range merged {
		b := &termBucket{kind: same[0].kind, s: same[0].s, n: same[0].n, f: same[0].f, multi: same[0].multi}
		lists := make([]aggList, 0, len(same))
		for _, x := range same {
			b.docCount += x.docCount
			b.docErr += x.docErr
			lists = append(lists, x.subs)
		}
		if sumErr == -1 {
			b.docErr = -1
		} else {
			b.docErr += sumErr
		}
		subs, err := reduceLists(lists, rc)
		if err != nil {
			return nil, err
		}
		b.subs = subs
		reduced = append(reduced, b)
	}
	order := r.spec.order
	slices.SortStableFunc(reduced, func(a, b *termBucket) int { return order.compare(a, b) })
	var kept []*termBucket
	for _, b := range reduced {
		if b.docCount < r.spec.minDocCount {
			continue
		}
		if len(kept) == r.spec.size {
			out.otherDocCount += b.docCount
			continue
		}
		kept = append(kept, b)
		if err := rc.consume(1); err != nil {
			return nil, err
		}
	}
	out.buckets = kept
	switch {
	case sumErr == -1:
		out.docCountError = -1
	case len(all) == 1:
		out.docCountError = 0
	default:
		out.docCountError = sumErr
	}
	return out, nil
}

func (r *termsResult) render(rc *renderCtx) jsonout.Object {
	list := make([]any, 0, len(r.buckets))
	for _, b := range r.buckets {
		o := jsonout.Object{}
		switch b.kind {
		case keyString:
			o = append(o, jsonout.Field{Key: "key", Value: r.format.bytes(b.s)})
		case keyUnsigned:
			o = append(o, jsonout.Field{Key: "key", Value: mapping.DecodeUnsigned(b.n)})
		case keyMulti:
			o = append(o, r.multiKey(b.multi)...)
		case keyLong:
			o = append(o, jsonout.Field{Key: "key", Value: b.n})
			if !r.format.raw() {
				o = append(o, jsonout.Field{Key: "key_as_string", Value: r.format.long(b.n)})
			}
		default:
			o = append(o, jsonout.Field{Key: "key", Value: double(b.f)})
			if !r.format.raw() {
				o = append(o, jsonout.Field{Key: "key_as_string", Value: r.format.double(b.f)})
			}
		}
		o = append(o, jsonout.Field{Key: "doc_count", Value: b.docCount})
		if r.spec.showError {
			o = append(o, jsonout.Field{Key: "doc_count_error_upper_bound", Value: b.docErr})
		}
		list = append(list, renderSubs(o, b.subs, rc))
	}
	return jsonout.Object{{Key: "doc_count_error_upper_bound", Value: r.docCountError},
		{Key: "sum_other_doc_count", Value: r.otherDocCount}, {Key: "buckets", Value: list}}
}

// validateSubs checks the order's paths against the sub-aggregations.
func (s *termsSpec) validateSubs(a *Agg) *apierr.Error { return validateOrderPaths(s.order, a) }

// promoteLongTerms turns raw-formatted LongTerms into DoubleTerms when
// another shard (an index mapping the field as a double) answered
// DoubleTerms, as DoubleTerms.reduce does; the results keep the double's
// format.
func promoteLongTerms(all []result) []result {
	var dbl *termsResult
	promote := false
	for _, x := range all {
		t := x.(*termsResult)
		switch {
		case t.unmapped:
		case t.kind == keyDouble && dbl == nil:
			dbl = t
		case (t.kind == keyLong || t.kind == keyUnsigned) && t.format.raw():
			promote = true
		}
	}
	if dbl == nil || !promote {
		return all
	}
	out := make([]result, len(all))
	for i, x := range all {
		t := x.(*termsResult)
		if t.unmapped || (t.kind != keyLong && t.kind != keyUnsigned) {
			out[i] = t
			continue
		}
		c := *t
		c.kind, c.format = keyDouble, dbl.format
		c.buckets = make([]*termBucket, len(t.buckets))
		for j, b := range t.buckets {
			nb := *b
			nb.kind, nb.f, nb.n = keyDouble, b.keyDouble(), 0
			c.buckets[j] = &nb
		}
		out[i] = &c
	}
	return out
}
