package search

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// aliasFilterNode is what a shard reached through filtering aliases runs:
// BooleanQuery(MUST query, FILTER alias filter), as
// DefaultSearchContext.buildFilteredQuery builds it. Matches, scores and
// explanations are the boolean's; highlighting sees the query alone.
type aliasFilterNode struct {
	*boolNode
	main node
}

// filterOnlyNode is a match_all query reached through filtering aliases:
// a constant score on the filter, which highlighting does not see.
type filterOnlyNode struct{ *scoreNode }

// withAliasFilter wraps a target's compiled query with its alias filter
// (Target.Filter); n is returned as is when the target has none.
func (c *shardCtx) withAliasFilter(n node, t Target) (node, *apierr.Error) {
	if t.Filter == nil {
		return n, nil
	}
	f, err := c.compile(t.Filter, 1, false)
	if err != nil {
		return nil, err
	}
	if all, ok := n.(*constNode); ok && all.desc == "*:*" {
		// BooleanQuery.rewrite: a MUST match_all beside filters becomes a
		// ConstantScoreQuery on the filters, scoring the match_all's boost.
		return filterOnlyNode{&scoreNode{inner: f, desc: "ConstantScore(" + f.String() + ")", score: all.score}}, nil
	}
	return &aliasFilterNode{boolNode: &boolNode{clauses: []clause{{occur: must, n: n}, {occur: filter, n: f}}, scores: true}, main: n}, nil
}

// resolveTargetLookups fetches the terms lookups of the targets' alias
// filters.
func resolveTargetLookups(req *Request, targets []Target, out map[*dsl.Terms][]xcontent.Value) *apierr.Error {
	if err := resolveMLTItems(req, targets); err != nil {
		return err
	}
	seen := map[dsl.Query]bool{} // the shards of an index share its filter
	for _, t := range targets {
		if t.Filter != nil && !seen[t.Filter] {
			seen[t.Filter] = true
			if err := resolveLookups(req.Service, t.Filter, out); err != nil {
				return err
			}
		}
	}
	return nil
}
