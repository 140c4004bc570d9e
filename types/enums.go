package types

import "strconv"

// SortOrder is the direction of a sort: ascending or descending.
type SortOrder string

// Values of SortOrder.
const (
	SortAsc  SortOrder = "asc"
	SortDesc SortOrder = "desc"
)

// Operator combines the terms of a query string or a match query: every term
// must match (and) or any may (or, the default). The server reads it in any case.
type Operator string

// Values of Operator.
const (
	OperatorAnd Operator = "and"
	OperatorOr  Operator = "or"
)

// VersionType says how a document write's version is checked and set.
type VersionType string

// Values of VersionType.
const (
	// VersionInternal: the server numbers versions (the default).
	VersionInternal VersionType = "internal"
	// VersionExternal: the given version must be greater than the stored one.
	VersionExternal VersionType = "external"
	// VersionExternalGTE: the given version must be greater than or equal to the stored one.
	VersionExternalGTE VersionType = "external_gte"
	// VersionExternalGT is the older name of VersionExternal.
	VersionExternalGT VersionType = "external_gt"
)

// SearchType says how scores are computed across shards.
type SearchType string

// Values of SearchType.
const (
	// SearchQueryThenFetch scores with each shard's own term statistics (the default, faster).
	SearchQueryThenFetch SearchType = "query_then_fetch"
	// SearchDFSQueryThenFetch first gathers term statistics from every shard, for
	// scores that do not depend on how documents are spread.
	SearchDFSQueryThenFetch SearchType = "dfs_query_then_fetch"
)

// WaitForActiveShards is how many copies of each shard must be active before a
// write proceeds: a number (ActiveShards) or ActiveShardsAll. Empty leaves the
// server's default (1, the primary).
type WaitForActiveShards string

// ActiveShardsAll waits for every copy: the primary and all its replicas.
const ActiveShardsAll WaitForActiveShards = "all"

// ActiveShards waits for n active copies of each shard.
func ActiveShards(n int) WaitForActiveShards { return WaitForActiveShards(strconv.Itoa(n)) }
