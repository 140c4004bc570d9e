package nodes

import "encoding/json"

// IndexingPressureStats is the `indexing_pressure` group.
type IndexingPressureStats struct {
	Memory IndexingPressureMemory `json:"memory"`
}

// IndexingPressureMemory is the memory held by in-flight indexing requests.
type IndexingPressureMemory struct {
	Current      IndexingPressureBytes `json:"current"`
	Total        IndexingPressureTotal `json:"total"`
	Limit        string                `json:"limit,omitempty"`
	LimitInBytes int64                 `json:"limit_in_bytes"`
}

// IndexingPressureBytes splits indexing memory by stage.
type IndexingPressureBytes struct {
	CombinedCoordinatingAndPrimary        string `json:"combined_coordinating_and_primary,omitempty"`
	CombinedCoordinatingAndPrimaryInBytes int64  `json:"combined_coordinating_and_primary_in_bytes"`
	Coordinating                          string `json:"coordinating,omitempty"`
	CoordinatingInBytes                   int64  `json:"coordinating_in_bytes"`
	Primary                               string `json:"primary,omitempty"`
	PrimaryInBytes                        int64  `json:"primary_in_bytes"`
	Replica                               string `json:"replica,omitempty"`
	ReplicaInBytes                        int64  `json:"replica_in_bytes"`
	All                                   string `json:"all,omitempty"`
	AllInBytes                            int64  `json:"all_in_bytes"`
}

// IndexingPressureTotal is the memory used since start, plus the rejections per stage.
type IndexingPressureTotal struct {
	IndexingPressureBytes
	CoordinatingRejections int64 `json:"coordinating_rejections"`
	PrimaryRejections      int64 `json:"primary_rejections"`
	ReplicaRejections      int64 `json:"replica_rejections"`
}

// ShardIndexingPressureStats is the `shard_indexing_pressure` group. Stats is keyed by
// "[index][shard]" and filled with include_all or for hot shards only.
type ShardIndexingPressureStats struct {
	Stats                            map[string]ShardIndexingPressureShard `json:"stats"`
	TotalRejectionsBreakup           *RejectionsBreakup                    `json:"total_rejections_breakup,omitempty"`
	TotalRejectionsBreakupShadowMode *RejectionsBreakup                    `json:"total_rejections_breakup_shadow_mode,omitempty"`
	Enabled                          bool                                  `json:"enabled"`
	Enforced                         bool                                  `json:"enforced"`
}

// RejectionsBreakup splits shard indexing-pressure rejections by cause.
type RejectionsBreakup struct {
	NodeLimits                  int64 `json:"node_limits"`
	NoSuccessfulRequestLimits   int64 `json:"no_successful_request_limits"`
	ThroughputDegradationLimits int64 `json:"throughput_degradation_limits"`
}

// ShardIndexingPressureShard is the indexing-pressure record of one shard.
type ShardIndexingPressureShard struct {
	Memory                  *ShardPressureMemory      `json:"memory,omitempty"`
	Rejection               *ShardPressureRejection   `json:"rejection,omitempty"`
	LastSuccessfulTimestamp *ShardPressureLastSuccess `json:"last_successful_timestamp,omitempty"`
	Indexing                *ShardPressureIndexing    `json:"indexing,omitempty"`
	MemoryAllocation        *ShardPressureAllocation  `json:"memory_allocation,omitempty"`
}

// ShardPressureMemory is the memory a shard's indexing holds, now and in total.
type ShardPressureMemory struct {
	Current ShardPressureBytes `json:"current"`
	Total   ShardPressureBytes `json:"total"`
}

// ShardPressureBytes splits memory by indexing stage.
type ShardPressureBytes struct {
	Coordinating        string `json:"coordinating,omitempty"`
	CoordinatingInBytes int64  `json:"coordinating_in_bytes"`
	Primary             string `json:"primary,omitempty"`
	PrimaryInBytes      int64  `json:"primary_in_bytes"`
	Replica             string `json:"replica,omitempty"`
	ReplicaInBytes      int64  `json:"replica_in_bytes"`
}

// ShardPressureRejection counts a shard's rejections by stage.
type ShardPressureRejection struct {
	Coordinating CoordinatingRejections `json:"coordinating"`
	Primary      PrimaryRejections      `json:"primary"`
	Replica      ReplicaRejections      `json:"replica"`
}

// CoordinatingRejections counts a shard's rejections on the coordinating stage.
type CoordinatingRejections struct {
	CoordinatingRejections int64              `json:"coordinating_rejections"`
	Breakup                *RejectionsBreakup `json:"breakup,omitempty"`
	BreakupShadowMode      *RejectionsBreakup `json:"breakup_shadow_mode,omitempty"`
}

// PrimaryRejections counts a shard's rejections on the primary stage.
type PrimaryRejections struct {
	PrimaryRejections int64              `json:"primary_rejections"`
	Breakup           *RejectionsBreakup `json:"breakup,omitempty"`
	BreakupShadowMode *RejectionsBreakup `json:"breakup_shadow_mode,omitempty"`
}

// ReplicaRejections counts a shard's rejections on the replica stage.
type ReplicaRejections struct {
	ReplicaRejections int64              `json:"replica_rejections"`
	Breakup           *RejectionsBreakup `json:"breakup,omitempty"`
	BreakupShadowMode *RejectionsBreakup `json:"breakup_shadow_mode,omitempty"`
}

// ShardPressureLastSuccess holds the time of the last successful request per stage (ms since epoch).
type ShardPressureLastSuccess struct {
	CoordinatingLastSuccessfulRequestTimestampInMillis int64 `json:"coordinating_last_successful_request_timestamp_in_millis"`
	PrimaryLastSuccessfulRequestTimestampInMillis      int64 `json:"primary_last_successful_request_timestamp_in_millis"`
	ReplicaLastSuccessfulRequestTimestampInMillis      int64 `json:"replica_last_successful_request_timestamp_in_millis"`
}

// ShardPressureIndexing counts a shard's requests and their time per stage.
type ShardPressureIndexing struct {
	CoordinatingTimeInMillis int64 `json:"coordinating_time_in_millis"`
	CoordinatingCount        int64 `json:"coordinating_count"`
	PrimaryTimeInMillis      int64 `json:"primary_time_in_millis"`
	PrimaryCount             int64 `json:"primary_count"`
	ReplicaTimeInMillis      int64 `json:"replica_time_in_millis"`
	ReplicaCount             int64 `json:"replica_count"`
}

// ShardPressureAllocation is the memory a shard may use and currently uses.
type ShardPressureAllocation struct {
	Current ShardPressureAllocationCurrent `json:"current"`
	Limit   ShardPressureAllocationLimit   `json:"limit"`
}

// ShardPressureAllocationCurrent is the memory a shard currently uses.
type ShardPressureAllocationCurrent struct {
	CurrentCoordinatingAndPrimaryBytes int64 `json:"current_coordinating_and_primary_bytes"`
	CurrentReplicaBytes                int64 `json:"current_replica_bytes"`
}

// ShardPressureAllocationLimit is the memory a shard may use.
type ShardPressureAllocationLimit struct {
	CurrentCoordinatingAndPrimaryLimitsInBytes int64 `json:"current_coordinating_and_primary_limits_in_bytes"`
	CurrentReplicaLimitsInBytes                int64 `json:"current_replica_limits_in_bytes"`
}

// The search backpressure modes.
const (
	BackpressureDisabled    = "disabled"
	BackpressureMonitorOnly = "monitor_only" // the default
	BackpressureEnforced    = "enforced"
)

// SearchBackpressureStats is the `search_backpressure` group.
type SearchBackpressureStats struct {
	SearchTask      *SearchBackpressureTaskStats `json:"search_task,omitempty"`
	SearchShardTask *SearchBackpressureTaskStats `json:"search_shard_task,omitempty"`
	// Mode is one of BackpressureDisabled, BackpressureMonitorOnly, BackpressureEnforced.
	Mode string `json:"mode"`
}

// SearchBackpressureTaskStats holds the trackers and cancellations for one kind of search task.
type SearchBackpressureTaskStats struct {
	ResourceTrackerStats SearchBackpressureTrackers     `json:"resource_tracker_stats"`
	CancellationStats    SearchBackpressureCancellation `json:"cancellation_stats"`
	CompletionCount      *int64                         `json:"completion_count,omitempty"`
}

// SearchBackpressureTrackers holds the three resource trackers.
type SearchBackpressureTrackers struct {
	HeapUsageTracker   *HeapUsageTracker `json:"heap_usage_tracker,omitempty"`
	ElapsedTimeTracker *TimeTracker      `json:"elapsed_time_tracker,omitempty"`
	CPUUsageTracker    *TimeTracker      `json:"cpu_usage_tracker,omitempty"`
}

// HeapUsageTracker is the heap tracker of search backpressure.
type HeapUsageTracker struct {
	CancellationCount int64  `json:"cancellation_count"`
	CurrentMax        string `json:"current_max,omitempty"`
	CurrentMaxBytes   int64  `json:"current_max_bytes"`
	CurrentAvg        string `json:"current_avg,omitempty"`
	CurrentAvgBytes   int64  `json:"current_avg_bytes"`
	RollingAvg        string `json:"rolling_avg,omitempty"`
	RollingAvgBytes   int64  `json:"rolling_avg_bytes"`
}

// TimeTracker is the elapsed-time or CPU-usage tracker of search backpressure.
type TimeTracker struct {
	CancellationCount int64  `json:"cancellation_count"`
	CurrentMax        string `json:"current_max,omitempty"`
	CurrentMaxMillis  int64  `json:"current_max_millis"`
	CurrentAvg        string `json:"current_avg,omitempty"`
	CurrentAvgMillis  int64  `json:"current_avg_millis"`
}

// SearchBackpressureCancellation counts cancellations by search backpressure.
type SearchBackpressureCancellation struct {
	CancellationCount                     int64    `json:"cancellation_count"`
	CancellationLimitReachedCount         int64    `json:"cancellation_limit_reached_count"`
	CancelledTaskPercentage               *float64 `json:"cancelled_task_percentage,omitempty"`
	CurrentCancellationEligibleTasksCount *int64   `json:"current_cancellation_eligible_tasks_count,omitempty"`
	// LastCancelledTask describes the most recent cancellation; its shape is not documented.
	LastCancelledTask map[string]json.RawMessage `json:"last_cancelled_task,omitzero"`
}
