package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// scrollCollapseCause is the shard failure of a scroll with collapse
// (SearchService.parseSource: a SearchException, after the docvalue and
// script field limits), nil otherwise.
func scrollCollapseCause(spec *searchreq.Spec) *apierr.Error {
	if spec.Scroll && spec.Collapse != "" {
		return apierr.New("search_exception", "cannot use `collapse` in a scroll context")
	}
	return nil
}
