// Package searchreq is the parsed search request: Spec holds what a _search
// body and its URL parameters ask for (query, paging, sort, source
// filtering, fetched fields, highlighting, collapse, inner hits, top_hits
// options, suggestions, rescorers, point in time, slices), read as
// RestSearchAction.parseSearchRequest and SearchSourceBuilder read them, with
// their errors. Parse is the entry point; ParseBody and ApplyParams serve
// the requests that embed a search (reindex, by-query), ParseExplain the
// _explain body.
//
// A Spec is also what a search keeps while it runs and renders: the rendering
// options of nested and collapse inner hits and of top_hits, the
// suggestions once they ran, the point in time's frozen shards, and Facts,
// what the node statistics read afterwards. The package knows nothing of
// HTTP: parameters come as urlparams.Params.
package searchreq
