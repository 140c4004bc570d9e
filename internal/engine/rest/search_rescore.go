package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
)

// rescoreCollapseCause is SearchService.parseSource's refusal of collapse
// with rescore, or nil.
func rescoreCollapseCause(s *searchreq.Spec) *apierr.Error {
	if s.Collapse != "" && len(s.Rescore) > 0 {
		return apierr.New("search_exception", "cannot use `collapse` in conjunction with `rescore`")
	}
	return nil
}

// rescoreCause is DefaultSearchContext.preProcess's check of the rescorers
// (after the result window's): no sort, and each window within
// index.max_rescore_window (maxWindow). nil when they pass.
func rescoreCause(s *searchreq.Spec, maxWindow int) *apierr.Error {
	if len(s.Rescore) == 0 {
		return nil
	}
	if len(s.Sort) > 0 {
		return apierr.IllegalArgument("Cannot use [sort] option in conjunction with [rescore].")
	}
	for _, r := range s.Rescore {
		if r.WindowSize > maxWindow {
			return apierr.IllegalArgument("Rescore window [%d] is too large. It must be less than [%d]. This prevents allocating massive heaps for storing the results to be rescored. This limit can be set by changing the [index.max_rescore_window] index level setting.", r.WindowSize, maxWindow)
		}
	}
	return nil
}
