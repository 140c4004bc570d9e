package search

import (
	"encoding/json"
	"errors"
	"sort"

	"github.com/clustersearch/clustersearch-go/aggs"
	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/types"
)

// Response is a search response with each hit's _source kept as raw JSON.
// Decode a source with Hit.DecodeSource, or use SearchAs to get your own type in one pass.
type Response = Result[json.RawMessage]

// RawHit is a hit whose _source is raw JSON.
type RawHit = Hit[json.RawMessage]

// Result is a search response whose hits carry a _source of type S.
type Result[S any] struct {
	types.ResponseMeta

	ScrollID         string                     `json:"_scroll_id,omitempty"`
	PitID            string                     `json:"pit_id,omitempty"`
	Took             int64                      `json:"took"` // milliseconds
	TimedOut         bool                       `json:"timed_out"`
	TerminatedEarly  *bool                      `json:"terminated_early,omitempty"`
	NumReducePhases  *int                       `json:"num_reduce_phases,omitempty"`
	PhaseTook        *PhaseTook                 `json:"phase_took,omitempty"`
	Shards           types.ShardStatistics      `json:"_shards"`
	Clusters         *Clusters                  `json:"_clusters,omitempty"`
	Hits             Hits[S]                    `json:"hits"`
	Aggregations     aggs.Aggregations          `json:"aggregations,omitempty"` // typed results by name: Aggregations.Terms("by_tag"), ...
	Suggest          map[string][]Suggestion    `json:"suggest,omitempty"`      // see Suggestions
	Profile          *Profile                   `json:"profile,omitempty"`      // with Request.Profile
	Ext              map[string]json.RawMessage `json:"ext,omitempty"`
	ProcessorResults json.RawMessage            `json:"processor_results,omitempty"`
}

// PhaseTook is the time spent in each search phase (phase_took=true), in milliseconds.
type PhaseTook struct {
	DFSPreQuery int64 `json:"dfs_pre_query"`
	Query       int64 `json:"query"`
	Fetch       int64 `json:"fetch"`
	DFSQuery    int64 `json:"dfs_query"`
	Expand      int64 `json:"expand"`
	CanMatch    int64 `json:"can_match"`
}

// Clusters counts the clusters of a cross-cluster search.
type Clusters struct {
	Total      int `json:"total"`
	Successful int `json:"successful"`
	Skipped    int `json:"skipped"`
}

// Hits is the hits section of a search response.
type Hits[S any] struct {
	// Total is nil when track_total_hits is false. It decodes both the object form and the
	// integer form of rest_total_hits_as_int, and encodes back in the same form.
	Total *types.TotalHits `json:"total,omitempty"`
	// MaxScore is nil (JSON null) with no hits, or when sorting without track_scores.
	MaxScore *float64 `json:"max_score"`
	// Hits holds pointers: decoding then grows a slice of pointers, not of large structs,
	// which makes the decode of a big page about a quarter faster.
	Hits           []*Hit[S]         `json:"hits"`
	CollapseField  string            `json:"collapse_field,omitempty"`
	CollapseValues []json.RawMessage `json:"collapse_values,omitempty"`
}

// Hit is one search hit.
type Hit[S any] struct {
	Index string `json:"_index"`
	ID    string `json:"_id"`
	// Score is nil (JSON null) when sorting by a field without track_scores.
	Score          *float64                     `json:"_score"`
	Version        *int64                       `json:"_version,omitempty"`      // with version=true
	SeqNo          *int64                       `json:"_seq_no,omitempty"`       // with seq_no_primary_term=true
	PrimaryTerm    *int64                       `json:"_primary_term,omitempty"` // with seq_no_primary_term=true
	Routing        string                       `json:"_routing,omitempty"`
	Shard          string                       `json:"_shard,omitempty"` // with explain=true
	Node           string                       `json:"_node,omitempty"`  // with explain=true
	Nested         *NestedIdentity              `json:"_nested,omitempty"`
	Ignored        []string                     `json:"_ignored,omitempty"`
	IgnoredValues  map[string][]json.RawMessage `json:"ignored_field_values,omitempty"`
	Source         S                            `json:"_source,omitempty"`
	Fields         map[string]json.RawMessage   `json:"fields,omitempty"`
	Highlight      map[string][]string          `json:"highlight,omitempty"`
	Sort           []json.RawMessage            `json:"sort,omitempty"` // pass back as Request.SearchAfter
	MatchedQueries *MatchedQueries              `json:"matched_queries,omitempty"`
	Explanation    *types.Explanation           `json:"_explanation,omitempty"`
	InnerHits      map[string]InnerHitsResult   `json:"inner_hits,omitempty"`
}

// DecodeSource unmarshals a raw _source (a RawHit's) into v. It fails when the hit has no
// _source, or when its source is already decoded (use h.Source then).
func (h *Hit[S]) DecodeSource(v any) error {
	raw, ok := any(h.Source).(json.RawMessage)
	if !ok {
		return errors.New("search: the _source of hit " + h.ID + " is already decoded")
	}
	if len(raw) == 0 {
		return errors.New("search: hit " + h.ID + " has no _source")
	}
	return jsonx.Unmarshal(raw, v)
}

// SortValues returns the hit's sort values in the form Request.SearchAfter takes.
func (h *Hit[S]) SortValues() []any {
	if h.Sort == nil {
		return nil
	}
	out := make([]any, len(h.Sort))
	for i, v := range h.Sort {
		out[i] = v
	}
	return out
}

// NestedIdentity locates a nested hit in its parent document.
type NestedIdentity struct {
	Field  string          `json:"field"`
	Offset int             `json:"offset"`
	Nested *NestedIdentity `json:"_nested,omitempty"`
}

// InnerHitsResult holds the inner hits of one inner_hits definition.
type InnerHitsResult struct {
	Hits Hits[json.RawMessage] `json:"hits"`
}

// MatchedQueries lists the _name of the queries a hit matched. The server sends a list, or
// with include_named_queries_score=true an object of name to score; Scores is set then.
type MatchedQueries struct {
	Names  []string
	Scores map[string]float64
}

// UnmarshalJSON reads both forms.
func (m *MatchedQueries) UnmarshalJSON(b []byte) error {
	*m = MatchedQueries{}
	if len(b) > 0 && b[0] == '{' {
		if err := jsonx.Unmarshal(b, &m.Scores); err != nil {
			return err
		}
		for name := range m.Scores {
			m.Names = append(m.Names, name)
		}
		sort.Strings(m.Names)
		return nil
	}
	return jsonx.Unmarshal(b, &m.Names)
}

// MarshalJSON writes the form that was read.
func (m MatchedQueries) MarshalJSON() ([]byte, error) {
	if m.Scores != nil {
		return jsonx.Marshal(m.Scores)
	}
	if m.Names == nil {
		return []byte("[]"), nil
	}
	return jsonx.Marshal(m.Names)
}
