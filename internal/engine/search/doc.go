// Package search is the fake's query executor: it compiles a parsed query
// (package dsl) against one shard's refresh view into iterators over slot ids
// with Lucene's scoring (BM25 through package similarity, float32 arithmetic
// in Lucene's order), collects top hits, sorts, explains, highlights and
// runs searches over several indexes and shards with query_then_fetch or
// dfs_query_then_fetch statistics.
//
// Callers build a Request (targets are index shards; Query nil means
// match_all) and call:
//
//   - Run: top hits (From/Size/Sort/SearchAfter), totals (TrackTotalHits:
//     the cap, math.MaxInt32 for exact, -1 for none), shard failures, and
//     with Scroll set a cursor (Result.Scroll, then Scroll.Next(n)) over every
//     match in order as of the shards' refresh points;
//   - Match: every matching document of one shard in slot order with its
//     score (by-query operations collect what they need, then write);
//   - Explain / ExplainDoc: one document's explanation (the _explain API);
//   - Warnings: the deprecation warnings a query earns (random_score with a
//     seed and no field).
//
// Nested objects are matched as their own documents in a private child
// shard per context and path (nested_docs.go), with their _nested identity;
// nested queries, their inner hits (Request.InnerHits, Hit.InnerHits:
// child-query scores, sort, from/size, explain, highlight, doc values,
// hierarchical definitions) and nested sorts (Sort.Nested, MultiValueMode's
// nested picks) share them. As in Lucene, root documents hold no values of
// nested fields (unless include_in_parent / include_in_root copy them up),
// so queries, doc values, sorts and collapse keys on them see none; the
// shard keeps the nested objects as hidden documents (package shard), which
// give field statistics and scores Lucene's figures.
//
// Request.Slice partitions a scroll as SliceBuilder does; random_score
// hashes as RandomScoreFunction does, so a seed and field give the real
// cluster's scores. Score renders a score through jsonout without a string.
//
// Unsupported query features answer an unsupported_operation_exception that
// names them, never a silent wrong answer.
package search
