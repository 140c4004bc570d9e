package search

import (
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

// Params are the URL parameters of Search (GET/POST /_search, /<index>/_search).
// The zero value sends none, and the server applies its defaults.
type Params struct {
	AllowNoIndices             *bool                 `url:"allow_no_indices,omitempty"`             // default true
	AllowPartialSearchResults  *bool                 `url:"allow_partial_search_results,omitempty"` // default true
	Analyzer                   string                `url:"analyzer,omitempty"`                     // analyzer of q
	AnalyzeWildcard            *bool                 `url:"analyze_wildcard,omitempty"`             // default false
	BatchedReduceSize          *int                  `url:"batched_reduce_size,omitempty"`          // default 512
	CancelAfterTimeInterval    types.Duration        `url:"cancel_after_time_interval,omitempty"`   // default -1 (cluster setting)
	CCSMinimizeRoundtrips      *bool                 `url:"ccs_minimize_roundtrips,omitempty"`      // default true
	DefaultOperator            types.Operator        `url:"default_operator,omitempty"`             // AND or OR (default)
	DF                         string                `url:"df,omitempty"`                           // default field of q
	DocvalueFields             []string              `url:"docvalue_fields,comma,omitempty"`
	ExpandWildcards            types.ExpandWildcards `url:"expand_wildcards,omitempty"` // default open
	Explain                    *bool                 `url:"explain,omitempty"`
	From                       *int                  `url:"from,omitempty"`
	IgnoreThrottled            *bool                 `url:"ignore_throttled,omitempty"`
	IgnoreUnavailable          *bool                 `url:"ignore_unavailable,omitempty"`
	IncludeNamedQueriesScore   *bool                 `url:"include_named_queries_score,omitempty"`
	Lenient                    *bool                 `url:"lenient,omitempty"`
	MaxConcurrentShardRequests *int                  `url:"max_concurrent_shard_requests,omitempty"` // default 5
	PhaseTook                  *bool                 `url:"phase_took,omitempty"`
	PreFilterShardSize         *int                  `url:"pre_filter_shard_size,omitempty"` // default 128
	Preference                 string                `url:"preference,omitempty"`            // _local, _only_local, _prefer_nodes:..., _shards:..., or a custom string
	Q                          string                `url:"q,omitempty"`                     // query-string query; replaces the body query
	RequestCache               *bool                 `url:"request_cache,omitempty"`
	RestTotalHitsAsInt         *bool                 `url:"rest_total_hits_as_int,omitempty"` // hits.total as an integer
	Routing                    []string              `url:"routing,comma,omitempty"`
	Scroll                     types.Duration        `url:"scroll,omitempty"` // keep a scroll context this long
	SearchPipeline             string                `url:"search_pipeline,omitempty"`
	SearchType                 types.SearchType      `url:"search_type,omitempty"` // types.SearchQueryThenFetch or types.SearchDFSQueryThenFetch
	SeqNoPrimaryTerm           *bool                 `url:"seq_no_primary_term,omitempty"`
	Size                       *int                  `url:"size,omitempty"`
	Sort                       []string              `url:"sort,comma,omitempty"` // "field:asc", "field:desc"
	Source                     *query.SourceFilter   `url:"_source,omitempty"`    // true, false or an include list
	SourceExcludes             []string              `url:"_source_excludes,comma,omitempty"`
	SourceIncludes             []string              `url:"_source_includes,comma,omitempty"`
	Stats                      []string              `url:"stats,comma,omitempty"` // statistics groups to log the search under
	StoredFields               []string              `url:"stored_fields,comma,omitempty"`
	SuggestField               string                `url:"suggest_field,omitempty"`
	SuggestMode                SuggestMode           `url:"suggest_mode,omitempty"`
	SuggestSize                *int                  `url:"suggest_size,omitempty"`
	SuggestText                string                `url:"suggest_text,omitempty"`
	TerminateAfter             *int                  `url:"terminate_after,omitempty"`
	Timeout                    types.Duration        `url:"timeout,omitempty"`
	TrackScores                *bool                 `url:"track_scores,omitempty"`
	TrackTotalHits             TrackTotalHits        `url:"track_total_hits,omitempty"` // true, false or a count
	TypedKeys                  *bool                 `url:"typed_keys,omitempty"`
	VerbosePipeline            *bool                 `url:"verbose_pipeline,omitempty"` // OpenSearch 3.0+: per-processor search pipeline details
	Version                    *bool                 `url:"version,omitempty"`
}

// SuggestMode says which tokens a term or phrase suggester offers corrections for.
type SuggestMode string

// Values of SuggestMode.
const (
	SuggestMissing SuggestMode = "missing" // only tokens not in the index (the default)
	SuggestPopular SuggestMode = "popular" // also tokens with more frequent alternatives
	SuggestAlways  SuggestMode = "always"  // every token
)

// MultiSearchParams are the URL parameters of MultiSearch (GET/POST /_msearch, /<index>/_msearch).
// Options that can differ per search live in MultiSearchHeader.
type MultiSearchParams struct {
	AllowNoIndices             *bool                 `url:"allow_no_indices,omitempty"`
	AllowPartialResults        *bool                 `url:"allow_partial_results,omitempty"` // as listed by the OpenSearch API specification
	CancelAfterTimeInterval    types.Duration        `url:"cancel_after_time_interval,omitempty"`
	CCSMinimizeRoundtrips      *bool                 `url:"ccs_minimize_roundtrips,omitempty"`
	ExpandWildcards            types.ExpandWildcards `url:"expand_wildcards,omitempty"`
	IgnoreUnavailable          *bool                 `url:"ignore_unavailable,omitempty"`
	MaxConcurrentSearches      *int                  `url:"max_concurrent_searches,omitempty"`
	MaxConcurrentShardRequests *int                  `url:"max_concurrent_shard_requests,omitempty"`
	PreFilterShardSize         *int                  `url:"pre_filter_shard_size,omitempty"`
	RestTotalHitsAsInt         *bool                 `url:"rest_total_hits_as_int,omitempty"`
	SearchPipeline             string                `url:"search_pipeline,omitempty"`
	SearchType                 types.SearchType      `url:"search_type,omitempty"`
	TypedKeys                  *bool                 `url:"typed_keys,omitempty"`
}

// ExplainParams are the URL parameters of Explain (GET/POST /<index>/_explain/<id>).
type ExplainParams struct {
	Analyzer        string              `url:"analyzer,omitempty"`
	AnalyzeWildcard *bool               `url:"analyze_wildcard,omitempty"`
	DefaultOperator types.Operator      `url:"default_operator,omitempty"` // AND or OR
	DF              string              `url:"df,omitempty"`
	Lenient         *bool               `url:"lenient,omitempty"`
	Preference      string              `url:"preference,omitempty"`
	Q               string              `url:"q,omitempty"`
	Routing         string              `url:"routing,omitempty"`
	Source          *query.SourceFilter `url:"_source,omitempty"`
	SourceExcludes  []string            `url:"_source_excludes,comma,omitempty"`
	SourceIncludes  []string            `url:"_source_includes,comma,omitempty"`
	StoredFields    []string            `url:"stored_fields,comma,omitempty"`
}
