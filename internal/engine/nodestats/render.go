package nodestats

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/sysstats"
	"github.com/clustersearch/clustersearch-go/internal/engine/version"
)

// Copy is one shard copy a node holds, with the figures the engine has.
type Copy struct {
	Index, IndexUUID string
	Shard            int
	Primary          bool
	Docs, Deleted    int64
	// StoreBytes is the bytes the copy keeps (sources of every version held).
	StoreBytes int64
	// Ops is the number of operations since the shard started (its last
	// sequence number + 1): the translog the fake never trims.
	Ops int64
	// Fielddata is the memory of the fielddata the copy holds, by field
	// (global ordinals; the primary, which serves the searches, only).
	Fielddata map[string]int64
}

// Node is one node to render.
type Node struct {
	Pos              int // position in the cluster (Registry.Node)
	ID, Name, Host   string
	TransportAddress string
	Roles            []string
	Attributes       [][2]string // in the order the node lists them
	Copies           []Copy      // sorted by index name, then shard, primaries first
}

// ScriptCounters are the script compilation counters of a node.
type ScriptCounters struct {
	Compilations, CacheEvictions, CompilationLimitTriggered int64
	// Contexts, when set, holds the counters per script context (the sum is
	// then the fields above); nil means every compilation was an update one.
	Contexts map[string]ScriptCounters
}

// Env is what rendering reads besides the nodes: the cluster's version, the
// time, the machine and the script cache.
type Env struct {
	Version  version.Version
	Now      time.Time
	Registry *Registry
	// Sampler reads the machine figures (one per server is enough: the
	// simulated nodes share the machine).
	Sampler *sysstats.Sampler
	// DataPath is the directory the fs group measures.
	DataPath string
	// Scripts returns the update context's cache counters (nil: none).
	Scripts func() ScriptCounters
	// Ingest returns the ingest counters of the node that runs pipelines
	// (node 0); nil: no pipelines.
	Ingest func() IngestStats
	// AllNodeIDs lists every node id, for adaptive_selection.
	AllNodeIDs []string
	// OpenContexts counts the cluster's open search contexts kept outside
	// the registry (the scroll store); they are reported on node 0.
	OpenContexts func() int
	// Processors are the ingest processor types the nodes run, sorted.
	Processors []string
	// Aggregations are the aggregation types the nodes register with
	// the values source types of each, in AggregationInfo's order.
	Aggregations []AggregationUsage
}

// AggregationUsage is one entry of the nodes info aggregations section.
type AggregationUsage struct {
	Name  string
	Types []string
}

// Request holds the options of one nodes stats request.
type Request struct {
	Selection Selection
	// Level is "node" (default), "indices" or "shards".
	Level string
	Human bool
	// IncludeSegmentFileSizes fills segments.file_sizes.
	IncludeSegmentFileSizes bool
	// Groups are the search groups asked for (the fake records none).
	Groups []string
	// FielddataFields and CompletionFields are the fields asked for
	// (fielddata_fields or fields, completion_fields or fields).
	FielddataFields, CompletionFields []string
}

// Render builds the whole response for the selected nodes.
func Render(env Env, clusterName string, req Request, nodes []Node) (jsonout.Object, *apierr.Error) {
	if req.Level == "" {
		req.Level = "node"
	}
	if req.Selection.Index != nil && !equalFold(req.Level, "node", "indices", "shards") {
		return nil, apierr.IllegalArgument("level parameter must be one of [indices] or [node] or [shards] but was [%s]", req.Level)
	}
	sys := readSystem(env, req)
	byID := jsonout.Object{}
	for _, n := range nodes {
		byID = append(byID, jsonout.Field{Key: n.ID, Value: renderNode(env, req, n, sys)})
	}
	return jsonout.Object{
		{Key: "_nodes", Value: jsonout.Object{{Key: "total", Value: len(nodes)}, {Key: "successful", Value: len(nodes)}, {Key: "failed", Value: 0}}},
		{Key: "cluster_name", Value: clusterName},
		{Key: "nodes", Value: byID},
	}, nil
}

func equalFold(s string, opts ...string) bool {
	for _, o := range opts {
		if len(o) == len(s) {
			same := true
			for i := 0; i < len(s); i++ {
				a, b := s[i], o[i]
				if 'A' <= a && a <= 'Z' {
					a += 'a' - 'A'
				}
				if a != b {
					same = false
					break
				}
			}
			if same {
				return true
			}
		}
	}
	return false
}

// system holds the machine readings shared by every node of one response.
type system struct {
	os      sysstats.OS
	process sysstats.Process
	runtime sysstats.Runtime
	threads int64
	fs      sysstats.FS
}

func readSystem(env Env, req Request) *system {
	s := &system{}
	sel := req.Selection.Node
	if env.Sampler == nil {
		env.Sampler = sysstats.NewSampler()
	}
	if sel["os"] || sel["jvm"] || sel["breaker"] || sel["indexing_pressure"] || sel["resource_usage_stats"] {
		s.os = env.Sampler.ReadOS(env.Now)
	}
	if sel["process"] {
		s.process = env.Sampler.ReadProcess(env.Now)
	}
	if sel["jvm"] || sel["breaker"] || sel["indexing_pressure"] || sel["resource_usage_stats"] {
		started := env.Now
		if env.Registry != nil {
			started = env.Registry.started
		}
		s.runtime = sysstats.ReadRuntime(started, env.Now, s.os.Mem.Total)
		s.threads = env.Sampler.Threads()
	}
	if sel["fs"] {
		path := env.DataPath
		if path == "" {
			path = "."
		}
		s.fs = env.Sampler.ReadFS(path)
	}
	return s
}

func renderNode(env Env, req Request, n Node, sys *system) jsonout.Object {
	o := jsonout.Object{
		{Key: "timestamp", Value: env.Now.UnixMilli()},
		{Key: "name", Value: n.Name},
		{Key: "transport_address", Value: n.TransportAddress},
		{Key: "host", Value: n.Host},
		{Key: "ip", Value: n.TransportAddress},
		{Key: "roles", Value: n.Roles},
	}
	if len(n.Attributes) > 0 {
		attrs := jsonout.Object{}
		for _, a := range n.Attributes {
			attrs = append(attrs, jsonout.Field{Key: a[0], Value: a[1]})
		}
		o = append(o, jsonout.Field{Key: "attributes", Value: attrs})
	}
	if req.Selection.Index != nil {
		o = append(o, jsonout.Field{Key: "indices", Value: renderIndices(env, req, n)})
	}
	var ops *NodeOps
	if env.Registry != nil {
		ops = env.Registry.Node(n.Pos)
	}
	if ops == nil {
		ops = &NodeOps{pools: map[string]*Pool{}}
	}
	for _, m := range nodeMetrics {
		if !req.Selection.Node[m.name] || !has(env.Version, m) {
			continue
		}
		v := renderGroup(env, req, n, ops, sys, m.name)
		if v == nil {
			continue // the group is null on this node (file_cache off search nodes)
		}
		o = append(o, jsonout.Field{Key: m.key, Value: v})
	}
	return o
}

func renderGroup(env Env, req Request, n Node, ops *NodeOps, sys *system, name string) any {
	h := req.Human
	switch name {
	case "os":
		return renderOS(h, sys.os)
	case "process":
		return renderProcess(h, sys.process)
	case "jvm":
		return renderJVM(h, env, sys)
	case "thread_pool":
		return renderThreadPools(h, ops)
	case "fs":
		return renderFS(h, env, sys.fs)
	case "transport":
		return renderTransport(h, env, ops)
	case "http":
		return jsonout.Object{{Key: "current_open", Value: ops.httpOpen.Load()}, {Key: "total_opened", Value: ops.httpTotal.Load()}}
	case "breaker":
		return renderBreakers(h, sys)
	case "script":
		return scriptObject(scripts(env))
	case "discovery":
		return renderDiscovery(env, n)
	case "ingest":
		return renderIngest(h, env, n)
	case "adaptive_selection":
		return renderAdaptiveSelection(h, env)
	case "script_cache":
		return renderScriptCache(scripts(env))
	case "indexing_pressure":
		return renderIndexingPressure(h, sys)
	case "shard_indexing_pressure":
		zero := jsonout.Object{{Key: "node_limits", Value: 0}, {Key: "no_successful_request_limits", Value: 0}, {Key: "throughput_degradation_limits", Value: 0}}
		return jsonout.Object{{Key: "stats", Value: jsonout.Object{}}, {Key: "total_rejections_breakup_shadow_mode", Value: zero},
			{Key: "enabled", Value: false}, {Key: "enforced", Value: false}}
	case "search_backpressure":
		return renderSearchBackpressure(h)
	case "cluster_manager_throttling":
		return jsonout.Object{{Key: "stats", Value: jsonout.Object{{Key: "total_throttled_tasks", Value: 0}, {Key: "throttled_tasks_per_task_type", Value: jsonout.Object{}}}}}
	case "weighted_routing":
		return jsonout.Object{{Key: "stats", Value: jsonout.Object{{Key: "fail_open_count", Value: 0}}}}
	case "file_cache":
		return nil // only nodes with the search role have a file cache
	case "task_cancellation":
		post := func() jsonout.Object {
			return jsonout.Object{{Key: "current_count_post_cancel", Value: 0}, {Key: "total_count_post_cancel", Value: 0}}
		}
		return jsonout.Object{{Key: "search_shard_task", Value: post()}, {Key: "search_task", Value: post()}}
	case "search_pipeline":
		phase := func() jsonout.Object {
			return newBuilder(h).add("count", 0).millis("time", 0).add("current", 0).add("failed", 0).obj()
		}
		return jsonout.Object{{Key: "total_request", Value: phase()}, {Key: "total_response", Value: phase()}, {Key: "pipelines", Value: jsonout.Object{}}}
	case "resource_usage_stats":
		return renderResourceUsage(env, n, sys)
	case "segment_replication_backpressure":
		return jsonout.Object{{Key: "total_rejected_requests", Value: 0}}
	case "repositories":
		return []any{}
	case "admission_control":
		rc := func() jsonout.Object {
			return jsonout.Object{{Key: "transport", Value: jsonout.Object{{Key: "rejection_count", Value: jsonout.Object{}}}}}
		}
		return jsonout.Object{{Key: "global_cpu_usage", Value: rc()}, {Key: "global_io_usage", Value: rc()}}
	case "caches":
		rc := newBuilder(h).size("size", 0).add("evictions", 0).add("hit_count", 0).add("miss_count", 0).add("item_count", 0).
			add("store_name", "opensearch_onheap").obj()
		return jsonout.Object{{Key: "request_cache", Value: rc}}
	case "remote_store":
		return jsonout.Object{{Key: "last_successful_fetch_of_pinned_timestamps", Value: 0}}
	}
	return nil
}

func scripts(env Env) ScriptCounters {
	if env.Scripts == nil {
		return ScriptCounters{}
	}
	return env.Scripts()
}

func scriptObject(c ScriptCounters) jsonout.Object {
	return jsonout.Object{{Key: "compilations", Value: c.Compilations}, {Key: "cache_evictions", Value: c.CacheEvictions},
		{Key: "compilation_limit_triggered", Value: c.CompilationLimitTriggered}}
}

// scriptContexts are the script contexts of a default 2.x node, sorted by
// name as ScriptCacheStats writes them.
var scriptContexts = []string{"aggregation_selector", "aggs", "aggs_combine", "aggs_init", "aggs_map", "aggs_reduce",
	"analysis", "bucket_aggregation", "field", "filter", "ingest", "interval", "moving-function", "number_sort",
	"painless_test", "processor_conditional", "score", "script_heuristic", "similarity", "similarity_weight",
	"string_sort", "template", "terms_set", "update"}

func renderScriptCache(c ScriptCounters) jsonout.Object {
	var ctxs []any
	for _, name := range scriptContexts {
		var cc ScriptCounters
		if x, ok := c.Contexts[name]; ok {
			cc = x
		} else if name == "update" && c.Contexts == nil {
			cc = c
		}
		ctxs = append(ctxs, append(jsonout.Object{{Key: "context", Value: name}}, scriptObject(cc)...))
	}
	return jsonout.Object{{Key: "sum", Value: scriptObject(c)}, {Key: "contexts", Value: ctxs}}
}
