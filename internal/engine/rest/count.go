package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// count is GET|POST [/{index}]/_count. The fake counts with match_all (no
// query, or {"query":{"match_all":{}}}); any other query is reported as not
// supported until the query executor lands.
func (b *Backend) count(r *Request) (*Response, error) {
	o, err := indicesOptions(r, indices.DefaultOptions())
	if err != nil {
		return nil, err
	}
	if hasParam(r, "q") {
		return nil, apierr.Unsupported("the q parameter of _count")
	}
	if hasParam(r, "routing") || hasParam(r, "terminate_after") || hasParam(r, "min_score") {
		return nil, apierr.Unsupported("routing, terminate_after and min_score on _count")
	}
	body, err := r.JSONBody()
	if err != nil {
		return nil, err
	}
	if body != nil {
		obj, ok := body.(jsonout.Object)
		if !ok {
			return nil, apierr.New(apierr.TypeParsing, "Expected [START_OBJECT] but found ["+tokenName(body)+"]")
		}
		for _, f := range obj {
			if f.Key != "query" {
				return nil, apierr.New(apierr.TypeParsing, "request does not support ["+f.Key+"]")
			}
			q, _ := f.Value.(jsonout.Object)
			if len(q) != 1 || q[0].Key != "match_all" {
				return nil, apierr.Unsupported("queries other than match_all in _count")
			}
			if inner, ok := q[0].Value.(jsonout.Object); !ok || len(inner) != 0 {
				return nil, apierr.Unsupported("match_all parameters in _count")
			}
		}
	}
	names, e := b.Indices.Resolve(r.PathParam("index"), o)
	if e != nil {
		return nil, e
	}
	total, shards := 0, 0
	for _, n := range names {
		x, ok := b.Indices.Get(n)
		if !ok {
			continue
		}
		views := x.Views(b.Indices)
		for i, sh := range x.Shards {
			total += sh.Count(views[i])
		}
		shards += len(x.Shards)
	}
	return OK(jsonout.Object{{Key: "count", Value: total}, {Key: "_shards", Value: jsonout.Object{{Key: "total", Value: shards},
		{Key: "successful", Value: shards}, {Key: "skipped", Value: 0}, {Key: "failed", Value: 0}}}}), nil
}
