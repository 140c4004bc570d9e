package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/objparse"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// This file reads the _source selection of bulk update items: the action
// line's "_source" (BulkRequestParser's SOURCE field) or, when the line has
// none, the URL's _source/_source_includes/_source_excludes. Either one
// replaces the _source of the update body.

// metaValueShape rejects the action-line values BulkRequestParser refuses:
// arrays anywhere, objects anywhere but _source.
func metaValueShape(f jsonout.Field, line int) *apierr.Error {
	token := ""
	switch f.Value.(type) {
	case []any:
		token = "START_ARRAY"
	case jsonout.Object:
		if f.Key == "_source" {
			return nil
		}
		token = "START_OBJECT"
	default:
		return nil
	}
	return apierr.IllegalArgument("Malformed action/metadata line [%d], expected a simple value for field [%s] but found [%s]", line, f.Key, token)
}

// bulkMetaSource reads an action line's _source (FetchSourceContext.fromXContent);
// null means none.
func bulkMetaSource(v any) (*objparse.FetchSource, *apierr.Error) {
	if v == nil {
		return nil, nil
	}
	raw, err := jsonout.Marshal(v)
	if err != nil {
		return nil, apierr.Internal(err.Error())
	}
	xv, perr := xcontent.Parse(raw)
	if perr != nil {
		return nil, apierr.Internal(perr.Error())
	}
	return objparse.ParseFetchSource(xv)
}

// applyBulkFetch gives every update item without its own _source the
// URL's selection (nil when the URL has none).
func applyBulkFetch(items []bulkItem, def *objparse.FetchSource) {
	if def == nil {
		return
	}
	for i := range items {
		if items[i].action == "update" && items[i].fetch == nil {
			items[i].fetch = def
		}
	}
}
