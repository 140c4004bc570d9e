// Package search is the fake's query executor: it compiles a parsed query
// (package dsl) against one shard's refresh view into iterators over slot ids
// with Lucene's scoring (BM25 through package similarity, float32 arithmetic
// in Lucene's order), collects top hits, sorts, explains, and runs searches
// over several indexes and shards with query_then_fetch or
// dfs_query_then_fetch statistics.
//
// The REST layer (internal/engine/rest/search_*.go) parses requests into a
// Request and renders Result; other engine packages (by-query operations)
// call Match to iterate the documents a query selects.
package search
