package aggs

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// joinAggSpec is the parent-join module's children (toChildren) or parent
// aggregation: from the collected documents of one relation to the live
// documents of the other that share their parent id, whether or not those
// match the query (ParentJoinAggregator).
type joinAggSpec struct {
	kind      string // "children" or "parent"
	childType string
}

// parseJoinAgg reads {"type": "<child relation>"}, hand-rolled as
// ChildrenAggregationBuilder.parse and ParentAggregationBuilder.parse are.
func parseJoinAgg(kind string) func(p *parser) (spec, *apierr.Error) {
	return func(p *parser) (spec, *apierr.Error) {
		if p.v.Kind != xcontent.Object {
			return nil, xerr(p.v.Line, p.v.Col, "[%s] Expected START_OBJECT but was: %s", p.agg.Type, p.v.Token())
		}
		s := &joinAggSpec{kind: kind}
		seen := false
		for i := range p.v.Members {
			m := &p.v.Members[i]
			v := &m.Value
			if v.Kind != xcontent.String {
				return nil, parseErr(v.Line, v.Col, "Unexpected token %s in [%s].", v.Token(), p.agg.Name)
			}
			if m.Key != "type" {
				return nil, parseErr(v.Line, v.Col, "Unknown key for a %s in [%s]: [%s].", v.Token(), p.agg.Name, m.Key)
			}
			s.childType, seen = v.Str, true
		}
		if !seen {
			return nil, parseErr(p.v.EndLine, p.v.EndCol, "Missing [child_type] field for %s aggregation [%s]", kind, p.agg.Name)
		}
		return s, nil
	}
}

func (s *joinAggSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	subs, err := newSubFactory(env, a)
	if err != nil {
		return nil, err
	}
	c := &joinAggCollector{kind: s.kind, agg: a, r: env.r, subs: subs.make(), seen: map[string]bool{}}
	if env.m == nil {
		return c, nil // no mapping: an unmapped aggregation, always empty
	}
	jf := env.m.JoinField()
	if jf == nil {
		return c, nil
	}
	parent := jf.Join.ParentOf(s.childType)
	if parent == "" {
		return c, nil // an unknown child type is unmapped too
	}
	c.idField = jf.Join.IDField(parent).Path
	from, to := parent, s.childType
	if s.kind == "parent" {
		from, to = to, from
	}
	c.fromOK = env.r.KeywordMatcher(jf.Path, from)
	c.joinPath, c.to = jf.Path, to
	return c, nil
}

// joinAggCollector records the parent ids of the collected documents of
// the from relation, then, when the result is asked for, feeds its
// sub-aggregations the documents of the to relation with those ids.
type joinAggCollector struct {
	kind     string
	agg      *Agg
	r        *shard.Reader
	subs     subCollectors
	fromOK   func(int32) bool // nil: unmapped
	joinPath string
	idField  string
	to       string
	seen     map[string]bool
	buf      []string
	docCount int64
	done     bool
}

func (c *joinAggCollector) collect(slot int32, _ float32) {
	if c.fromOK == nil || !c.fromOK(slot) {
		return
	}
	c.buf = c.r.Keywords(c.idField, slot, c.buf[:0])
	if len(c.buf) > 0 {
		c.seen[c.buf[0]] = true
	}
}

func (c *joinAggCollector) result() result {
	if !c.done && c.fromOK != nil && len(c.seen) > 0 {
		c.done = true
		allLive := c.r.AllLive()
		if p := c.r.Postings(c.joinPath, c.to); p != nil {
			for p.Next() {
				d := p.Doc
				if !allLive && !c.r.Live(d) {
					continue
				}
				c.buf = c.r.Keywords(c.idField, d, c.buf[:0])
				if len(c.buf) > 0 && c.seen[c.buf[0]] {
					c.docCount++
					c.subs.collect(d, 0)
				}
			}
		}
	}
	return &singleResult{kind: c.kind, docCount: c.docCount, subs: c.subs.results(c.agg.Subs)}
}
