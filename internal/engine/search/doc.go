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
//     match in order as of the shards' refresh points: each later page runs
//     the first page's fetch phase (fetch.go: highlight, explain, inner hits,
//     script fields, doc values) against the frozen views, which Scroll.Pin
//     keeps across merges until Scroll.Close;
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
// Target.Filter is the filter of the aliases a shard was reached through,
// run as a FILTER clause beside the query as the real server builds it.
// Request.Views searches given refresh points instead of the current ones:
// a point in time keeps the views Snapshot took when it was created (a
// scroll keeps them for its later pages), and Request.PIT allows slices.
//
// Request.Cancel ties a search to its task: the executor polls it before
// the first shard, as each shard starts and every 1024 documents of the
// collection loop, and fails the remaining shards with OpenSearch's
// task_cancelled_exception ("The parent task was cancelled, shouldn't start
// any child tasks" before any shard ran, "cancelled task with reason: <r>"
// after). A Canceller that is also a ShardWatcher hears of each shard first.
//
// Request.Rescore applies OpenSearch's query rescorers to each shard's top
// hits (QueryRescorer: per-shard windows, float32 score modes, the whole
// collected list re-sorted, explanations with primaryWeight and
// secondaryWeight).
//
// Request.Slice partitions a scroll, a point in time (and Match) as
// SliceBuilder does, on _id or a numeric, date or boolean field;
// random_score hashes as RandomScoreFunction does, so a seed and field give
// the real cluster's scores. Score renders a score through jsonout without
// a string.
//
// Scripts: Request.Scripts compiles the Painless scripts of the script and
// script_score queries, function_score's script_score function, _script sorts
// (Sort.Kind SortScript) and Request.ScriptFields (Hit.ScriptFields, computed
// after the hits are collected, as the fetch phase does). Scripts read doc
// values through painless.DocLookup; a script that fails to build is the
// query_shard_exception "failed to create query: ..." (script_fields and sorts:
// the script_exception itself), a failure while running fails the shard, and
// stored scripts are resource_not_found (the fake keeps none). Explanations
// follow ScriptScoreQuery and FunctionScoreQuery (per function, for script and
// weight functions).
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
