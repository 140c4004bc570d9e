package search

import "strings"

// The search functions ask for typed_keys=true when the request holds
// aggregations and the caller left TypedKeys unset: the prefixes let every
// aggregation decode into its concrete type (aggs.Aggregations). The
// parameter also prefixes suggestion names, which the caller did not ask for,
// so those prefixes are taken off again.
//
// Scroll pages cannot ask: the scroll API takes no typed_keys (OpenSearch's
// RestSearchScrollAction answers it as an unrecognized parameter), and its
// pages carry no aggregations anyway.

// wantsTypedKeys reports whether the SDK should add typed_keys to a request.
func wantsTypedKeys(body *Request, set *bool) bool {
	return set == nil && body != nil && len(body.Aggs) > 0
}

// withTypedKeys returns a copy of params (nil means none) with typed_keys=true.
func withTypedKeys(params *Params) *Params {
	var p Params
	if params != nil {
		p = *params
	}
	t := true
	p.TypedKeys = &t
	return &p
}

// untypeSuggest removes the typed_keys prefixes ("term#name") from the
// suggestion names of a response.
func (r *Result[S]) untypeSuggest() {
	for k, v := range r.Suggest {
		if _, name, ok := strings.Cut(k, "#"); ok {
			delete(r.Suggest, k)
			r.Suggest[name] = v
		}
	}
}
