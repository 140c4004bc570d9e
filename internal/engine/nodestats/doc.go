// Package nodestats keeps the counters behind GET /_nodes/stats and renders
// the response as OpenSearch 2.x writes it (NodeStats.toXContent): groups in
// the server's order, human-readable twins of sizes and times when asked,
// metric and index_metric selection with the real errors, and node filters.
//
// Counters live in a [Registry] owned by one fake cluster: one [ShardOps] per
// shard (indexing, get, search, refresh and flush counters that handlers bump
// as they serve requests) and one [NodeOps] per simulated node (HTTP
// connections, transport messages, thread pools). Figures the fake does not
// keep (for example the state of a JVM it does not have) are read from the
// machine and the Go runtime through internal/engine/sysstats.
package nodestats
