package fake_test

import (
	"context"
	"testing"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/nodes"
)

// Every metric constant of the SDK names a metric the fake (as 2.19) accepts.
func TestNodesStatsEveryMetricConstant(t *testing.T) {
	srv := fake.New(t)
	all := []nodes.Metric{nodes.MetricIndices, nodes.MetricOS, nodes.MetricProcess, nodes.MetricJVM, nodes.MetricThreadPool, nodes.MetricFS,
		nodes.MetricTransport, nodes.MetricHTTP, nodes.MetricBreaker, nodes.MetricScript, nodes.MetricDiscovery, nodes.MetricIngest,
		nodes.MetricAdaptiveSelection, nodes.MetricScriptCache, nodes.MetricIndexingPressure, nodes.MetricShardIndexingPressure,
		nodes.MetricSearchBackpressure, nodes.MetricClusterManagerThrottling, nodes.MetricWeightedRouting, nodes.MetricFileCache,
		nodes.MetricTaskCancellation, nodes.MetricSearchPipeline, nodes.MetricResourceUsageStats, nodes.MetricSegmentReplicationBackpressure,
		nodes.MetricRepositories, nodes.MetricAdmissionControl, nodes.MetricCaches, nodes.MetricRemoteStore}
	for _, m := range all {
		if _, err := srv.Client().Nodes.Stats(context.Background(), &nodes.StatsParams{Metrics: []nodes.Metric{m}}); err != nil {
			t.Errorf("metric %s: %v", m, err)
		}
	}
}
