package search

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/transport"
)

// Search runs a search over indices (names, aliases, wildcards; none means all indexes) and
// returns the hits with their _source as raw JSON. body and params may be nil.
//
// When body has aggregations and params leave TypedKeys unset, the request
// asks for typed_keys=true so each aggregation decodes into its concrete type
// (Response.Aggregations, see package aggs); suggestion names come back
// without prefixes all the same.
//
//	resp, err := client.Search.Search(ctx, []string{"books"}, &search.Request{
//		Query: query.Match("title", "go"),
//		Size:  query.Ptr(20),
//	}, nil)
func (s *Service) Search(ctx context.Context, indices []string, body *Request, params *Params) (*Response, error) {
	return SearchAs[json.RawMessage](ctx, s, indices, body, params)
}

// SearchAs is Search with each hit's _source decoded straight into S, in the same single
// pass that decodes the response (no intermediate raw copy). S is typically your document
// struct, or a pointer to it when you need to tell a missing _source apart.
//
//	resp, err := search.SearchAs[Book](ctx, client.Search, []string{"books"}, body, nil)
//	for _, h := range resp.Hits.Hits { fmt.Println(h.Source.Title) }
func SearchAs[S any](ctx context.Context, s *Service, indices []string, body *Request, params *Params) (*Result[S], error) {
	target, err := joinNames(indices)
	if err != nil {
		return nil, err
	}
	var forced bool
	if params == nil {
		forced = wantsTypedKeys(body, nil)
	} else {
		forced = wantsTypedKeys(body, params.TypedKeys)
	}
	if forced {
		params = withTypedKeys(params)
	}
	req := &transport.Request{Method: http.MethodGet, Path: transport.Path(target, "_search"), Params: params}
	if body != nil {
		req.Method = http.MethodPost
		req.Body = body
	}
	out := new(Result[S])
	if _, err := s.t.Do(ctx, req, resultBody[S]{out}); err != nil {
		return nil, err
	}
	if forced {
		out.untypeSuggest()
	}
	return out, nil
}
