package documents

import (
	"strconv"

	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

// OpType says what Index does when a document with the id exists.
type OpType string

// Values of OpType.
const (
	OpTypeIndex  OpType = "index"  // replace it (the default)
	OpTypeCreate OpType = "create" // fail with 409 (for reindex: skip it)
)

// Conflicts says what reindex and the by-query calls do on a version conflict.
type Conflicts string

// Values of Conflicts.
const (
	ConflictsAbort   Conflicts = "abort"   // stop at the first version conflict (default)
	ConflictsProceed Conflicts = "proceed" // count conflicts and go on
)

// Slices is the slices URL parameter: SlicesAuto or a number from SliceCount.
type Slices string

// SlicesAuto lets the server pick one slice per shard (at most 20).
const SlicesAuto Slices = "auto"

// SliceCount splits the work into n slices.
func SliceCount(n int) Slices { return Slices(strconv.Itoa(n)) }

// IndexParams are the URL parameters of Index and Create.
type IndexParams struct {
	IfSeqNo             *int64                    `url:"if_seq_no,omitempty"`
	IfPrimaryTerm       *int64                    `url:"if_primary_term,omitempty"`
	OpType              OpType                    `url:"op_type,omitempty"`
	Pipeline            string                    `url:"pipeline,omitempty"`
	Refresh             types.Refresh             `url:"refresh,omitempty"`
	RequireAlias        *bool                     `url:"require_alias,omitempty"`
	Routing             string                    `url:"routing,omitempty"`
	Timeout             types.Duration            `url:"timeout,omitempty"`
	Version             *int64                    `url:"version,omitempty"`
	VersionType         types.VersionType         `url:"version_type,omitempty"`
	WaitForActiveShards types.WaitForActiveShards `url:"wait_for_active_shards,omitempty"` // "all" or a number
}

// GetParams are the URL parameters of Get and Exists.
type GetParams struct {
	Preference     string              `url:"preference,omitempty"`
	Realtime       *bool               `url:"realtime,omitempty"`
	Refresh        *bool               `url:"refresh,omitempty"`
	Routing        string              `url:"routing,omitempty"`
	Source         *query.SourceFilter `url:"_source,omitempty"`
	SourceExcludes []string            `url:"_source_excludes,comma,omitempty"`
	SourceIncludes []string            `url:"_source_includes,comma,omitempty"`
	StoredFields   []string            `url:"stored_fields,comma,omitempty"`
	Version        *int64              `url:"version,omitempty"`
	VersionType    types.VersionType   `url:"version_type,omitempty"`
}

// DeleteParams are the URL parameters of Delete.
type DeleteParams struct {
	IfSeqNo             *int64                    `url:"if_seq_no,omitempty"`
	IfPrimaryTerm       *int64                    `url:"if_primary_term,omitempty"`
	Refresh             types.Refresh             `url:"refresh,omitempty"`
	Routing             string                    `url:"routing,omitempty"`
	Timeout             types.Duration            `url:"timeout,omitempty"`
	Version             *int64                    `url:"version,omitempty"`
	VersionType         types.VersionType         `url:"version_type,omitempty"`
	WaitForActiveShards types.WaitForActiveShards `url:"wait_for_active_shards,omitempty"`
}

// UpdateParams are the URL parameters of Update (POST /<index>/_update/<id>).
type UpdateParams struct {
	DocAsUpsert   *bool  `url:"doc_as_upsert,omitempty"`   // insert Doc when none exists; the body's doc_as_upsert wins
	IfSeqNo       *int64 `url:"if_seq_no,omitempty"`       // only if the document's sequence number matches
	IfPrimaryTerm *int64 `url:"if_primary_term,omitempty"` // only if the primary term matches
	// Lang is listed by the API specification, but OpenSearch 2.x's update handler does not
	// read it and rejects the request as having an unrecognized parameter.
	//
	// Deprecated: set the script language in UpdateRequest.Script.Lang.
	Lang                string                    `url:"lang,omitempty"`
	RequireAlias        *bool                     `url:"require_alias,omitempty"`
	Refresh             types.Refresh             `url:"refresh,omitempty"`
	RetryOnConflict     *int                      `url:"retry_on_conflict,omitempty"` // default 0
	Routing             string                    `url:"routing,omitempty"`
	Source              *query.SourceFilter       `url:"_source,omitempty"` // return the updated source in Get
	SourceExcludes      []string                  `url:"_source_excludes,comma,omitempty"`
	SourceIncludes      []string                  `url:"_source_includes,comma,omitempty"`
	Timeout             types.Duration            `url:"timeout,omitempty"`
	WaitForActiveShards types.WaitForActiveShards `url:"wait_for_active_shards,omitempty"` // "all" or a number, default 1
}

// ReindexParams are the URL parameters of Reindex (POST /_reindex).
type ReindexParams struct {
	MaxDocs             *int64                    `url:"max_docs,omitempty"`
	Refresh             types.Refresh             `url:"refresh,omitempty"`             // true or false: the server refuses wait_for here
	RequestsPerSecond   *float64                  `url:"requests_per_second,omitempty"` // -1 = no throttling (default)
	RequireAlias        *bool                     `url:"require_alias,omitempty"`
	Scroll              types.Duration            `url:"scroll,omitempty"` // default 5m
	Slices              Slices                    `url:"slices,omitempty"` // default 1
	Timeout             types.Duration            `url:"timeout,omitempty"`
	WaitForActiveShards types.WaitForActiveShards `url:"wait_for_active_shards,omitempty"`
	WaitForCompletion   *bool                     `url:"wait_for_completion,omitempty"` // false: run as a task (see ReindexAsync)
}

// DeleteByQueryParams are the URL parameters of DeleteByQuery (POST /<index>/_delete_by_query).
type DeleteByQueryParams struct {
	AllowNoIndices      *bool                     `url:"allow_no_indices,omitempty"`
	Analyzer            string                    `url:"analyzer,omitempty"`
	AnalyzeWildcard     *bool                     `url:"analyze_wildcard,omitempty"`
	Conflicts           Conflicts                 `url:"conflicts,omitempty"` // ConflictsAbort or ConflictsProceed
	DefaultOperator     types.Operator            `url:"default_operator,omitempty"`
	DF                  string                    `url:"df,omitempty"`
	ExpandWildcards     types.ExpandWildcards     `url:"expand_wildcards,omitempty"`
	From                *int                      `url:"from,omitempty"`
	IgnoreUnavailable   *bool                     `url:"ignore_unavailable,omitempty"`
	Lenient             *bool                     `url:"lenient,omitempty"`
	MaxDocs             *int64                    `url:"max_docs,omitempty"`
	Preference          string                    `url:"preference,omitempty"`
	Q                   string                    `url:"q,omitempty"`
	Refresh             types.Refresh             `url:"refresh,omitempty"` // true or false: the server refuses wait_for here
	RequestCache        *bool                     `url:"request_cache,omitempty"`
	RequestsPerSecond   *float64                  `url:"requests_per_second,omitempty"`
	Routing             string                    `url:"routing,omitempty"`
	Scroll              types.Duration            `url:"scroll,omitempty"`
	ScrollSize          *int                      `url:"scroll_size,omitempty"` // default 1000
	SearchTimeout       types.Duration            `url:"search_timeout,omitempty"`
	SearchType          types.SearchType          `url:"search_type,omitempty"`
	Size                *int                      `url:"size,omitempty"` // deprecated upstream: use MaxDocs
	Slices              Slices                    `url:"slices,omitempty"`
	Sort                []string                  `url:"sort,comma,omitempty"`
	Source              *query.SourceFilter       `url:"_source,omitempty"`
	SourceExcludes      []string                  `url:"_source_excludes,comma,omitempty"`
	SourceIncludes      []string                  `url:"_source_includes,comma,omitempty"`
	Stats               []string                  `url:"stats,comma,omitempty"`
	TerminateAfter      *int                      `url:"terminate_after,omitempty"`
	Timeout             types.Duration            `url:"timeout,omitempty"`
	Version             *bool                     `url:"version,omitempty"`
	WaitForActiveShards types.WaitForActiveShards `url:"wait_for_active_shards,omitempty"`
	WaitForCompletion   *bool                     `url:"wait_for_completion,omitempty"` // false: run as a task (see DeleteByQueryAsync)
}

// BulkParams are the URL parameters of Bulk.
type BulkParams struct {
	Pipeline            string                    `url:"pipeline,omitempty"`
	Refresh             types.Refresh             `url:"refresh,omitempty"`
	RequireAlias        *bool                     `url:"require_alias,omitempty"`
	Routing             string                    `url:"routing,omitempty"`
	Source              *query.SourceFilter       `url:"_source,omitempty"`
	SourceExcludes      []string                  `url:"_source_excludes,comma,omitempty"`
	SourceIncludes      []string                  `url:"_source_includes,comma,omitempty"`
	Timeout             types.Duration            `url:"timeout,omitempty"`
	WaitForActiveShards types.WaitForActiveShards `url:"wait_for_active_shards,omitempty"`
}
