package rest

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clusterstate"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// clusterState is GET /_cluster/state[/{metric}[/{index}]]
// (RestClusterStateAction): the cluster's name and uuid, then each asked
// metric; the index expression narrows metadata and routing_table.
func (b *Backend) clusterState(r *Request) (*Response, error) {
	if err := checkTimeouts(r, "master_timeout", "cluster_manager_timeout", "wait_for_timeout"); err != nil {
		return nil, err
	}
	if _, err := r.Bool("local", false); err != nil {
		return nil, err
	}
	flat, err := r.Bool("flat_settings", false)
	if err != nil {
		return nil, err
	}
	if _, err := r.Int("wait_for_metadata_version", 0); err != nil {
		return nil, err
	}
	want := map[string]bool{}
	if m := r.PathParam("metric"); m == "" || m == "_all" {
		for _, k := range clusterstate.Metrics() {
			want[k] = true
		}
	} else {
		for _, k := range strings.Split(m, ",") {
			switch k {
			case "version", "master_node", "cluster_manager_node", "blocks", "nodes", "metadata", "routing_table", "routing_nodes":
				want[k] = true
			case "customs":
				return nil, apierr.Unsupported("the [customs] metric of _cluster/state")
			default:
				return nil, apierr.IllegalArgument("Unknown metric [%s]", k)
			}
		}
	}
	o, err := indicesOptions(r, indices.Options{AllowNoIndices: true, ExpandOpen: true, ExpandClosed: true, ResourceType: apierr.ResourceIndexOrAlias})
	if err != nil {
		return nil, err
	}
	names, e := b.Indices.Resolve(r.PathParam("index"), o)
	if e != nil {
		return nil, e
	}
	src := clusterstate.Source{
		Cluster: b.Cluster,
		Indices: b.Indices,
		Settings: func(x *indices.Index) jsonout.Object {
			return renderSettings(x.Settings(), flat, false, x)
		},
		ActiveCopies: func(x *indices.Index) int { return b.shardCopies(x).Active() },
	}
	if b.LegacyTemplates != nil {
		src.Templates = func() jsonout.Object { return b.LegacyTemplates(flat) }
	}
	return OK(clusterstate.Build(src, names, want)), nil
}
