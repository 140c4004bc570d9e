package searchreq

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/aggs"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
)

// Spec is a parsed search request (URL parameters and body). Its zero
// value is no request: Parse sets the defaults (size 10, totals tracked up
// to 10,000).
type Spec struct {
	Query            dsl.Query
	From, Size       int
	Sort             []search.Sort
	Source           search.SourceFilter
	TrackTotal       int  // the count cap: -1 off, math.MaxInt32 exact
	TrackTotalSet    bool // track_total_hits was given
	TotalAsInt       bool // rest_total_hits_as_int
	TrackScores      bool
	MinScore         *float32
	TerminateAfter   int
	Explain          bool
	Version          bool
	SeqNo            bool
	SearchAfter      []any
	DFS              bool
	Scroll           bool
	PIT              *PITSearch    // the body's "pit", nil without one
	DocValues        []FieldFormat // docvalue_fields
	FetchFields      []FieldFormat // fields
	StoredFields     []string      // nil: not given
	PostFilter       dsl.Query
	Highlight        *search.Highlight
	ShardsPref       map[int]bool     // preference=_shards:..., nil for all
	NoPartial        bool             // allow_partial_search_results=false
	Collapse         string           // collapse.field
	Slice            *search.Slice    // nil: not sliced
	ScriptFieldCount int              // how many script_fields
	Rescore          []dsl.Rescore    // the rescorers, in order
	IndexBoosts      []IndexBoost     // indices_boost, in request order
	Inner            *InnerHits       // inner hits of nested queries and collapse (inner_hits.go)
	Suggest          *SuggestSpec     // the suggest section (suggest.go)
	Aggs             *aggs.Tree       // the aggregations (nil for none)
	TypedKeys        bool             // typed_keys: aggregation names carry their type
	NamedScores      bool             // include_named_queries_score: matched_queries with scores
	Profile          bool             // profile: the shards' timings are reported
	Human            bool             // human: the profile's times also print in units
	Cancel           search.Canceller // the task the search runs as (nil: none)
	Facts            *Facts           // what the search recorded as it ran; nil for none

	ScriptFields []search.ScriptField             // script_fields
	Derived      map[string]*mapping.DerivedField // the body's derived fields
	DerivedErr   *apierr.Error                    // why they could not be read
	SourceGiven  bool                             // _source was asked for explicitly (body or URL)
	Warn         func(string)                     // receives the search's deprecation warnings (nil: none)

	// TopHits are the aggregations' top_hits definitions with their
	// rendering options (top_hits.go).
	TopHits map[*search.TopHitsDef]*Spec
}

// FieldFormat is one entry of docvalue_fields or fields.
type FieldFormat struct {
	Field, Format string
}

// IndexBoost is one entry of indices_boost: an index expression (name, alias
// or wildcard) and the factor for the indexes it names.
type IndexBoost struct {
	Expr  string
	Boost float32
}
