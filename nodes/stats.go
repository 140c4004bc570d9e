package nodes

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/types"
)

// Metric names a group of node statistics (StatsParams.Metrics).
type Metric string

// Values of StatsParams.Metrics.
const (
	MetricAll                   Metric = "_all"
	MetricIndices                      = "indices"
	MetricOS                           = "os"
	MetricProcess                      = "process"
	MetricJVM                          = "jvm"
	MetricThreadPool                   = "thread_pool"
	MetricFS                           = "fs"
	MetricTransport                    = "transport"
	MetricHTTP                         = "http"
	MetricBreaker                      = "breaker" // selects the `breakers` group
	MetricScript                       = "script"
	MetricDiscovery                    = "discovery"
	MetricIngest                       = "ingest"
	MetricAdaptiveSelection            = "adaptive_selection"
	MetricScriptCache                  = "script_cache"
	MetricIndexingPressure             = "indexing_pressure"
	MetricShardIndexingPressure        = "shard_indexing_pressure"
	MetricSearchBackpressure           = "search_backpressure"
	// Metrics of later 2.x versions (2.6 to 2.18); a 2.19 server knows them all.
	MetricClusterManagerThrottling       = "cluster_manager_throttling"
	MetricWeightedRouting                = "weighted_routing"
	MetricFileCache                      = "file_cache"
	MetricTaskCancellation               = "task_cancellation"
	MetricSearchPipeline                 = "search_pipeline"
	MetricResourceUsageStats             = "resource_usage_stats"
	MetricSegmentReplicationBackpressure = "segment_replication_backpressure"
	MetricRepositories                   = "repositories"
	MetricAdmissionControl               = "admission_control"
	MetricCaches                         = "caches"
	MetricRemoteStore                    = "remote_store"
)

// IndexMetric names a group inside the `indices` statistics (StatsParams.IndexMetrics).
type IndexMetric string

// Values of StatsParams.IndexMetrics.
const (
	IndexMetricDocs         IndexMetric = "docs"
	IndexMetricStore                    = "store"
	IndexMetricIndexing                 = "indexing"
	IndexMetricGet                      = "get"
	IndexMetricSearch                   = "search"
	IndexMetricMerge                    = "merge" // selects the `merges` group
	IndexMetricRefresh                  = "refresh"
	IndexMetricFlush                    = "flush"
	IndexMetricWarmer                   = "warmer"
	IndexMetricQueryCache               = "query_cache"
	IndexMetricFielddata                = "fielddata"
	IndexMetricCompletion               = "completion"
	IndexMetricSegments                 = "segments"
	IndexMetricTranslog                 = "translog"
	IndexMetricRequestCache             = "request_cache"
	IndexMetricRecovery                 = "recovery"
)

// Level says how finely the `indices` statistics are broken down.
type Level string

// Values of StatsParams.Level.
const (
	LevelNode    Level = "node"
	LevelIndices       = "indices"
	LevelShards        = "shards"
)

// StatsParams are the optional parts of a nodes stats request. The zero value asks
// every node for every group.
type StatsParams struct {
	// NodeIDs filters the nodes: ids, names, addresses, NodesLocal, NodesAll, roles
	// or attributes (see NodeAttribute). Empty means all nodes.
	NodeIDs []string `url:"-"`
	// Metrics selects groups (MetricOS, MetricJVM, ...). Empty means all.
	Metrics []Metric `url:"-"`
	// IndexMetrics selects groups inside `indices` (IndexMetricDocs, ...). Given
	// alone it implies Metrics = [indices].
	IndexMetrics []IndexMetric `url:"-"`

	// The server reads the next five only when their group is selected (fielddata,
	// completion, search, segments; all of them by default) and answers 400
	// "unrecognized parameter" otherwise. Fields stands in for whichever of
	// CompletionFields and FielddataFields is unset. (The spec's "types" is not
	// here: 2.x servers reject it.)
	CompletionFields        []string `url:"completion_fields,comma,omitempty"`
	FielddataFields         []string `url:"fielddata_fields,comma,omitempty"`
	Fields                  []string `url:"fields,comma,omitempty"`
	Groups                  []string `url:"groups,comma,omitempty"`
	IncludeSegmentFileSizes *bool    `url:"include_segment_file_sizes,omitempty"`

	Level   Level          `url:"level,omitempty"`
	Timeout types.Duration `url:"timeout,omitempty"`
	// IncludeAll and Top shape shard_indexing_pressure.stats when shard indexing
	// pressure is enabled: every shard tracker, or only the top indexing ones.
	IncludeAll *bool `url:"include_all,omitempty"`
	Top        *bool `url:"top,omitempty"`
	// Human adds the human-readable twins of sizes and times ("1.2kb" beside size_in_bytes).
	Human *bool `url:"human,omitempty"`
}

// Node filters usable in StatsParams.NodeIDs.
const (
	NodesLocal          = "_local"
	NodesAll            = "_all"
	NodesClusterManager = "_cluster_manager"
)

// NodeAttribute returns the node filter that matches nodes whose attribute (or role,
// such as "data" or "ingest" with "true"/"false") name has the value; "*" wildcards
// are allowed in both.
func NodeAttribute(name, value string) string { return name + ":" + value }

// Stats returns statistics of the cluster's nodes: GET /_nodes/<node_id>/stats/<metric>/<index_metric>.
func (s *Service) Stats(ctx context.Context, params *StatsParams) (*StatsResponse, error) {
	if params == nil {
		params = &StatsParams{}
	}
	path, err := statsPath(params.NodeIDs, params.Metrics, params.IndexMetrics)
	if err != nil {
		return nil, err
	}
	out := &StatsResponse{}
	if _, err := s.t.Do(ctx, &transport.Request{Method: http.MethodGet, Path: path, Params: params}, out); err != nil {
		return nil, err
	}
	return out, nil
}

// statsPath builds the path of a nodes stats request. An index metric needs the
// `indices` metric (or `_all`), so index metrics alone select it; with other
// metrics only, the request could never succeed and is refused here.
func statsPath(nodeIDs []string, metricList []Metric, indexMetricList []IndexMetric) (string, error) {
	metrics, indexMetrics := names(metricList), names(indexMetricList)
	for _, list := range [][]string{nodeIDs, metrics, indexMetrics} {
		for _, v := range list {
			if v == "" || strings.Contains(v, ",") {
				return "", fmt.Errorf("nodes: stats filter %q: each value must be one non-empty name (lists are joined for you)", v)
			}
		}
	}
	if len(indexMetrics) > 0 {
		if len(metrics) == 0 {
			metrics = []string{string(MetricIndices)}
		} else if !slices.Contains(metricList, MetricIndices) && !slices.Contains(metricList, MetricAll) {
			return "", fmt.Errorf("nodes: index metrics %v need metric %q or %q in Metrics", indexMetrics, MetricIndices, MetricAll)
		}
	}
	segments := []string{"_nodes", strings.Join(nodeIDs, ","), "stats", strings.Join(metrics, ","), strings.Join(indexMetrics, ",")}
	return transport.Path(segments...), nil
}

// names converts typed names to strings.
func names[T ~string](list []T) []string {
	out := make([]string, len(list))
	for i, v := range list {
		out[i] = string(v)
	}
	return out
}
