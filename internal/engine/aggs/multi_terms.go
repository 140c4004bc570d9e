package aggs

import (
	"cmp"
	"slices"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// multiTermsSpec is a multi_terms aggregation (MultiTermsAggregationBuilder):
// terms buckets keyed by the combination of several fields' values.
type multiTermsSpec struct {
	terms    termsSpec // size, shard_size, min_doc_count, order, show_term_doc_count_error
	sources  []*compSource
	hasTerms bool
}

func parseMultiTerms(p *parser) (spec, *apierr.Error) {
	s := &multiTermsSpec{terms: termsSpec{size: 10, shardSize: -1, minDocCount: 1, order: bucketOrder{{kind: 'c'}}}}
	t := &s.terms
	p.known = []string{"terms", "show_term_doc_count_error", "shard_size", "min_doc_count", "shard_min_doc_count", "size", "order", "collect_mode"}
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		var err *apierr.Error
		// The builder's setters check their value as it is parsed.
		check := func(bad bool, format string, args ...any) *apierr.Error {
			if err == nil && bad {
				err = p.failed(m, apierr.IllegalArgument(format, args...))
			}
			return err
		}
		switch m.Key {
		case "terms":
			if m.Value.Kind != xcontent.Array {
				return true, p.wrongType(m)
			}
			s.sources = nil
			for i := range m.Value.Items {
				src, serr := parseMultiTermsSource(p, &m.Value.Items[i])
				if serr != nil {
					return true, p.failed(m, serr)
				}
				s.sources = append(s.sources, src)
			}
			n := len(s.sources)
			hint := ""
			if n == 1 {
				hint = " Use terms aggregation for single term aggregation"
			}
			s.hasTerms = true
			err = check(n < 2, "multi term aggregation must has at least 2 terms. Found [%d] in [%s]%s", n, p.agg.Name, hint)
		case "size":
			t.size, err = p.integer(m)
			err = check(t.size <= 0, "[size] must be greater than 0. Found [%d] in [%s]", t.size, p.agg.Name)
		case "shard_size":
			t.shardSize, err = p.integer(m)
			err = check(t.shardSize <= 0, "[shardSize] must be greater than 0. Found [%d] in [%s]", t.shardSize, p.agg.Name)
		case "min_doc_count":
			t.minDocCount, err = p.long(m)
			err = check(t.minDocCount < 0, "[minDocCount] must be greater than or equal to 0. Found [%d] in [%s]", t.minDocCount, p.agg.Name)
		case "shard_min_doc_count":
			t.shardMinDoc, err = p.long(m)
			err = check(t.shardMinDoc < 0, "[shardMinDocCount] must be greater than or equal to 0. Found [%d] in [%s]", t.shardMinDoc, p.agg.Name)
		case "show_term_doc_count_error":
			t.showError, err = p.boolean(m)
		case "order":
			t.order, err = parseOrder(p, m, p.warn)
		case "collect_mode":
			_, err = p.str(m)
		default:
			return false, nil
		}
		return true, err
	})
	if err != nil {
		return nil, err
	}
	if !s.hasTerms {
		return nil, apierr.IllegalArgument("[terms] must not be null. Found null terms in [%s]", p.agg.Name)
	}
	t.order = t.order.withKeyTieBreak()
	return s, nil
}

// validateSubs checks the order's paths against the sub-aggregations.
func (s *multiTermsSpec) validateSubs(a *Agg) *apierr.Error {
	return validateOrderPaths(s.terms.order, a)
}

// parseMultiTermsSource reads one entry of terms (MultiTermsValuesSourceConfig).
func parseMultiTermsSource(p *parser, v *xcontent.Value) (*compSource, *apierr.Error) {
	src := &compSource{kind: "terms"}
	sp := &parser{agg: &Agg{Name: p.agg.Name, Type: "multi_terms"}, v: v, warn: p.warn}
	err := sp.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		return src.parseSourceField(sp, m, true)
	})
	return src, err
}

func (s *multiTermsSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	c := &multiTermsCollector{spec: s, agg: a, env: env, index: map[string]int{}}
	for _, src := range s.sources {
		v, err := src.resolve(env, "multi_terms", vsBytes, vsBytes, vsNumeric, vsDate, vsBoolean, vsIP)
		if err != nil {
			return nil, err
		}
		c.srcs = append(c.srcs, &boundSource{compSource: src, v: v})
		c.formats = append(c.formats, v.format)
	}
	subs, err := newSubFactory(env, a)
	if err != nil {
		return nil, err
	}
	c.subs = subs
	c.scratch = make([][]ckey, len(c.srcs))
	return c, nil
}

// multiTermsCollector counts each combination of values on one shard.
type multiTermsCollector struct {
	spec    *multiTermsSpec
	agg     *Agg
	env     *shardEnv
	srcs    []*boundSource
	formats []docFormat
	subs    *subFactory
	index   map[string]int
	buckets []*termBucket
	bsubs   []subCollectors
	scratch [][]ckey
	combo   []ckey
	enc     []byte
}

func (c *multiTermsCollector) collect(slot int32, score float32) {
	c.each(slot, func() { c.add(slot, score, true) })
}

// each calls fn with c.combo set to each combination of the slot's values
// (none when a field has no value).
func (c *multiTermsCollector) each(slot int32, fn func()) {
	for i, s := range c.srcs {
		c.scratch[i] = s.keys(slot, c.scratch[i])
		if len(c.scratch[i]) == 0 {
			return
		}
	}
	c.combo = append(c.combo[:0], make([]ckey, len(c.srcs))...)
	var walk func(i int)
	walk = func(i int) {
		if i == len(c.srcs) {
			fn()
			return
		}
		for _, k := range c.scratch[i] {
			c.combo[i] = k
			walk(i + 1)
		}
	}
	walk(0)
}

func (c *multiTermsCollector) add(slot int32, score float32, count bool) {
	c.enc = encodeKey(c.enc[:0], c.combo)
	i, ok := c.index[string(c.enc)]
	if !ok {
		i = len(c.buckets)
		c.index[string(c.enc)] = i
		c.buckets = append(c.buckets, &termBucket{kind: keyMulti, multi: slices.Clone(c.combo)})
		c.bsubs = append(c.bsubs, nil)
	}
	if !count {
		return
	}
	c.buckets[i].docCount++
	if len(c.agg.Subs) > 0 {
		if c.bsubs[i] == nil {
			c.bsubs[i] = c.subs.make()
		}
		c.bsubs[i].collect(slot, score)
	}
}

func (c *multiTermsCollector) result() result {
	t := &c.spec.terms
	r := &termsResult{kind: keyMulti, spec: t, agg: c.agg, formats: c.formats, shardSize: t.effectiveShardSize()}
	if t.minDocCount == 0 && !(t.order.isCountDesc() && len(c.buckets) >= t.size) {
		// Every combination on the shard gets a bucket, empty ones too:
		// collectZeroDocEntriesIfNeeded reads every document up to maxDoc,
		// deleted versions and nested documents included.
		for slot := int32(0); slot < c.env.r.MaxDoc(); slot++ {
			c.each(slot, func() { c.add(slot, 0, false) })
		}
	}
	kept := make([]*termBucket, 0, len(c.buckets))
	for i, b := range c.buckets {
		if b.docCount < t.shardMinDoc {
			continue
		}
		if c.bsubs[i] != nil {
			b.subs = c.bsubs[i].results(c.agg.Subs)
		} else {
			b.subs = c.subs.empty()
		}
		kept = append(kept, b)
	}
	r.buckets, r.otherDocCount = topBuckets(kept, r.shardSize, t.order)
	return r
}

// topBuckets returns the first n buckets in order, sorted, and the doc
// count of the others; a bounded heap keeps it O(len·log n) when most
// buckets are cut.
func topBuckets(list []*termBucket, n int, order bucketOrder) ([]*termBucket, int64) {
	less := func(a, b *termBucket) bool { return order.compare(a, b) < 0 }
	if len(list) <= 4*n {
		slices.SortFunc(list, func(a, b *termBucket) int { return order.compare(a, b) })
		var other int64
		if len(list) > n {
			for _, b := range list[n:] {
				other += b.docCount
			}
			list = list[:n]
		}
		return list, other
	}
	// h is a max-heap by order: its root is the worst bucket kept.
	h := make([]*termBucket, 0, n)
	var other int64
	down := func(i int) {
		for {
			l, worst := 2*i+1, i
			if l < len(h) && less(h[worst], h[l]) {
				worst = l
			}
			if r := l + 1; r < len(h) && less(h[worst], h[r]) {
				worst = r
			}
			if worst == i {
				return
			}
			h[i], h[worst] = h[worst], h[i]
			i = worst
		}
	}
	for _, b := range list {
		switch {
		case len(h) < n:
			h = append(h, b)
			for i := len(h) - 1; i > 0 && less(h[(i-1)/2], h[i]); i = (i - 1) / 2 {
				h[i], h[(i-1)/2] = h[(i-1)/2], h[i]
			}
		case less(b, h[0]):
			other += h[0].docCount
			h[0] = b
			down(0)
		default:
			other += b.docCount
		}
	}
	slices.SortFunc(h, func(a, b *termBucket) int { return order.compare(a, b) })
	return h, other
}

// compareMulti orders two multi_terms keys value by value, each in its
// natural order.
func compareMulti(a, b []ckey) int {
	for i := range a {
		x, y := a[i], b[i]
		var c int
		switch x.kind {
		case 's':
			c = strings.Compare(x.s, y.s)
		case 'l':
			c = cmp.Compare(x.n, y.n)
		default:
			c = compareDoubles(x.f, y.f)
		}
		if c != 0 {
			return c
		}
	}
	return 0
}

// multiKey renders a multi_terms key: the formatted values, and them
// joined by "|" as key_as_string.
func (r *termsResult) multiKey(key []ckey) jsonout.Object {
	vals := make([]any, len(key))
	strs := make([]string, len(key))
	for i, k := range key {
		f := r.formats[i]
		switch k.kind {
		case 's':
			vals[i], strs[i] = k.s, k.s
		case 'l':
			strs[i] = f.long(k.n)
			switch f.kind {
			case fmtRaw:
				vals[i] = k.n
			case fmtBool:
				vals[i] = k.n != 0
			default:
				vals[i] = strs[i]
			}
		default:
			strs[i] = f.double(k.f)
			if f.raw() {
				vals[i] = double(k.f)
			} else {
				vals[i] = strs[i]
			}
		}
	}
	return jsonout.Object{{Key: "key", Value: vals}, {Key: "key_as_string", Value: strings.Join(strs, "|")}}
}
