package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// PainlessContextRoutes serves GET /_scripts/painless/_context
// (PainlessContextAction.RestAction).
func (b *Backend) PainlessContextRoutes() []Route {
	return []Route{
		{Op: "scripts_painless_context", Method: "GET", Path: "/_scripts/painless/_context", Params: []string{"context"},
			Handler: b.painlessContext},
	}
}

// painlessContext lists the Painless script contexts; with ?context= it
// would describe that context's API (classes, imported methods, bindings),
// which needs a declarative whitelist the fake's interpreter does not keep:
// that answers 501 rather than an incomplete listing.
func (b *Backend) painlessContext(r *Request) (*Response, error) {
	name, given := r.Param("context")
	if !given {
		names := painless.ContextNames()
		list := make([]any, len(names))
		for i, n := range names {
			list[i] = n
		}
		return OK(jsonout.Object{{Key: "contexts", Value: list}}), nil
	}
	if !painless.IsContext(name) {
		return nil, apierr.IllegalArgument("script context [%s] not found", name)
	}
	return nil, apierr.Unsupported("the Painless API listing of a script context (?context=" + name + ")")
}
