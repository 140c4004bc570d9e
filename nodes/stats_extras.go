package nodes

// The groups below are printed by later 2.x versions; each is nil when absent.

// ClusterManagerThrottlingStats is the `cluster_manager_throttling` group.
type ClusterManagerThrottlingStats struct {
	Stats ClusterManagerThrottlingDetail `json:"stats"`
}

// ClusterManagerThrottlingDetail counts tasks throttled by the cluster manager, in total and per task type.
type ClusterManagerThrottlingDetail struct {
	TotalThrottledTasks       int64            `json:"total_throttled_tasks"`
	ThrottledTasksPerTaskType map[string]int64 `json:"throttled_tasks_per_task_type"`
}

// WeightedRoutingStats is the `weighted_routing` group.
type WeightedRoutingStats struct {
	Stats WeightedRoutingDetail `json:"stats"`
}

// WeightedRoutingDetail counts requests served despite weighted-routing rules (fail open).
type WeightedRoutingDetail struct {
	FailOpenCount int64 `json:"fail_open_count"`
}

// TaskCancellationStats is the `task_cancellation` group.
type TaskCancellationStats struct {
	SearchTask      *PostCancelCounts `json:"search_task,omitempty"`
	SearchShardTask *PostCancelCounts `json:"search_shard_task,omitempty"`
}

// PostCancelCounts counts tasks still running after they were cancelled.
type PostCancelCounts struct {
	CurrentCountPostCancel int64 `json:"current_count_post_cancel"`
	TotalCountPostCancel   int64 `json:"total_count_post_cancel"`
}

// SearchPipelineStats is the `search_pipeline` group; Pipelines is keyed by pipeline id.
type SearchPipelineStats struct {
	TotalRequest  PipelineOperationStats         `json:"total_request"`
	TotalResponse PipelineOperationStats         `json:"total_response"`
	Pipelines     map[string]SearchPipelineEntry `json:"pipelines"`
}

// PipelineOperationStats counts requests or responses through search pipelines.
type PipelineOperationStats struct {
	Count        int64  `json:"count"`
	Time         string `json:"time,omitempty"`
	TimeInMillis int64  `json:"time_in_millis"`
	Current      int64  `json:"current"`
	Failed       int64  `json:"failed"`
}

// SearchPipelineEntry is one search pipeline. Each processor list holds one
// single-key object per processor, keyed by its name (for example "filter_query:tag").
type SearchPipelineEntry struct {
	Request            PipelineOperationStats               `json:"request"`
	Response           PipelineOperationStats               `json:"response"`
	RequestProcessors  []map[string]SearchPipelineProcessor `json:"request_processors"`
	ResponseProcessors []map[string]SearchPipelineProcessor `json:"response_processors"`
}

// SearchPipelineProcessor is one processor of a search pipeline.
type SearchPipelineProcessor struct {
	Type  string                 `json:"type"`
	Stats PipelineOperationStats `json:"stats"`
}

// ResourceUsageStats is one entry of `resource_usage_stats`, keyed by node id. The
// percentages are strings such as "12.5".
type ResourceUsageStats struct {
	Timestamp                int64         `json:"timestamp"`
	CPUUtilizationPercent    string        `json:"cpu_utilization_percent"`
	MemoryUtilizationPercent string        `json:"memory_utilization_percent"`
	IOUsageStats             *IOUsageStats `json:"io_usage_stats,omitempty"`
}

// IOUsageStats is the disk-utilisation part of ResourceUsageStats.
type IOUsageStats struct {
	MaxIOUtilizationPercent string `json:"max_io_utilization_percent"`
}

// SegmentReplicationBackpressureStats is the `segment_replication_backpressure` group.
type SegmentReplicationBackpressureStats struct {
	TotalRejectedRequests int64 `json:"total_rejected_requests"`
}

// RepositoryStats is one entry of `repositories`: request counters of a snapshot
// repository, keyed by request kind in each map.
type RepositoryStats struct {
	RepositoryName         string            `json:"repository_name"`
	RepositoryType         string            `json:"repository_type"`
	RepositoryLocation     map[string]string `json:"repository_location"`
	RequestCounts          map[string]int64  `json:"request_counts,omitzero"`
	RequestSuccessTotal    map[string]int64  `json:"request_success_total,omitzero"`
	RequestFailuresTotal   map[string]int64  `json:"request_failures_total,omitzero"`
	RequestTimeInMillis    map[string]int64  `json:"request_time_in_millis,omitzero"`
	RequestRetryCountTotal map[string]int64  `json:"request_retry_count_total,omitzero"`
}

// AdmissionControlStats is the `admission_control` group.
type AdmissionControlStats struct {
	GlobalCPUUsage *AdmissionControlUsage `json:"global_cpu_usage,omitempty"`
	GlobalIOUsage  *AdmissionControlUsage `json:"global_io_usage,omitempty"`
}

// AdmissionControlUsage holds the rejections of one admission controller.
type AdmissionControlUsage struct {
	Transport AdmissionControlTransport `json:"transport"`
}

// AdmissionControlTransport counts rejected transport actions by action kind (indexing, search).
type AdmissionControlTransport struct {
	RejectionCount map[string]int64 `json:"rejection_count"`
}

// CacheStats is one entry of `caches`, keyed by cache name (request_cache). Indices
// and Shards are filled when the level asks for them.
type CacheStats struct {
	CacheCounters
	StoreName string                   `json:"store_name,omitempty"`
	Indices   map[string]CacheCounters `json:"indices,omitzero"`
	Shards    map[string]CacheCounters `json:"shards,omitzero"`
}

// CacheCounters are the figures of a cache, overall or for one index or shard.
type CacheCounters struct {
	Size        string `json:"size,omitempty"`
	SizeInBytes int64  `json:"size_in_bytes"`
	Evictions   int64  `json:"evictions"`
	HitCount    int64  `json:"hit_count"`
	MissCount   int64  `json:"miss_count"`
	ItemCount   int64  `json:"item_count"`
}

// NodeRemoteStoreStats is the node-level `remote_store` group.
type NodeRemoteStoreStats struct {
	// LastSuccessfulFetchOfPinnedTimestamps is in seconds since the epoch.
	LastSuccessfulFetchOfPinnedTimestamps int64 `json:"last_successful_fetch_of_pinned_timestamps"`
}
