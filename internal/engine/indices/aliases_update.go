package indices

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"
)

// AliasAction is one entry of POST /_aliases
// (IndicesAliasesRequest.AliasActions) after parsing.
type AliasAction struct {
	Kind      string // add, remove or remove_index
	IndexExpr string // the indexes, comma-separated expressions
	Aliases   []string
	Def       *Alias // add: the alias definition
	MustExist *bool  // remove: nil means "fail only when none exists"
}

// UpdateAliases runs the actions in order as one change, after checking
// every one against the state the earlier ones leave
// (TransportIndicesAliasesAction): a metadata-write block, the index
// expression, the alias an add creates (validate, for what the engine's
// query parser must accept) and the aliases a remove must find.
func (s *Service) UpdateAliases(actions []AliasAction, validate func(alias string, a *Alias) *apierr.Error) *apierr.Error {
	type step struct {
		act   AliasAction
		names []string
	}
	steps := make([]step, 0, len(actions))
	for _, a := range actions {
		if e := s.Blocked(BlockMetadataWrite, strings.Split(a.IndexExpr, ",")...); e != nil {
			return e
		}
		o := Options{ExpandOpen: true, ResourceType: apierr.ResourceIndexOrAlias}
		if a.Kind == "remove_index" {
			o.IgnoreAliases = true
		}
		names, e := s.Resolve(a.IndexExpr, o)
		if e != nil {
			return e
		}
		if a.Kind == "add" {
			for _, alias := range a.Aliases {
				if e := validate(alias, a.Def); e != nil {
					return e
				}
			}
		}
		if a.Kind == "remove" {
			if e := s.checkAliasesExist(names, a); e != nil {
				return e
			}
		}
		steps = append(steps, step{a, names})
	}
	for _, st := range steps {
		switch st.act.Kind {
		case "add":
			for _, alias := range st.act.Aliases {
				if e := s.PutAlias(st.names, alias, st.act.Def); e != nil {
					return e
				}
			}
		case "remove":
			for _, alias := range st.act.Aliases {
				s.DeleteAlias(st.names, alias)
			}
		case "remove_index":
			if e := s.BlockedForDelete(st.names...); e != nil {
				return e
			}
			s.Delete(st.names)
		}
	}
	return nil
}

// checkAliasesExist applies a remove action's must_exist: true fails on any
// alias no named index has, unset fails when none of them exists, false
// never fails.
func (s *Service) checkAliasesExist(names []string, a AliasAction) *apierr.Error {
	if a.MustExist != nil && !*a.MustExist {
		return nil
	}
	var missing []string
	for _, alias := range a.Aliases {
		found := false
		for _, n := range names {
			x, ok := s.Get(n)
			if !ok {
				continue
			}
			for _, have := range s.AliasNames(x) {
				if alias == "_all" || alias == "*" || alias == have || (strings.Contains(alias, "*") && wildcard.Simple(alias, have)) {
					found = true
				}
			}
		}
		if !found {
			missing = append(missing, alias)
		}
	}
	if len(missing) == 0 || (a.MustExist == nil && len(missing) < len(a.Aliases)) {
		return nil
	}
	list := strings.Join(missing, ",")
	return &apierr.Error{Status: 404, Type: "aliases_not_found_exception", Reason: "aliases [" + list + "] missing",
		Meta: []apierr.Meta{{Key: "resource.type", Value: "aliases"}, {Key: "resource.id", Value: list}}}
}
