package nodestats

import (
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/sysstats"
)

func renderOS(h bool, s sysstats.OS) jsonout.Object {
	cpu := jsonout.Object{{Key: "percent", Value: s.CPUPercent}}
	if len(s.LoadAverage) == 3 {
		la := jsonout.Object{}
		for i, k := range []string{"1m", "5m", "15m"} {
			if s.LoadAverage[i] >= 0 {
				la = append(la, jsonout.Field{Key: k, Value: s.LoadAverage[i]})
			}
		}
		cpu = append(cpu, jsonout.Field{Key: "load_average", Value: la})
	}
	mem := newBuilder(h).size("total", s.Mem.Total).size("free", s.Mem.Free).size("used", s.Mem.Used).
		add("free_percent", s.Mem.FreePercent).add("used_percent", s.Mem.UsedPercent).obj()
	swap := newBuilder(h).size("total", s.Swap.Total).size("free", s.Swap.Free).size("used", s.Swap.Used).obj()
	o := jsonout.Object{{Key: "timestamp", Value: s.TimestampMillis}, {Key: "cpu", Value: cpu}, {Key: "mem", Value: mem}, {Key: "swap", Value: swap}}
	if c := s.Cgroup; c != nil {
		o = append(o, jsonout.Field{Key: "cgroup", Value: jsonout.Object{
			{Key: "cpuacct", Value: jsonout.Object{{Key: "control_group", Value: c.CPUAcctGroup}, {Key: "usage_nanos", Value: c.CPUAcctUsageNs}}},
			{Key: "cpu", Value: jsonout.Object{{Key: "control_group", Value: c.CPUGroup}, {Key: "cfs_period_micros", Value: c.CFSPeriodMicros},
				{Key: "cfs_quota_micros", Value: c.CFSQuotaMicros}, {Key: "stat", Value: jsonout.Object{
					{Key: "number_of_elapsed_periods", Value: c.ElapsedPeriods}, {Key: "number_of_times_throttled", Value: c.TimesThrottled},
					{Key: "time_throttled_nanos", Value: c.ThrottledNanos}}}}},
			{Key: "memory", Value: jsonout.Object{{Key: "control_group", Value: c.MemoryGroup}, {Key: "limit_in_bytes", Value: c.MemoryLimitBytes},
				{Key: "usage_in_bytes", Value: c.MemoryUsageBytes}}},
		}})
	}
	return o
}

func renderProcess(h bool, p sysstats.Process) jsonout.Object {
	return jsonout.Object{
		{Key: "timestamp", Value: p.TimestampMillis},
		{Key: "open_file_descriptors", Value: p.OpenFileDescriptors},
		{Key: "max_file_descriptors", Value: p.MaxFileDescriptors},
		{Key: "cpu", Value: newBuilder(h).add("percent", p.CPUPercent).millis("total", p.CPUTotalMillis).obj()},
		{Key: "mem", Value: newBuilder(h).size("total_virtual", p.VirtualBytes).obj()},
	}
}

// renderJVM reports the Go runtime in the JVM's shape: the Go heap as the
// heap and as the young pool, Go's collector as the young collector.
func renderJVM(h bool, env Env, sys *system) jsonout.Object {
	r := sys.runtime
	pct := 0
	if r.HeapMax > 0 {
		pct = int(r.HeapUsed * 100 / r.HeapMax)
	}
	pool := func(used, max int64) jsonout.Object {
		usage := -1
		if max > 0 {
			usage = int(used * 100 / max)
		}
		return newBuilder(h).size("used", used).size("max", max).size("peak_used", used).size("peak_max", max).
			add("last_gc_stats", newBuilder(h).size("used", used).size("max", max).add("usage_percent", usage).obj()).obj()
	}
	mem := newBuilder(h).size("heap_used", r.HeapUsed).add("heap_used_percent", pct).size("heap_committed", r.HeapCommitted).
		size("heap_max", r.HeapMax).size("non_heap_used", r.NonHeapUsed).size("non_heap_committed", r.NonHeapCommitted).
		add("pools", jsonout.Object{{Key: "young", Value: pool(r.HeapUsed, 0)}, {Key: "old", Value: pool(0, r.HeapMax)}, {Key: "survivor", Value: pool(0, 0)}}).obj()
	gc := func(count, ms int64) jsonout.Object {
		return newBuilder(h).add("collection_count", count).millis("collection_time", ms).obj()
	}
	buf := func() jsonout.Object {
		return newBuilder(h).add("count", 0).size("used", 0).size("total_capacity", 0).obj()
	}
	threads := r.Goroutines
	if sys.threads > 0 {
		threads = sys.threads
	}
	return newBuilder(h).add("timestamp", env.Now.UnixMilli()).millis("uptime", r.Uptime.Milliseconds()).add("mem", mem).
		add("threads", jsonout.Object{{Key: "count", Value: threads}, {Key: "peak_count", Value: threads}}).
		add("gc", jsonout.Object{{Key: "collectors", Value: jsonout.Object{{Key: "young", Value: gc(r.GCCount, r.GCPauseMillis)}, {Key: "old", Value: gc(0, 0)}}}}).
		add("buffer_pools", jsonout.Object{{Key: "mapped", Value: buf()}, {Key: "direct", Value: buf()}, {Key: "mapped - 'non-volatile memory'", Value: buf()}}).
		add("classes", jsonout.Object{{Key: "current_loaded_count", Value: 0}, {Key: "total_loaded_count", Value: 0}, {Key: "total_unloaded_count", Value: 0}}).obj()
}

func renderFS(h bool, env Env, f sysstats.FS) jsonout.Object {
	sizes := func(b *builder) *builder {
		b.size("total", f.Total).size("free", f.Free).size("available", f.Available)
		if has(env.Version, metric{major: 2, minor: 7}) {
			b.size("cache_reserved", 0)
		}
		if has(env.Version, metric{major: 2, minor: 17}) {
			b.size("cache_utilized", 0) // file cache figures of every node since 2.17
		}
		return b
	}
	data := sizes(newBuilder(h).add("path", f.Path).add("mount", f.Mount).add("type", f.Type)).obj()
	zero := jsonout.Object{{Key: "operations", Value: 0}, {Key: "read_operations", Value: 0}, {Key: "write_operations", Value: 0},
		{Key: "read_kilobytes", Value: 0}, {Key: "write_kilobytes", Value: 0}}
	if has(env.Version, metric{major: 2, minor: 12}) {
		zero = append(zero, jsonout.Field{Key: "read_time", Value: 0}, jsonout.Field{Key: "write_time", Value: 0},
			jsonout.Field{Key: "queue_size", Value: 0}, jsonout.Field{Key: "io_time_in_millis", Value: 0})
	}
	return jsonout.Object{
		{Key: "timestamp", Value: env.Now.UnixMilli()},
		{Key: "total", Value: sizes(newBuilder(h)).obj()},
		{Key: "data", Value: []any{data}},
		{Key: "io_stats", Value: jsonout.Object{{Key: "devices", Value: []any{}}, {Key: "total", Value: zero}}},
	}
}

// renderTransport counts the simulated node-to-node traffic. Each pair of
// nodes keeps OpenSearch's default 13 connections (recovery 2, bulk 3,
// regular 6, state 1, ping 1), opened by either side.
func renderTransport(h bool, env Env, ops *NodeOps) jsonout.Object {
	peers := int64(len(env.AllNodeIDs) - 1)
	if peers < 0 {
		peers = 0
	}
	return newBuilder(h).add("server_open", 13*peers).add("total_outbound_connections", peers).
		add("rx_count", ops.rxCount.Load()).size("rx_size", ops.rxBytes.Load()).
		add("tx_count", ops.txCount.Load()).size("tx_size", ops.txBytes.Load()).obj()
}

func renderThreadPools(h bool, ops *NodeOps) jsonout.Object {
	o := make(jsonout.Object, 0, len(threadPools))
	for _, tp := range threadPools {
		p := ops.pools[tp.name]
		if p == nil {
			p = &Pool{}
		}
		largest := p.largest.Load()
		b := newBuilder(h).add("threads", largest).add("queue", 0).add("active", p.active.Load()).
			add("rejected", p.rejected.Load()).add("largest", largest).add("completed", p.completed.Load())
		if tp.wait {
			b.nanosAs("total_wait_time", "total_wait_time_in_nanos", p.waitNanos.Load())
		}
		o = append(o, jsonout.Field{Key: tp.name, Value: b.obj()})
	}
	return o
}

// breaker writes one CircuitBreakerStats: raw and human sizes always, as
// the class writes both.
func breaker(limit, estimated int64, overhead float64) jsonout.Object {
	return jsonout.Object{{Key: "limit_size_in_bytes", Value: limit}, {Key: "limit_size", Value: ByteSize(limit)},
		{Key: "estimated_size_in_bytes", Value: estimated}, {Key: "estimated_size", Value: ByteSize(estimated)},
		{Key: "overhead", Value: overhead}, {Key: "tripped", Value: 0}}
}

// renderBreakers applies OpenSearch's default limits to the Go heap limit:
// request 60%, fielddata 40%, in-flight requests 100%, parent 95% (with real
// memory accounting, so the parent's estimate is the heap in use).
func renderBreakers(_ bool, sys *system) jsonout.Object {
	heap := sys.runtime.HeapMax
	return jsonout.Object{
		{Key: "request", Value: breaker(heap*60/100, 0, 1.0)},
		{Key: "fielddata", Value: breaker(heap*40/100, 0, 1.03)},
		{Key: "in_flight_requests", Value: breaker(heap, 0, 2.0)},
		{Key: "parent", Value: breaker(heap*95/100, sys.runtime.HeapUsed, 1.0)},
	}
}

func renderDiscovery(env Env, _ Node) jsonout.Object {
	o := jsonout.Object{
		{Key: "cluster_state_queue", Value: jsonout.Object{{Key: "total", Value: 0}, {Key: "pending", Value: 0}, {Key: "committed", Value: 0}}},
		{Key: "published_cluster_states", Value: jsonout.Object{{Key: "full_states", Value: 0}, {Key: "incompatible_diffs", Value: 0}, {Key: "compatible_diffs", Value: 0}}},
	}
	if has(env.Version, metric{major: 2, minor: 12}) {
		o = append(o, jsonout.Field{Key: "cluster_state_stats", Value: jsonout.Object{{Key: "overall", Value: jsonout.Object{
			{Key: "update_count", Value: 0}, {Key: "total_time_in_millis", Value: 0}, {Key: "failed_count", Value: 0}}}}})
	}
	return o
}

// renderAdaptiveSelection lists the nodes this node has sent searches to;
// the fake's coordinating node queries its shards in process, so none.
func renderAdaptiveSelection(_ bool, _ Env) jsonout.Object { return jsonout.Object{} }

// renderIndexingPressure has no bytes in flight between requests; its
// limit is indexing_pressure.memory.limit's default, 10% of the heap.
func renderIndexingPressure(h bool, sys *system) jsonout.Object {
	five := func(b *builder) *builder {
		return b.size("combined_coordinating_and_primary", 0).size("coordinating", 0).size("primary", 0).size("replica", 0).size("all", 0)
	}
	total := five(newBuilder(h)).add("coordinating_rejections", 0).add("primary_rejections", 0).add("replica_rejections", 0).obj()
	mem := newBuilder(h).add("current", five(newBuilder(h)).obj()).add("total", total).size("limit", sys.runtime.HeapMax/10).obj()
	return jsonout.Object{{Key: "memory", Value: mem}}
}

func renderSearchBackpressure(h bool) jsonout.Object {
	task := func() jsonout.Object {
		trackers := jsonout.Object{
			{Key: "heap_usage_tracker", Value: newBuilder(h).add("cancellation_count", 0).sizeAs("current_max", "current_max_bytes", 0).
				sizeAs("current_avg", "current_avg_bytes", 0).sizeAs("rolling_avg", "rolling_avg_bytes", 0).obj()},
			{Key: "elapsed_time_tracker", Value: timeTracker(h)},
			{Key: "cpu_usage_tracker", Value: timeTracker(h)},
		}
		return jsonout.Object{{Key: "resource_tracker_stats", Value: trackers},
			{Key: "cancellation_stats", Value: jsonout.Object{{Key: "cancellation_count", Value: 0}, {Key: "cancellation_limit_reached_count", Value: 0},
				{Key: "cancelled_task_percentage", Value: 0.0}, {Key: "current_cancellation_eligible_tasks_count", Value: 0}}}}
	}
	return jsonout.Object{{Key: "search_task", Value: task()}, {Key: "search_shard_task", Value: task()}, {Key: "mode", Value: "monitor_only"}}
}

func timeTracker(h bool) jsonout.Object {
	b := newBuilder(h).add("cancellation_count", 0)
	if h {
		b.add("current_max", "0s")
	}
	b.add("current_max_millis", 0)
	if h {
		b.add("current_avg", "0s")
	}
	return b.add("current_avg_millis", 0).obj()
}

func renderResourceUsage(env Env, n Node, sys *system) jsonout.Object {
	cpu := sys.os.CPUPercent
	if cpu < 0 {
		cpu = 0
	}
	mem := 0.0
	if sys.runtime.HeapMax > 0 {
		mem = float64(sys.runtime.HeapUsed) * 100 / float64(sys.runtime.HeapMax)
	}
	one := func(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) }
	return jsonout.Object{{Key: n.ID, Value: jsonout.Object{
		{Key: "timestamp", Value: env.Now.UnixMilli()},
		{Key: "cpu_utilization_percent", Value: one(float64(cpu))},
		{Key: "memory_utilization_percent", Value: one(mem)},
		{Key: "io_usage_stats", Value: jsonout.Object{{Key: "max_io_utilization_percent", Value: "0.0"}}},
	}}}
}
