package rest

// A scroll may carry a suggest section: SearchRequest.validate has no rule
// against it, and every page's query phase runs the suggesters again on the
// scroll's reader, so each page repeats the first page's suggestions (the
// scroll handler renders the spec's results again).

// scrollPageSuggest is the suggest section a later scroll page renders: the
// first page's results without typed keys, since typed_keys is a response
// parameter of the search request that the scroll request does not take.
func scrollPageSuggest(sg *SuggestSpec) *SuggestSpec {
	if sg == nil || !sg.TypedKeys {
		return sg
	}
	page := *sg
	page.TypedKeys = false
	return &page
}
