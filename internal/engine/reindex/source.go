package reindex

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// SourceFilter rewrites a stored _source as the search's _source includes
// and excludes select it. A nil SourceFilter keeps the source whole.
type SourceFilter func(source []byte) ([]byte, *apierr.Error)

// storesSource reports whether x keeps _source (a mapping may turn it off).
func storesSource(x *indices.Index) bool {
	m := x.Mapping()
	return m == nil || m.SourceEnabled == nil || *m.SourceEnabled
}

// scrolledSource is the _source an update by query rewrites a document
// with: the scroll hit's, so the search's _source filter (URL _source,
// _source_includes, _source_excludes or the body's _source) shapes what is
// written back. A hit without a source (the index does not store it, or
// _source=false) fails the request as AbstractAsyncBulkByScrollAction.accept
// does.
func scrolledSource(x *indices.Index, doc *shard.Doc, disabled bool, f SourceFilter) ([]byte, *apierr.Error) {
	if disabled || !storesSource(x) {
		return nil, apierr.IllegalArgument("[%s][%s] didn't store _source", x.Name, doc.ID)
	}
	if f == nil {
		return doc.Source, nil
	}
	return f(doc.Source)
}
