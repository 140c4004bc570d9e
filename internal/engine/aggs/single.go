package aggs

import (
	"sort"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// singleBucketTypes are the aggregations with exactly one bucket: an order
// or buckets_path may step through them.
var singleBucketTypes = map[string]bool{"filter": true, "missing": true, "global": true, "nested": true, "reverse_nested": true, "sampler": true, "diversified_sampler": true}

// filterSpec is a filter aggregation: its body is a query.
type filterSpec struct{ query dsl.Query }

func parseFilter(p *parser) (spec, *apierr.Error) {
	q, err := dsl.Parse(p.v)
	if err != nil {
		return nil, fromX(err)
	}
	return &filterSpec{query: q}, nil
}

func (s *filterSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	m, err := env.filter(s.query)
	if err != nil {
		return nil, err
	}
	subs, err := newSubFactory(env, a)
	if err != nil {
		return nil, err
	}
	return &singleCollector{kind: "filter", agg: a, match: m, subs: subs.make()}, nil
}

// missingSpec counts documents without a value.
type missingSpec struct{ source }

func parseMissing(p *parser) (spec, *apierr.Error) {
	s := &missingSpec{}
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		return s.parseSourceField(p, m, false)
	})
	return s, err
}

func (s *missingSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	v, err := env.values(a, &s.source, vsBytes, vsBytes, vsNumeric, vsDate, vsBoolean, vsIP)
	if err != nil {
		return nil, err
	}
	subs, err := newSubFactory(env, a)
	if err != nil {
		return nil, err
	}
	var buf []float64
	var ords []uint32
	match := func(slot int32) bool {
		switch {
		case v.constant:
			return false
		case v.unmapped:
			return true
		case v.ords != nil:
			ords = v.ords.Append(ords[:0], slot)
			return len(ords) == 0
		}
		buf = v.doubles(slot, buf)
		return len(buf) == 0
	}
	return &singleCollector{kind: "missing", agg: a, match: match, subs: subs.make()}, nil
}

// globalSpec collects every document of the shard (top level only).
type globalSpec struct{}

func parseGlobal(p *parser) (spec, *apierr.Error) {
	err := p.fields(func(*xcontent.Member) (bool, *apierr.Error) { return false, nil })
	return globalSpec{}, err
}

func (globalSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	subs, err := newSubFactory(env, a)
	if err != nil {
		return nil, err
	}
	return &singleCollector{kind: "global", agg: a, subs: subs.make()}, nil
}

// singleCollector counts the documents that pass match (all when nil).
type singleCollector struct {
	kind     string
	agg      *Agg
	match    Matcher
	docCount int64
	subs     subCollectors
}

func (c *singleCollector) collect(slot int32, score float32) {
	if c.match != nil && !c.match(slot) {
		return
	}
	c.docCount++
	c.subs.collect(slot, score)
}

func (c *singleCollector) result() result {
	return &singleResult{kind: c.kind, docCount: c.docCount, subs: c.subs.results(c.agg.Subs)}
}

// singleResult is InternalFilter, InternalMissing, InternalGlobal (and the
// other single-bucket results).
type singleResult struct {
	kind     string
	docCount int64
	subs     aggList
}

func (r *singleResult) typeName() string  { return r.kind }
func (r *singleResult) docCountOf() int64 { return r.docCount }
func (r *singleResult) subsOf() aggList   { return r.subs }

func (r *singleResult) reduce(all []result, rc *reduceCtx) (result, *apierr.Error) {
	out := &singleResult{kind: r.kind}
	lists := make([]aggList, 0, len(all))
	for _, x := range all {
		s := x.(*singleResult)
		out.docCount += s.docCount
		lists = append(lists, s.subs)
	}
	subs, err := reduceLists(lists, rc)
	out.subs = subs
	return out, err
}

func (r *singleResult) render(rc *renderCtx) jsonout.Object {
	return renderSubs(jsonout.Object{{Key: "doc_count", Value: r.docCount}}, r.subs, rc)
}

// filtersSpec is a filters aggregation: named (keyed) or anonymous
// filters, and the optional other bucket.
type filtersSpec struct {
	keys      []string // nil for anonymous filters
	filters   []dsl.Query
	other     bool
	otherKey  string
	anonymous bool
}

func parseFilters(p *parser) (spec, *apierr.Error) {
	s := &filtersSpec{otherKey: "_other_"}
	seen := false
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		var err *apierr.Error
		switch m.Key {
		case "filters":
			seen = true
			switch m.Value.Kind {
			case xcontent.Object:
				type kq struct {
					k string
					q dsl.Query
				}
				var list []kq
				for i := range m.Value.Members {
					f := &m.Value.Members[i]
					q, qerr := dsl.Parse(&f.Value)
					if qerr != nil {
						return true, fromX(qerr)
					}
					list = append(list, kq{f.Key, q})
				}
				// FiltersAggregationBuilder sorts keyed filters by key.
				sort.SliceStable(list, func(i, j int) bool { return list[i].k < list[j].k })
				s.keys = []string{}
				for _, x := range list {
					s.keys = append(s.keys, x.k)
					s.filters = append(s.filters, x.q)
				}
			case xcontent.Array:
				s.anonymous = true
				for i := range m.Value.Items {
					q, qerr := dsl.Parse(&m.Value.Items[i])
					if qerr != nil {
						return true, fromX(qerr)
					}
					s.filters = append(s.filters, q)
				}
			default:
				return true, parseErr(m.Value.Line, m.Value.Col, "Unknown key for a %s in [%s]: [%s].", m.Value.Token(), p.agg.Name, m.Key)
			}
		case "other_bucket":
			s.other, err = p.boolean(m)
		case "other_bucket_key":
			s.otherKey, err = p.str(m)
			s.other = true
		default:
			return false, nil
		}
		return true, err
	})
	if err != nil {
		return nil, err
	}
	if !seen {
		return nil, parseErr(p.v.Line, p.v.Col, "Missing [filters] parameter for the [%s] aggregation [%s]", p.agg.Type, p.agg.Name)
	}
	return s, nil
}

func (s *filtersSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	c := &filtersCollector{spec: s, agg: a}
	subs, err := newSubFactory(env, a)
	if err != nil {
		return nil, err
	}
	for _, q := range s.filters {
		m, err := env.filter(q)
		if err != nil {
			return nil, err
		}
		c.matches = append(c.matches, m)
	}
	n := len(s.filters)
	if s.other {
		n++
	}
	c.counts = make([]int64, n)
	c.subs = make([]subCollectors, n)
	for i := range c.subs {
		c.subs[i] = subs.make()
	}
	return c, nil
}

// filtersCollector counts documents per filter (and the other bucket).
type filtersCollector struct {
	spec    *filtersSpec
	agg     *Agg
	matches []Matcher
	counts  []int64
	subs    []subCollectors
}

func (c *filtersCollector) collect(slot int32, score float32) {
	any := false
	for i, m := range c.matches {
		if m(slot) {
			any = true
			c.counts[i]++
			c.subs[i].collect(slot, score)
		}
	}
	if !any && c.spec.other {
		i := len(c.matches)
		c.counts[i]++
		c.subs[i].collect(slot, score)
	}
}

func (c *filtersCollector) result() result {
	r := &filtersResult{spec: c.spec}
	for i := range c.counts {
		key := ""
		switch {
		case i == len(c.matches):
			key = c.spec.otherKey
		case c.spec.keys != nil:
			key = c.spec.keys[i]
		}
		r.buckets = append(r.buckets, &filtersBucket{key: key, docCount: c.counts[i], subs: c.subs[i].results(c.agg.Subs)})
	}
	return r
}

type filtersBucket struct {
	key      string
	docCount int64
	subs     aggList
}

// filtersResult is InternalFilters.
type filtersResult struct {
	spec    *filtersSpec
	buckets []*filtersBucket
}

func (r *filtersResult) typeName() string { return "filters" }

func (r *filtersResult) reduce(all []result, rc *reduceCtx) (result, *apierr.Error) {
	out := &filtersResult{spec: r.spec}
	var err *apierr.Error
	out.buckets, err = reduceFixedBuckets(all, len(r.buckets), rc, func(x result, i int) (int64, aggList) {
		o := x.(*filtersResult).buckets[i]
		return o.docCount, o.subs
	}, func(i int, n int64, subs aggList) *filtersBucket {
		return &filtersBucket{key: r.buckets[i].key, docCount: n, subs: subs}
	})
	if err != nil {
		return nil, err
	}
	return out, rc.consume(len(out.buckets))
}

func (r *filtersResult) render(rc *renderCtx) jsonout.Object {
	if r.spec.anonymous {
		list := make([]any, 0, len(r.buckets))
		for _, b := range r.buckets {
			list = append(list, renderSubs(jsonout.Object{{Key: "doc_count", Value: b.docCount}}, b.subs, rc))
		}
		return jsonout.Object{{Key: "buckets", Value: list}}
	}
	keyed := jsonout.Object{}
	for _, b := range r.buckets {
		keyed = append(keyed, jsonout.Field{Key: b.key, Value: renderSubs(jsonout.Object{{Key: "doc_count", Value: b.docCount}}, b.subs, rc)})
	}
	return jsonout.Object{{Key: "buckets", Value: keyed}}
}

// fromX converts a query parser error into the API error.
func fromX(err error) *apierr.Error {
	e, ok := err.(*xcontent.Error)
	if !ok || e == nil {
		if err == nil {
			return nil
		}
		return apierr.New(apierr.TypeParsing, err.Error())
	}
	out := &apierr.Error{Status: e.Status, Type: e.Type, Reason: e.Reason}
	if out.Status == 0 {
		out.Status = apierr.StatusOf(e.Type)
	}
	if e.Line > 0 {
		out.Meta = []apierr.Meta{{Key: "line", Value: e.Line}, {Key: "col", Value: e.Col}}
	}
	if e.CausedBy != nil {
		out.Cause = fromX(e.CausedBy)
	}
	return out
}

func (s *filterSpec) queries() []dsl.Query  { return []dsl.Query{s.query} }
func (s *filtersSpec) queries() []dsl.Query { return s.filters }
