// Package reindex runs the bulk-by-scroll requests: _reindex,
// _delete_by_query and _update_by_query.
//
// A Job (built by Env.Reindex, Env.DeleteByQuery or Env.UpdateByQuery)
// scrolls its source (ScrollSearch over local shards, or a remote cluster
// through a RemoteClient), splits the documents between slices (SliceHits,
// AutoSlices), and runs one Worker per slice, each a child task when
// sliced. A worker processes its documents in batches (one bulk request per
// batch), counts what happened in OpenSearch's BulkByScrollTask.Status,
// throttles between batches to requests_per_second on the server clock,
// stops when its task is cancelled, and renders the status and the
// BulkByScrollResponse. Registry runs jobs synchronously or in the
// background and finds them again for _rethrottle.
//
// What the serving layer owns comes in through Env: the document write path
// (Writer), the wait_for_active_shards checks (Copies) and the HTTP client
// of reindex from remote (RemoteDialer). Params, Request and ByQuery are the
// parsed requests: the serving layer reads the URL parameters into Params,
// then ParseReindex and ParseByQuery read the bodies (with the search body
// of the source, a searchreq.Spec) and validate the whole request.
package reindex
