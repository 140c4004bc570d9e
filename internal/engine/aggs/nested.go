package aggs

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// nestedScope is the nested level an aggregation's documents live on (the
// NestedScope of the shard context): the path of the nested objects, "" for
// root documents.
type nestedScope struct {
	path string
}

// nestedSpec is a nested aggregation: it steps from each collected document
// to its nested objects at path.
type nestedSpec struct{ path string }

// reverseNestedSpec is a reverse_nested aggregation: it steps from each
// nested document back to its parent at path (the root when empty).
type reverseNestedSpec struct{ path string }

// parsePathOnly reads the body of nested and reverse_nested, which hand-roll
// their parser (NestedAggregationBuilder.parse): one string field, path.
func parsePathOnly(p *parser) (string, bool, *apierr.Error) {
	if p.v.Kind != xcontent.Object {
		return "", false, xerr(p.v.Line, p.v.Col, "[%s] Expected START_OBJECT but was: %s", p.agg.Type, p.v.Token())
	}
	path, seen := "", false
	for i := range p.v.Members {
		m := &p.v.Members[i]
		v := &m.Value
		if v.Kind != xcontent.String {
			return "", false, parseErr(v.Line, v.Col, "Unexpected token %s in [%s].", v.Token(), p.agg.Name)
		}
		if m.Key != "path" {
			return "", false, parseErr(v.Line, v.Col, "Unknown key for a %s in [%s]: [%s].", v.Token(), p.agg.Name, m.Key)
		}
		path, seen = v.Str, true
	}
	return path, seen, nil
}

func parseNested(p *parser) (spec, *apierr.Error) {
	path, seen, err := parsePathOnly(p)
	if err != nil {
		return nil, err
	}
	if !seen {
		return nil, parseErr(p.v.EndLine, p.v.EndCol, "Missing [path] field for nested aggregation [%s]", p.agg.Name)
	}
	return &nestedSpec{path: path}, nil
}

func parseReverseNested(p *parser) (spec, *apierr.Error) {
	path, _, err := parsePathOnly(p)
	if err != nil {
		return nil, err
	}
	return &reverseNestedSpec{path: path}, nil
}

// withScope is env with its nested scope replaced: the environment of a
// nested or reverse_nested aggregation's sub-aggregations.
func (e *shardEnv) withScope(sc nestedScope) *shardEnv {
	c := *e
	c.scope = sc
	return &c
}

func (s *nestedSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	f := env.field(s.path)
	if f == nil || !f.IsObject() {
		// An unmapped path: no document has objects there, the bucket is
		// empty (its sub-aggregations too).
		subs, err := newSubFactory(env.withScope(nestedScope{path: s.path}), a)
		if err != nil {
			return nil, err
		}
		return &singleCollector{kind: "nested", agg: a, match: func(int32) bool { return false }, subs: subs.make()}, nil
	}
	if f.Type != mapping.TypeNested {
		return nil, aggExec("[nested] nested path [%s] is not nested", s.path)
	}
	subs, err := newSubFactory(env.withScope(nestedScope{path: s.path}), a)
	if err != nil {
		return nil, err
	}
	return &nestedCollector{r: env.r, agg: a, path: s.path, parent: env.scope.path, subs: subs.make()}, nil
}

// nestedCollector feeds its sub-aggregations the nested documents of each
// collected parent: the slots of path between the parent and the previous
// document of the parent's level (Lucene's block order puts children first).
type nestedCollector struct {
	r            *shard.Reader
	agg          *Agg
	path, parent string
	docCount     int64
	subs         subCollectors
	children     []int32
}

func (c *nestedCollector) collect(slot int32, score float32) {
	c.children = c.children[:0]
	for s := slot - 1; s >= 0; s-- {
		p := c.r.NestedPath(s)
		if p == "" || p == c.parent {
			break // the previous parent (or the previous root's block)
		}
		if p == c.path {
			c.children = append(c.children, s)
		}
	}
	for i := len(c.children) - 1; i >= 0; i-- {
		c.docCount++
		c.subs.collect(c.children[i], score)
	}
}

func (c *nestedCollector) result() result {
	return &singleResult{kind: "nested", docCount: c.docCount, subs: c.subs.results(c.agg.Subs)}
}

func (s *reverseNestedSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	// Some enclosing aggregation must be a nested one
	// (findNestedAggregatorFactory walks all the way up).
	inside := false
	for _, p := range env.parents {
		inside = inside || p.Type == "nested"
	}
	if !inside {
		return nil, apierr.IllegalArgument("Reverse nested aggregation [%s] can only be used inside a [nested] aggregation", a.Name)
	}
	unmapped := false
	if s.path != "" {
		f := env.field(s.path)
		switch {
		case f == nil || !f.IsObject():
			unmapped = true
		case f.Type != mapping.TypeNested:
			return nil, aggExec("[reverse_nested] nested path [%s] is not nested", s.path)
		}
	}
	subs, err := newSubFactory(env.withScope(nestedScope{path: s.path}), a)
	if err != nil {
		return nil, err
	}
	if unmapped {
		return &singleCollector{kind: "reverse_nested", agg: a, match: func(int32) bool { return false }, subs: subs.make()}, nil
	}
	return &reverseNestedCollector{r: env.r, agg: a, path: s.path, last: -1, subs: subs.make()}, nil
}

// reverseNestedCollector feeds its sub-aggregations the parent (at path, the
// root when empty) of each collected nested document, once per parent: the
// next slot of the parent's level, as BitSet.nextSetBit finds it.
type reverseNestedCollector struct {
	r        *shard.Reader
	agg      *Agg
	path     string
	last     int32
	docCount int64
	subs     subCollectors
}

func (c *reverseNestedCollector) collect(slot int32, score float32) {
	parent := int32(-1)
	for s := slot + 1; s < c.r.MaxDoc(); s++ {
		p := c.r.NestedPath(s)
		if p == c.path {
			parent = s
			break
		}
		if p == "" {
			break // the root came first: slot is not under path
		}
	}
	if parent < 0 || parent == c.last {
		return
	}
	c.last = parent
	c.docCount++
	c.subs.collect(parent, score)
}

func (c *reverseNestedCollector) result() result {
	return &singleResult{kind: "reverse_nested", docCount: c.docCount, subs: c.subs.results(c.agg.Subs)}
}
