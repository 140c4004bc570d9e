// Package types holds the models that several API areas share: durations and
// refresh policies used in URL parameters, the value types of closed
// parameter sets (SortOrder, Operator, VersionType, SearchType,
// WaitForActiveShards), the _shards and _nodes headers, scripts, explanation
// trees, hit totals, response metadata, the error envelope every failed
// request turns into, the Ptr helper for optional fields, and the Transport
// interface the area services send their requests through.
package types
