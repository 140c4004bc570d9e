package rest

import (
	"net/http"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"
)

// renderAliases prints an index's aliases sorted by name, keeping only those
// selected by names (nil: all).
func (b *Backend) renderAliases(x *indices.Index, names []string) jsonout.Object {
	all := b.Indices.Aliases(x)
	o := jsonout.Object{}
	for _, n := range b.Indices.AliasNames(x) {
		if names != nil && !matchAny(names, n) {
			continue
		}
		o = append(o, jsonout.Field{Key: n, Value: all[n].Render()})
	}
	return o
}

func matchAny(patterns []string, s string) bool {
	for _, p := range patterns {
		if p == "_all" || p == "*" || p == s || (strings.Contains(p, "*") && wildcard.Simple(p, s)) {
			return true
		}
	}
	return false
}

// putAlias is PUT|POST /{index}/_alias[es]/{name}.
func (b *Backend) putAlias(r *Request) (*Response, error) {
	if err := checkTimeouts(r, "timeout", "master_timeout", "cluster_manager_timeout"); err != nil {
		return nil, err
	}
	body, err := r.JSONBody()
	if err != nil {
		return nil, err
	}
	// RestIndexPutAliasAction: the body's index and alias override the
	// path's; the routing keys have camel and dashed spellings too; any
	// other key is an unknown field.
	obj, _ := body.(jsonout.Object)
	indexExpr, aliasNames := r.PathParam("index"), []string{}
	if n := r.PathParam("name"); n != "" {
		aliasNames = strings.Split(n, ",")
	}
	def := jsonout.Object{}
	for _, f := range obj {
		switch f.Key {
		case "index", "indices":
			indexExpr = strings.Join(stringList(f.Value), ",")
		case "alias", "aliases":
			aliasNames = stringList(f.Value)
		case "routing", "index_routing", "search_routing", "is_write_index", "is_hidden", "filter":
			def = append(def, f)
		case "indexRouting", "index-routing":
			def = append(def, jsonout.Field{Key: "index_routing", Value: f.Value})
		case "searchRouting", "search-routing":
			def = append(def, jsonout.Field{Key: "search_routing", Value: f.Value})
		default:
			return nil, illegalArg("unknown field [%s]", f.Key)
		}
	}
	a, e := indices.ParseAlias(routingFirst(def))
	if e != nil {
		return nil, e
	}
	if indexExpr == "" {
		return nil, illegalArg("One of [index] or [indices] is required")
	}
	if len(aliasNames) == 0 {
		return nil, illegalArg("One of [alias] or [aliases] is required")
	}
	if e := b.aliasesBlocked(indexExpr); e != nil {
		return nil, e
	}
	names, e := b.Indices.Resolve(indexExpr, indices.Options{ExpandOpen: true, ResourceType: apierr.ResourceIndexOrAlias})
	if e != nil {
		return nil, e
	}
	for _, alias := range aliasNames {
		if e := search.ValidateAliasFilter(alias, a); e != nil {
			return nil, e
		}
		if e := b.Indices.PutAlias(names, alias, a); e != nil {
			return nil, e
		}
	}
	return OK(jsonout.Object{{Key: "acknowledged", Value: true}}), nil
}

// deleteAlias is DELETE /{index}/_alias[es]/{name}.
func (b *Backend) deleteAlias(r *Request) (*Response, error) {
	if err := checkTimeouts(r, "timeout", "master_timeout", "cluster_manager_timeout"); err != nil {
		return nil, err
	}
	if e := b.aliasesBlocked(r.PathParam("index")); e != nil {
		return nil, e
	}
	names, e := b.Indices.Resolve(r.PathParam("index"), indices.Options{ExpandOpen: true, ResourceType: apierr.ResourceIndexOrAlias})
	if e != nil {
		return nil, e
	}
	alias := r.PathParam("name")
	if !b.Indices.DeleteAlias(names, alias) {
		return nil, &apierr.Error{Status: http.StatusNotFound, Type: "aliases_not_found_exception", Reason: "aliases [" + alias + "] missing",
			Meta: []apierr.Meta{{Key: "resource.type", Value: "aliases"}, {Key: "resource.id", Value: alias}}}
	}
	return OK(jsonout.Object{{Key: "acknowledged", Value: true}}), nil
}

// getAlias is GET [/{index}]/_alias[/{name}].
func (b *Backend) getAlias(r *Request) (*Response, error) {
	o, err := indicesOptions(r, indices.Options{AllowNoIndices: true, ExpandOpen: true, ResourceType: apierr.ResourceIndexOrAlias})
	if err != nil {
		return nil, err
	}
	if _, err := r.Bool("local", false); err != nil {
		return nil, err
	}
	var filter []string
	if n, ok := r.PathParams["name"]; ok {
		filter = strings.Split(n, ",")
	}
	expr := r.PathParam("index")
	names, e := b.Indices.Resolve(expr, o)
	if e != nil {
		return nil, e
	}
	if e := b.Indices.Blocked(indices.BlockMetadataRead, names...); e != nil {
		return nil, e
	}
	out := jsonout.Object{}
	found := map[string]bool{}
	for _, n := range names {
		x, ok := b.Indices.Get(n)
		if !ok {
			continue
		}
		al := b.renderAliases(x, filter)
		for _, f := range al {
			found[f.Key] = true
		}
		if filter != nil && len(al) == 0 {
			continue
		}
		out = append(out, jsonout.Field{Key: n, Value: jsonout.Object{{Key: "aliases", Value: al}}})
	}
	var missing []string
	for _, f := range filter {
		if !strings.Contains(f, "*") && f != "_all" && !found[f] {
			missing = append(missing, f)
		}
	}
	if len(missing) > 0 {
		msg := "alias [" + missing[0] + "] missing"
		if len(missing) > 1 {
			msg = "aliases [" + strings.Join(missing, ",") + "] missing"
		}
		body := append(jsonout.Object{{Key: "error", Value: msg}, {Key: "status", Value: http.StatusNotFound}}, out...)
		return &Response{Status: http.StatusNotFound, Body: body}, nil
	}
	return OK(out), nil
}
