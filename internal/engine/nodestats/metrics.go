package nodestats

import (
	"sort"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/version"
)

// metric is one NodesStatsRequest.Metric: its request name, the key it
// writes and the first version that has it.
type metric struct {
	name, key    string
	major, minor int
}

// nodeMetrics are the metrics besides "indices", in the order NodeStats
// writes their groups.
var nodeMetrics = []metric{
	{"os", "os", 1, 0}, {"process", "process", 1, 0}, {"jvm", "jvm", 1, 0}, {"thread_pool", "thread_pool", 1, 0},
	{"fs", "fs", 1, 0}, {"transport", "transport", 1, 0}, {"http", "http", 1, 0}, {"breaker", "breakers", 1, 0},
	{"script", "script", 1, 0}, {"discovery", "discovery", 1, 0}, {"ingest", "ingest", 1, 0},
	{"adaptive_selection", "adaptive_selection", 1, 0}, {"script_cache", "script_cache", 1, 0},
	{"indexing_pressure", "indexing_pressure", 1, 0}, {"shard_indexing_pressure", "shard_indexing_pressure", 1, 0},
	{"search_backpressure", "search_backpressure", 2, 4}, {"cluster_manager_throttling", "cluster_manager_throttling", 2, 6},
	{"weighted_routing", "weighted_routing", 2, 6}, {"file_cache", "file_cache", 2, 7},
	{"task_cancellation", "task_cancellation", 2, 9}, {"search_pipeline", "search_pipeline", 2, 9},
	{"resource_usage_stats", "resource_usage_stats", 2, 12}, {"segment_replication_backpressure", "segment_replication_backpressure", 2, 12},
	{"repositories", "repositories", 2, 12}, {"admission_control", "admission_control", 2, 12},
	{"caches", "caches", 2, 14}, {"remote_store", "remote_store", 2, 18},
}

// indexMetrics are CommonStatsFlags.Flag rest names with the key each writes,
// in the order CommonStats writes them.
var indexMetrics = []struct{ name, key string }{
	{"docs", "docs"}, {"store", "store"}, {"indexing", "indexing"}, {"get", "get"}, {"search", "search"},
	{"merge", "merges"}, {"refresh", "refresh"}, {"flush", "flush"}, {"warmer", "warmer"},
	{"query_cache", "query_cache"}, {"fielddata", "fielddata"}, {"completion", "completion"},
	{"segments", "segments"}, {"translog", "translog"}, {"request_cache", "request_cache"}, {"recovery", "recovery"},
}

func has(v version.Version, m metric) bool {
	return v.Major > m.major || (v.Major == m.major && v.Minor >= m.minor)
}

// Selection is what a request asks for: node-level groups by metric name,
// and index-level groups by flag name (nil Index: no indices group).
type Selection struct {
	Node  map[string]bool
	Index map[string]bool
}

// All selects every group.
func All(v version.Version) Selection {
	s := Selection{Node: map[string]bool{}, Index: map[string]bool{}}
	for _, m := range nodeMetrics {
		if has(v, m) {
			s.Node[m.name] = true
		}
	}
	for _, f := range indexMetrics {
		s.Index[f.name] = true
	}
	return s
}

// tokenSet is Strings.tokenizeByCommaToSet: trimmed, non-empty, distinct.
func tokenSet(s string) map[string]bool {
	out := map[string]bool{}
	for _, t := range strings.Split(s, ",") {
		if t = strings.TrimSpace(t); t != "" {
			out[t] = true
		}
	}
	return out
}

// Suggester proposes close candidates for an unknown name, in the form
// " -> did you mean [x]?" (empty when none is close); the REST layer has
// one (Levenshtein, as BaseRestHandler.unrecognized).
type Suggester func(name string, candidates []string) string

// ParseSelection reads the metric and index_metric parameters as
// RestNodesStatsAction does. path is the request path the errors quote;
// metricParam is "" when absent (all metrics); indexMetric is nil when the
// parameter is absent.
func ParseSelection(v version.Version, path, metricParam string, indexMetric *string, suggest Suggester) (Selection, *apierr.Error) {
	if metricParam == "" {
		metricParam = "_all"
	}
	ms := tokenSet(metricParam)
	if len(ms) == 1 && ms["_all"] {
		if indexMetric != nil {
			return Selection{}, apierr.IllegalArgument("request [%s] contains index metrics [%s] but all stats requested", path, *indexMetric)
		}
		return All(v), nil
	}
	if ms["_all"] {
		return Selection{}, apierr.IllegalArgument("request [%s] contains _all and individual metrics [%s]", path, metricParam)
	}
	known := map[string]bool{"indices": true}
	for _, m := range nodeMetrics {
		if has(v, m) {
			known[m.name] = true
		}
	}
	sel := Selection{Node: map[string]bool{}}
	var invalid []string
	for m := range ms {
		switch {
		case m == "indices":
		case known[m]:
			sel.Node[m] = true
		default:
			invalid = append(invalid, m)
		}
	}
	if len(invalid) > 0 {
		return Selection{}, unrecognized(path, "metric", invalid, keys(known), suggest)
	}
	if !ms["indices"] {
		if indexMetric != nil {
			return Selection{}, apierr.IllegalArgument("request [%s] contains index metrics [%s] but indices stats not requested", path, *indexMetric)
		}
		return sel, nil
	}
	im := "_all"
	if indexMetric != nil {
		im = *indexMetric
	}
	is := tokenSet(im)
	sel.Index = map[string]bool{}
	if len(is) == 1 && is["_all"] {
		for _, f := range indexMetrics {
			sel.Index[f.name] = true
		}
		return sel, nil
	}
	flags := map[string]bool{}
	for _, f := range indexMetrics {
		flags[f.name] = true
	}
	invalid = nil
	for f := range is {
		if flags[f] {
			sel.Index[f] = true
		} else {
			invalid = append(invalid, f)
		}
	}
	if len(invalid) > 0 {
		return Selection{}, unrecognized(path, "index metric", invalid, keys(flags), suggest)
	}
	return sel, nil
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// unrecognized is BaseRestHandler.unrecognized, invalid names sorted.
func unrecognized(path, detail string, invalid, candidates []string, suggest Suggester) *apierr.Error {
	sort.Strings(invalid)
	var b strings.Builder
	b.WriteString("request [" + path + "] contains unrecognized " + detail)
	if len(invalid) > 1 {
		b.WriteString("s")
	}
	b.WriteString(": ")
	for i, s := range invalid {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("[" + s + "]")
		if suggest != nil {
			b.WriteString(suggest(s, candidates))
		}
	}
	return apierr.IllegalArgument("%s", b.String())
}
