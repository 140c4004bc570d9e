package search

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/javahash"
)

// MatchedQuery is one named query (_name) a hit matches, with the score the
// query alone gives the hit (MatchedQueriesPhase).
type MatchedQuery struct {
	Name  string
	Score float32
}

// namedNode is a named query compiled on its own for a shard.
type namedNode struct {
	name string
	n    node
}

// namedQueries collects the queries of q carrying a _name, as
// QueryShardContext.addNamedQuery registers them while building the query
// (a later one of the same name replaces an earlier one). A nested query's
// inner queries run on the nested documents, never on a hit's own
// document, so they are left out.
func namedQueries(q dsl.Query, out []dsl.Query) []dsl.Query {
	if q == nil {
		return out
	}
	if q.Common().Name != "" {
		for i, prev := range out {
			if prev.Common().Name == q.Common().Name {
				out = append(out[:i], out[i+1:]...)
				break
			}
		}
		out = append(out, q)
	}
	switch x := q.(type) {
	case *dsl.Bool:
		for _, list := range [][]dsl.Query{x.Must, x.Filter, x.Should, x.MustNot} {
			for _, sub := range list {
				out = namedQueries(sub, out)
			}
		}
	case *dsl.ConstantScore:
		out = namedQueries(x.Filter, out)
	case *dsl.DisMax:
		for _, sub := range x.Queries {
			out = namedQueries(sub, out)
		}
	case *dsl.FunctionScore:
		out = namedQueries(x.Query, out)
		for _, f := range x.Functions {
			out = namedQueries(f.Filter, out)
		}
	case *dsl.Boosting:
		out = namedQueries(x.Positive, out)
		out = namedQueries(x.Negative, out)
	case *dsl.ScriptScore:
		out = namedQueries(x.Query, out)
	}
	return out
}

// compileNamed compiles the request's named queries (query, then post
// filter) for this shard once, each scored on its own with its own boost,
// as the fetch phase builds a Weight per name with ScoreMode.COMPLETE.
func (c *shardCtx) compileNamed(req *Request) ([]namedNode, *apierr.Error) {
	if c.namedDone {
		return c.named, nil
	}
	c.namedDone = true
	qs := namedQueries(req.PostFilter, namedQueries(req.Query, nil))
	if len(qs) == 0 {
		return nil, nil
	}
	skip := c.skipScores
	c.skipScores = false
	defer func() { c.skipScores = skip }()
	for _, q := range qs {
		n, err := c.compile(q, 1, true)
		if err != nil {
			return nil, err
		}
		c.named = append(c.named, namedNode{name: q.Common().Name, n: n})
	}
	return c.named, nil
}

// matchedQueries lists the named queries matching the document in slot,
// in the order MatchedQueriesPhase's HashMap of names iterates them.
func (c *shardCtx) matchedQueries(req *Request, slot int32) ([]MatchedQuery, *apierr.Error) {
	named, err := c.compileNamed(req)
	if err != nil || len(named) == 0 {
		return nil, err
	}
	var out []MatchedQuery
	for _, nn := range javaHashOrder(named) {
		it := nn.n.iter()
		if it.doc() < slot {
			it.advance(slot)
		}
		if it.doc() == slot {
			out = append(out, MatchedQuery{Name: nn.name, Score: it.score()})
		}
	}
	return out, nil
}

// javaHashOrder orders named queries as a java.util.HashMap of their names
// (default capacity) iterates.
func javaHashOrder(named []namedNode) []namedNode {
	if len(named) < 2 {
		return named
	}
	return javahash.OrderBy(named, func(nn namedNode) string { return nn.name }, javahash.TableSize(len(named), javahash.DefaultCapacity))
}
