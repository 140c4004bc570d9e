package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
)

// A scroll may carry a suggest section: SearchRequest.validate has no rule
// against it, and every page's query phase runs the suggesters again on the
// scroll's reader, so each page repeats the first page's suggestions (the
// scroll handler renders the spec's results again).

// suggestOnlyScroll is the first page of a suggest-only scroll: no query
// phase runs (QueryPhase.execute with hasOnlySuggest), so there are no hits,
// but the scroll still opens; a query that matches nothing gives it.
func suggestOnlyScroll(req *search.Request) *search.Result {
	req.Query = &dsl.MatchNone{Base: dsl.Base{Boost: 1}}
	return search.Run(req)
}

// scrollPageSuggest is the suggest section a later scroll page renders: the
// first page's results without typed keys, since typed_keys is a response
// parameter of the search request that the scroll request does not take.
func scrollPageSuggest(sg *suggestSpec) *suggestSpec {
	if sg == nil || !sg.typedKeys {
		return sg
	}
	page := *sg
	page.typedKeys = false
	return &page
}
