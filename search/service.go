// Package search runs searches, multi-searches and explains (/_search, /_msearch, /<index>/_explain/<id>).
//
// Bodies are typed (Request, with queries from package query); every URL parameter is a
// field of Params, MultiSearchParams or ExplainParams. Responses keep each hit's _source as
// raw JSON (Response, RawHit.DecodeSource), or decode it straight into your own type in the
// same pass with the generic functions:
//
//	resp, err := search.SearchAs[Book](ctx, client.Search, []string{"books"}, &search.Request{
//		Query: query.Match("title", "go"),
//		Sort:  []search.Sort{search.SortBy("year", types.SortDesc)},
//	}, nil)
//
// Request.Rescore takes typed query rescorers (Rescore, QueryRescore) that rescore each
// shard's top hits.
//
// MultiSearch writes the NDJSON body from typed (header, body) pairs and reports each
// search's status and error on its own entry; All iterates over every hit with search_after,
// ScrollAll over every hit of a scroll (clearing it when done).
// A non-2xx answer is a *types.Error.
//
// Aggregations go in Request.Aggs as builders of package aggs; their results
// come back typed in Response.Aggregations (the SDK asks for typed_keys when
// a request has aggregations), and CompositeAll pages a composite
// aggregation with after_key.
//
// Suggesters go in Request.Suggest by name (TermSuggester, PhraseSuggester,
// CompletionSuggester, or raw maps); their entries come back typed in
// Response.Suggest, looked up with Response.Suggestions whether or not typed_keys is set.
package search

import "github.com/clustersearch/clustersearch-go/types"

// Service calls the search APIs. Get one from clustersearch.Client.Search.
type Service struct {
	t types.Transport
}

// NewService returns a Service that sends its requests through t.
// Users get a ready Service from clustersearch.Client; a test may pass a
// Transport of its own.
func NewService(t types.Transport) *Service { return &Service{t: t} }
