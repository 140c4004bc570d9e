package rest

import (
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/cursor"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
	"github.com/clustersearch/clustersearch-go/internal/engine/opstats"
	"github.com/clustersearch/clustersearch-go/internal/engine/sysstats"
)

// NodesAPI serves node statistics over a Backend and keeps the counters
// behind them. Create it with NewNodesAPI; it is safe for concurrent use.
type NodesAPI struct {
	b       *Backend
	reg     *nodestats.Registry
	sampler *sysstats.Sampler
	// stores caches each shard's store size by the refresh point it was
	// measured at.
	stores nodestats.StoreSizes
	// cache is what the shard request cache holds, for its hit and miss counts.
	cache nodestats.RequestCache
	// pits holds the points in time the statistics follow (WatchPITs).
	pits *cursor.Store
	// rec counts each finished request (Hook).
	rec *opstats.Recorder

	// DataPath is the directory the fs group measures ("" for the working directory).
	DataPath string
	// Scripts reads the script cache counters (nil: none compiled).
	Scripts func() nodestats.ScriptCounters
	// Ingest reads the ingest counters (nil: no ingest service).
	Ingest func() nodestats.IngestStats
	// OpenContexts counts the open shard-level search contexts (scrolls) of
	// the cluster; the fake reports them on the coordinating node.
	OpenContexts func() int
	// Processors are the ingest processor types nodes info lists.
	Processors []string
	// Attributes holds each node's attributes, in order; nodes without an
	// entry get OpenSearch's default shard_indexing_pressure_enabled=true.
	Attributes map[int][][2]string
}

// NewNodesAPI returns the nodes API of b with fresh counters.
func NewNodesAPI(b *Backend) *NodesAPI {
	a := &NodesAPI{b: b, reg: nodestats.NewRegistry(len(b.Cluster.Nodes), b.Clock.Now()), sampler: sysstats.NewSampler()}
	a.rec = &opstats.Recorder{Cluster: b.Cluster, Indices: b.Indices, Clock: b.Clock, Reg: a.reg, Cache: &a.cache,
		MaxKeepAlive: func() time.Duration { return b.clusterSettings().Values().MaxKeepAlive }}
	return a
}

// Registry returns the counters, for handlers that record their own work.
func (a *NodesAPI) Registry() *nodestats.Registry { return a.reg }

// nodesStatsParams are RestNodesStatsAction's parameters.
// The spec's "types" is not among them: 2.x reads no such parameter and
// rejects it. fields, groups... are read only for some selections
// (parseNodesStatsParams).
var nodesStatsParams = []string{"completion_fields", "fielddata_fields", "fields", "groups", "level", "timeout", "include_segment_file_sizes",
	"include_all", "top"}

// StatsRoutes returns the nodes.stats routes.
func (a *NodesAPI) StatsRoutes() []Route {
	var out []Route
	for _, p := range []string{"/_nodes/stats", "/_nodes/{node_id}/stats", "/_nodes/stats/{metric}", "/_nodes/{node_id}/stats/{metric}",
		"/_nodes/stats/{metric}/{index_metric}", "/_nodes/{node_id}/stats/{metric}/{index_metric}"} {
		out = append(out, Route{Op: "nodes.stats", Method: "GET", Path: p, Params: nodesStatsParams, Handler: a.stats, SelfChecked: true})
	}
	return out
}

// attributes returns node i's attributes.
func (a *NodesAPI) attributes(i int) [][2]string {
	if at, ok := a.Attributes[i]; ok {
		return at
	}
	return [][2]string{{"shard_indexing_pressure_enabled", "true"}}
}

// descs describes the nodes for filters.
func (a *NodesAPI) descs() []nodestats.NodeDesc {
	out := make([]nodestats.NodeDesc, len(a.b.Cluster.Nodes))
	for i, n := range a.b.Cluster.Nodes {
		out[i] = nodestats.NodeDesc{ID: n.ID, Name: n.Name, Host: n.Host, Roles: n.Roles, Attributes: a.attributes(i)}
	}
	return out
}

// selectNodes resolves the node_id path value (a comma list of filters).
func (a *NodesAPI) selectNodes(r *Request) []int {
	var filters []string
	if v := r.PathParam("node_id"); v != "" {
		filters = strings.Split(v, ",")
	}
	return nodestats.ResolveNodes(filters, a.descs(), 0, a.b.Cluster.Master)
}

func (a *NodesAPI) stats(r *Request) (*Response, error) {
	if _, err := r.Duration("timeout", 0); err != nil {
		return nil, err
	}
	var indexMetric *string
	if v, ok := r.PathParams["index_metric"]; ok {
		indexMetric = &v
	}
	suggest := func(s string, candidates []string) string { return Suggest(s, candidates, " -> ") }
	sel, aerr := nodestats.ParseSelection(a.b.Cluster.Version, r.Path, r.PathParam("metric"), indexMetric, suggest)
	if aerr != nil {
		return nil, aerr
	}
	p, err := parseNodesStatsParams(r, sel)
	if err != nil {
		return nil, err
	}
	req := nodestats.Request{Selection: sel, Level: r.Params["level"], Human: r.Human(), IncludeSegmentFileSizes: p.segmentFileSizes, Groups: p.groups,
		FielddataFields: p.fielddataFields, CompletionFields: p.completionFields}
	positions := a.selectNodes(r)
	nodes := a.render(positions, sel.Index != nil)
	out, aerr := nodestats.Render(a.env(), a.b.Cluster.Name, req, nodes)
	if aerr != nil {
		return nil, aerr
	}
	return OK(out), nil
}

func (a *NodesAPI) env() nodestats.Env {
	ids := make([]string, len(a.b.Cluster.Nodes))
	for i, n := range a.b.Cluster.Nodes {
		ids[i] = n.ID
	}
	return nodestats.Env{Version: a.b.Cluster.Version, Now: a.b.Clock.Now(), Registry: a.reg, Sampler: a.sampler,
		DataPath: a.DataPath, Scripts: a.Scripts, Ingest: a.Ingest, OpenContexts: a.OpenContexts, AllNodeIDs: ids,
		Processors: a.Processors, Aggregations: aggregationUsage()}
}

// render describes the selected nodes, with their shard copies when the
// indices group is asked for.
func (a *NodesAPI) render(positions []int, withCopies bool) []nodestats.Node {
	var copies map[int][]nodestats.Copy
	if withCopies {
		copies = a.copies()
	}
	out := make([]nodestats.Node, 0, len(positions))
	for _, i := range positions {
		n := a.b.Cluster.Nodes[i]
		out = append(out, nodestats.Node{Pos: i, ID: n.ID, Name: n.Name, Host: n.Host, TransportAddress: n.TransportAddress,
			Roles: n.Roles, Attributes: a.attributes(i), Copies: copies[i]})
	}
	return out
}

// copies lists every assigned shard copy by node.
func (a *NodesAPI) copies() map[int][]nodestats.Copy {
	return nodestats.ListCopies(a.b.Indices.All(), len(a.b.Cluster.Nodes), &a.stores)
}

// firstList reads the first of the named list parameters that is given, as
// paramAsStringArray with a fallback does.
func firstList(r *Request, names ...string) []string {
	for _, n := range names {
		if _, ok := r.Params[n]; ok {
			return r.List(n)
		}
	}
	return nil
}
