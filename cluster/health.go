package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/types"
)

// Status is the health colour of the cluster, an index or a shard.
type Status string

// Values of Status.
const (
	StatusGreen  Status = "green"  // every shard allocated
	StatusYellow Status = "yellow" // every primary allocated, some replica not
	StatusRed    Status = "red"    // some primary not allocated
)

// Level says how much detail Health returns.
type Level string

// Values of HealthParams.Level.
const (
	LevelCluster             Level = "cluster" // the default
	LevelIndices             Level = "indices" // HealthResponse.Indices
	LevelShards              Level = "shards"  // and IndexHealth.Shards
	LevelAwarenessAttributes Level = "awareness_attributes"
)

// Priority is the priority of pending cluster-state tasks HealthParams.WaitForEvents waits for.
type Priority string

// Values of Priority, most urgent first.
const (
	PriorityImmediate Priority = "immediate"
	PriorityUrgent    Priority = "urgent"
	PriorityHigh      Priority = "high"
	PriorityNormal    Priority = "normal"
	PriorityLow       Priority = "low"
	PriorityLanguid   Priority = "languid"
)

// HealthParams are the URL parameters of Health. The wait_for_* ones make the
// server hold the answer until the condition holds or Timeout (default 30s) passes.
type HealthParams struct {
	AwarenessAttribute          string                    `url:"awareness_attribute,omitempty"`
	ClusterManagerTimeout       types.Duration            `url:"cluster_manager_timeout,omitempty"`
	EnsureNodeWeighedIn         *bool                     `url:"ensure_node_weighed_in,omitempty"`
	ExpandWildcards             types.ExpandWildcards     `url:"expand_wildcards,omitempty"`
	Level                       Level                     `url:"level,omitempty"`
	Local                       *bool                     `url:"local,omitempty"`
	MasterTimeout               types.Duration            `url:"master_timeout,omitempty"` // deprecated upstream: ClusterManagerTimeout
	Timeout                     types.Duration            `url:"timeout,omitempty"`
	WaitForActiveShards         types.WaitForActiveShards `url:"wait_for_active_shards,omitempty"`
	WaitForEvents               Priority                  `url:"wait_for_events,omitempty"`
	WaitForNoInitializingShards *bool                     `url:"wait_for_no_initializing_shards,omitempty"`
	WaitForNoRelocatingShards   *bool                     `url:"wait_for_no_relocating_shards,omitempty"`
	WaitForNodes                string                    `url:"wait_for_nodes,omitempty"` // "3", ">=2", "le(5)"
	WaitForStatus               Status                    `url:"wait_for_status,omitempty"`
}

// ShardCounts are the shard counters shared by the cluster, index and shard levels.
type ShardCounts struct {
	ActiveShards       int64 `json:"active_shards"`
	RelocatingShards   int64 `json:"relocating_shards"`
	InitializingShards int64 `json:"initializing_shards"`
	UnassignedShards   int64 `json:"unassigned_shards"`
}

// HealthResponse is the answer of Health.
type HealthResponse struct {
	types.ResponseMeta

	ClusterName                 string  `json:"cluster_name"`
	Status                      Status  `json:"status"`
	TimedOut                    bool    `json:"timed_out"`
	NumberOfNodes               int64   `json:"number_of_nodes"`
	NumberOfDataNodes           int64   `json:"number_of_data_nodes"`
	DiscoveredMaster            bool    `json:"discovered_master"`
	DiscoveredClusterManager    bool    `json:"discovered_cluster_manager"`
	ActivePrimaryShards         int64   `json:"active_primary_shards"`
	ActiveShards                int64   `json:"active_shards"`
	RelocatingShards            int64   `json:"relocating_shards"`
	InitializingShards          int64   `json:"initializing_shards"`
	UnassignedShards            int64   `json:"unassigned_shards"`
	DelayedUnassignedShards     int64   `json:"delayed_unassigned_shards"`
	NumberOfPendingTasks        int64   `json:"number_of_pending_tasks"`
	NumberOfInFlightFetch       int64   `json:"number_of_in_flight_fetch"`
	TaskMaxWaitingInQueueMillis int64   `json:"task_max_waiting_in_queue_millis"`
	ActiveShardsPercentAsNumber float64 `json:"active_shards_percent_as_number"`
	// Indices is filled with Level LevelIndices or LevelShards.
	Indices map[string]IndexHealth `json:"indices,omitempty"`
	// AwarenessAttributes is filled with Level LevelAwarenessAttributes, as the server sent it.
	AwarenessAttributes json.RawMessage `json:"awareness_attributes,omitempty"`
}

// IndexHealth is the health of one index.
type IndexHealth struct {
	Status              Status `json:"status"`
	NumberOfShards      int64  `json:"number_of_shards"`
	NumberOfReplicas    int64  `json:"number_of_replicas"`
	ActivePrimaryShards int64  `json:"active_primary_shards"`
	ShardCounts
	// Shards, keyed by shard number, is filled with Level LevelShards.
	Shards map[string]ShardHealth `json:"shards,omitempty"`
}

// ShardHealth is the health of one shard (its primary and replicas).
type ShardHealth struct {
	Status        Status `json:"status"`
	PrimaryActive bool   `json:"primary_active"`
	ShardCounts
}

// Health returns the health of the cluster, or of indices when some are named
// (GET /_cluster/health[/<indices>]). When a wait_for_* condition is not met
// before the timeout, the server answers 408 with the health it saw: Health then
// returns that response (TimedOut true) together with the *types.Error.
func (s *Service) Health(ctx context.Context, indices []string, params *HealthParams) (*HealthResponse, error) {
	target, err := joinNames(indices)
	if err != nil {
		return nil, err
	}
	path := "/_cluster/health"
	if target != "" {
		path = transport.Path("_cluster", "health", target)
	}
	out := new(HealthResponse)
	if _, err := s.t.Do(ctx, &transport.Request{Method: http.MethodGet, Path: path, Params: params}, out); err != nil {
		var e *types.Error
		if errors.As(err, &e) && e.StatusCode == http.StatusRequestTimeout && jsonx.Unmarshal(e.Body, out) == nil && out.TimedOut {
			out.SetMeta(e.StatusCode, e.Header)
			return out, err
		}
		return nil, err
	}
	return out, nil
}

// joinNames comma-joins index names; an empty name is an error, since it
// would drop out of the path and widen the request to every index.
func joinNames(names []string) (string, error) {
	for i, n := range names {
		if n == "" {
			return "", errors.New("cluster: name " + strconv.Itoa(i) + " of the list is empty")
		}
	}
	return strings.Join(names, ","), nil
}
