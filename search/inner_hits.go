package search

import (
	"errors"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/query"
)

// InnerHits are the options of an inner_hits definition: on a nested query
// (query.NestedQuery.WithInnerHits) they return the matching nested objects
// of each hit; in Collapse they return the documents of each group. The
// zero value asks for the defaults (3 hits by score). The results arrive in
// Hit.InnerHits under Name (for a nested query, the path when Name is
// empty; collapse inner hits need a name).
type InnerHits struct {
	Name             string                 `json:"name,omitempty"`
	From             *int                   `json:"from,omitempty"`
	Size             *int                   `json:"size,omitempty"` // default 3
	Sort             []Sort                 `json:"sort,omitempty"`
	Source           *query.SourceFilter    `json:"_source,omitempty"`
	Highlight        *Highlight             `json:"highlight,omitempty"`
	Explain          *bool                  `json:"explain,omitempty"`
	Version          *bool                  `json:"version,omitempty"`
	SeqNoPrimaryTerm *bool                  `json:"seq_no_primary_term,omitempty"` // collapse only: nested documents have none
	TrackScores      *bool                  `json:"track_scores,omitempty"`
	StoredFields     []string               `json:"stored_fields,omitempty"`
	DocvalueFields   []FieldAndFormat       `json:"docvalue_fields,omitempty"`
	Fields           []FieldAndFormat       `json:"fields,omitempty"`
	ScriptFields     map[string]ScriptField `json:"script_fields,omitempty"`
	IgnoreUnmapped   *bool                  `json:"ignore_unmapped,omitempty"`
	// Collapse collapses the group's hits again (collapse inner hits only).
	Collapse *InnerHitsCollapse `json:"collapse,omitempty"`
}

// InnerHitsCollapse is the second-level collapse of collapse inner hits.
type InnerHitsCollapse struct {
	Field string `json:"field"`
}

// InnerHitsOptions marks InnerHits as a nested query's inner_hits body.
func (*InnerHits) InnerHitsOptions() {}

// MarshalJSON renders the options ({} for the zero value).
func (h *InnerHits) MarshalJSON() ([]byte, error) {
	type plain InnerHits
	return jsonx.Marshal((*plain)(h))
}

// Collapse keeps the best hit per value of Field (Request.Collapse); with
// InnerHits each kept hit also carries documents of its group.
type Collapse struct {
	Field string
	// InnerHits is sent as one object, or as an array when there are several.
	InnerHits                  []*InnerHits
	MaxConcurrentGroupSearches *int
}

// MarshalJSON renders {"field": ..., "inner_hits": ..., "max_concurrent_group_searches": ...}.
func (c *Collapse) MarshalJSON() ([]byte, error) {
	if c.Field == "" {
		return nil, errors.New("search: collapse needs a field")
	}
	var inner any
	switch len(c.InnerHits) {
	case 0:
	case 1:
		inner = c.InnerHits[0]
	default:
		inner = c.InnerHits
	}
	return jsonx.Marshal(struct {
		Field                      string `json:"field"`
		InnerHits                  any    `json:"inner_hits,omitempty"`
		MaxConcurrentGroupSearches *int   `json:"max_concurrent_group_searches,omitempty"`
	}{c.Field, inner, c.MaxConcurrentGroupSearches})
}

// NestedSort makes a field sort read the field from the nested objects at
// Path (Sort.Nested): those matching Filter, at most MaxChildren of them,
// and through Nested from objects nested deeper.
type NestedSort struct {
	Path        string      `json:"path"`
	Filter      query.Query `json:"filter,omitempty"`
	MaxChildren *int        `json:"max_children,omitempty"`
	Nested      *NestedSort `json:"nested,omitempty"`
}
