// Command nodes-stats loads an index spread over the cluster's nodes and
// prints, node by node, its roles, heap use and how many documents it holds
// and indexed. It runs against an embedded three-node fake unless
// CLUSTERSEARCH_URL names a cluster.
//
//	go run ./examples/nodes-stats
package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/documents"
	"github.com/clustersearch/clustersearch-go/examples/internal/exampleenv"
	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/indices"
	"github.com/clustersearch/clustersearch-go/nodes"
	"github.com/clustersearch/clustersearch-go/types"
)

const index = "example-metrics"

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := run(ctx, os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context, out io.Writer) error {
	env, err := exampleenv.Connect(fake.WithNodes(3))
	if err != nil {
		return err
	}
	defer env.Close()
	c := env.Client
	if _, err := c.Indices.Delete(ctx, []string{index}, nil); err != nil && !types.IsNotFound(err) {
		return err
	}
	defer c.Indices.Delete(context.WithoutCancel(ctx), []string{index}, nil) //nolint:errcheck // best-effort clean-up
	if _, err := c.Indices.Create(ctx, index, &indices.CreateRequest{
		Settings: map[string]any{"number_of_shards": 3, "number_of_replicas": 0},
	}, nil); err != nil {
		return err
	}
	ops := make([]documents.BulkOperation, 30)
	for i := range ops {
		ops[i] = &documents.BulkIndex{BulkMeta: documents.BulkMeta{ID: strconv.Itoa(i)}, Document: map[string]int{"n": i}}
	}
	if _, err := c.Documents.Bulk(ctx, index, ops, &documents.BulkParams{Refresh: types.RefreshTrue}); err != nil {
		return err
	}

	// Only the groups printed below: the whole record of a node is large.
	stats, err := c.Nodes.Stats(ctx, &nodes.StatsParams{
		Metrics:      []nodes.Metric{nodes.MetricIndices, nodes.MetricJVM},
		IndexMetrics: []nodes.IndexMetric{nodes.IndexMetricDocs, nodes.IndexMetricIndexing},
	})
	if err != nil {
		return err
	}
	var total int64
	byName := map[string]nodes.NodeStats{}
	for _, n := range stats.Nodes {
		byName[n.Name] = n
	}
	for _, name := range slices.Sorted(maps.Keys(byName)) {
		n := byName[name]
		docs, indexed := n.Indices.Docs.Count, n.Indices.Indexing.IndexTotal
		total += docs
		fmt.Fprintf(out, "%s [%s]: heap %d%%, %d documents, %d indexed\n",
			name, strings.Join(n.Roles, ","), n.JVM.Mem.HeapUsedPercent, docs, indexed)
	}
	fmt.Fprintf(out, "cluster %q: %d documents on %d nodes\n", stats.ClusterName, total, len(stats.Nodes))
	return nil
}
