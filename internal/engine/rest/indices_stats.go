package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
)

// indicesStatsParams are RestIndicesStatsAction's parameters (with the
// IndicesOptions ones it reads through IndicesOptions.fromRequest).
var indicesStatsParams = []string{"allow_no_indices", "completion_fields", "expand_wildcards", "fielddata_fields", "fields", "forbid_closed_indices",
	"groups", "ignore_unavailable", "include_field_level_segment_file_sizes", "include_segment_file_sizes", "include_unloaded_segments", "level"}

// IndicesStatsRoutes returns the indices.stats routes.
func (a *NodesAPI) IndicesStatsRoutes() []Route {
	var out []Route
	for _, p := range []string{"/_stats", "/_stats/{metric}", "/{index}/_stats", "/{index}/_stats/{metric}"} {
		out = append(out, Route{Op: "indices.stats", Method: "GET", Path: p, Params: indicesStatsParams, Handler: a.indicesStats})
	}
	return out
}

// indicesStats is GET [/{index}]/_stats[/{metric}]: the node stats'
// counters of each index's shard copies, primaries apart.
func (a *NodesAPI) indicesStats(r *Request) (*Response, error) {
	suggest := func(s string, candidates []string) string { return Suggest(s, candidates, " -> ") }
	sel, aerr := nodestats.ParseIndexSelection(r.Path, r.PathParam("metric"), suggest)
	if aerr != nil {
		return nil, aerr
	}
	o, err := indicesOptions(r, indices.Options{AllowNoIndices: true, ExpandOpen: true, ExpandClosed: true, ResourceType: apierr.ResourceIndexOrAlias})
	if err != nil {
		return nil, err
	}
	names, e := a.b.Indices.Resolve(r.PathParam("index"), o)
	if e != nil {
		return nil, e
	}
	p, err := parseNodesStatsParams(r, sel)
	if err != nil {
		return nil, err
	}
	byNode := a.copies()
	total := 0
	var list []nodestats.IndexCopies
	for _, n := range names {
		x, ok := a.b.Indices.Get(n)
		if !ok {
			continue
		}
		ix := nodestats.IndexCopies{Name: x.Name, UUID: x.UUID}
		for pos := range a.b.Cluster.Nodes {
			for _, c := range byNode[pos] {
				if c.IndexUUID == x.UUID {
					ix.Copies = append(ix.Copies, c)
				}
			}
		}
		total += len(x.Shards) * (1 + x.Replicas())
		list = append(list, ix)
	}
	req := nodestats.Request{Selection: sel, Level: r.Params["level"], Human: r.Human(), IncludeSegmentFileSizes: p.segmentFileSizes,
		Groups: p.groups, FielddataFields: p.fielddataFields, CompletionFields: p.completionFields}
	out, aerr := nodestats.RenderIndicesStats(a.env(), req, list, total)
	if aerr != nil {
		return nil, aerr
	}
	return OK(out), nil
}
