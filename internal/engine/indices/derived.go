package indices

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// DerivedFields turns a derived field's values into the shard's indexable
// form, as a search indexes them for its own use: doc is a synthetic
// source holding the values at the field's path and m a mapping of that
// field alone. Text is analysed with the index's analyzers.
func (x *Index) DerivedFields(m *mapping.Mapping, doc jsonout.Object) (*shard.Fields, *apierr.Error) {
	p, _, err := m.Parse("", doc)
	if err != nil {
		return nil, err
	}
	pr := x.prepare(p) // never released: the overlay keeps its buffers
	return &pr.Fields, nil
}
