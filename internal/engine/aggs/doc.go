// Package aggs computes search aggregations as OpenSearch 2.19 does: it parses
// the request's aggs tree (Parse), collects each shard's matching documents
// into per-shard results (Tree.NewShard, Shard.Collect, Shard.Finish), reduces
// the shards' results as the coordinating node does (Reduce: terms shard_size,
// doc_count_error_upper_bound, sum_other_doc_count, search.max_buckets), runs
// the pipeline aggregations on the reduced tree and renders it with the real
// key order, Java number forms and typed_keys prefixes (Result.Render).
//
// The package reads doc values through shard.Reader and asks its caller (the
// search executor) for what needs the query compiler: the filter of a filter,
// filters or adjacency_matrix aggregation, the documents of a global one. Each
// aggregation type lives in its own file (terms.go, histogram.go, range.go,
// metrics.go, ...); registry.go lists them with their typed_keys names.
package aggs
