package rest

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
)

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
	var actions []indices.AliasAction
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
	if e := b.Indices.UpdateAliases(actions, search.ValidateAliasFilter); e != nil {
		return nil, e
	}
	return OK(jsonout.Object{{Key: "acknowledged", Value: true}}), nil
}

// parseAliasAction reads {"add"|"remove"|"remove_index": {...}}.
func parseAliasAction(v any) (indices.AliasAction, *apierr.Error) {
	var a indices.AliasAction
	obj, ok := v.(jsonout.Object)
	if !ok || len(obj) != 1 {
		return a, apierr.IllegalArgument("Expected an alias action object with exactly one of [add], [remove] or [remove_index]")
	}
	a.Kind = obj[0].Key
	switch a.Kind {
	case "add", "remove", "remove_index":
	default:
		return a, apierr.New(apierr.TypeXContentParse, "[alias_action] unknown field ["+a.Kind+"]")
	}
	body, ok := obj[0].Value.(jsonout.Object)
	if !ok {
		return a, apierr.Parse("Failed to parse [%s]: expected an object", a.Kind)
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
			if a.Kind == "remove_index" {
				return a, apierr.IllegalArgument("[%s] is unsupported for [REMOVE_INDEX]", f.Key)
			}
			l := stringList(f.Value)
			if len(l) == 0 {
				return a, apierr.IllegalArgument("[%s] can't be empty", f.Key)
			}
			a.Aliases = append(a.Aliases, l...)
		case "must_exist":
			bv, ok := f.Value.(bool)
			if !ok || a.Kind != "remove" {
				return a, apierr.IllegalArgument("[must_exist] is unsupported for [%s]", strings.ToUpper(a.Kind))
			}
			a.MustExist = &bv
		default:
			if a.Kind != "add" {
				return a, apierr.IllegalArgument("[%s] is unsupported for [%s]", f.Key, strings.ToUpper(a.Kind))
			}
			def = append(def, f)
		}
	}
	if len(idx) == 0 {
		return a, apierr.Validation("One of [index] or [indices] is required")
	}
	if a.Kind != "remove_index" && len(a.Aliases) == 0 {
		return a, apierr.Validation("One of [alias] or [aliases] is required")
	}
	a.IndexExpr = strings.Join(idx, ",")
	if a.Kind == "add" {
		d, e := indices.ParseAlias(routingFirst(def))
		if e != nil {
			return a, e
		}
		a.Def = d
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
