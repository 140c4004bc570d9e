package indices

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"
	"sort"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// This file answers what the aliases named in a search expression add to
// the search of each concrete index, as IndexNameExpressionResolver does:
// the alias filters (filteringAliases) and the alias search routing
// (resolveSearchRouting).

// AliasSearch is what an index expression's aliases impose on a search.
type AliasSearch struct {
	// Filters holds, per concrete index, the filters of the filtering
	// aliases that selected it (sorted by alias name); the index is searched
	// through their OR. An index without an entry is searched unfiltered.
	Filters map[string][]jsonout.Object
	// Routing holds, per concrete index, the routing values to search with;
	// an index without an entry is searched on every shard. Nil when no
	// index has routing.
	Routing map[string][]string
}

// resolvedLocked is the set of names an expression resolves to before
// aliases are expanded to indexes (WildcardExpressionResolver): plain names,
// the index and alias names a wildcard matches, minus exclusions. all
// reports an expression selecting every index (empty or _all).
func (s *Service) resolvedLocked(expr string, o Options) (names []string, all bool) {
	parts := strings.Split(expr, ",")
	if expr == "" || (len(parts) == 1 && parts[0] == "_all") {
		return nil, true
	}
	set := map[string]bool{}
	var order []string
	add := func(n string) {
		if !set[n] {
			set[n] = true
			order = append(order, n)
		}
	}
	for i, p := range parts {
		switch {
		case p == "":
		case strings.HasPrefix(p, "-") && i > 0:
			pat := p[1:]
			for n := range set {
				if n == pat || (strings.Contains(pat, "*") && wildcard.Simple(pat, n)) {
					delete(set, n)
				}
			}
		case strings.Contains(p, "*"):
			for _, n := range s.matchLocked(p, o) {
				add(n)
			}
			if !o.IgnoreAliases {
				var as []string
				for a := range s.allAliasesLocked() {
					if wildcard.Simple(p, a) {
						as = append(as, a)
					}
				}
				sort.Strings(as)
				for _, a := range as {
					add(a)
				}
			}
		default:
			add(p)
		}
	}
	for _, n := range order {
		if set[n] {
			names = append(names, n)
		}
	}
	return names, false
}

// AliasSearch resolves the alias filters and search routing of expr for
// the concrete indexes it selects; routing is the request's routing
// parameter ("" for none).
func (s *Service) AliasSearch(expr string, o Options, routing string) AliasSearch {
	s.mu.RLock()
	defer s.mu.RUnlock()
	var out AliasSearch
	names, all := s.resolvedLocked(expr, o)
	if all {
		// resolveSearchRoutingAllIndices: the request's routing everywhere.
		if routing != "" {
			vs := strings.Split(routing, ",")
			out.Routing = make(map[string][]string, len(s.byName))
			for name := range s.byName {
				out.Routing[name] = vs
			}
		}
		return out
	}
	onlyIndexes := true
	for _, n := range names {
		if _, isIndex := s.byName[n]; !isIndex {
			onlyIndexes = false
			break
		}
	}
	if onlyIndexes && routing == "" {
		return out // the common case: no alias named, no routing
	}
	resolved := map[string]bool{}
	for _, n := range names {
		resolved[n] = true
	}
	for name, x := range s.byName {
		if resolved[name] {
			continue // the index itself is named: no filter
		}
		var aliases []string
		filtered := true
		for a, meta := range x.aliases {
			if !resolved[a] {
				continue
			}
			if meta.Filter == nil {
				filtered = false
				break
			}
			aliases = append(aliases, a)
		}
		if !filtered || len(aliases) == 0 {
			continue
		}
		sort.Strings(aliases)
		fs := make([]jsonout.Object, len(aliases))
		for i, a := range aliases {
			fs[i] = x.aliases[a].Filter
		}
		if out.Filters == nil {
			out.Filters = map[string][]jsonout.Object{}
		}
		out.Filters[name] = fs
	}
	out.Routing = s.searchRoutingLocked(names, routing)
	return out
}

// searchRoutingLocked is resolveSearchRouting: an alias with search routing
// limits its indexes to those values (intersected with the request's); an
// index named directly or through an alias without routing takes the
// request's routing, or every shard.
func (s *Service) searchRoutingLocked(names []string, routing string) map[string][]string {
	var param map[string]bool
	if routing != "" {
		param = map[string]bool{}
		for _, r := range strings.Split(routing, ",") {
			param[r] = true
		}
	}
	routings := map[string]map[string]bool{}
	noRouting := map[string]bool{}
	plain := func(index string) {
		if noRouting[index] {
			return
		}
		noRouting[index] = true
		if param != nil {
			r := map[string]bool{}
			for v := range param {
				r[v] = true
			}
			routings[index] = r
		} else {
			delete(routings, index)
		}
	}
	for _, n := range names {
		if _, isIndex := s.byName[n]; isIndex {
			plain(n)
			continue
		}
		for _, index := range s.aliasIndicesLocked(n) {
			if noRouting[index] {
				continue
			}
			meta := s.byName[index].aliases[n]
			if meta.SearchRouting == "" {
				plain(index)
				continue
			}
			r := routings[index]
			if r == nil {
				r = map[string]bool{}
				routings[index] = r
			}
			for _, v := range strings.Split(meta.SearchRouting, ",") {
				r[v] = true
			}
			if param != nil {
				for v := range r {
					if !param[v] {
						delete(r, v)
					}
				}
			}
			if len(r) == 0 {
				delete(routings, index)
			}
		}
	}
	if len(routings) == 0 {
		return nil
	}
	out := make(map[string][]string, len(routings))
	for index, r := range routings {
		vs := make([]string, 0, len(r))
		for v := range r {
			vs = append(vs, v)
		}
		sort.Strings(vs)
		out[index] = vs
	}
	return out
}

// IndexRouting is Metadata.resolveIndexRouting for a single-document
// operation on name with the request's routing: an alias's index routing
// replaces it, and a different one given in the request is rejected.
func IndexRouting(name, aliasRouting, routing string) (string, *apierr.Error) {
	if aliasRouting == "" {
		return routing, nil
	}
	if routing != "" && routing != aliasRouting {
		return "", apierr.IllegalArgument("Alias [%s] has index routing associated with it [%s], and was provided with routing value [%s], rejecting operation", name, aliasRouting, routing)
	}
	return aliasRouting, nil
}
