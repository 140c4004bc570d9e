// Package knnstats computes the k-NN plugin's stats (KNNStatsConfig) over
// the fake's indexes: query counters summed over the indexes, the warm graph
// cache, and which engines the mappings use. The counters are reported by
// the first node, the others print zeroes (the fake keeps no per-node split).
package knnstats

import (
	"math"
	"sort"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/cluster"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/knn"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

// clusterStats are the plugin's cluster-level stat names (KNNStatsConfig).
func clusterStats() []string { return []string{"circuit_breaker_triggered", "model_index_status"} }

// nodeStats are the plugin's node-level stat names, in the order it prints them.
func nodeStats() []string {
	return []string{"max_distance_query_with_filter_requests", "graph_memory_usage_percentage", "graph_query_requests",
		"graph_memory_usage", "cache_capacity_reached", "load_success_count", "training_memory_usage", "indices_in_cache",
		"script_query_errors", "hit_count", "knn_query_requests", "total_load_time", "miss_count", "min_score_query_requests",
		"knn_query_with_filter_requests", "training_memory_usage_percentage", "max_distance_query_requests", "lucene_initialized",
		"graph_index_requests", "faiss_initialized", "load_exception_count", "training_errors", "min_score_query_with_filter_requests",
		"eviction_count", "nmslib_initialized", "script_compilations", "script_query_requests", "graph_query_errors",
		"indexing_from_model_degraded", "graph_index_errors", "training_requests", "script_compilation_errors"}
}

// cacheLimitKB is the plugin's default cache limit (50% of a 1 GB
// heap, knn.memory.circuit_breaker.limit), for the usage percentages.
const cacheLimitKB = 512 * 1024

// Want checks a comma-separated stat list and returns it as a set (empty
// for all stats); path is the request path the error names.
func Want(list, path string) (map[string]bool, *apierr.Error) {
	want := map[string]bool{}
	if list == "" {
		return want, nil
	}
	var bad []string
	for _, name := range strings.Split(list, ",") {
		if !containsStr(clusterStats(), name) && !containsStr(nodeStats(), name) {
			bad = append(bad, name)
		}
		want[name] = true
	}
	if len(bad) > 0 {
		return nil, apierr.IllegalArgument("request [%s] contains unrecognized stat: [%s]", path, strings.Join(bad, ", "))
	}
	return want, nil
}

// Stats is the body of GET /_plugins/_knn/stats: the wanted stats (all when
// want is empty) of the nodes whose id or name is in filter (all when nil).
func Stats(c *cluster.Cluster, idx *indices.Service, want map[string]bool, filter []string) jsonout.Object {
	keep := func(name string) bool { return len(want) == 0 || want[name] }
	var q, qf, md, mdf, ms, msf, sq, se, sc, loads int64
	engines := map[knn.Engine]bool{}
	cache := jsonout.Object{}
	var memKB int64
	all := idx.All()
	sort.Slice(all, func(i, j int) bool { return all[i].Name < all[j].Name })
	for _, x := range all {
		c := &x.KNN
		q += c.Queries.Load()
		qf += c.FilterQueries.Load()
		md += c.MaxDistance.Load()
		mdf += c.MaxDistanceFilter.Load()
		ms += c.MinScore.Load()
		msf += c.MinScoreFilter.Load()
		sq += c.ScriptQueries.Load()
		se += c.ScriptErrors.Load()
		sc += c.ScriptCompilations.Load()
		fieldsOf(x, func(cfg *mapping.KNNConfig) {
			if cfg.Method != "" {
				engines[cfg.Engine] = true
			}
		})
		if c.Warm.Load() {
			loads++
			var bytes int64
			for _, sh := range x.Shards {
				bytes += sh.VectorBytes()
			}
			kb := (bytes + 1023) / 1024
			memKB += kb
			cache = append(cache, jsonout.Field{Key: x.Name, Value: jsonout.Object{
				{Key: "graph_memory_usage", Value: kb},
				{Key: "graph_memory_usage_percentage", Value: pct(kb)},
				{Key: "graph_count", Value: len(x.Shards)},
			}})
		}
	}
	values := map[string]any{
		"max_distance_query_with_filter_requests": mdf, "graph_memory_usage_percentage": pct(memKB), "graph_query_requests": q + md + ms,
		"graph_memory_usage": memKB, "cache_capacity_reached": false, "load_success_count": loads, "training_memory_usage": 0,
		"indices_in_cache": cache, "script_query_errors": se, "hit_count": max(q+md+ms-loads, 0), "knn_query_requests": q,
		"total_load_time": 0, "miss_count": loads, "min_score_query_requests": ms, "knn_query_with_filter_requests": qf,
		"training_memory_usage_percentage": 0.0, "max_distance_query_requests": md, "lucene_initialized": engines[knn.Lucene],
		"graph_index_requests": 0, "faiss_initialized": engines[knn.Faiss], "load_exception_count": 0, "training_errors": 0,
		"min_score_query_with_filter_requests": msf, "eviction_count": 0, "nmslib_initialized": engines[knn.NMSLIB],
		"script_compilations": sc, "script_query_requests": sq, "graph_query_errors": 0, "indexing_from_model_degraded": false,
		"graph_index_errors": 0, "training_requests": 0, "script_compilation_errors": 0,
	}
	nodes := c.Nodes
	nodesObj := jsonout.Object{}
	for i, n := range nodes {
		if filter != nil && !containsStr(filter, n.ID) && !containsStr(filter, n.Name) {
			continue
		}
		o := jsonout.Object{}
		for _, name := range nodeStats() {
			if !keep(name) {
				continue
			}
			v := values[name]
			if i > 0 { // counters live on the first node
				v = zeroOf(v)
			}
			o = append(o, jsonout.Field{Key: name, Value: v})
		}
		nodesObj = append(nodesObj, jsonout.Field{Key: n.ID, Value: o})
	}
	body := jsonout.Object{
		{Key: "_nodes", Value: jsonout.Object{{Key: "total", Value: len(nodesObj)}, {Key: "successful", Value: len(nodesObj)}, {Key: "failed", Value: 0}}},
		{Key: "cluster_name", Value: c.Name},
	}
	if keep("circuit_breaker_triggered") {
		body = append(body, jsonout.Field{Key: "circuit_breaker_triggered", Value: false})
	}
	if keep("model_index_status") {
		body = append(body, jsonout.Field{Key: "model_index_status", Value: nil})
	}
	return append(body, jsonout.Field{Key: "nodes", Value: nodesObj})
}

// pct is kb as a percentage of the cache limit, two decimals.
func pct(kb int64) float64 {
	return math.Round(float64(kb)*100/cacheLimitKB*100) / 100
}

// zeroOf is the zero of a stat value, as the other nodes report it.
func zeroOf(v any) any {
	switch x := v.(type) {
	case int64:
		return int64(0)
	case float64:
		return 0.0
	case bool:
		return false
	case jsonout.Object:
		return jsonout.Object{}
	default:
		return x
	}
}

// containsStr reports whether list holds s.
func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// fieldsOf calls fn for each knn_vector field of an index.
func fieldsOf(x *indices.Index, fn func(*mapping.KNNConfig)) {
	var walk func(fs map[string]*mapping.Field)
	walk = func(fs map[string]*mapping.Field) {
		for _, f := range fs {
			if f.IsObject() {
				walk(f.Props)
			} else if cfg := f.KNN(); cfg != nil {
				fn(cfg)
			}
		}
	}
	walk(x.Mapping().Root.Props)
}

// Warm loads (load true) or evicts the k-NN graphs of the named indexes and
// returns how many shards they have.
func Warm(idx *indices.Service, names []string, load bool) int {
	shards := 0
	for _, n := range names {
		if x, ok := idx.Get(n); ok {
			x.KNN.Warm.Store(load)
			shards += len(x.Shards)
		}
	}
	return shards
}
