package nodes

// OSStats is the `os` group.
type OSStats struct {
	Timestamp int64          `json:"timestamp"`
	CPU       *OSCPUStats    `json:"cpu,omitempty"`
	Mem       *OSMemStats    `json:"mem,omitempty"`
	Swap      *OSSwapStats   `json:"swap,omitempty"`
	Cgroup    *OSCgroupStats `json:"cgroup,omitempty"` // Linux only
}

// OSCPUStats is the operating system's CPU use.
type OSCPUStats struct {
	Percent     int64        `json:"percent"`
	LoadAverage *LoadAverage `json:"load_average,omitempty"`
}

// LoadAverage holds the system load averages; a value is nil when the OS does not report it.
type LoadAverage struct {
	OneMinute      *float64 `json:"1m,omitempty"`
	FiveMinutes    *float64 `json:"5m,omitempty"`
	FifteenMinutes *float64 `json:"15m,omitempty"`
}

// OSMemStats is physical memory.
type OSMemStats struct {
	Total        string `json:"total,omitempty"`
	TotalInBytes int64  `json:"total_in_bytes"`
	Free         string `json:"free,omitempty"`
	FreeInBytes  int64  `json:"free_in_bytes"`
	Used         string `json:"used,omitempty"`
	UsedInBytes  int64  `json:"used_in_bytes"`
	FreePercent  int64  `json:"free_percent"`
	UsedPercent  int64  `json:"used_percent"`
}

// OSSwapStats is swap space.
type OSSwapStats struct {
	Total        string `json:"total,omitempty"`
	TotalInBytes int64  `json:"total_in_bytes"`
	Free         string `json:"free,omitempty"`
	FreeInBytes  int64  `json:"free_in_bytes"`
	Used         string `json:"used,omitempty"`
	UsedInBytes  int64  `json:"used_in_bytes"`
}

// OSCgroupStats holds the control-group figures of the node's process.
type OSCgroupStats struct {
	CPUAcct *CgroupCPUAcct `json:"cpuacct,omitempty"`
	CPU     *CgroupCPU     `json:"cpu,omitempty"`
	Memory  *CgroupMemory  `json:"memory,omitempty"`
}

// CgroupCPUAcct is the cpuacct controller.
type CgroupCPUAcct struct {
	ControlGroup string `json:"control_group"`
	UsageNanos   int64  `json:"usage_nanos"`
}

// CgroupCPU is the cpu controller.
type CgroupCPU struct {
	ControlGroup    string         `json:"control_group"`
	CFSPeriodMicros int64          `json:"cfs_period_micros"`
	CFSQuotaMicros  int64          `json:"cfs_quota_micros"`
	Stat            *CgroupCPUStat `json:"stat,omitempty"`
}

// CgroupCPUStat holds CFS throttling counters.
type CgroupCPUStat struct {
	NumberOfElapsedPeriods int64 `json:"number_of_elapsed_periods"`
	NumberOfTimesThrottled int64 `json:"number_of_times_throttled"`
	TimeThrottledNanos     int64 `json:"time_throttled_nanos"`
}

// CgroupMemory is the memory controller. The limit and usage are strings because
// the kernel may report values beyond int64 ("max" or 2^64-1).
type CgroupMemory struct {
	ControlGroup string `json:"control_group"`
	LimitInBytes string `json:"limit_in_bytes"`
	UsageInBytes string `json:"usage_in_bytes"`
}

// ProcessStats is the `process` group.
type ProcessStats struct {
	Timestamp           int64            `json:"timestamp"`
	OpenFileDescriptors int64            `json:"open_file_descriptors"`
	MaxFileDescriptors  int64            `json:"max_file_descriptors"`
	CPU                 *ProcessCPUStats `json:"cpu,omitempty"`
	Mem                 *ProcessMemStats `json:"mem,omitempty"`
}

// ProcessCPUStats is the CPU use of the node's process.
type ProcessCPUStats struct {
	Percent       int64  `json:"percent"`
	Total         string `json:"total,omitempty"`
	TotalInMillis int64  `json:"total_in_millis"`
}

// ProcessMemStats is the memory of the node's process.
type ProcessMemStats struct {
	TotalVirtual        string `json:"total_virtual,omitempty"`
	TotalVirtualInBytes int64  `json:"total_virtual_in_bytes"`
}

// JVMStats is the `jvm` group.
type JVMStats struct {
	Timestamp      int64                    `json:"timestamp"`
	Uptime         string                   `json:"uptime,omitempty"`
	UptimeInMillis int64                    `json:"uptime_in_millis"`
	Mem            *JVMMemStats             `json:"mem,omitempty"`
	Threads        *JVMThreads              `json:"threads,omitempty"`
	GC             *JVMGC                   `json:"gc,omitempty"`
	BufferPools    map[string]JVMBufferPool `json:"buffer_pools,omitzero"`
	Classes        *JVMClasses              `json:"classes,omitempty"`
}

// JVMMemStats is heap and non-heap memory; Pools is keyed young, old, survivor.
type JVMMemStats struct {
	HeapUsed                string                   `json:"heap_used,omitempty"`
	HeapUsedInBytes         int64                    `json:"heap_used_in_bytes"`
	HeapUsedPercent         int64                    `json:"heap_used_percent"`
	HeapCommitted           string                   `json:"heap_committed,omitempty"`
	HeapCommittedInBytes    int64                    `json:"heap_committed_in_bytes"`
	HeapMax                 string                   `json:"heap_max,omitempty"`
	HeapMaxInBytes          int64                    `json:"heap_max_in_bytes"`
	NonHeapUsed             string                   `json:"non_heap_used,omitempty"`
	NonHeapUsedInBytes      int64                    `json:"non_heap_used_in_bytes"`
	NonHeapCommitted        string                   `json:"non_heap_committed,omitempty"`
	NonHeapCommittedInBytes int64                    `json:"non_heap_committed_in_bytes"`
	Pools                   map[string]JVMMemoryPool `json:"pools,omitzero"`
}

// JVMMemoryPool is one heap memory pool.
type JVMMemoryPool struct {
	Used            string          `json:"used,omitempty"`
	UsedInBytes     int64           `json:"used_in_bytes"`
	Max             string          `json:"max,omitempty"`
	MaxInBytes      int64           `json:"max_in_bytes"`
	PeakUsed        string          `json:"peak_used,omitempty"`
	PeakUsedInBytes int64           `json:"peak_used_in_bytes"`
	PeakMax         string          `json:"peak_max,omitempty"`
	PeakMaxInBytes  int64           `json:"peak_max_in_bytes"`
	LastGCStats     *JVMLastGCStats `json:"last_gc_stats,omitempty"`
}

// JVMLastGCStats is a pool's state after the last collection; UsagePercent is -1 when not applicable.
type JVMLastGCStats struct {
	Used         string `json:"used,omitempty"`
	UsedInBytes  int64  `json:"used_in_bytes"`
	Max          string `json:"max,omitempty"`
	MaxInBytes   int64  `json:"max_in_bytes"`
	UsagePercent int64  `json:"usage_percent"`
}

// JVMThreads counts JVM threads.
type JVMThreads struct {
	Count     int64 `json:"count"`
	PeakCount int64 `json:"peak_count"`
}

// JVMGC holds the garbage collectors, keyed young and old.
type JVMGC struct {
	Collectors map[string]JVMCollector `json:"collectors"`
}

// JVMCollector is one garbage collector.
type JVMCollector struct {
	CollectionCount        int64  `json:"collection_count"`
	CollectionTime         string `json:"collection_time,omitempty"`
	CollectionTimeInMillis int64  `json:"collection_time_in_millis"`
}

// JVMBufferPool is one buffer pool (mapped, direct, mapped - 'non-volatile memory').
type JVMBufferPool struct {
	Count                int64  `json:"count"`
	Used                 string `json:"used,omitempty"`
	UsedInBytes          int64  `json:"used_in_bytes"`
	TotalCapacity        string `json:"total_capacity,omitempty"`
	TotalCapacityInBytes int64  `json:"total_capacity_in_bytes"`
}

// JVMClasses counts loaded classes.
type JVMClasses struct {
	CurrentLoadedCount int64 `json:"current_loaded_count"`
	TotalLoadedCount   int64 `json:"total_loaded_count"`
	TotalUnloadedCount int64 `json:"total_unloaded_count"`
}
