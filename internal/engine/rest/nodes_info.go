package rest

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
	"github.com/clustersearch/clustersearch-go/internal/engine/sysstats"
)

// InfoRoutes returns the nodes.info routes.
func (a *NodesAPI) InfoRoutes() []Route {
	params := []string{"flat_settings", "timeout"}
	var out []Route
	for _, p := range []string{"/_nodes", "/_nodes/{node_id}", "/_nodes/{node_id}/{metric}", "/_nodes/{node_id}/info/{metric}"} {
		out = append(out, Route{Op: "nodes.info", Method: "GET", Path: p, Params: params, Handler: a.info})
	}
	return out
}

// info answers GET /_nodes. A single path value names metrics when every
// entry is a metric, nodes otherwise, as RestNodesInfoAction decides.
func (a *NodesAPI) info(r *Request) (*Response, error) {
	if _, err := r.Duration("timeout", 0); err != nil {
		return nil, err
	}
	flat, err := r.Bool("flat_settings", false)
	if err != nil {
		return nil, err
	}
	v := a.b.Cluster.Version
	nodeParam, metricParam := r.PathParam("node_id"), r.PathParam("metric")
	if _, hasMetric := r.PathParams["metric"]; !hasMetric && nodeParam != "" {
		known := nodestats.InfoMetricNames(v)
		allMetrics := true
		for _, t := range strings.Split(nodeParam, ",") {
			if t = strings.TrimSpace(t); t != "" && !known[t] {
				allMetrics = false
			}
		}
		if allMetrics {
			nodeParam, metricParam = "", nodeParam
		}
	}
	suggest := func(s string, candidates []string) string { return Suggest(s, candidates, " -> ") }
	metrics, aerr := nodestats.ParseInfoMetrics(v, r.Path, metricParam, suggest)
	if aerr != nil {
		return nil, aerr
	}
	var filters []string
	if nodeParam != "" {
		filters = strings.Split(nodeParam, ",")
	}
	heap := sysstats.ReadRuntime(a.b.Clock.Now(), a.b.Clock.Now(), a.sampler.ReadOS(a.b.Clock.Now()).Mem.Total).HeapMax
	var nodes []nodestats.InfoNode
	for _, i := range nodestats.ResolveNodes(filters, a.descs(), 0, a.b.Cluster.Master) {
		n := a.b.Cluster.Nodes[i]
		nodes = append(nodes, nodestats.InfoNode{
			Node:        nodestats.Node{Pos: i, ID: n.ID, Name: n.Name, Host: n.Host, TransportAddress: n.TransportAddress, Roles: n.Roles, Attributes: a.attributes(i)},
			HTTPAddress: n.HTTPAddress, Version: v.String(), BuildHash: a.b.BuildHash, HeapMax: heap,
		})
	}
	return OK(nodestats.RenderInfo(a.env(), a.b.Cluster.Name, metrics, r.Human(), flat, nodes)), nil
}
