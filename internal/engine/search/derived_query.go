package search

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

// derivedLeafField returns the field of a single-field query a derived
// field type serves, and the query copied onto another field.
func derivedLeafField(q dsl.Query) (string, func(field string) dsl.Query) {
	switch x := q.(type) {
	case *dsl.Term:
		return x.Field, func(f string) dsl.Query { y := *x; y.Field = f; return &y }
	case *dsl.Terms:
		return x.Field, func(f string) dsl.Query { y := *x; y.Field = f; return &y }
	case *dsl.Range:
		return x.Field, nil // a range runs without the prefilter
	case *dsl.Exists:
		return x.Field, nil
	case *dsl.Prefix:
		return x.Field, func(f string) dsl.Query { y := *x; y.Field = f; return &y }
	case *dsl.Wildcard:
		return x.Field, func(f string) dsl.Query { y := *x; y.Field = f; return &y }
	case *dsl.Regexp:
		return x.Field, func(f string) dsl.Query { y := *x; y.Field = f; return &y }
	case *dsl.Fuzzy:
		return x.Field, func(f string) dsl.Query { y := *x; y.Field = f; return &y }
	case *dsl.Match:
		return x.Field, func(f string) dsl.Query { y := *x; y.Field = f; return &y }
	case *dsl.MatchPhrase:
		return x.Field, func(f string) dsl.Query { y := *x; y.Field = f; return &y }
	case *dsl.MatchPhrasePrefix:
		return x.Field, func(f string) dsl.Query { y := *x; y.Field = f; return &y }
	case *dsl.MatchBoolPrefix:
		return x.Field, func(f string) dsl.Query { y := *x; y.Field = f; return &y }
	}
	return "", nil
}

// derivedQuery compiles a query on a derived field as DerivedFieldType
// builds it: the field type's query run on the emitted values, scoring the
// boost (a constant-score DerivedFieldQuery); with a prefilter_field, a
// conjunction (two FILTER clauses, so a score of 0) with the same query on
// that text field. ok is false for a query on any other field.
func (c *shardCtx) derivedQuery(q dsl.Query, boost float32, scores bool) (node, *apierr.Error, bool) {
	if c.derived == nil || c.inDerived {
		return nil, nil, false
	}
	name, onField := derivedLeafField(q)
	if name == "" {
		return nil, nil, false
	}
	f := c.field(name)
	if f == nil || f.Derived == nil {
		return nil, nil, false
	}
	if _, ok := q.(*dsl.Exists); ok {
		msg := "Field [" + name + "] of type [derived] does not support exist queries"
		return nil, c.queryShardErr("failed to create query: "+msg, apierr.IllegalArgument("%s", msg)), true
	}
	if c.m.SourceEnabled != nil && !*c.m.SourceEnabled {
		msg := "DerivedFieldQuery error: unable to fetch fields from _source field: _source is disabled in the mappings for index [" + c.idx.Name + "]"
		return nil, c.queryShardErr("failed to create query: "+msg, apierr.IllegalArgument("%s", msg)), true
	}
	c.inDerived = true
	inner, err := c.compileQuery(q, 1, false)
	c.inDerived = false
	if err != nil {
		return nil, err, true
	}
	var n node = &scoreNode{inner: inner, desc: "DerivedFieldQuery (Query: [ " + inner.String() + "])", score: boost, derived: true}
	pf := f.Derived.PrefilterField
	if pf == "" || onField == nil {
		return n, nil, true
	}
	if _, err := c.prefilterField(pf); err != nil {
		return nil, err, true
	}
	pre, err := c.compileQuery(onField(pf), 1, false)
	if err != nil {
		return nil, err, true
	}
	return &boolNode{clauses: []clause{{occur: filter, n: pre}, {occur: filter, n: n}}}, nil, true
}

// derivedLeaf is derivedQuery for a leaf a compound query (query_string,
// multi_match) builds directly on a derived field: build makes the leaf on
// a field (the derived one, then the prefilter field). A prefilter field
// that is missing or not text fails the shard.
func (c *shardCtx) derivedLeaf(f *mapping.Field, boost float32, build func(f *mapping.Field) node) node {
	c.inDerived = true
	inner := build(f)
	c.inDerived = false
	var n node = &scoreNode{inner: inner, desc: "DerivedFieldQuery (Query: [ " + inner.String() + "])", score: boost, derived: true}
	if pf := f.Derived.PrefilterField; pf != "" {
		g, err := c.prefilterField(pf)
		if err != nil {
			if c.runErr == nil {
				c.runErr = err // the shard fails, as building the query does
			}
			return &noneNode{reason: err.Reason}
		}
		return &boolNode{clauses: []clause{{occur: filter, n: build(g)}, {occur: filter, n: n}}}
	}
	return n
}

// prefilterField resolves a prefilter_field: a text field of the index
// mapping, else the error building the query throws (QueryShardContext
// wraps it).
func (c *shardCtx) prefilterField(pf string) (*mapping.Field, *apierr.Error) {
	g := c.m.Lookup(pf)
	var why string
	switch {
	case g == nil || g.Derived != nil:
		why = "prefilter_field[" + pf + "] is not defined in the index mappings"
	case g.Type != mapping.TypeText:
		why = "prefilter_field[" + pf + "] should be of type text. Type found [" + g.Type + "]."
	default:
		return g, nil
	}
	e := apierr.New("mapper_exception", why)
	e.Status = 500
	return nil, c.queryShardErr("failed to create query: "+why, e)
}
