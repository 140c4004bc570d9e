package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// scrolledSource is the _source an update by query rewrites a document
// with: the scroll hit's, so the search's _source filter (URL _source,
// _source_includes, _source_excludes or the body's _source) shapes what is
// written back. A hit without a source (the index does not store it, or
// _source=false) fails the request as AbstractAsyncBulkByScrollAction.accept
// does.
func scrolledSource(x *indices.Index, doc *shard.Doc, f search.SourceFilter) ([]byte, *apierr.Error) {
	if m := x.Mapping(); f.Disabled || (m != nil && m.SourceEnabled != nil && !*m.SourceEnabled) {
		return nil, apierr.IllegalArgument("[%s][%s] didn't store _source", x.Name, doc.ID)
	}
	if len(f.Includes) == 0 && len(f.Excludes) == 0 {
		return doc.Source, nil
	}
	v, _, err := f.Apply(doc.Source)
	if err != nil {
		return nil, apierr.Internal("stored source is not JSON: " + err.Error())
	}
	b, merr := jsonout.Marshal(v)
	if merr != nil {
		return nil, apierr.Internal(merr.Error())
	}
	return b, nil
}
