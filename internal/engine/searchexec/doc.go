// Package searchexec runs a parsed search request (searchreq.Spec) over the
// cluster's indexes as TransportSearchAction orchestrates it, and builds the
// answer. Executor.Exec resolves the index expression and aliases, checks
// the read blocks and the per-index limits (result window, docvalue and
// script field counts, rescore window, scroll and collapse rules), builds
// the engine request (package search) with its targets, index boosts,
// point-in-time views, scripts, aggregations and top_hits renderers, runs it
// with its suggestions, turns shard failures into OpenSearch's
// search_phase_execution_exception and expands collapse inner hits with one
// group search per hit (ExpandSearchPhase). Executor.Render builds the
// response body: hits with their fields, highlights, sort values, named
// queries, explanations and inner hits (SearchHit.toXContent), then
// aggregations, suggestions and profile.
//
// The package knows nothing of HTTP: the HTTP layer parses the request,
// calls Exec or Run, and writes the body it gets back.
package searchexec
