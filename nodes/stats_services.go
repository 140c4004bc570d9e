package nodes

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// ThreadPoolStats is one entry of NodeStats.ThreadPool, keyed by pool name
// (search, write, get, management, ...). The wait time is printed only for the
// search, search_throttled and index_searcher pools.
type ThreadPoolStats struct {
	Threads              int64  `json:"threads"`
	Queue                int64  `json:"queue"`
	Active               int64  `json:"active"`
	Rejected             int64  `json:"rejected"`
	Largest              int64  `json:"largest"`
	Completed            int64  `json:"completed"`
	TotalWaitTime        string `json:"total_wait_time,omitempty"`
	TotalWaitTimeInNanos *int64 `json:"total_wait_time_in_nanos,omitempty"`
}

// FSStats is the `fs` group. IOStats is filled on Linux only.
type FSStats struct {
	Timestamp int64        `json:"timestamp"`
	Total     *FSTotal     `json:"total,omitempty"`
	Data      []FSDataPath `json:"data,omitzero"`
	IOStats   *FSIOStats   `json:"io_stats,omitempty"`
}

// FSTotal sums the node's data paths. The cache-reserved figures exist on nodes with a file cache.
type FSTotal struct {
	Total                string `json:"total,omitempty"`
	TotalInBytes         int64  `json:"total_in_bytes"`
	Free                 string `json:"free,omitempty"`
	FreeInBytes          int64  `json:"free_in_bytes"`
	Available            string `json:"available,omitempty"`
	AvailableInBytes     int64  `json:"available_in_bytes"`
	CacheReserved        string `json:"cache_reserved,omitempty"`
	CacheReservedInBytes *int64 `json:"cache_reserved_in_bytes,omitempty"`
}

// FSDataPath is one data path of the node.
type FSDataPath struct {
	Path                 string `json:"path"`
	Mount                string `json:"mount"`
	Type                 string `json:"type"`
	Total                string `json:"total,omitempty"`
	TotalInBytes         int64  `json:"total_in_bytes"`
	Free                 string `json:"free,omitempty"`
	FreeInBytes          int64  `json:"free_in_bytes"`
	Available            string `json:"available,omitempty"`
	AvailableInBytes     int64  `json:"available_in_bytes"`
	CacheReserved        string `json:"cache_reserved,omitempty"`
	CacheReservedInBytes *int64 `json:"cache_reserved_in_bytes,omitempty"`
}

// FSIOStats holds block-device statistics.
type FSIOStats struct {
	Devices []FSIODevice  `json:"devices,omitzero"`
	Total   *FSIOCounters `json:"total,omitempty"`
}

// FSIODevice is one block device.
type FSIODevice struct {
	DeviceName string `json:"device_name"`
	FSIOCounters
}

// FSIOCounters are the figures of a device, or their total over all devices.
// The time and queue figures are printed by 2.12 and later.
type FSIOCounters struct {
	Operations      int64  `json:"operations"`
	ReadOperations  int64  `json:"read_operations"`
	WriteOperations int64  `json:"write_operations"`
	ReadKilobytes   int64  `json:"read_kilobytes"`
	WriteKilobytes  int64  `json:"write_kilobytes"`
	ReadTime        *int64 `json:"read_time,omitempty"`
	WriteTime       *int64 `json:"write_time,omitempty"`
	QueueSize       *int64 `json:"queue_size,omitempty"`
	IOTimeInMillis  *int64 `json:"io_time_in_millis,omitempty"`
}

// TransportStats is the `transport` group (cluster-internal communication).
type TransportStats struct {
	ServerOpen               int64  `json:"server_open"`
	TotalOutboundConnections int64  `json:"total_outbound_connections"`
	RxCount                  int64  `json:"rx_count"`
	RxSize                   string `json:"rx_size,omitempty"`
	RxSizeInBytes            int64  `json:"rx_size_in_bytes"`
	TxCount                  int64  `json:"tx_count"`
	TxSize                   string `json:"tx_size,omitempty"`
	TxSizeInBytes            int64  `json:"tx_size_in_bytes"`
}

// HTTPStats is the `http` group.
type HTTPStats struct {
	CurrentOpen int64 `json:"current_open"`
	TotalOpened int64 `json:"total_opened"`
}

// BreakerStats is one circuit breaker (request, fielddata, in_flight_requests, parent, ...).
type BreakerStats struct {
	LimitSizeInBytes     int64   `json:"limit_size_in_bytes"`
	LimitSize            string  `json:"limit_size"`
	EstimatedSizeInBytes int64   `json:"estimated_size_in_bytes"`
	EstimatedSize        string  `json:"estimated_size"`
	Overhead             float64 `json:"overhead"`
	Tripped              int64   `json:"tripped"`
}

// ScriptStats counts script compilations.
type ScriptStats struct {
	Compilations              int64 `json:"compilations"`
	CacheEvictions            int64 `json:"cache_evictions"`
	CompilationLimitTriggered int64 `json:"compilation_limit_triggered"`
}

// ScriptCacheStats is the `script_cache` group: the sum and one entry per script context.
type ScriptCacheStats struct {
	Sum      ScriptStats          `json:"sum"`
	Contexts []ScriptContextStats `json:"contexts"`
}

// ScriptContextStats counts compilations for one script context.
type ScriptContextStats struct {
	Context                   string `json:"context"`
	Compilations              int64  `json:"compilations"`
	CacheEvictions            int64  `json:"cache_evictions"`
	CompilationLimitTriggered int64  `json:"compilation_limit_triggered"`
}

// DiscoveryStats is the `discovery` group.
type DiscoveryStats struct {
	ClusterStateQueue      *ClusterStateQueue      `json:"cluster_state_queue,omitempty"`
	PublishedClusterStates *PublishedClusterStates `json:"published_cluster_states,omitempty"`
	ClusterStateStats      *ClusterStateStats      `json:"cluster_state_stats,omitempty"`
}

// ClusterStateQueue counts cluster states waiting to be applied.
type ClusterStateQueue struct {
	Total     int64 `json:"total"`
	Pending   int64 `json:"pending"`
	Committed int64 `json:"committed"`
}

// PublishedClusterStates counts cluster states received in full or as diffs.
type PublishedClusterStates struct {
	FullStates        int64 `json:"full_states"`
	IncompatibleDiffs int64 `json:"incompatible_diffs"`
	CompatibleDiffs   int64 `json:"compatible_diffs"`
}

// ClusterStateStats holds cluster-state update statistics (2.10 and later):
// the overall figures and, from 2.12 on with a remote cluster state, one object
// per persistence kind (for example "remote_upload"), kept in Persisted by name.
type ClusterStateStats struct {
	Overall   *ClusterStateUpdateStats       `json:"overall,omitempty"`
	Persisted map[string]PersistedStateStats `json:"-"`
}

// PersistedStateStats counts cluster-state persistence: success_count,
// failed_count, total_time_in_millis and any extended counter the server adds
// (for example cleanup_attempt_failed_count).
type PersistedStateStats map[string]int64

// UnmarshalJSON reads "overall" and keeps every other key as a persistence entry.
func (c *ClusterStateStats) UnmarshalJSON(b []byte) error {
	var all map[string]json.RawMessage
	if err := jsonx.Unmarshal(b, &all); err != nil {
		return err
	}
	*c = ClusterStateStats{}
	for k, v := range all {
		if k == "overall" {
			c.Overall = &ClusterStateUpdateStats{}
			if err := jsonx.Unmarshal(v, c.Overall); err != nil {
				return err
			}
			continue
		}
		var p PersistedStateStats
		if err := jsonx.Unmarshal(v, &p); err != nil {
			return fmt.Errorf("nodes: cluster_state_stats.%s: %w", k, err)
		}
		if c.Persisted == nil {
			c.Persisted = map[string]PersistedStateStats{}
		}
		c.Persisted[k] = p
	}
	return nil
}

// MarshalJSON writes "overall" first, then the persistence entries by name.
func (c ClusterStateStats) MarshalJSON() ([]byte, error) {
	out := []byte{'{'}
	add := func(key string, v any) error {
		b, err := jsonx.Marshal(v)
		if err != nil {
			return err
		}
		if len(out) > 1 {
			out = append(out, ',')
		}
		out = strconv.AppendQuote(out, key)
		out = append(out, ':')
		out = append(out, b...)
		return nil
	}
	if c.Overall != nil {
		if err := add("overall", c.Overall); err != nil {
			return nil, err
		}
	}
	for _, k := range slices.Sorted(maps.Keys(c.Persisted)) {
		if err := add(k, c.Persisted[k]); err != nil {
			return nil, err
		}
	}
	return append(out, '}'), nil
}

// ClusterStateUpdateStats counts cluster-state updates applied on the node.
type ClusterStateUpdateStats struct {
	UpdateCount       int64 `json:"update_count"`
	TotalTimeInMillis int64 `json:"total_time_in_millis"`
	FailedCount       int64 `json:"failed_count"`
}

// IngestStats is the `ingest` group; Pipelines is keyed by pipeline id.
type IngestStats struct {
	Total     IngestCounters                 `json:"total"`
	Pipelines map[string]IngestPipelineStats `json:"pipelines"`
}

// IngestCounters counts documents through ingest.
type IngestCounters struct {
	Count        int64  `json:"count"`
	Time         string `json:"time,omitempty"`
	TimeInMillis int64  `json:"time_in_millis"`
	Current      int64  `json:"current"`
	Failed       int64  `json:"failed"`
}

// IngestPipelineStats counts documents through one pipeline. Processors holds one
// single-key object per processor, keyed by its name (for example "set" or "set:tag").
type IngestPipelineStats struct {
	IngestCounters
	Processors []map[string]IngestProcessor `json:"processors"`
}

// IngestProcessor is one processor of a pipeline.
type IngestProcessor struct {
	Type  string               `json:"type"`
	Stats IngestProcessorStats `json:"stats"`
}

// IngestProcessorStats counts documents through one processor.
type IngestProcessorStats struct {
	Count        int64  `json:"count"`
	Time         string `json:"time,omitempty"`
	TimeInMillis int64  `json:"time_in_millis"`
	Current      int64  `json:"current"`
	Failed       int64  `json:"failed"`
}

// AdaptiveSelectionStats is the node's view of another node for adaptive replica
// selection, keyed by that node's id. The averages are absent until a search ran.
type AdaptiveSelectionStats struct {
	OutgoingSearches  int64  `json:"outgoing_searches"`
	AvgQueueSize      int64  `json:"avg_queue_size"`
	AvgServiceTime    string `json:"avg_service_time,omitempty"`
	AvgServiceTimeNs  *int64 `json:"avg_service_time_ns,omitempty"`
	AvgResponseTime   string `json:"avg_response_time,omitempty"`
	AvgResponseTimeNs *int64 `json:"avg_response_time_ns,omitempty"`
	Rank              string `json:"rank"`
}
