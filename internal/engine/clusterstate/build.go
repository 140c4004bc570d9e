// Package clusterstate builds the body of GET /_cluster/state
// (ClusterState.toXContent) from the fake cluster's nodes and indexes: the
// version and state uuid, the elected node, nodes, metadata, and the routing
// table with the shard copies as allocation places them. The HTTP layer
// parses the metric and index parameters and hands the wanted metrics here.
package clusterstate

import (
	"strconv"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/cluster"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
)

// Metrics are the metrics of GET /_cluster/state/{metric}, in the order
// ClusterState.toXContent prints them.
func Metrics() []string {
	return []string{"version", "master_node", "cluster_manager_node", "blocks", "nodes", "metadata", "routing_table", "routing_nodes"}
}

// Source is what the state is built from.
type Source struct {
	// Cluster is the fake cluster: its name, uuid, nodes and elected node.
	Cluster *cluster.Cluster
	// Indices holds the indexes and the state version.
	Indices *indices.Service
	// Settings renders an index's settings as the request asked (flat or not).
	Settings func(x *indices.Index) jsonout.Object
	// Templates renders the legacy templates; nil prints none.
	Templates func() jsonout.Object
	// ActiveCopies is how many copies of each of x's shards are allocated.
	ActiveCopies func(x *indices.Index) int
}

// Build is the state body for the wanted metrics (keys of Metrics) over the
// named, already resolved indexes.
func Build(src Source, names []string, want map[string]bool) jsonout.Object {
	c := src.Cluster
	master := c.Nodes[c.Master].ID
	version := src.Indices.StateVersion()
	out := jsonout.Object{{Key: "cluster_name", Value: c.Name}, {Key: "cluster_uuid", Value: c.UUID}}
	if want["version"] {
		out = append(out, jsonout.Field{Key: "version", Value: version},
			jsonout.Field{Key: "state_uuid", Value: StateUUID(c.UUID, version)})
	}
	if want["master_node"] {
		out = append(out, jsonout.Field{Key: "master_node", Value: master})
	}
	if want["cluster_manager_node"] {
		out = append(out, jsonout.Field{Key: "cluster_manager_node", Value: master})
	}
	if want["blocks"] {
		out = append(out, jsonout.Field{Key: "blocks", Value: jsonout.Object{}})
	}
	if want["nodes"] {
		nodes := jsonout.Object{}
		for _, n := range c.Nodes {
			nodes = append(nodes, jsonout.Field{Key: n.ID, Value: jsonout.Object{
				{Key: "name", Value: n.Name}, {Key: "ephemeral_id", Value: n.ID}, {Key: "transport_address", Value: n.TransportAddress},
				{Key: "attributes", Value: jsonout.Object{{Key: "shard_indexing_pressure_enabled", Value: "true"}}},
			}})
		}
		out = append(out, jsonout.Field{Key: "nodes", Value: nodes})
	}
	if want["metadata"] {
		idx := jsonout.Object{}
		for _, n := range names {
			x, ok := src.Indices.Get(n)
			if !ok {
				continue
			}
			idx = append(idx, jsonout.Field{Key: n, Value: jsonout.Object{
				{Key: "state", Value: "open"},
				{Key: "settings", Value: src.Settings(x)},
				{Key: "mappings", Value: x.Mapping().Render()},
				{Key: "aliases", Value: stringsToAny(src.Indices.AliasNames(x))},
			}})
		}
		templates := jsonout.Object{}
		if src.Templates != nil {
			templates = src.Templates()
		}
		out = append(out, jsonout.Field{Key: "metadata", Value: jsonout.Object{
			{Key: "cluster_uuid", Value: c.UUID}, {Key: "cluster_uuid_committed", Value: true},
			{Key: "templates", Value: templates}, {Key: "indices", Value: idx},
		}})
	}
	if want["routing_table"] || want["routing_nodes"] {
		table, unassigned, byNode := shardRouting(src, names)
		if want["routing_table"] {
			out = append(out, jsonout.Field{Key: "routing_table", Value: jsonout.Object{{Key: "indices", Value: table}}})
		}
		if want["routing_nodes"] {
			nodes := jsonout.Object{}
			for _, n := range c.Nodes {
				nodes = append(nodes, jsonout.Field{Key: n.ID, Value: byNode[n.ID]})
			}
			out = append(out, jsonout.Field{Key: "routing_nodes", Value: jsonout.Object{{Key: "unassigned", Value: unassigned}, {Key: "nodes", Value: nodes}}})
		}
	}
	return out
}

// shardRouting lays out every copy of the named indexes as the node stats
// allocate them: a started primary and replicas on distinct nodes, the
// replicas no node is left for unassigned.
func shardRouting(src Source, names []string) (table jsonout.Object, unassigned []any, byNode map[string][]any) {
	table, unassigned, byNode = jsonout.Object{}, []any{}, map[string][]any{}
	for _, n := range src.Cluster.Nodes {
		byNode[n.ID] = []any{}
	}
	for _, name := range names {
		x, ok := src.Indices.Get(name)
		if !ok {
			continue
		}
		shards := jsonout.Object{}
		for s := range x.Shards {
			placed := nodestats.Allocate(len(src.Cluster.Nodes), x.Name, s, x.Replicas())
			// cluster.routing.allocation.enable may hold copies back.
			placed = placed[:min(len(placed), src.ActiveCopies(x))]
			copies := []any{}
			for i := 0; i <= x.Replicas(); i++ {
				entry := jsonout.Object{}
				if i < len(placed) {
					node := src.Cluster.Nodes[placed[i]].ID
					entry = jsonout.Object{{Key: "state", Value: "STARTED"}, {Key: "primary", Value: i == 0}, {Key: "node", Value: node},
						{Key: "relocating_node", Value: nil}, {Key: "shard", Value: s}, {Key: "index", Value: x.Name},
						{Key: "allocation_id", Value: jsonout.Object{{Key: "id", Value: StateUUID(x.UUID, int64(s*100+i))}}}}
					byNode[node] = append(byNode[node], entry)
				} else {
					source := "PEER" // a replica recovers from its primary; a new primary from an empty store
					if i == 0 {
						source = "EMPTY_STORE"
					}
					entry = jsonout.Object{{Key: "state", Value: "UNASSIGNED"}, {Key: "primary", Value: i == 0}, {Key: "node", Value: nil},
						{Key: "relocating_node", Value: nil}, {Key: "shard", Value: s}, {Key: "index", Value: x.Name},
						{Key: "recovery_source", Value: jsonout.Object{{Key: "type", Value: source}}},
						{Key: "unassigned_info", Value: jsonout.Object{{Key: "reason", Value: "INDEX_CREATED"}, {Key: "at", Value: time.UnixMilli(x.CreationDate).UTC().Format("2006-01-02T15:04:05.000Z")},
							{Key: "delayed", Value: false}, {Key: "allocation_status", Value: "no_attempt"}}}}
					unassigned = append(unassigned, entry)
				}
				copies = append(copies, entry)
			}
			shards = append(shards, jsonout.Field{Key: strconv.Itoa(s), Value: copies})
		}
		table = append(table, jsonout.Field{Key: name, Value: jsonout.Object{{Key: "shards", Value: shards}}})
	}
	return table, unassigned, byNode
}

// StateUUID derives a stable 22-character id from a uuid and a number, so
// one state version always prints the same state_uuid.
func StateUUID(base string, n int64) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	h := uint64(1469598103934665603)
	for _, c := range base + ":" + strconv.FormatInt(n, 10) {
		h = (h ^ uint64(c)) * 1099511628211
	}
	out := make([]byte, 22)
	for i := range out {
		h = h*6364136223846793005 + 1442695040888963407
		out[i] = alphabet[h>>58]
	}
	return string(out)
}

func stringsToAny(l []string) []any {
	out := make([]any, len(l))
	for i, s := range l {
		out[i] = s
	}
	return out
}
