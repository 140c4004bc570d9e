package nodestats

import (
	"os"
	"runtime"
	"sort"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/version"
)

// infoMetrics are NodesInfoRequest.Metric names in the order NodeInfo
// writes their groups, with the first version that has each.
var infoMetrics = []metric{
	{"settings", "settings", 1, 0}, {"os", "os", 1, 0}, {"process", "process", 1, 0}, {"jvm", "jvm", 1, 0},
	{"thread_pool", "thread_pool", 1, 0}, {"transport", "transport", 1, 0}, {"http", "http", 1, 0},
	{"plugins", "plugins", 1, 0}, {"ingest", "ingest", 1, 0}, {"aggregations", "aggregations", 1, 0},
	{"indices", "indices", 1, 0}, {"search_pipelines", "search_pipelines", 2, 7},
}

// InfoMetricNames lists the nodes info metrics a version knows.
func InfoMetricNames(v version.Version) map[string]bool {
	out := map[string]bool{}
	for _, m := range infoMetrics {
		if has(v, m) {
			out[m.name] = true
		}
	}
	return out
}

// ParseInfoMetrics reads a nodes info metric list as RestNodesInfoAction
// does ("" or "_all": every metric).
func ParseInfoMetrics(v version.Version, path, list string, suggest Suggester) (map[string]bool, *apierr.Error) {
	ms := tokenSet(list)
	known := InfoMetricNames(v)
	if len(ms) == 0 || (len(ms) == 1 && ms["_all"]) {
		return known, nil
	}
	if ms["_all"] {
		return nil, apierr.IllegalArgument("request [%s] contains _all and individual metrics [%s]", path, list)
	}
	var invalid []string
	for m := range ms {
		if !known[m] {
			invalid = append(invalid, m)
		}
	}
	if len(invalid) > 0 {
		return nil, unrecognized(path, "metric", invalid, keys(known), suggest)
	}
	return ms, nil
}

// InfoNode is one node of a nodes info response.
type InfoNode struct {
	Node
	HTTPAddress string
	Version     string
	BuildHash   string
	HeapMax     int64
}

// RenderInfo builds GET /_nodes for the given nodes and metrics.
func RenderInfo(env Env, clusterName string, metrics map[string]bool, human, flatSettings bool, nodes []InfoNode) jsonout.Object {
	byID := jsonout.Object{}
	for _, n := range nodes {
		byID = append(byID, jsonout.Field{Key: n.ID, Value: renderInfoNode(env, clusterName, metrics, human, flatSettings, n)})
	}
	return jsonout.Object{
		{Key: "_nodes", Value: jsonout.Object{{Key: "total", Value: len(nodes)}, {Key: "successful", Value: len(nodes)}, {Key: "failed", Value: 0}}},
		{Key: "cluster_name", Value: clusterName},
		{Key: "nodes", Value: byID},
	}
}

func renderInfoNode(env Env, clusterName string, metrics map[string]bool, human, flat bool, n InfoNode) jsonout.Object {
	host, _, _ := strings.Cut(n.TransportAddress, ":")
	b := newBuilder(human).add("name", n.Name).add("transport_address", n.TransportAddress).add("host", n.Host).add("ip", host).
		add("version", n.Version).add("build_type", "tar").add("build_hash", n.BuildHash).
		size("total_indexing_buffer", n.HeapMax/10).add("roles", n.Roles)
	if len(n.Attributes) > 0 {
		attrs := jsonout.Object{}
		for _, a := range n.Attributes {
			attrs = append(attrs, jsonout.Field{Key: a[0], Value: a[1]})
		}
		b.add("attributes", attrs)
	}
	for _, m := range infoMetrics {
		if !metrics[m.name] || !has(env.Version, m) {
			continue
		}
		switch m.name {
		case "settings":
			b.add("settings", infoSettings(clusterName, n, flat))
		case "os":
			b.add("os", jsonout.Object{{Key: "refresh_interval_in_millis", Value: 1000}, {Key: "name", Value: osName()},
				{Key: "pretty_name", Value: prettyName()}, {Key: "arch", Value: arch()}, {Key: "version", Value: kernel()},
				{Key: "available_processors", Value: runtime.NumCPU()}, {Key: "allocated_processors", Value: runtime.GOMAXPROCS(0)}})
		case "process":
			b.add("process", jsonout.Object{{Key: "refresh_interval_in_millis", Value: 1000}, {Key: "id", Value: os.Getpid()}, {Key: "mlockall", Value: false}})
		case "jvm":
			b.add("jvm", infoJVM(env, human, n))
		case "thread_pool":
			b.add("thread_pool", infoThreadPools())
		case "transport":
			b.add("transport", jsonout.Object{{Key: "bound_address", Value: []any{n.TransportAddress}}, {Key: "publish_address", Value: n.TransportAddress},
				{Key: "profiles", Value: jsonout.Object{}}})
		case "http":
			b.add("http", newBuilder(human).add("bound_address", []any{n.HTTPAddress}).add("publish_address", n.HTTPAddress).
				size("max_content_length", 100<<20).obj())
		case "plugins":
			b.add("plugins", []any{knnPlugin(n.Version)}) // knn_plugin.go
			b.add("modules", infoModules(env.Version))
		case "ingest":
			procs := make([]any, len(env.Processors))
			for i, p := range env.Processors {
				procs[i] = jsonout.Object{{Key: "type", Value: p}}
			}
			b.add("ingest", jsonout.Object{{Key: "processors", Value: procs}})
		case "aggregations":
			b.add("aggregations", infoAggregations(env.Aggregations))
		case "indices":
			b.add("indices", jsonout.Object{{Key: "total_indexing_buffer_in_bytes", Value: n.HeapMax / 10}})
		case "search_pipelines":
			b.add("search_pipelines", jsonout.Object{{Key: "request_processors", Value: []any{}}, {Key: "response_processors", Value: []any{}}})
		}
	}
	return b.obj()
}

// infoSettings are the node settings a fake node was started with, nested
// (or flat with flat_settings) and sorted by key as Settings keeps them.
func infoSettings(clusterName string, n InfoNode, flat bool) jsonout.Object {
	kv := map[string]string{"cluster.name": clusterName, "node.name": n.Name}
	for _, a := range n.Attributes {
		kv["node.attr."+a[0]] = a[1]
	}
	ks := make([]string, 0, len(kv))
	for k := range kv {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	out := jsonout.Object{}
	for _, k := range ks {
		if flat {
			out = append(out, jsonout.Field{Key: k, Value: kv[k]})
			continue
		}
		out = nest(out, strings.Split(k, "."), kv[k])
	}
	return out
}

func nest(o jsonout.Object, path []string, v string) jsonout.Object {
	if len(path) == 1 {
		return append(o, jsonout.Field{Key: path[0], Value: v})
	}
	for i := range o {
		if o[i].Key == path[0] {
			if sub, ok := o[i].Value.(jsonout.Object); ok {
				o[i].Value = nest(sub, path[1:], v)
				return o
			}
		}
	}
	return append(o, jsonout.Field{Key: path[0], Value: nest(jsonout.Object{}, path[1:], v)})
}

// infoJVM describes the Go runtime where a node describes its JVM.
func infoJVM(env Env, human bool, n InfoNode) jsonout.Object {
	started := env.Now
	if env.Registry != nil {
		started = env.Registry.started
	}
	mem := newBuilder(human).size("heap_init", 0).size("heap_max", n.HeapMax).size("non_heap_init", 0).size("non_heap_max", 0).
		size("direct_max", 0).obj()
	return newBuilder(human).add("pid", os.Getpid()).add("version", strings.TrimPrefix(runtime.Version(), "go")).add("vm_name", "Go runtime").
		add("vm_version", runtime.Version()).add("vm_vendor", "The Go Authors").add("bundled_jdk", false).add("using_bundled_jdk", nil).
		add("start_time_in_millis", started.UnixMilli()).add("mem", mem).add("gc_collectors", []any{"Go"}).
		add("memory_pools", []any{"heap"}).add("using_compressed_ordinary_object_pointers", "false").add("input_arguments", []any{}).obj()
}

// infoThreadPools gives each pool's type and size on a node with the
// machine's processors, as ThreadPool builds its executors.
func infoThreadPools() jsonout.Object {
	p := runtime.GOMAXPROCS(0)
	half := func(limit int) int { return min(limit, max(1, (p+1)/2)) }
	fixed := func(size, queue int) jsonout.Object {
		return jsonout.Object{{Key: "type", Value: "fixed"}, {Key: "size", Value: size}, {Key: "queue_size", Value: queue}}
	}
	scaling := func(core, most int, keepAlive string) jsonout.Object {
		return jsonout.Object{{Key: "type", Value: "scaling"}, {Key: "core", Value: core}, {Key: "max", Value: most},
			{Key: "keep_alive", Value: keepAlive}, {Key: "queue_size", Value: -1}}
	}
	resizable := func(size, queue int) jsonout.Object {
		return jsonout.Object{{Key: "type", Value: "resizable"}, {Key: "size", Value: size}, {Key: "queue_size", Value: queue}}
	}
	pools := map[string]jsonout.Object{
		"analyze": fixed(1, 16), "fetch_shard_started": scaling(1, 2*p, "5m"), "fetch_shard_store": scaling(1, 2*p, "5m"),
		"flush": scaling(1, half(5), "5m"), "force_merge": fixed(1, -1), "generic": scaling(4, max(128, 4*p), "30s"),
		"get": fixed(p, 1000), "index_searcher": resizable(p*3/2+1, 1000), "listener": fixed(half(10), -1),
		"management": scaling(1, 5, "5m"), "refresh": scaling(1, half(10), "5m"), "remote_purge": scaling(1, 1, "5m"),
		"remote_recovery": scaling(1, half(10), "5m"), "remote_refresh_retry": scaling(1, half(10), "5m"),
		"remote_state_read": scaling(1, p*4, "5m"), "search": resizable(p*3/2+1, 1000), "search_throttled": resizable(1, 100),
		"snapshot": scaling(1, half(5), "5m"), "system_read": fixed(half(5), 2000), "system_write": fixed(half(5), 1000),
		"translog_sync": fixed(p*4, 10000), "translog_transfer": scaling(1, p*4, "5m"), "warmer": scaling(1, half(5), "5m"),
		"write": fixed(p, 10000),
	}
	out := jsonout.Object{}
	for _, tp := range threadPools {
		out = append(out, jsonout.Field{Key: tp.name, Value: pools[tp.name]})
	}
	return out
}

// osName is System.getProperty("os.name") for this machine.
func osName() string {
	switch runtime.GOOS {
	case "linux":
		return "Linux"
	case "darwin":
		return "Mac OS X"
	case "windows":
		return "Windows"
	}
	return runtime.GOOS
}

// arch is System.getProperty("os.arch"): the JVM's names for Go's GOARCH.
func arch() string {
	switch runtime.GOARCH {
	case "arm64":
		return "aarch64"
	case "386":
		return "x86"
	}
	return runtime.GOARCH
}

// prettyName is PRETTY_NAME from /etc/os-release, as OsProbe reads it.
func prettyName() string {
	data, err := os.ReadFile("/etc/os-release")
	if err != nil {
		return osName()
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "PRETTY_NAME="); ok {
			return strings.Trim(v, `"'`)
		}
	}
	return osName()
}

// kernel is os.version: the kernel release.
func kernel() string {
	data, err := os.ReadFile("/proc/sys/kernel/osrelease")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(data))
}

// fakeModules are the bundled modules whose features the fake serves, with
// their descriptors (name, description, classname, extended plugins).
var fakeModules = [][4]string{
	{"analysis-common", "Adds \"built in\" analyzers to OpenSearch.", "org.opensearch.analysis.common.CommonAnalysisModulePlugin", ""},
	{"ingest-common", "Module for ingest processors that do not require additional security permissions or have large dependencies and resources", "org.opensearch.ingest.common.IngestCommonModulePlugin", "lang-painless"},
	{"lang-painless", "An easy, safe and fast scripting language for OpenSearch", "org.opensearch.painless.PainlessModulePlugin", ""},
	{"reindex", "The Reindex module adds APIs to reindex from one index to another or update documents in place.", "org.opensearch.index.reindex.ReindexModulePlugin", ""},
}

// infoModules renders the modules as PluginInfo.toXContent does.
func infoModules(v version.Version) []any {
	out := make([]any, len(fakeModules))
	for i, m := range fakeModules {
		extended := []any{}
		if m[3] != "" {
			extended = append(extended, m[3])
		}
		out[i] = jsonout.Object{{Key: "name", Value: m[0]}, {Key: "version", Value: v.String()}, {Key: "opensearch_version", Value: v.String()},
			{Key: "java_version", Value: "11"}, {Key: "description", Value: m[1]}, {Key: "classname", Value: m[2]},
			{Key: "custom_foldername", Value: ""}, {Key: "extended_plugins", Value: extended}, {Key: "has_native_controller", Value: false}}
	}
	return out
}

// infoAggregations renders AggregationInfo.toXContent: each aggregation
// with the array of its values source types.
func infoAggregations(aggs []AggregationUsage) jsonout.Object {
	out := make(jsonout.Object, 0, len(aggs))
	for _, a := range aggs {
		types := make([]any, len(a.Types))
		for i, t := range a.Types {
			types[i] = t
		}
		out = append(out, jsonout.Field{Key: a.Name, Value: jsonout.Object{{Key: "types", Value: types}}})
	}
	return out
}
