package nodes

// IndicesStats is the `indices` group: statistics over the shards held by the node.
// With level=indices or level=shards the server adds per-index or per-shard breakdowns.
type IndicesStats struct {
	IndexStats
	// Indices holds per-index statistics (level=indices), keyed by index name.
	Indices map[string]IndexStats `json:"indices,omitzero"`
	// Shards holds per-shard statistics (level=shards): index name to a list of
	// one-entry objects keyed by shard number.
	Shards map[string][]map[string]ShardStats `json:"shards,omitzero"`
}

// IndexStats holds the index-level groups. Each is nil when index_metric filtered it out.
type IndexStats struct {
	Docs         *DocsStats         `json:"docs,omitempty"`
	Store        *StoreStats        `json:"store,omitempty"`
	Indexing     *IndexingStats     `json:"indexing,omitempty"`
	Get          *GetStats          `json:"get,omitempty"`
	Search       *SearchStats       `json:"search,omitempty"`
	Merges       *MergesStats       `json:"merges,omitempty"`
	Refresh      *RefreshStats      `json:"refresh,omitempty"`
	Flush        *FlushStats        `json:"flush,omitempty"`
	Warmer       *WarmerStats       `json:"warmer,omitempty"`
	QueryCache   *QueryCacheStats   `json:"query_cache,omitempty"`
	Fielddata    *FielddataStats    `json:"fielddata,omitempty"`
	Completion   *CompletionStats   `json:"completion,omitempty"`
	Segments     *SegmentsStats     `json:"segments,omitempty"`
	Translog     *TranslogStats     `json:"translog,omitempty"`
	RequestCache *RequestCacheStats `json:"request_cache,omitempty"`
	Recovery     *RecoveryStats     `json:"recovery,omitempty"`
}

// ShardStats is one shard's entry with level=shards: the index groups plus shard details.
type ShardStats struct {
	IndexStats
	Routing         *ShardRouting         `json:"routing,omitempty"`
	Commit          *ShardCommit          `json:"commit,omitempty"`
	SeqNo           *ShardSeqNo           `json:"seq_no,omitempty"`
	RetentionLeases *ShardRetentionLeases `json:"retention_leases,omitempty"`
	ShardPath       *ShardPath            `json:"shard_path,omitempty"`
}

// ShardRouting tells where a shard copy lives.
type ShardRouting struct {
	State          string  `json:"state"`
	Primary        bool    `json:"primary"`
	Node           string  `json:"node"`
	RelocatingNode *string `json:"relocating_node"`
}

// ShardCommit describes the last Lucene commit of a shard.
type ShardCommit struct {
	ID         string            `json:"id"`
	Generation int64             `json:"generation"`
	UserData   map[string]string `json:"user_data"`
	NumDocs    int64             `json:"num_docs"`
}

// ShardSeqNo holds a shard's sequence-number checkpoints.
type ShardSeqNo struct {
	MaxSeqNo         int64 `json:"max_seq_no"`
	LocalCheckpoint  int64 `json:"local_checkpoint"`
	GlobalCheckpoint int64 `json:"global_checkpoint"`
}

// ShardRetentionLeases lists the retention leases of a shard.
type ShardRetentionLeases struct {
	PrimaryTerm int64        `json:"primary_term"`
	Version     int64        `json:"version"`
	Leases      []ShardLease `json:"leases"`
}

// ShardLease is one retention lease.
type ShardLease struct {
	ID             string `json:"id"`
	RetainingSeqNo int64  `json:"retaining_seq_no"`
	Timestamp      int64  `json:"timestamp"`
	Source         string `json:"source"`
}

// ShardPath gives the on-disk location of a shard.
type ShardPath struct {
	StatePath        string `json:"state_path"`
	DataPath         string `json:"data_path"`
	IsCustomDataPath bool   `json:"is_custom_data_path"`
}

// DocsStats counts documents. Count excludes deleted documents and documents not yet
// in a segment; nested documents count separately.
type DocsStats struct {
	Count   int64 `json:"count"`
	Deleted int64 `json:"deleted"`
}

// StoreStats is the size of the shard files. Size and Reserved are the human forms.
type StoreStats struct {
	Size            string `json:"size,omitempty"`
	SizeInBytes     int64  `json:"size_in_bytes"`
	Reserved        string `json:"reserved,omitempty"`
	ReservedInBytes int64  `json:"reserved_in_bytes"`
}

// IndexingStats is the `indexing` group (the spec writes it "the service").
type IndexingStats struct {
	IndexTotal           int64                    `json:"index_total"`
	IndexTime            string                   `json:"index_time,omitempty"`
	IndexTimeInMillis    int64                    `json:"index_time_in_millis"`
	IndexCurrent         int64                    `json:"index_current"`
	IndexFailed          int64                    `json:"index_failed"`
	DeleteTotal          int64                    `json:"delete_total"`
	DeleteTime           string                   `json:"delete_time,omitempty"`
	DeleteTimeInMillis   int64                    `json:"delete_time_in_millis"`
	DeleteCurrent        int64                    `json:"delete_current"`
	NoopUpdateTotal      int64                    `json:"noop_update_total"`
	IsThrottled          bool                     `json:"is_throttled"`
	ThrottleTime         string                   `json:"throttle_time,omitempty"`
	ThrottleTimeInMillis int64                    `json:"throttle_time_in_millis"`
	DocStatus            map[string]int64         `json:"doc_status,omitzero"` // "1xx".."5xx"; 2.11+
	Types                map[string]IndexingStats `json:"types,omitzero"`
}

// GetStats is the `get` group (realtime GETs).
type GetStats struct {
	Total               int64  `json:"total"`
	GetTime             string `json:"getTime,omitempty"`
	Time                string `json:"time,omitempty"`
	TimeInMillis        int64  `json:"time_in_millis"`
	ExistsTotal         int64  `json:"exists_total"`
	ExistsTime          string `json:"exists_time,omitempty"`
	ExistsTimeInMillis  int64  `json:"exists_time_in_millis"`
	MissingTotal        int64  `json:"missing_total"`
	MissingTime         string `json:"missing_time,omitempty"`
	MissingTimeInMillis int64  `json:"missing_time_in_millis"`
	Current             int64  `json:"current"`
}

// SearchStats is the `search` group. The concurrent-segment-search and idle
// reactivation counters appear from 2.10 and 2.14 on, hence the pointers.
type SearchStats struct {
	OpenContexts                   int64                       `json:"open_contexts"`
	QueryTotal                     int64                       `json:"query_total"`
	QueryTime                      string                      `json:"query_time,omitempty"`
	QueryTimeInMillis              int64                       `json:"query_time_in_millis"`
	QueryCurrent                   int64                       `json:"query_current"`
	ConcurrentQueryTotal           *int64                      `json:"concurrent_query_total,omitempty"`
	ConcurrentQueryTime            string                      `json:"concurrent_query_time,omitempty"`
	ConcurrentQueryTimeInMillis    *int64                      `json:"concurrent_query_time_in_millis,omitempty"`
	ConcurrentQueryCurrent         *int64                      `json:"concurrent_query_current,omitempty"`
	ConcurrentAvgSliceCount        *float64                    `json:"concurrent_avg_slice_count,omitempty"`
	FetchTotal                     int64                       `json:"fetch_total"`
	FetchTime                      string                      `json:"fetch_time,omitempty"`
	FetchTimeInMillis              int64                       `json:"fetch_time_in_millis"`
	FetchCurrent                   int64                       `json:"fetch_current"`
	ScrollTotal                    int64                       `json:"scroll_total"`
	ScrollTime                     string                      `json:"scroll_time,omitempty"`
	ScrollTimeInMillis             int64                       `json:"scroll_time_in_millis"`
	ScrollCurrent                  int64                       `json:"scroll_current"`
	PointInTimeTotal               int64                       `json:"point_in_time_total"`
	PointInTimeTime                string                      `json:"point_in_time_time,omitempty"`
	PointInTimeTimeInMillis        int64                       `json:"point_in_time_time_in_millis"`
	PointInTimeCurrent             int64                       `json:"point_in_time_current"`
	SuggestTotal                   int64                       `json:"suggest_total"`
	SuggestTime                    string                      `json:"suggest_time,omitempty"`
	SuggestTimeInMillis            int64                       `json:"suggest_time_in_millis"`
	SuggestCurrent                 int64                       `json:"suggest_current"`
	SearchIdleReactivateCountTotal *int64                      `json:"search_idle_reactivate_count_total,omitempty"`
	Request                        map[string]SearchPhaseStats `json:"request,omitzero"`
	Groups                         map[string]SearchStats      `json:"groups,omitzero"`
}

// SearchPhaseStats times one search phase (dfs_pre_query, query, fetch, ...) in SearchStats.Request.
type SearchPhaseStats struct {
	Time         string `json:"time,omitempty"`
	TimeInMillis int64  `json:"time_in_millis"`
	Current      int64  `json:"current"`
	Total        int64  `json:"total"`
}

// MergesStats is the `merges` group (index_metric `merge`).
type MergesStats struct {
	Current                           int64  `json:"current"`
	CurrentDocs                       int64  `json:"current_docs"`
	CurrentSize                       string `json:"current_size,omitempty"`
	CurrentSizeInBytes                int64  `json:"current_size_in_bytes"`
	Total                             int64  `json:"total"`
	TotalTime                         string `json:"total_time,omitempty"`
	TotalTimeInMillis                 int64  `json:"total_time_in_millis"`
	TotalDocs                         int64  `json:"total_docs"`
	TotalSize                         string `json:"total_size,omitempty"`
	TotalSizeInBytes                  int64  `json:"total_size_in_bytes"`
	TotalStoppedTime                  string `json:"total_stopped_time,omitempty"`
	TotalStoppedTimeInMillis          int64  `json:"total_stopped_time_in_millis"`
	TotalThrottledTime                string `json:"total_throttled_time,omitempty"`
	TotalThrottledTimeInMillis        int64  `json:"total_throttled_time_in_millis"`
	TotalAutoThrottle                 string `json:"total_auto_throttle,omitempty"`
	TotalAutoThrottleInBytes          int64  `json:"total_auto_throttle_in_bytes"`
	UnreferencedFileCleanupsPerformed *int64 `json:"unreferenced_file_cleanups_performed,omitempty"`
}

// RefreshStats is the `refresh` group.
type RefreshStats struct {
	Total                     int64  `json:"total"`
	TotalTime                 string `json:"total_time,omitempty"`
	TotalTimeInMillis         int64  `json:"total_time_in_millis"`
	ExternalTotal             int64  `json:"external_total"`
	ExternalTotalTime         string `json:"external_total_time,omitempty"`
	ExternalTotalTimeInMillis int64  `json:"external_total_time_in_millis"`
	Listeners                 int64  `json:"listeners"`
}

// FlushStats is the `flush` group.
type FlushStats struct {
	Total             int64  `json:"total"`
	Periodic          int64  `json:"periodic"`
	TotalTime         string `json:"total_time,omitempty"`
	TotalTimeInMillis int64  `json:"total_time_in_millis"`
}

// WarmerStats is the `warmer` group.
type WarmerStats struct {
	Current           int64  `json:"current"`
	Total             int64  `json:"total"`
	TotalTime         string `json:"total_time,omitempty"`
	TotalTimeInMillis int64  `json:"total_time_in_millis"`
}

// QueryCacheStats is the `query_cache` group.
type QueryCacheStats struct {
	MemorySize        string `json:"memory_size,omitempty"`
	MemorySizeInBytes int64  `json:"memory_size_in_bytes"`
	TotalCount        int64  `json:"total_count"`
	HitCount          int64  `json:"hit_count"`
	MissCount         int64  `json:"miss_count"`
	CacheSize         int64  `json:"cache_size"`
	CacheCount        int64  `json:"cache_count"`
	Evictions         int64  `json:"evictions"`
}

// FielddataStats is the `fielddata` group; Fields is filled for fielddata_fields.
type FielddataStats struct {
	MemorySize        string                      `json:"memory_size,omitempty"`
	MemorySizeInBytes int64                       `json:"memory_size_in_bytes"`
	Evictions         int64                       `json:"evictions"`
	Fields            map[string]FieldMemoryUsage `json:"fields,omitzero"`
}

// FieldMemoryUsage is the fielddata memory of one field.
type FieldMemoryUsage struct {
	MemorySize        string `json:"memory_size,omitempty"`
	MemorySizeInBytes int64  `json:"memory_size_in_bytes"`
}

// CompletionStats is the `completion` group; Fields is filled for completion_fields.
type CompletionStats struct {
	Size        string                    `json:"size,omitempty"`
	SizeInBytes int64                     `json:"size_in_bytes"`
	Fields      map[string]FieldSizeUsage `json:"fields,omitzero"`
}

// FieldSizeUsage is the completion size of one field.
type FieldSizeUsage struct {
	Size        string `json:"size,omitempty"`
	SizeInBytes int64  `json:"size_in_bytes"`
}

// SegmentsStats is the `segments` group. FileSizes is filled only with
// include_segment_file_sizes=true; MaxUnsafeAutoIDTimestamp is -1 when there is none.
type SegmentsStats struct {
	Count                       int64                      `json:"count"`
	Memory                      string                     `json:"memory,omitempty"`
	MemoryInBytes               int64                      `json:"memory_in_bytes"`
	TermsMemory                 string                     `json:"terms_memory,omitempty"`
	TermsMemoryInBytes          int64                      `json:"terms_memory_in_bytes"`
	StoredFieldsMemory          string                     `json:"stored_fields_memory,omitempty"`
	StoredFieldsMemoryInBytes   int64                      `json:"stored_fields_memory_in_bytes"`
	TermVectorsMemory           string                     `json:"term_vectors_memory,omitempty"`
	TermVectorsMemoryInBytes    int64                      `json:"term_vectors_memory_in_bytes"`
	NormsMemory                 string                     `json:"norms_memory,omitempty"`
	NormsMemoryInBytes          int64                      `json:"norms_memory_in_bytes"`
	PointsMemory                string                     `json:"points_memory,omitempty"`
	PointsMemoryInBytes         int64                      `json:"points_memory_in_bytes"`
	DocValuesMemory             string                     `json:"doc_values_memory,omitempty"`
	DocValuesMemoryInBytes      int64                      `json:"doc_values_memory_in_bytes"`
	IndexWriterMemory           string                     `json:"index_writer_memory,omitempty"`
	IndexWriterMemoryInBytes    int64                      `json:"index_writer_memory_in_bytes"`
	IndexWriterMaxMemoryInBytes *int64                     `json:"index_writer_max_memory_in_bytes,omitempty"`
	VersionMapMemory            string                     `json:"version_map_memory,omitempty"`
	VersionMapMemoryInBytes     int64                      `json:"version_map_memory_in_bytes"`
	FixedBitSet                 string                     `json:"fixed_bit_set,omitempty"`
	FixedBitSetMemoryInBytes    int64                      `json:"fixed_bit_set_memory_in_bytes"`
	MaxUnsafeAutoIDTimestamp    int64                      `json:"max_unsafe_auto_id_timestamp"`
	RemoteStore                 *SegmentsRemoteStoreStats  `json:"remote_store,omitempty"`
	SegmentReplication          *SegmentReplicationStats   `json:"segment_replication,omitempty"`
	FileSizes                   map[string]SegmentFileSize `json:"file_sizes"`
}

// SegmentFileSize is the aggregated size of one Lucene file type.
type SegmentFileSize struct {
	Size               string `json:"size,omitempty"`
	SizeInBytes        int64  `json:"size_in_bytes"`
	MinSizeInBytes     *int64 `json:"min_size_in_bytes,omitempty"`
	MaxSizeInBytes     *int64 `json:"max_size_in_bytes,omitempty"`
	AverageSizeInBytes *int64 `json:"average_size_in_bytes,omitempty"`
	Count              *int64 `json:"count,omitempty"`
	Description        string `json:"description"`
}

// SegmentsRemoteStoreStats reports segment uploads and downloads of remote-backed indexes.
type SegmentsRemoteStoreStats struct {
	Upload   *RemoteStoreUploadStats   `json:"upload,omitempty"`
	Download *RemoteStoreDownloadStats `json:"download,omitempty"`
}

// RemoteStoreUploadStats describes segment uploads to the remote store.
type RemoteStoreUploadStats struct {
	TotalUploadSize           *RemoteTransferSize   `json:"total_upload_size,omitempty"`
	RefreshSizeLag            *RemoteRefreshSizeLag `json:"refresh_size_lag,omitempty"`
	MaxRefreshTimeLag         string                `json:"max_refresh_time_lag,omitempty"`
	MaxRefreshTimeLagInMillis int64                 `json:"max_refresh_time_lag_in_millis"`
	TotalTimeSpent            string                `json:"total_time_spent,omitempty"`
	TotalTimeSpentInMillis    int64                 `json:"total_time_spent_in_millis"`
	Pressure                  *RemoteUploadPressure `json:"pressure,omitempty"`
}

// RemoteStoreDownloadStats describes segment downloads from the remote store.
type RemoteStoreDownloadStats struct {
	TotalDownloadSize      *RemoteTransferSize `json:"total_download_size,omitempty"`
	TotalTimeSpent         string              `json:"total_time_spent,omitempty"`
	TotalTimeSpentInMillis int64               `json:"total_time_spent_in_millis"`
}

// RemoteTransferSize counts bytes of transfers started, succeeded and failed.
type RemoteTransferSize struct {
	Started        string `json:"started,omitempty"`
	StartedBytes   int64  `json:"started_bytes"`
	Succeeded      string `json:"succeeded,omitempty"`
	SucceededBytes int64  `json:"succeeded_bytes"`
	Failed         string `json:"failed,omitempty"`
	FailedBytes    int64  `json:"failed_bytes"`
}

// RemoteRefreshSizeLag is how far uploads trail local refreshes, in bytes.
type RemoteRefreshSizeLag struct {
	Total      string `json:"total,omitempty"`
	TotalBytes int64  `json:"total_bytes"`
	Max        string `json:"max,omitempty"`
	MaxBytes   int64  `json:"max_bytes"`
}

// RemoteUploadPressure counts uploads rejected by remote-store backpressure.
type RemoteUploadPressure struct {
	TotalRejections int64 `json:"total_rejections"`
}

// SegmentReplicationStats reports how far replicas trail the primary with segment replication.
// The server writes byte counts as numbers, or as human strings with ?human=true, so both
// kinds of value are kept as written.
type SegmentReplicationStats struct {
	MaxBytesBehind    NumberOrString `json:"max_bytes_behind"`
	TotalBytesBehind  NumberOrString `json:"total_bytes_behind"`
	MaxReplicationLag NumberOrString `json:"max_replication_lag"`
}

// TranslogStats is the `translog` group.
type TranslogStats struct {
	Operations              int64                `json:"operations"`
	Size                    string               `json:"size,omitempty"`
	SizeInBytes             int64                `json:"size_in_bytes"`
	UncommittedOperations   int64                `json:"uncommitted_operations"`
	UncommittedSize         string               `json:"uncommitted_size,omitempty"`
	UncommittedSizeInBytes  int64                `json:"uncommitted_size_in_bytes"`
	EarliestLastModifiedAge int64                `json:"earliest_last_modified_age"`
	RemoteStore             *TranslogRemoteStore `json:"remote_store,omitempty"`
}

// TranslogRemoteStore reports translog uploads of remote-backed indexes.
type TranslogRemoteStore struct {
	Upload *TranslogRemoteUpload `json:"upload,omitempty"`
}

// TranslogRemoteUpload counts translog uploads and their sizes.
type TranslogRemoteUpload struct {
	TotalUploads    *TranslogUploadCounts `json:"total_uploads,omitempty"`
	TotalUploadSize *RemoteTransferSize   `json:"total_upload_size,omitempty"`
}

// TranslogUploadCounts counts translog uploads started, succeeded and failed.
type TranslogUploadCounts struct {
	Started   int64 `json:"started"`
	Failed    int64 `json:"failed"`
	Succeeded int64 `json:"succeeded"`
}

// RequestCacheStats is the `request_cache` group.
type RequestCacheStats struct {
	MemorySize        string `json:"memory_size,omitempty"`
	MemorySizeInBytes int64  `json:"memory_size_in_bytes"`
	Evictions         int64  `json:"evictions"`
	HitCount          int64  `json:"hit_count"`
	MissCount         int64  `json:"miss_count"`
}

// RecoveryStats is the `recovery` group.
type RecoveryStats struct {
	CurrentAsSource      int64  `json:"current_as_source"`
	CurrentAsTarget      int64  `json:"current_as_target"`
	ThrottleTime         string `json:"throttle_time,omitempty"`
	ThrottleTimeInMillis int64  `json:"throttle_time_in_millis"`
}
