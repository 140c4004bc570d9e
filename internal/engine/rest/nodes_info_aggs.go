package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/aggs"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
)

// aggregationUsage hands the aggregation registry's usage table to nodes
// info.
func aggregationUsage() []nodestats.AggregationUsage {
	info := aggs.UsageInfo()
	out := make([]nodestats.AggregationUsage, len(info))
	for i, u := range info {
		out[i] = nodestats.AggregationUsage{Name: u.Name, Types: u.Types}
	}
	return out
}
