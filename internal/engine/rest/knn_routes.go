package rest

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/knnstats"
)

// KNNRoutes returns the k-NN plugin's stats, warmup and clear-cache routes.
func (b *Backend) KNNRoutes() []Route {
	var out []Route
	for _, p := range []string{"/_plugins/_knn/stats", "/_plugins/_knn/stats/{stat}", "/_plugins/_knn/{node_id}/stats", "/_plugins/_knn/{node_id}/stats/{stat}"} {
		out = append(out, Route{Op: "knn.stats", Method: "GET", Path: p, Params: []string{"timeout"}, Handler: b.knnStats})
	}
	out = append(out,
		Route{Op: "knn.warmup", Method: "GET", Path: "/_plugins/_knn/warmup/{index}", Handler: b.knnWarmup(true)},
		Route{Op: "knn.clear_cache", Method: "POST", Path: "/_plugins/_knn/clear_cache/{index}", Handler: b.knnWarmup(false)})
	return out
}

// knnStats answers GET /_plugins/_knn/stats[/{stat}] for the nodes named.
func (b *Backend) knnStats(r *Request) (*Response, error) {
	want, err := knnstats.Want(r.PathParam("stat"), r.Path)
	if err != nil {
		return nil, err
	}
	var filter []string
	if id := r.PathParam("node_id"); id != "" && id != "_all" {
		filter = strings.Split(id, ",")
	}
	return OK(knnstats.Stats(b.Cluster, b.Indices, want, filter)), nil
}

// knnWarmup is GET /_plugins/_knn/warmup/{index} (load) and POST
// /_plugins/_knn/clear_cache/{index} (evict): the shards header of the
// indexes named.
func (b *Backend) knnWarmup(load bool) Handler {
	return func(r *Request) (*Response, error) {
		names, err := b.Indices.Resolve(r.PathParam("index"), indices.Options{ExpandOpen: true, ResourceType: apierr.ResourceIndexOrAlias})
		if err != nil {
			return nil, err
		}
		shards := knnstats.Warm(b.Indices, names, load)
		return OK(jsonout.Object{{Key: "_shards", Value: jsonout.Object{{Key: "total", Value: shards}, {Key: "successful", Value: shards}, {Key: "failed", Value: 0}}}}), nil
	}
}
