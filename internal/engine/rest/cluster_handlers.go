package rest

import (
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
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

var statusRank = map[string]int{"green": 0, "yellow": 1, "red": 2}

// health is GET /_cluster/health[/{index}].
func (b *Backend) health(r *Request) (*Response, error) {
	level := "cluster"
	if v, ok := r.Param("level"); ok {
		switch v {
		case "cluster", "indices", "shards":
			level = v
		default:
			return nil, illegalArg("level must be one of [cluster, indices, shards] but was [%s]", v)
		}
	}
	if _, err := r.Bool("local", false); err != nil {
		return nil, err
	}
	opts := indices.DefaultOptions()
	opts.ExpandHidden = true
	if v, ok := r.Param("expand_wildcards"); ok {
		if err := opts.ParseExpandWildcards(v); err != nil {
			return nil, err
		}
	}
	names, err := b.Indices.Resolve(r.PathParam("index"), opts)
	if err != nil {
		return nil, err
	}
	status := "green"
	var primaries, active, unassigned int
	var perIndex jsonout.Object
	for _, n := range names {
		x, ok := b.Indices.Get(n)
		if !ok {
			continue
		}
		assigned, missing := b.Cluster.ShardCopies(x.Replicas())
		p := len(x.Shards)
		ist := "green"
		if missing > 0 {
			ist = "yellow"
		}
		if statusRank[ist] > statusRank[status] {
			status = ist
		}
		primaries += p
		active += p * (1 + assigned)
		unassigned += p * missing
		if level != "cluster" {
			o := jsonout.Object{{Key: "status", Value: ist}, {Key: "number_of_shards", Value: p}, {Key: "number_of_replicas", Value: x.Replicas()},
				{Key: "active_primary_shards", Value: p}, {Key: "active_shards", Value: p * (1 + assigned)}, {Key: "relocating_shards", Value: 0},
				{Key: "initializing_shards", Value: 0}, {Key: "unassigned_shards", Value: p * missing}}
			if level == "shards" {
				shards := jsonout.Object{}
				for i := 0; i < p; i++ {
					shards = append(shards, jsonout.Field{Key: itoa(i), Value: jsonout.Object{{Key: "status", Value: ist}, {Key: "primary_active", Value: true},
						{Key: "active_shards", Value: 1 + assigned}, {Key: "relocating_shards", Value: 0}, {Key: "initializing_shards", Value: 0},
						{Key: "unassigned_shards", Value: missing}}})
				}
				o = append(o, jsonout.Field{Key: "shards", Value: shards})
			}
			perIndex = append(perIndex, jsonout.Field{Key: n, Value: o})
		}
	}
	timedOut := false
	httpStatus := http.StatusOK
	if want, ok := r.Param("wait_for_status"); ok {
		if _, known := statusRank[want]; !known {
			return nil, illegalArg("unknown cluster health status [%s]", want)
		}
		// The fake's cluster state only changes through requests, so a status
		// not reached now is not reached before the timeout either.
		if statusRank[status] > statusRank[want] {
			timedOut, httpStatus = true, http.StatusRequestTimeout
		}
	}
	pct := 100.0
	if active+unassigned > 0 {
		pct = 100 * float64(active) / float64(active+unassigned)
	}
	c := b.Cluster
	o := jsonout.Object{
		{Key: "cluster_name", Value: c.Name},
		{Key: "status", Value: status},
		{Key: "timed_out", Value: timedOut},
		{Key: "number_of_nodes", Value: len(c.Nodes)},
		{Key: "number_of_data_nodes", Value: c.DataNodes()},
		{Key: "discovered_master", Value: true},
		{Key: "discovered_cluster_manager", Value: true},
		{Key: "active_primary_shards", Value: primaries},
		{Key: "active_shards", Value: active},
		{Key: "relocating_shards", Value: 0},
		{Key: "initializing_shards", Value: 0},
		{Key: "unassigned_shards", Value: unassigned},
		{Key: "delayed_unassigned_shards", Value: 0},
		{Key: "number_of_pending_tasks", Value: 0},
		{Key: "number_of_in_flight_fetch", Value: 0},
	}
	if r.Human() {
		o = append(o, jsonout.Field{Key: "task_max_waiting_in_queue", Value: "0s"})
	}
	o = append(o, jsonout.Field{Key: "task_max_waiting_in_queue_millis", Value: 0})
	if r.Human() {
		o = append(o, jsonout.Field{Key: "active_shards_percent", Value: formatPercent(pct)})
	}
	o = append(o, jsonout.Field{Key: "active_shards_percent_as_number", Value: pct})
	if level != "cluster" {
		if perIndex == nil {
			perIndex = jsonout.Object{}
		}
		o = append(o, jsonout.Field{Key: "indices", Value: perIndex})
	}
	return &Response{Status: httpStatus, Body: o}, nil
}
