package rest

import (
	"net/http"
	"strconv"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/cluster"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
)

// observer watches b's cluster state (health, active shard copies).
func (b *Backend) observer() *cluster.Observer {
	return &cluster.Observer{Cluster: b.Cluster, Indices: b.Indices, Clock: b.Clock, Copies: b.shardCopies}
}

// health is GET /_cluster/health[/{index}]. Unmet wait_for_* conditions (or
// a named index that does not exist) make it wait for a change of the
// cluster state up to timeout (default 30s) on the server clock, then answer
// 408 with timed_out true, as TransportClusterHealthAction does.
func (b *Backend) health(r *Request) (*Response, error) {
	h, err := parseHealth(r)
	if err != nil {
		return nil, err
	}
	body, timedOut, err := b.observer().Health(r.Ctx, h)
	if err != nil {
		return nil, err
	}
	status := http.StatusOK
	if timedOut {
		status = http.StatusRequestTimeout
	}
	return &Response{Status: status, Body: body}, nil
}

func parseHealth(r *Request) (*cluster.HealthRequest, error) {
	h := &cluster.HealthRequest{Index: r.PathParam("index"), Level: "cluster", Human: r.Human()}
	if v, ok := r.Param("level"); ok {
		switch v {
		case "cluster", "indices", "shards":
			h.Level = v
		default:
			return nil, illegalArg("level must be one of [cluster, indices, shards] but was [%s]", v)
		}
	}
	if _, err := r.Bool("local", false); err != nil {
		return nil, err
	}
	// ClusterHealthRequest: IndicesOptions.lenientExpandHidden().
	h.Options = indices.Options{IgnoreUnavailable: true, AllowNoIndices: true, ExpandOpen: true, ExpandClosed: true, ExpandHidden: true,
		ResourceType: apierr.ResourceIndexOrAlias}
	var err error
	if h.Options, err = indicesOptions(r, h.Options); err != nil {
		return nil, err
	}
	if h.Timeout, err = r.Duration("timeout", 30*time.Second); err != nil {
		return nil, err
	}
	if v, ok := r.Param("wait_for_status"); ok {
		if !cluster.KnownStatus(v) {
			return nil, illegalArg("unknown cluster health status [%s]", v)
		}
		h.WaitStatus = v
	}
	if v, ok := r.Param("wait_for_active_shards"); ok && v != "" {
		switch v {
		case "all":
			h.WaitShards = -1
		default:
			n, err := strconv.Atoi(v)
			if err != nil {
				return nil, illegalArg("cannot parse ActiveShardCount[%s]", v)
			}
			if n < 0 {
				return nil, illegalArg("shard count cannot be a negative value")
			}
			h.WaitShards = n
		}
	}
	if h.WaitNoRelocating, err = r.Bool("wait_for_no_relocating_shards", false); err != nil {
		return nil, err
	}
	if h.WaitNoInitializing, err = r.Bool("wait_for_no_initializing_shards", false); err != nil {
		return nil, err
	}
	if v, ok := r.Param("wait_for_nodes"); ok && v != "" {
		f, e := cluster.ParseWaitForNodes(v)
		if e != nil {
			return nil, e
		}
		h.WaitNodes = f
	}
	return h, nil
}
