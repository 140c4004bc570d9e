package fake_test

import (
	"context"
	"errors"
	"testing"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/nodes"
	"github.com/clustersearch/clustersearch-go/types"
)

func TestNodesStatsSDKConditionalParams(t *testing.T) {
	srv := fake.New(t)
	ctx := context.Background()
	yes, no := true, false
	res, err := srv.Client().Nodes.Stats(ctx, &nodes.StatsParams{Metrics: []nodes.Metric{nodes.MetricShardIndexingPressure}, IncludeAll: &yes, Top: &no})
	if err != nil {
		t.Fatal(err)
	}
	for id, n := range res.Nodes {
		if n.ShardIndexingPressure == nil || n.Indices != nil || n.OS != nil {
			t.Errorf("node %s: %+v", id, n)
		}
	}
	_, err = srv.Client().Nodes.Stats(ctx, &nodes.StatsParams{Metrics: []nodes.Metric{nodes.MetricOS}, Groups: []string{"g"}})
	var e *types.Error
	if !errors.As(err, &e) || e.StatusCode != 400 || e.Reason != "request [/_nodes/stats/os] contains unrecognized parameter: [groups]" {
		t.Fatalf("groups without search stats: %v", err)
	}
	if _, err := srv.Client().Nodes.Stats(ctx, &nodes.StatsParams{IndexMetrics: []nodes.IndexMetric{nodes.IndexMetricSearch}, Groups: []string{"g"}}); err != nil {
		t.Fatalf("groups with search stats: %v", err)
	}
}
