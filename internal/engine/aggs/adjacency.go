package aggs

import (
	"slices"
	"sort"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// maxAdjacencyFilters is index.max_adjacency_matrix_filters' default (the
// fake does not take the deprecated setting).
const maxAdjacencyFilters = 100

// adjacencySpec is an adjacency_matrix aggregation: named filters, a bucket
// per filter and per pair of filters that share documents.
type adjacencySpec struct {
	keys      []string // sorted, as setFiltersAsList sorts them
	filters   []dsl.Query
	separator string
}

func parseAdjacency(p *parser) (spec, *apierr.Error) {
	s := &adjacencySpec{separator: "&"}
	p.known = []string{"separator", "filters"}
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		var err *apierr.Error
		switch m.Key {
		case "separator":
			s.separator, err = p.str(m)
		case "filters":
			if m.Value.Kind != xcontent.Object {
				return true, p.wrongType(m)
			}
			type kq struct {
				k string
				q dsl.Query
			}
			var list []kq
			for i := range m.Value.Members {
				f := &m.Value.Members[i]
				q, qerr := dsl.Parse(&f.Value)
				if qerr != nil {
					return true, p.failed(m, fromX(qerr))
				}
				list = append(list, kq{f.Key, q})
			}
			sort.SliceStable(list, func(i, j int) bool { return list[i].k < list[j].k })
			s.keys, s.filters = nil, nil
			for _, x := range list {
				s.keys = append(s.keys, x.k)
				s.filters = append(s.filters, x.q)
			}
		default:
			return false, nil
		}
		return true, err
	})
	if err != nil {
		return nil, err
	}
	if len(s.keys) == 0 {
		e := apierr.New("illegal_state_exception", sprintf("[%s] is missing : filters parameter", p.agg.Name))
		e.Status = 500
		return nil, e
	}
	return s, nil
}

func (s *adjacencySpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	if len(s.keys) > maxAdjacencyFilters {
		return nil, apierr.IllegalArgument("Number of filters is too large, must be less than or equal to: [%d] but was [%d].This limit can be set by changing the [index.max_adjacency_matrix_filters] index level setting.", maxAdjacencyFilters, len(s.keys))
	}
	c := &adjacencyCollector{spec: s, agg: a}
	for _, q := range s.filters {
		m, err := env.filter(q)
		if err != nil {
			return nil, err
		}
		c.matches = append(c.matches, m)
	}
	subs, err := newSubFactory(env, a)
	if err != nil {
		return nil, err
	}
	n := len(s.keys)
	// Cells: the n single filters, then each pair i<j in row order.
	cells := n + n*(n-1)/2
	c.counts = make([]int64, cells)
	c.subs = make([]subCollectors, cells)
	c.factory = subs
	c.hit = make([]bool, n)
	return c, nil
}

// adjacencyCollector counts documents per filter and per pair.
type adjacencyCollector struct {
	spec    *adjacencySpec
	agg     *Agg
	matches []Matcher
	counts  []int64
	subs    []subCollectors
	factory *subFactory
	hit     []bool
}

func (c *adjacencyCollector) add(cell int, slot int32, score float32) {
	c.counts[cell]++
	if len(c.agg.Subs) > 0 {
		if c.subs[cell] == nil {
			c.subs[cell] = c.factory.make()
		}
		c.subs[cell].collect(slot, score)
	}
}

func (c *adjacencyCollector) collect(slot int32, score float32) {
	n := len(c.matches)
	for i, m := range c.matches {
		c.hit[i] = m(slot)
		if c.hit[i] {
			c.add(i, slot, score)
		}
	}
	cell := n
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if c.hit[i] && c.hit[j] {
				c.add(cell, slot, score)
			}
			cell++
		}
	}
}

func (c *adjacencyCollector) result() result {
	r := &adjacencyResult{}
	n := len(c.spec.keys)
	emit := func(cell int, key string) {
		if c.counts[cell] == 0 {
			return
		}
		var subs aggList
		if c.subs[cell] != nil {
			subs = c.subs[cell].results(c.agg.Subs)
		}
		r.buckets = append(r.buckets, &filtersBucket{key: key, docCount: c.counts[cell], subs: subs})
	}
	for i, k := range c.spec.keys {
		emit(i, k)
	}
	cell := n
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			emit(cell, c.spec.keys[i]+c.spec.separator+c.spec.keys[j])
			cell++
		}
	}
	return r
}

// adjacencyResult is InternalAdjacencyMatrix.
type adjacencyResult struct {
	buckets []*filtersBucket
}

func (r *adjacencyResult) typeName() string { return "adjacency_matrix" }

func (r *adjacencyResult) reduce(all []result, rc *reduceCtx) (result, *apierr.Error) {
	index := map[string]int{}
	var groups [][]*filtersBucket
	for _, x := range all {
		for _, b := range x.(*adjacencyResult).buckets {
			i, ok := index[b.key]
			if !ok {
				i = len(groups)
				index[b.key] = i
				groups = append(groups, nil)
			}
			groups[i] = append(groups[i], b)
		}
	}
	out := &adjacencyResult{}
	for _, g := range groups {
		nb := &filtersBucket{key: g[0].key}
		lists := make([]aggList, 0, len(g))
		for _, b := range g {
			nb.docCount += b.docCount
			lists = append(lists, b.subs)
		}
		subs, err := reduceLists(lists, rc)
		if err != nil {
			return nil, err
		}
		nb.subs = subs
		out.buckets = append(out.buckets, nb)
	}
	slices.SortFunc(out.buckets, func(a, b *filtersBucket) int {
		switch {
		case a.key < b.key:
			return -1
		case a.key > b.key:
			return 1
		}
		return 0
	})
	return out, rc.consume(len(out.buckets))
}

func (r *adjacencyResult) render(rc *renderCtx) jsonout.Object {
	list := make([]any, 0, len(r.buckets))
	for _, b := range r.buckets {
		list = append(list, renderSubs(jsonout.Object{{Key: "key", Value: b.key}, {Key: "doc_count", Value: b.docCount}}, b.subs, rc))
	}
	return jsonout.Object{{Key: "buckets", Value: list}}
}

func (s *adjacencySpec) queries() []dsl.Query { return s.filters }
