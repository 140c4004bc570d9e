package rest

import (
	"net/http"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
)

// aliasAction is one entry of POST /_aliases (IndicesAliasesRequest.AliasActions).
type aliasAction struct {
	kind      string // add, remove or remove_index
	indexExpr string
	aliases   []string
	def       *indices.Alias // add: the alias definition
	mustExist *bool          // remove: nil means "fail only when none exists"
}

// updateAliases is POST /_aliases: the actions run in order as one change,
// after every one was checked against the state the earlier ones leave.
func (b *Backend) updateAliases(r *Request) (*Response, error) {
	if err := checkTimeouts(r, "timeout", "master_timeout", "cluster_manager_timeout"); err != nil {
		return nil, err
	}
	if len(strings.TrimSpace(string(r.Body))) == 0 {
		return nil, apierr.Validation("request body is required")
	}
	body, err := r.JSONBody()
	if err != nil {
		return nil, err
	}
	obj, ok := body.(jsonout.Object)
	if !ok {
		return nil, apierr.Parse("Failed to parse aliases: expected an object")
	}
	var actions []aliasAction
	for _, f := range obj {
		if f.Key != "actions" {
			return nil, apierr.New(apierr.TypeXContentParse, "[aliases] unknown field ["+f.Key+"]")
		}
		list, _ := f.Value.([]any)
		for _, item := range list {
			a, e := parseAliasAction(item)
			if e != nil {
				return nil, e
			}
			actions = append(actions, a)
		}
	}
	if len(actions) == 0 {
		return nil, apierr.Validation("no action specified")
	}
	type step struct {
		act   aliasAction
		names []string
	}
	steps := make([]step, 0, len(actions))
	for _, a := range actions {
		if e := b.aliasesBlocked(a.indexExpr); e != nil {
			return nil, e
		}
		o := indices.Options{ExpandOpen: true, ResourceType: apierr.ResourceIndexOrAlias}
		if a.kind == "remove_index" {
			o.IgnoreAliases = true
		}
		names, e := b.Indices.Resolve(a.indexExpr, o)
		if e != nil {
			return nil, e
		}
		if a.kind == "add" {
			for _, alias := range a.aliases {
				if e := search.ValidateAliasFilter(alias, a.def); e != nil {
					return nil, e
				}
			}
		}
		if a.kind == "remove" {
			if e := b.checkAliasesExist(names, a); e != nil {
				return nil, e
			}
		}
		steps = append(steps, step{a, names})
	}
	for _, s := range steps {
		switch s.act.kind {
		case "add":
			for _, alias := range s.act.aliases {
				if e := b.Indices.PutAlias(s.names, alias, s.act.def); e != nil {
					return nil, e
				}
			}
		case "remove":
			for _, alias := range s.act.aliases {
				b.Indices.DeleteAlias(s.names, alias)
			}
		case "remove_index":
			if e := b.Indices.BlockedForDelete(s.names...); e != nil {
				return nil, e
			}
			b.Indices.Delete(s.names)
		}
	}
	return OK(jsonout.Object{{Key: "acknowledged", Value: true}}), nil
}

// checkAliasesExist applies a remove action's must_exist: true fails on any
// alias no named index has, unset fails when none of them exists, false
// never fails.
func (b *Backend) checkAliasesExist(names []string, a aliasAction) *apierr.Error {
	if a.mustExist != nil && !*a.mustExist {
		return nil
	}
	var missing []string
	for _, alias := range a.aliases {
		found := false
		for _, n := range names {
			x, ok := b.Indices.Get(n)
			if !ok {
				continue
			}
			for _, have := range b.Indices.AliasNames(x) {
				if matchAny([]string{alias}, have) {
					found = true
				}
			}
		}
		if !found {
			missing = append(missing, alias)
		}
	}
	if len(missing) == 0 || (a.mustExist == nil && len(missing) < len(a.aliases)) {
		return nil
	}
	list := strings.Join(missing, ",")
	return &apierr.Error{Status: http.StatusNotFound, Type: "aliases_not_found_exception", Reason: "aliases [" + list + "] missing",
		Meta: []apierr.Meta{{Key: "resource.type", Value: "aliases"}, {Key: "resource.id", Value: list}}}
}

// parseAliasAction reads {"add"|"remove"|"remove_index": {...}}.
func parseAliasAction(v any) (aliasAction, *apierr.Error) {
	var a aliasAction
	obj, ok := v.(jsonout.Object)
	if !ok || len(obj) != 1 {
		return a, apierr.IllegalArgument("Expected an alias action object with exactly one of [add], [remove] or [remove_index]")
	}
	a.kind = obj[0].Key
	switch a.kind {
	case "add", "remove", "remove_index":
	default:
		return a, apierr.New(apierr.TypeXContentParse, "[alias_action] unknown field ["+a.kind+"]")
	}
	body, ok := obj[0].Value.(jsonout.Object)
	if !ok {
		return a, apierr.Parse("Failed to parse [%s]: expected an object", a.kind)
	}
	var idx []string
	def := jsonout.Object{}
	for _, f := range body {
		switch f.Key {
		case "index", "indices":
			l := stringList(f.Value)
			if len(l) == 0 {
				return a, apierr.IllegalArgument("[%s] can't be empty", f.Key)
			}
			idx = append(idx, l...)
		case "alias", "aliases":
			if a.kind == "remove_index" {
				return a, apierr.IllegalArgument("[%s] is unsupported for [REMOVE_INDEX]", f.Key)
			}
			l := stringList(f.Value)
			if len(l) == 0 {
				return a, apierr.IllegalArgument("[%s] can't be empty", f.Key)
			}
			a.aliases = append(a.aliases, l...)
		case "must_exist":
			bv, ok := f.Value.(bool)
			if !ok || a.kind != "remove" {
				return a, apierr.IllegalArgument("[must_exist] is unsupported for [%s]", strings.ToUpper(a.kind))
			}
			a.mustExist = &bv
		default:
			if a.kind != "add" {
				return a, apierr.IllegalArgument("[%s] is unsupported for [%s]", f.Key, strings.ToUpper(a.kind))
			}
			def = append(def, f)
		}
	}
	if len(idx) == 0 {
		return a, apierr.Validation("One of [index] or [indices] is required")
	}
	if a.kind != "remove_index" && len(a.aliases) == 0 {
		return a, apierr.Validation("One of [alias] or [aliases] is required")
	}
	a.indexExpr = strings.Join(idx, ",")
	if a.kind == "add" {
		d, e := indices.ParseAlias(routingFirst(def))
		if e != nil {
			return a, e
		}
		a.def = d
	}
	return a, nil
}

// routingFirst moves routing before index_routing and search_routing:
// AliasActions keeps the three apart and the specific ones win whatever
// their order (ParseAlias, like Alias.fromXContent, applies keys in order).
func routingFirst(def jsonout.Object) jsonout.Object {
	out := make(jsonout.Object, 0, len(def))
	for _, f := range def {
		if f.Key == "routing" {
			out = append(out, f)
		}
	}
	for _, f := range def {
		if f.Key != "routing" {
			out = append(out, f)
		}
	}
	return out
}
