package aggs

import (
	"cmp"
	"math"
	"slices"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// sigTermsSpec is a significant_terms aggregation
// (SignificantTermsAggregationBuilder).
type sigTermsSpec struct {
	source
	size, shardSize          int
	minDocCount, shardMinDoc int64
	include                  *includeExclude
	background               dsl.Query
	heuristic                heuristic
	// text marks significant_text: the terms are the field's analyzed
	// tokens, no fielddata needed.
	text bool
}

// sigTermsFields are the parser's field names, the "did you mean"
// candidates.
var sigTermsFields = append([]string{"field", "missing", "format", "value_type", "valueType", "script", "size", "shard_size",
	"min_doc_count", "shard_min_doc_count", "execution_hint", "include", "exclude", "background_filter"}, heuristicNames...)

func parseSigTerms(p *parser) (spec, *apierr.Error) {
	s := &sigTermsSpec{size: 10, shardSize: -1, minDocCount: 3, include: &includeExclude{aggName: p.agg.Name}, heuristic: heuristic{name: "jlh", bgIsSuperset: true}}
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		if ok, err := s.parseSourceField(p, m, false); ok || err != nil {
			return ok, err
		}
		var err *apierr.Error
		switch m.Key {
		case "execution_hint":
			_, err = p.str(m)
		default:
			if ok, err := s.parseShared(p, m); ok || err != nil {
				return true, err
			}
			return true, xerr(m.Line, m.Col, "[%s] unknown field [%s]%s", p.agg.Type, m.Key, dsl.DidYouMean(m.Key, sigTermsFields))
		}
		return true, err
	})
	if err != nil {
		return nil, err
	}
	return s, s.checkSizes(p.agg.Name)
}

// parseShared reads the options significant_terms and significant_text
// share (sizes, include/exclude, the background and the heuristic); false
// for any other key.
func (s *sigTermsSpec) parseShared(p *parser, m *xcontent.Member) (bool, *apierr.Error) {
	var err *apierr.Error
	switch m.Key {
	case "size":
		s.size, err = p.integer(m)
	case "shard_size":
		s.shardSize, err = p.integer(m)
	case "min_doc_count":
		s.minDocCount, err = p.long(m)
	case "shard_min_doc_count":
		s.shardMinDoc, err = p.long(m)
	case "include":
		err = s.include.parseInclude(p, m)
	case "exclude":
		err = s.include.parseExclude(p, m)
	case "background_filter":
		q, qerr := dsl.Parse(&m.Value)
		if qerr != nil {
			return true, p.failed(m, fromX(qerr))
		}
		s.background = q
	case "jlh", "mutual_information", "chi_square", "gnd", "percentage", "script_heuristic":
		s.heuristic, err = parseHeuristic(p, m)
	default:
		return false, nil
	}
	return true, err
}

// checkSizes validates the sizes as the builders' setters do.
func (s *sigTermsSpec) checkSizes(name string) *apierr.Error {
	switch {
	case s.size <= 0:
		return apierr.IllegalArgument("[size] must be greater than 0. Found [%d] in [%s]", s.size, name)
	case s.shardSize == 0 || s.shardSize < -1:
		return apierr.IllegalArgument("[shardSize] must be greater than 0. Found [%d] in [%s]", s.shardSize, name)
	case s.minDocCount < 0:
		return apierr.IllegalArgument("[minDocCount] must be greater than or equal to 0. Found [%d] in [%s]", s.minDocCount, name)
	case s.shardMinDoc < 0:
		return apierr.IllegalArgument("[shardMinDocCount] must be greater than or equal to 0. Found [%d] in [%s]", s.shardMinDoc, name)
	}
	return nil
}

// effectiveShardSize is twice the terms default (size*1.5+10) unless
// shard_size is given, never below size.
func (s *sigTermsSpec) effectiveShardSize() int {
	n := s.shardSize
	if n == -1 {
		n = 2 * int(math.Min(math.MaxInt32, float64(s.size)*1.5+10))
	}
	return max(n, s.size)
}

// sigBackground is a shard's background set: its size and each term's
// document frequency, counted once per shard.
type sigBackground struct {
	size  int64
	byOrd []int64
	byKey map[uint64]int64
}

func (s *sigTermsSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	var v *values
	var err *apierr.Error
	if s.text {
		v, err = textValues(env, a, s.field)
	} else if f := env.field(s.source.field); f != nil && f.Derived != nil {
		// derived values come from a script, which significant_terms'
		// background frequencies cannot read
		return nil, apierr.IllegalArgument("Field [%s] of type [derived] is not supported for aggregation [significant_terms]", s.source.field)
	} else {
		v, err = env.values(a, &s.source, vsBytes, vsBytes, vsNumeric, vsDate, vsBoolean, vsIP)
	}
	if err != nil {
		return nil, err
	}
	if v.isDouble {
		e := apierr.New("unsupported_operation_exception", "No support for examining floating point numerics")
		e.Status = 500
		return nil, e
	}
	kind := keyString
	if v.numeric() {
		kind = keyLong
		if s.include.regex != nil || s.include.excludeRegex != nil {
			return nil, aggExec("Aggregation [%s] cannot support regular expression style include/exclude settings as they can only be applied to string fields. Use an array of numeric values for include/exclude clauses used to filter numeric fields", a.Name)
		}
	}
	ie := *s.include
	if err := ie.compileFormat(kind, v.format, env.now); err != nil {
		return nil, err
	}
	bg, err := s.backgroundOf(env, a, v)
	if err != nil {
		return nil, err
	}
	subs, err := newSubFactory(env, a)
	if err != nil {
		return nil, err
	}
	return &sigCollector{spec: s, agg: a, v: v, kind: kind, include: &ie, bg: bg, subs: subs, index: map[uint64]int{}}, nil
}

// backgroundOf counts the background once per shard: every live document,
// or those the background filter accepts.
func (s *sigTermsSpec) backgroundOf(env *shardEnv, a *Agg, v *values) (*sigBackground, *apierr.Error) {
	if bg, ok := env.memo[a].(*sigBackground); ok {
		return bg, nil
	}
	var match Matcher
	if s.background != nil {
		m, err := env.filter(s.background)
		if err != nil {
			return nil, err
		}
		match = m
	}
	bg := &sigBackground{byKey: map[uint64]int64{}}
	if v.ordinals() {
		bg.byOrd = make([]int64, len(v.dict)+1)
	}
	var ords []uint32
	var keys []uint64
	forEachLive(env.r, func(slot int32) {
		if match != nil && !match(slot) {
			return
		}
		bg.size++
		if v.ordinals() {
			ords = slotOrds(v, slot, ords)
			for _, o := range ords {
				bg.byOrd[o]++
			}
			return
		}
		keys = slotLongKeys(v, slot, keys)
		for _, k := range keys {
			bg.byKey[k]++
		}
	})
	env.memo[a] = bg
	return bg, nil
}

// slotOrds is a slot's distinct keyword ordinals (the missing value's
// ordinal for a document without one).
func slotOrds(v *values, slot int32, dst []uint32) []uint32 {
	switch {
	case v.constant:
		return append(dst[:0], v.missingOrd)
	case v.unmapped:
		return dst[:0]
	}
	dst = dedupOrds(v.ords.Append(dst[:0], slot))
	if len(dst) == 0 && v.hasMissing {
		dst = append(dst, v.missingOrd)
	}
	return dst
}

// slotLongKeys is a slot's distinct integer values, as key bits.
func slotLongKeys(v *values, slot int32, dst []uint64) []uint64 {
	dst = dst[:0]
	var buf [4]float64
	for _, f := range v.doubles(slot, buf[:0]) {
		k := uint64(int64(f))
		if len(dst) == 0 || dst[len(dst)-1] != k {
			dst = append(dst, k)
		}
	}
	return dst
}

// sigCollector counts one bucket's foreground on a shard.
type sigCollector struct {
	spec    *sigTermsSpec
	agg     *Agg
	v       *values
	kind    keyKind
	include *includeExclude
	bg      *sigBackground
	subs    *subFactory

	subsetSize int64
	index      map[uint64]int // ordinal or key bits -> bucket
	keys       []uint64
	counts     []int64
	bsubs      []subCollectors
	ords       []uint32
	lkeys      []uint64
}

func (c *sigCollector) collect(slot int32, score float32) {
	c.subsetSize++
	if c.v.ordinals() {
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

func (c *sigCollector) add(k uint64, slot int32, score float32) {
	i, ok := c.index[k]
	if !ok {
		i = len(c.keys)
		c.index[k] = i
		c.keys = append(c.keys, k)
		c.counts = append(c.counts, 0)
		c.bsubs = append(c.bsubs, c.subs.make())
	}
	c.counts[i]++
	c.bsubs[i].collect(slot, score)
}

// sigBucket is one significant term.
type sigBucket struct {
	termBucket
	supersetDf int64
	score      float64
}

func (c *sigCollector) result() result {
	s := c.spec
	r := &sigResult{spec: s, kind: c.kind, format: c.v.format, unmapped: c.v.unmapped, subsetSize: c.subsetSize, supersetSize: c.bg.size}
	if r.unmapped {
		// UnmappedSignificantTerms counts no sets.
		r.subsetSize, r.supersetSize = 0, 0
	}
	for i, k := range c.keys {
		b := &sigBucket{termBucket: termBucket{kind: c.kind, docCount: c.counts[i]}}
		if c.kind == keyString {
			if int(k) < len(c.v.dict) {
				b.s = c.v.dict[k]
			} else {
				b.s = c.v.missingStr
			}
			b.supersetDf = c.bg.byOrd[k]
		} else {
			b.n = int64(k)
			b.supersetDf = c.bg.byKey[k]
		}
		if b.docCount < s.shardMinDoc || !c.include.accepts(&b.termBucket) {
			continue
		}
		b.score = s.heuristic.score(b.docCount, r.subsetSize, b.supersetDf, r.supersetSize)
		b.subs = c.bsubs[i].results(c.agg.Subs)
		r.buckets = append(r.buckets, b)
	}
	sortSig(r.buckets)
	if n := s.effectiveShardSize(); len(r.buckets) > n {
		r.buckets = r.buckets[:n]
	}
	return r
}

// sortSig orders buckets by score, highest first (ties by key: the real
// priority queue leaves their order to its heap).
func sortSig(list []*sigBucket) {
	slices.SortStableFunc(list, func(a, b *sigBucket) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		return a.compareKey(&b.termBucket)
	})
}

// sigResult is SignificantStringTerms, SignificantLongTerms or
// UnmappedSignificantTerms.
type sigResult struct {
	spec                     *sigTermsSpec
	kind                     keyKind
	format                   docFormat
	unmapped                 bool
	subsetSize, supersetSize int64
	buckets                  []*sigBucket
}

func (r *sigResult) typeName() string {
	if r.kind == keyLong && !r.unmapped {
		return "siglterms"
	}
	return "sigsterms"
}

func (r *sigResult) reduce(all []result, rc *reduceCtx) (result, *apierr.Error) {
	out := &sigResult{spec: r.spec, kind: r.kind, format: r.format, unmapped: true}
	index := map[any]int{}
	var groups [][]*sigBucket
	for _, x := range all {
		s := x.(*sigResult)
		out.subsetSize += s.subsetSize
		out.supersetSize += s.supersetSize
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
		nb := &sigBucket{termBucket: termBucket{kind: g[0].kind, s: g[0].s, n: g[0].n}}
		lists := make([]aggList, 0, len(g))
		for _, b := range g {
			nb.docCount += b.docCount
			nb.supersetDf += b.supersetDf
			lists = append(lists, b.subs)
		}
		nb.score = r.spec.heuristic.score(nb.docCount, out.subsetSize, nb.supersetDf, out.supersetSize)
		if nb.score <= 0 || nb.docCount < r.spec.minDocCount {
			continue
		}
		subs, err := reduceLists(lists, rc)
		if err != nil {
			return nil, err
		}
		nb.subs = subs
		out.buckets = append(out.buckets, nb)
	}
	out.buckets = topSignificant(out.buckets, r.spec.size, out.keyString)
	return out, rc.consume(len(out.buckets))
}

// keyString is a bucket's key as getKeyAsString gives it.
func (r *sigResult) keyString(b *sigBucket) string {
	if b.kind == keyString {
		return b.s
	}
	return r.format.long(b.n)
}

// topSignificant picks the size best buckets as the reduce does: buckets
// come out of a java.util.HashMap keyed by their key strings into a Lucene
// priority queue ordered by score alone, so equal scores keep the order
// that heap leaves them in.
func topSignificant(list []*sigBucket, size int, key func(*sigBucket) string) []*sigBucket {
	keys := make([]string, len(list))
	byKey := make(map[string]*sigBucket, len(list))
	for i, b := range list {
		keys[i] = key(b)
		byKey[keys[i]] = b
	}
	size = min(size, len(list))
	q := &sigQueue{heap: make([]*sigBucket, 1, size+1), max: size}
	for _, k := range settings.HashMapOrder(keys) {
		q.insertWithOverflow(byKey[k])
	}
	out := make([]*sigBucket, len(q.heap)-1)
	for i := len(out) - 1; i >= 0; i-- {
		out[i] = q.pop()
	}
	return out
}

// sigQueue is org.apache.lucene.util.PriorityQueue over scores (the least
// on top), 1-based as Lucene's.
type sigQueue struct {
	heap []*sigBucket
	max  int
}

func sigLess(a, b *sigBucket) bool { return a.score < b.score }

func (q *sigQueue) insertWithOverflow(b *sigBucket) {
	n := len(q.heap) - 1
	switch {
	case n < q.max:
		q.heap = append(q.heap, b)
		q.up(n + 1)
	case n > 0 && !sigLess(b, q.heap[1]):
		q.heap[1] = b
		q.down(1)
	}
}

func (q *sigQueue) pop() *sigBucket {
	n := len(q.heap) - 1
	top := q.heap[1]
	q.heap[1] = q.heap[n]
	q.heap = q.heap[:n]
	if n > 1 {
		q.down(1)
	}
	return top
}

func (q *sigQueue) up(i int) {
	node := q.heap[i]
	for j := i >> 1; j > 0 && sigLess(node, q.heap[j]); j = i >> 1 {
		q.heap[i] = q.heap[j]
		i = j
	}
	q.heap[i] = node
}

func (q *sigQueue) down(i int) {
	n := len(q.heap) - 1
	node := q.heap[i]
	j := i << 1
	if k := j + 1; k <= n && sigLess(q.heap[k], q.heap[j]) {
		j = k
	}
	for j <= n && sigLess(q.heap[j], node) {
		q.heap[i] = q.heap[j]
		i = j
		j = i << 1
		if k := j + 1; k <= n && sigLess(q.heap[k], q.heap[j]) {
			j = k
		}
	}
	q.heap[i] = node
}

func (r *sigResult) render(rc *renderCtx) jsonout.Object {
	if r.unmapped {
		// UnmappedSignificantTerms writes its (empty) buckets only.
		return jsonout.Object{{Key: "buckets", Value: []any{}}}
	}
	list := make([]any, 0, len(r.buckets))
	for _, b := range r.buckets {
		if b.docCount < r.spec.minDocCount {
			continue
		}
		o := jsonout.Object{}
		if b.kind == keyString {
			o = append(o, jsonout.Field{Key: "key", Value: r.format.bytes(b.s)})
		} else {
			o = append(o, jsonout.Field{Key: "key", Value: b.n})
			if !r.format.raw() {
				o = append(o, jsonout.Field{Key: "key_as_string", Value: r.format.long(b.n)})
			}
		}
		o = append(o, jsonout.Field{Key: "doc_count", Value: b.docCount}, jsonout.Field{Key: "score", Value: double(b.score)},
			jsonout.Field{Key: "bg_count", Value: b.supersetDf})
		list = append(list, renderSubs(o, b.subs, rc))
	}
	return jsonout.Object{{Key: "doc_count", Value: r.subsetSize}, {Key: "bg_count", Value: r.supersetSize}, {Key: "buckets", Value: list}}
}
