package rest

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// aliasPlan is what the aliases of a search's index expression add to the
// search of each concrete index: the alias filter and the shards the
// routing (alias search_routing and the routing parameter) selects.
type aliasPlan struct {
	filters map[string]dsl.Query
	routing map[string][]string
}

// planAliases resolves expr's filtering aliases and search routing.
func (b *Backend) planAliases(expr string, o indices.Options, routing string) (*aliasPlan, *apierr.Error) {
	as := b.Indices.AliasSearch(expr, o, routing)
	p := &aliasPlan{routing: as.Routing}
	for name, fs := range as.Filters {
		q, err := aliasFilterQuery(fs)
		if err != nil {
			return nil, err
		}
		if p.filters == nil {
			p.filters = map[string]dsl.Query{}
		}
		p.filters[name] = q
	}
	return p, nil
}

// aliasFilterQuery parses the filters of the aliases an index was reached
// through; several combine as a bool of should clauses (AliasFilter).
func aliasFilterQuery(fs []jsonout.Object) (dsl.Query, *apierr.Error) {
	qs := make([]dsl.Query, 0, len(fs))
	for _, f := range fs {
		raw, err := jsonout.Marshal(f)
		if err != nil {
			return nil, apierr.Internal(err.Error())
		}
		q, perr := dsl.ParseJSON(raw)
		if perr != nil {
			return nil, queryError(perr)
		}
		queryContext(q)
		qs = append(qs, q)
	}
	if len(qs) == 1 {
		return qs[0], nil
	}
	return &dsl.Bool{Base: dsl.Base{Boost: 1}, Should: qs, MinimumShouldMatch: "0", AdjustPureNegative: true}, nil
}

// queryContext keeps the should clauses of an alias filter optional: the
// shard builds the filter with toQuery, not toFilter, so its bools (and
// those under their must and should clauses) get no implicit
// minimum_should_match of 1, though the executor runs the filter without
// scores.
func queryContext(q dsl.Query) {
	switch x := q.(type) {
	case *dsl.Bool:
		if x.MinimumShouldMatch == "" && len(x.Should) > 0 {
			x.MinimumShouldMatch = "0"
		}
		for _, l := range [][]dsl.Query{x.Must, x.Should} {
			for _, sub := range l {
				queryContext(sub)
			}
		}
	case *dsl.DisMax:
		for _, sub := range x.Queries {
			queryContext(sub)
		}
	}
}

// filter is the alias filter of an index (nil for none).
func (p *aliasPlan) filter(name string) dsl.Query { return p.filters[name] }

// shards are the shards of x a search visits: those its routing values
// select, or all of them.
func (p *aliasPlan) shards(x *indices.Index) []int {
	values, ok := p.routing[x.Name]
	if !ok {
		return allShards(x)
	}
	var out []int
	seen := map[int]bool{}
	for _, rv := range values {
		if sh := x.Routing.Shard("", rv); !seen[sh] {
			seen[sh] = true
			out = append(out, sh)
		}
	}
	return out
}

// queryError converts a query parse error.
func queryError(err error) *apierr.Error {
	if xe, ok := err.(*xcontent.Error); ok {
		return xToAPI(xe)
	}
	return apierr.IllegalArgument("%s", err.Error())
}

// validateAliasFilter checks an alias as it is created (AliasValidator):
// one index routing value, and a filter that parses.
func validateAliasFilter(alias string, a *indices.Alias) *apierr.Error {
	if a == nil {
		return nil
	}
	if strings.Contains(a.IndexRouting, ",") {
		return apierr.IllegalArgument("alias [%s] has several index routing values associated with it", alias)
	}
	if a.Filter == nil {
		return nil
	}
	if _, err := aliasFilterQuery([]jsonout.Object{a.Filter}); err != nil {
		e := apierr.IllegalArgument("failed to parse filter for alias [%s]", alias)
		e.Cause = err
		return e
	}
	return nil
}
