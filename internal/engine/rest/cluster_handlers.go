package rest

import (
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// info is GET /: the node's name, cluster and version block.
func (b *Backend) info(r *Request) (*Response, error) {
	c := b.Cluster
	v := c.Version
	return &Response{Status: http.StatusOK, PrettyByDefault: true, Body: jsonout.Object{
		{Key: "name", Value: c.Nodes[c.Master].Name},
		{Key: "cluster_name", Value: c.Name},
		{Key: "cluster_uuid", Value: c.UUID},
		{Key: "version", Value: jsonout.Object{
			{Key: "distribution", Value: "opensearch"},
			{Key: "number", Value: v.String()},
			{Key: "build_type", Value: "tar"},
			{Key: "build_hash", Value: b.BuildHash},
			{Key: "build_date", Value: b.BuildDate},
			{Key: "build_snapshot", Value: false},
			{Key: "lucene_version", Value: v.Lucene()},
			{Key: "minimum_wire_compatibility_version", Value: v.MinWireCompat()},
			{Key: "minimum_index_compatibility_version", Value: v.MinIndexCompat()},
		}},
		{Key: "tagline", Value: "The OpenSearch Project: https://opensearch.org/"},
	}}, nil
}
