package search

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// AliasPlan is what the aliases of a search's index expression add to the
// search of each concrete index: the alias filter and the shards the
// routing (alias search_routing and the routing parameter) selects.
type AliasPlan struct {
	filters map[string]dsl.Query
	routing map[string][]string
}

// PlanAliases resolves the filtering aliases and search routing of expr
// (the routing parameter added) over svc's indexes.
func PlanAliases(svc *indices.Service, expr string, o indices.Options, routing string) (*AliasPlan, *apierr.Error) {
	as := svc.AliasSearch(expr, o, routing)
	p := &AliasPlan{routing: as.Routing}
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
			return nil, aliasQueryError(perr)
		}
		aliasQueryContext(q)
		qs = append(qs, q)
	}
	if len(qs) == 1 {
		return qs[0], nil
	}
	return &dsl.Bool{Base: dsl.Base{Boost: 1}, Should: qs, MinimumShouldMatch: "0", AdjustPureNegative: true}, nil
}

// aliasQueryContext keeps the should clauses of an alias filter optional: the
// shard builds the filter with toQuery, not toFilter, so its bools (and
// those under their must and should clauses) get no implicit
// minimum_should_match of 1, though the executor runs the filter without
// scores.
func aliasQueryContext(q dsl.Query) {
	switch x := q.(type) {
	case *dsl.Bool:
		if x.MinimumShouldMatch == "" && len(x.Should) > 0 {
			x.MinimumShouldMatch = "0"
		}
		for _, l := range [][]dsl.Query{x.Must, x.Should} {
			for _, sub := range l {
				aliasQueryContext(sub)
			}
		}
	case *dsl.DisMax:
		for _, sub := range x.Queries {
			aliasQueryContext(sub)
		}
	}
}

// Filter is the alias filter of the index name (nil for none).
func (p *AliasPlan) Filter(name string) dsl.Query { return p.filters[name] }

// Shards are the shards of x a search visits: those its routing values
// select, or all of them.
func (p *AliasPlan) Shards(x *indices.Index) []int {
	values, ok := p.routing[x.Name]
	if !ok {
		out := make([]int, len(x.Shards))
		for i := range out {
			out[i] = i
		}
		return out
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

// aliasQueryError converts a query parse error.
func aliasQueryError(err error) *apierr.Error {
	if xe, ok := err.(*xcontent.Error); ok {
		return apierr.FromXContent(xe)
	}
	return apierr.IllegalArgument("%s", err.Error())
}

// ValidateAliasFilter checks an alias as it is created (AliasValidator):
// one index routing value, and a filter that parses.
func ValidateAliasFilter(alias string, a *indices.Alias) *apierr.Error {
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
