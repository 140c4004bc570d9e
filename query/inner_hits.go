package query

import "encoding/json"

// InnerHitsOptions is the inner_hits body of a nested query. The typed
// options are *search.InnerHits (package search, which holds the sort and
// highlight types they use); an empty &search.InnerHits{} asks for the
// defaults.
type InnerHitsOptions interface {
	json.Marshaler
	// InnerHitsOptions marks the types that are inner_hits bodies.
	InnerHitsOptions()
}
