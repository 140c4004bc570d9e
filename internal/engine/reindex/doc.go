// Package reindex is the bulk-by-scroll machinery shared by _reindex,
// _delete_by_query and _update_by_query: a worker that takes the documents a
// scroll found, processes them in batches (one bulk request per batch),
// counts what happened in OpenSearch's BulkByScrollTask.Status, throttles
// between batches to requests_per_second on the server clock, stops when its
// task is cancelled, and renders the status and the BulkByScrollResponse.
//
// The caller supplies the batch work (what a delete, update or reindex does
// with each document); the worker owns batching, throttling, cancellation,
// counters and the conflicts=abort|proceed rule.
package reindex
