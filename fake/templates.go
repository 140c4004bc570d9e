package fake

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/rest"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/templates"
)

// useTemplates installs the index templates: their routes, and their part
// in creating indexes, explicitly or by a write.
func useTemplates(b *rest.Backend, router *rest.Server) *templates.Store {
	store := templates.New()
	store.Validate = b.Indices.ValidateNew
	store.ValidateAlias = search.ValidateAliasFilter
	b.Indices.Templates = func(req indices.CreateRequest, auto bool) (indices.CreateRequest, bool, *apierr.Error) {
		return store.Apply(req, auto)
	}
	b.LegacyTemplates = store.RenderClusterState
	router.Add(rest.NewTemplatesAPI(store).Routes()...)
	return store
}
