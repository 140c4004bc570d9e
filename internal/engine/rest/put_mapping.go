package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

// putMapping is PUT|POST /{index}/_mapping: new fields are added, changes to
// existing ones must be updatable or they fail as the server's merge does.
func (b *Backend) putMapping(r *Request) (*Response, error) {
	o, err := indicesOptions(r, indices.DefaultOptions())
	if err != nil {
		return nil, err
	}
	if _, err := r.Bool("write_index_only", false); err != nil {
		return nil, err
	}
	if err := checkTimeouts(r, "timeout", "master_timeout", "cluster_manager_timeout"); err != nil {
		return nil, err
	}
	body, err := r.JSONBody()
	if err != nil {
		return nil, err
	}
	if body == nil {
		return nil, apierr.Validation("mapping source is empty")
	}
	// RestPutMappingAction: a body whose only key is _doc is a typed mapping.
	if obj, ok := body.(jsonout.Object); ok && len(obj) == 1 && obj[0].Key == "_doc" {
		return nil, apierr.IllegalArgument("Types cannot be provided in put mapping requests")
	}
	upd, e := mapping.ParseMappings(body)
	if e != nil {
		return nil, e
	}
	names, e := b.Indices.Resolve(r.PathParam("index"), o)
	if e != nil {
		return nil, e
	}
	if e := b.Indices.Blocked(indices.BlockMetadataWrite, names...); e != nil {
		return nil, e
	}
	// Check every index before changing any, as one cluster-state update does.
	for _, n := range names {
		if x, ok := b.Indices.Get(n); ok {
			if _, err := x.Mapping().Merge(upd); err != nil {
				return nil, err
			}
		}
	}
	for _, n := range names {
		if x, ok := b.Indices.Get(n); ok {
			if err := x.UpdateMapping(upd); err != nil {
				return nil, err
			}
		}
	}
	return OK(jsonout.Object{{Key: "acknowledged", Value: true}}), nil
}
