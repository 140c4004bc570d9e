// Package clustersearch is a client for the search and management REST API of
// OpenSearch-compatible clusters (OpenSearch 2.x).
//
// A Client holds the transport (addresses, credentials, TLS, retries) and
// exposes one service per API area:
//
//	c, err := clustersearch.New(clustersearch.WithAddresses("https://localhost:9200"),
//		clustersearch.WithBasicAuth("admin", "secret"))
//	...
//	stats, err := c.Nodes.Stats(ctx, nil)
//
// Every method takes a context first, its required path values next, then the
// request body (if any), and last an optional *Params struct (nil means the
// server's defaults). Every response type embeds types.ResponseMeta with the
// HTTP status and headers. A non-2xx answer is returned as *types.Error;
// use errors.As, or helpers such as types.IsNotFound.
//
// For endpoints the SDK does not model, Client.Do sends any request through the
// same transport and decodes the answer into a type of your own.
//
// # Retries
//
// A failed attempt is retried (up to RetryPolicy.MaxRetries, with jittered
// exponential backoff, on the next live address) only where repeating it
// cannot apply a change twice. What is retried depends on the request and on
// how the attempt failed:
//
//	request                             | not reached (1) | answer lost (2) | 429     | 502 503 504 (3)
//	------------------------------------+-----------------+-----------------+---------+----------------
//	reads (4)                           | retried         | retried         | retried | retried
//	PUT/POST/DELETE of one doc by id (5)| retried         | retried         | retried | retried
//	every other request (6)             | retried         | error (7)       | retried | not retried
//
// Notes:
//  1. The connection was refused or could not be made, or it broke before
//     the whole request was written: the server cannot have acted on it.
//  2. The request went out whole and no answer came back: the connection
//     broke, or the attempt ran past RetryPolicy.AttemptTimeout.
//  3. RetryPolicy.RetryOnStatus; other statuses are never retried.
//  4. GET, HEAD, and the POSTs that only read: _search, _msearch, _count,
//     _explain, _mget, _field_caps, _validate/query, _termvectors,
//     _mtermvectors, _rank_eval, _search_shards, _analyze and the search
//     template endpoints.
//  5. Without op_type, if_seq_no, if_primary_term or version, which would turn
//     the repeat into a conflict; also DELETE of scroll or point-in-time ids.
//     The repeat converges: a PUT leaves the same document (with a higher
//     _version), a DELETE answers 404 when the lost attempt had deleted it.
//  6. Index without an id, create, update, _bulk, _reindex, _update_by_query,
//     _delete_by_query (also their *Async forms), scroll continuation (the
//     server moves its cursor, so a repeat would skip a page), point-in-time
//     creation, task cancel, index, mapping and settings changes, sending a
//     notification, and any Client.Do request not listed above.
//  7. The error wraps ErrMaybeApplied: the server may have applied the
//     request. Check what the cluster holds before sending it again.
//
// TLS certificate errors are never retried, and a cancelled or expired context
// stops at once. A call can choose its own policy through its context:
// WithRetryPolicy(ctx, p) (with p.TreatAsIdempotent for a write you know is
// safe to repeat) or WithoutRetry(ctx).
//
// An address that refuses connections, or where an attempt times out or the
// caller's deadline passes before it answers, is skipped for a while (one
// second, doubling up to a minute, jittered); when every address is skipped,
// the one that comes back soonest is tried.
//
// The package fake starts an in-process server that behaves like a real cluster,
// so code written against this client can be tested without one.
package clustersearch
