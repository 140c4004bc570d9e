package rest

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// facts are what a handler learned while it ran that the wrappers around
// it need afterwards (node statistics): handlers record them, so nothing
// reads the rendered answer or parses the request body a second time.
type facts struct {
	// search is the search a search, scroll or point-in-time search ran
	// (nil for none).
	search *Facts
	// searches are a multi-search's entries in order; nil for those that
	// failed.
	searches []*Facts
	// docID is the id a document write used (a generated one included).
	docID string
	// updated is an update's outcome.
	updated updateOutcome
	// index is the concrete index an explain read, fetched whether it
	// returned the document ("get").
	index   string
	fetched bool
	// scrollKeepAlive is the keep-alive a scroll request gave (0: none);
	// clearedScrolls the ids a clear-scroll request named.
	scrollKeepAlive time.Duration
	clearedScrolls  []string
	// bulkRouted: some bulk item may carry a routing of its own (its
	// action line may name one), so node statistics read the lines again.
	bulkRouted bool
}

// searchFacts describe one search as it ran.
type Facts struct {
	// hits: the answer holds at least one hit.
	Hits bool
	// suggestOnly: the search ran suggesters only (no query, no
	// aggregations).
	SuggestOnly bool
	// scrollID and pitID are the scroll the search opened or continued and
	// the point in time it searched ("" for none).
	ScrollID, PITID string
	// index is the index expression of a multi-search entry.
	Index string
	// spec is the parsed request (set by parseSearch), which the
	// statistics read instead of parsing the body again.
	Spec *searchSpec
}

// updateOutcome is what an update did.
type updateOutcome uint8

const (
	updateWrote updateOutcome = iota
	updateNoop
	updateDeleted
)

// suggestOnlyOf reports whether a search body runs suggesters only: a
// suggest section (or suggest_field) and no query (q= included) or
// aggregations. v is the parsed body, nil for none.
func suggestOnlyOf(v *xcontent.Value, params map[string]string) bool {
	if _, ok := params["q"]; ok {
		return false
	}
	_, has := params["suggest_field"]
	if v != nil && v.Kind == xcontent.Object {
		for _, m := range v.Members {
			switch m.Key {
			case "query", "aggs", "aggregations":
				return false
			case "suggest":
				has = true
			}
		}
	}
	return has
}
