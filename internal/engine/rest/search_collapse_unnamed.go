package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
)

// nullFieldName is XContentBuilder's refusal to write a null field name.
const nullFieldName = "Field name cannot be null"

// unnamedCollapseInnerHits is the failure of a collapse inner_hits without
// a name once it has expanded hits: ExpandSearchPhase stores the groups
// under a null key, and SearchHit.toXContent then fails to write that key,
// so the response turns into a 400 illegal_argument_exception.
func unnamedCollapseInnerHits(defs []*searchreq.InnerHitsOpts) *apierr.Error {
	for _, o := range defs {
		if !o.Named {
			return apierr.IllegalArgument(nullFieldName)
		}
	}
	return nil
}

// failsRendering reports an item error that OpenSearch raises while it
// writes the response rather than while it searches: in a msearch it fails
// the whole request, not the one item.
func failsRendering(e *apierr.Error) bool {
	return e != nil && e.Type == apierr.TypeIllegalArgument && e.Reason == nullFieldName && e.Cause == nil
}
