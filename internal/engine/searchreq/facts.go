package searchreq

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Facts describe one search as it ran.
type Facts struct {
	// Hits: the answer holds at least one hit.
	Hits bool
	// SuggestOnly: the search ran suggesters only (no query, no
	// aggregations).
	SuggestOnly bool
	// ScrollID and PITID are the scroll the search opened or continued and
	// the point in time it searched ("" for none).
	ScrollID, PITID string
	// Index is the index expression of a multi-search entry.
	Index string
	// Spec is the parsed request (set by Parse), which the
	// statistics read instead of parsing the body again.
	Spec *Spec
}

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
