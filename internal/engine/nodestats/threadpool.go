package nodestats

// threadPool is one of OpenSearch's pools (ThreadPool.Names in 2.x, without
// "same", which stats never list), sorted by name as ThreadPoolStats sorts
// them. size is the pool's thread count on a 2-processor node (fixed pools)
// or its maximum (scaling pools); wait marks pools that report
// total_wait_time.
var threadPools = []struct {
	name string
	wait bool
}{
	{"analyze", false}, {"fetch_shard_started", false}, {"fetch_shard_store", false}, {"flush", false},
	{"force_merge", false}, {"generic", false}, {"get", false}, {"index_searcher", true}, {"listener", false},
	{"management", false}, {"refresh", false}, {"remote_purge", false}, {"remote_recovery", false},
	{"remote_refresh_retry", false}, {"remote_state_read", false}, {"search", true}, {"search_throttled", true},
	{"snapshot", false}, {"system_read", false}, {"system_write", false}, {"translog_sync", false},
	{"translog_transfer", false}, {"warmer", false}, {"write", false},
}
