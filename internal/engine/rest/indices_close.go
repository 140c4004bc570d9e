package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// CloseOpenRoutes serves POST /{index}/_close and /{index}/_open
// (RestCloseIndexAction, RestOpenIndexAction).
func (b *Backend) CloseOpenRoutes() []Route {
	params := []string{"allow_no_indices", "cluster_manager_timeout", "expand_wildcards", "ignore_unavailable", "master_timeout", "timeout", "wait_for_active_shards"}
	return []Route{
		{Op: "indices.close", Method: "POST", Path: "/{index}/_close", Params: params, Handler: b.closeIndex},
		{Op: "indices.open", Method: "POST", Path: "/{index}/_open", Params: append([]string{"wait_for_completion"}, params...), Handler: b.openIndex},
	}
}

// closeIndex closes the indexes (CloseIndexRequest: strictExpandOpen;
// action.destructive_requires_name applies). Closed indexes keep their
// shards (replicated closed indexes), so health still counts them.
func (b *Backend) closeIndex(r *Request) (*Response, error) {
	if err := checkTimeouts(r, "timeout", "master_timeout", "cluster_manager_timeout"); err != nil {
		return nil, err
	}
	if _, err := activeShards(r); err != nil {
		return nil, err
	}
	o, err := indicesOptions(r, indices.Options{ExpandOpen: true, ResourceType: apierr.ResourceIndexOrAlias})
	if err != nil {
		return nil, err
	}
	if e := b.failDestructive(r.PathParam("index")); e != nil {
		return nil, e
	}
	names, e := b.Indices.Resolve(r.PathParam("index"), o)
	if e != nil {
		return nil, e
	}
	if e := b.Indices.Blocked(indices.BlockMetadataWrite, names...); e != nil {
		return nil, e
	}
	b.Indices.SetClosed(names, true)
	closed := jsonout.Object{}
	for _, n := range names {
		closed = append(closed, jsonout.Field{Key: n, Value: jsonout.Object{{Key: "closed", Value: true}}})
	}
	return OK(jsonout.Object{{Key: "acknowledged", Value: true}, {Key: "shards_acknowledged", Value: true}, {Key: "indices", Value: closed}}), nil
}

// openIndex opens the indexes (OpenIndexRequest expands wildcards to closed
// indexes).
func (b *Backend) openIndex(r *Request) (*Response, error) {
	if err := checkTimeouts(r, "timeout", "master_timeout", "cluster_manager_timeout"); err != nil {
		return nil, err
	}
	if _, err := activeShards(r); err != nil {
		return nil, err
	}
	if wait, err := r.Bool("wait_for_completion", true); err != nil {
		return nil, err
	} else if !wait {
		return nil, apierr.Unsupported("wait_for_completion=false on _open")
	}
	o, err := indicesOptions(r, indices.Options{ExpandClosed: true, ResourceType: apierr.ResourceIndexOrAlias})
	if err != nil {
		return nil, err
	}
	names, e := b.Indices.Resolve(r.PathParam("index"), o)
	if e != nil {
		return nil, e
	}
	if e := b.Indices.Blocked(indices.BlockMetadataWrite, names...); e != nil {
		return nil, e
	}
	b.Indices.SetClosed(names, false)
	return OK(jsonout.Object{{Key: "acknowledged", Value: true}, {Key: "shards_acknowledged", Value: true}}), nil
}
