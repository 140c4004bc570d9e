package indices

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"
	"sort"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// Options are the IndicesOptions of a request.
type Options struct {
	IgnoreUnavailable bool
	AllowNoIndices    bool
	ExpandOpen        bool
	ExpandClosed      bool
	ExpandHidden      bool
	// IgnoreAliases treats aliases as unavailable names and leaves them out
	// of wildcard expansion (delete index: DeleteIndexRequest's options).
	IgnoreAliases bool
	// ResourceType is the resource.type of index_not_found errors:
	// index_or_alias for wildcard-expanding requests, index_expression otherwise.
	ResourceType string
}

// DefaultOptions are lenient-expand-open options (search, settings, mapping).
func DefaultOptions() Options {
	return Options{AllowNoIndices: true, ExpandOpen: true, ResourceType: apierr.ResourceIndexOrAlias}
}

// ParseExpandWildcards applies an expand_wildcards value (open, closed,
// hidden, none, all; comma-separated).
func (o *Options) ParseExpandWildcards(v string) *apierr.Error {
	o.ExpandOpen, o.ExpandClosed, o.ExpandHidden = false, false, false
	for _, w := range strings.Split(v, ",") {
		switch strings.TrimSpace(w) {
		case "open":
			o.ExpandOpen = true
		case "closed":
			o.ExpandClosed = true
		case "hidden":
			o.ExpandHidden = true
		case "all":
			o.ExpandOpen, o.ExpandClosed, o.ExpandHidden = true, true, true
		case "none":
		default:
			return apierr.IllegalArgument("No enum constant org.opensearch.action.support.IndicesOptions.WildcardStates.%s", strings.ToUpper(strings.TrimSpace(w)))
		}
	}
	return nil
}

// Resolve turns an index expression (comma list, wildcards, "-" exclusions,
// _all or empty) into concrete index names, sorted, as
// IndexNameExpressionResolver does.
func (s *Service) Resolve(expr string, o Options) ([]string, *apierr.Error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	var parts []string
	if expr != "" {
		parts = strings.Split(expr, ",")
	}
	if len(parts) == 0 || (len(parts) == 1 && (parts[0] == "_all" || parts[0] == "*" && o.ExpandOpen)) {
		all := s.matchLocked("*", o)
		if len(all) == 0 && !o.AllowNoIndices {
			if len(parts) == 1 && parts[0] == "*" {
				return nil, apierr.NoIndexMatched("*")
			}
			return nil, apierr.NoIndicesExist()
		}
		return all, nil
	}
	set := map[string]bool{}
	var order []string
	var unavailable string // the last name ignore_unavailable skipped
	add := func(n string) {
		if !set[n] {
			set[n] = true
			order = append(order, n)
		}
	}
	for i, p := range parts {
		if p == "" {
			continue
		}
		if strings.HasPrefix(p, "-") && i > 0 {
			pat := p[1:]
			for n := range set {
				if n == pat || (strings.Contains(pat, "*") && wildcard.Simple(pat, n)) {
					delete(set, n)
				}
			}
			continue
		}
		if strings.Contains(p, "*") {
			m := s.matchLocked(p, o)
			for a := range s.allAliasesLocked() {
				if wildcard.Simple(p, a) && !o.IgnoreAliases {
					m = append(m, s.aliasIndicesLocked(a)...)
				}
			}
			sort.Strings(m)
			if len(m) == 0 && !o.AllowNoIndices {
				return nil, apierr.IndexNotFound(p, o.ResourceType)
			}
			for _, n := range m {
				add(n)
			}
			continue
		}
		if strings.HasPrefix(p, "_") && p != "_all" {
			return nil, apierr.InvalidIndexName(p, "must not start with '_'.")
		}
		if p == "_all" {
			for _, n := range s.matchLocked("*", o) {
				add(n)
			}
			continue
		}
		if _, ok := s.byName[p]; !ok {
			idx := s.aliasIndicesLocked(p)
			if len(idx) > 0 && !o.IgnoreAliases {
				for _, n := range idx {
					add(n)
				}
				continue
			}
			if len(idx) > 0 && !o.IgnoreUnavailable {
				return nil, apierr.IllegalArgument("The provided expression [%s] matches an alias, specify the corresponding concrete indices instead.", p)
			}
			if o.IgnoreUnavailable {
				unavailable = p
				continue
			}
			return nil, apierr.IndexNotFound(p, o.ResourceType)
		}
		add(p)
	}
	out := make([]string, 0, len(set))
	for _, n := range order {
		if set[n] {
			out = append(out, n)
		}
	}
	if len(out) == 0 && !o.AllowNoIndices {
		if len(parts) == 1 && unavailable != "" {
			// concreteIndices: a single skipped name fails with allow_no_indices=false.
			if len(s.aliasIndicesLocked(unavailable)) > 0 {
				return nil, apierr.IllegalArgument("The provided expression [%s] matches an alias, specify the corresponding concrete indices instead.", unavailable)
			}
			return nil, apierr.IndexNotFound(unavailable, apierr.ResourceIndexExpression)
		}
		return nil, apierr.IndexNotFound(expr, o.ResourceType)
	}
	return out, nil
}

// matchLocked returns the indexes a wildcard pattern selects, sorted.
func (s *Service) matchLocked(pattern string, o Options) []string {
	var out []string
	for name, idx := range s.byName {
		if !wildcard.Simple(pattern, name) {
			continue
		}
		if idx.Hidden() && !o.ExpandHidden && !(strings.HasPrefix(name, ".") && strings.HasPrefix(pattern, ".")) {
			continue
		}
		if (idx.Closed() && !o.ExpandClosed) || (!idx.Closed() && !o.ExpandOpen) {
			continue
		}
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}
