package nodes

import (
	"encoding/json"

	"github.com/clustersearch/clustersearch-go/types"
)

// StatsResponse is the answer of GET /_nodes/stats.
//
// Groups a request did not ask for (see StatsParams.Metrics) are nil. Counters are
// int64; fields that only some 2.x versions, node types or the `human` flag print
// are pointers or strings with omitempty, so re-encoding a decoded response yields
// exactly the fields the server sent.
type StatsResponse struct {
	types.ResponseMeta
	NodesHeader types.NodesHeader    `json:"_nodes"`
	ClusterName string               `json:"cluster_name"`
	Nodes       map[string]NodeStats `json:"nodes"`
}

// NodeStats is the record of one node, keyed by node id in StatsResponse.Nodes.
type NodeStats struct {
	Timestamp        int64             `json:"timestamp"`
	Name             string            `json:"name"`
	TransportAddress string            `json:"transport_address"`
	Host             string            `json:"host"`
	IP               string            `json:"ip"`
	Roles            []string          `json:"roles"`
	Attributes       map[string]string `json:"attributes,omitzero"`

	Indices                        *IndicesStats                        `json:"indices,omitempty"`
	OS                             *OSStats                             `json:"os,omitempty"`
	Process                        *ProcessStats                        `json:"process,omitempty"`
	JVM                            *JVMStats                            `json:"jvm,omitempty"`
	ThreadPool                     map[string]ThreadPoolStats           `json:"thread_pool,omitzero"`
	FS                             *FSStats                             `json:"fs,omitempty"`
	Transport                      *TransportStats                      `json:"transport,omitempty"`
	HTTP                           *HTTPStats                           `json:"http,omitempty"`
	Breakers                       map[string]BreakerStats              `json:"breakers,omitzero"`
	Script                         *ScriptStats                         `json:"script,omitempty"`
	Discovery                      *DiscoveryStats                      `json:"discovery,omitempty"`
	Ingest                         *IngestStats                         `json:"ingest,omitempty"`
	AdaptiveSelection              map[string]AdaptiveSelectionStats    `json:"adaptive_selection,omitzero"`
	ScriptCache                    *ScriptCacheStats                    `json:"script_cache,omitempty"`
	IndexingPressure               *IndexingPressureStats               `json:"indexing_pressure,omitempty"`
	ShardIndexingPressure          *ShardIndexingPressureStats          `json:"shard_indexing_pressure,omitempty"`
	SearchBackpressure             *SearchBackpressureStats             `json:"search_backpressure,omitempty"`
	ClusterManagerThrottling       *ClusterManagerThrottlingStats       `json:"cluster_manager_throttling,omitempty"`
	WeightedRouting                *WeightedRoutingStats                `json:"weighted_routing,omitempty"`
	FileCache                      map[string]json.RawMessage           `json:"file_cache,omitzero"`
	TaskCancellation               *TaskCancellationStats               `json:"task_cancellation,omitempty"`
	SearchPipeline                 *SearchPipelineStats                 `json:"search_pipeline,omitempty"`
	ResourceUsageStats             map[string]ResourceUsageStats        `json:"resource_usage_stats,omitzero"`
	SegmentReplicationBackpressure *SegmentReplicationBackpressureStats `json:"segment_replication_backpressure,omitempty"`
	Repositories                   []RepositoryStats                    `json:"repositories,omitzero"`
	AdmissionControl               *AdmissionControlStats               `json:"admission_control,omitempty"`
	Caches                         map[string]CacheStats                `json:"caches,omitzero"`
	RemoteStore                    *NodeRemoteStoreStats                `json:"remote_store,omitempty"`
}
