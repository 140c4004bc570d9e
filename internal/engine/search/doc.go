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
// Request.Slice partitions a scroll as SliceBuilder does; random_score
// hashes as RandomScoreFunction does, so a seed and field give the real
// cluster's scores. Score renders a score through jsonout without a string.
//
// Highlighting (Request.Highlight) runs OpenSearch's unified, plain and
// fast vector highlighters on each hit's _source: JDK sentence and word
// break rules (breakiter.go), the bounded sentence scanner and Lucene's
// passage scoring (highlight_unified.go), Lucene's Highlighter with its
// fragmenters (highlight_plain.go), the FastVectorHighlighter's phrase and
// fragment lists (highlight_fvh.go); docs/fake-highlighting.md lists what
// is covered.
//
// Unsupported query features answer an unsupported_operation_exception that
// names them, never a silent wrong answer.
package search
