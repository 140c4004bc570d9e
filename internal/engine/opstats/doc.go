// Package opstats counts each finished request in the node statistics
// (package nodestats) as OpenSearch's nodes would: the shard operations it
// made (index, delete, get, query, fetch, suggest, refresh), the thread
// pool tasks on the nodes holding the copies it reached, the transport
// messages of replicated writes, scroll and point-in-time contexts, request
// cache lookups and the gets of terms lookups.
//
// The HTTP layer hands over each request as an Op: its operation, path and
// URL parameters, body, status and the Facts its handler recorded while it
// ran (the parsed search, the id a write generated, an update's outcome, ...),
// so nothing is parsed twice.
package opstats
