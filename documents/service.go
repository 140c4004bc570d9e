// Package documents changes documents: index, get, delete, bulk, update, reindex, update by
// query and delete by query.
//
// Documents are any value that marshals to a JSON object, or raw JSON as []byte or
// json.RawMessage. Bulk takes typed operations (BulkIndex, BulkCreate, BulkUpdate,
// BulkDelete), writes the NDJSON body and returns one BulkItem per operation; a failed item
// never fails the call. Reindex, UpdateByQuery and DeleteByQuery wait for the result; their
// Async variants start a task and return its id (TaskStarted). GetAs decodes _source into
// your own type. A non-2xx answer is a *types.Error (types.IsNotFound, types.IsConflict...);
// when a reindex or by-query run stops on failures (a version conflict with conflicts=abort,
// a failed write or search shard) the server still sends the whole result, so those calls
// return it together with the error, its Failures saying what went wrong.
package documents

import "github.com/clustersearch/clustersearch-go/types"

// Service calls the documents APIs. Get one from clustersearch.Client.Documents.
type Service struct {
	t types.Transport
}

// NewService returns a Service that sends its requests through t.
// Users get a ready Service from clustersearch.Client; a test may pass a
// Transport of its own.
func NewService(t types.Transport) *Service { return &Service{t: t} }
