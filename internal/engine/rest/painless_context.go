package rest

import (
	"errors"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless/allowlist"
)

// PainlessContextRoutes serves GET /_scripts/painless/_context
// (PainlessContextAction.RestAction).
func (b *Backend) PainlessContextRoutes() []Route {
	return []Route{
		{Op: "scripts_painless_context", Method: "GET", Path: "/_scripts/painless/_context", Params: []string{"context"},
			Handler: b.painlessContext},
	}
}

// painlessContext lists the Painless script contexts, or with ?context=
// that context's API (PainlessContextInfo) from the allowlist data. A
// context whose allowlist files the data does not hold answers 501 rather
// than an incomplete listing.
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
	l, err := allowlist.Build(name)
	var incomplete *allowlist.IncompleteError
	if errors.As(err, &incomplete) {
		return nil, apierr.Unsupported("the Painless API listing of script context [" + name + "] (its allowlist data lacks " +
			strings.Join(incomplete.Missing, ", ") + ")")
	}
	if err != nil {
		return nil, err
	}
	return OK(l.Listing()), nil
}
