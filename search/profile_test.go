package search

import (
	"os"
	"reflect"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// A profiled response in OpenSearch 2.19's shape decodes into the typed
// profile, every level of it.
func TestProfileDecodes(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("testdata/profile_219.json")
	if err != nil {
		t.Fatal(err)
	}
	var resp Response
	if err := jsonx.Unmarshal(b, &resp); err != nil {
		t.Fatal(err)
	}
	if resp.Profile == nil || len(resp.Profile.Shards) != 1 {
		t.Fatalf("profile = %+v", resp.Profile)
	}
	sh := resp.Profile.Shards[0]
	if sh.NodeID() != "nodeA_id" || sh.Index() != "books" || sh.ShardID() != 2 {
		t.Errorf("id parts = %q %q %d", sh.NodeID(), sh.Index(), sh.ShardID())
	}
	if *sh.InboundNetworkTimeInMillis != 0 || *sh.OutboundNetworkTimeInMillis != 1 || len(sh.Searches) != 1 {
		t.Errorf("shard = %+v", sh)
	}
	s := sh.Searches[0]
	q := s.Query[0]
	wantTop := QueryBreakdown{NextDoc: 900, NextDocCount: 3, Advance: 300, AdvanceCount: 1, BuildScorerCount: 2,
		CreateWeight: 30000, CreateWeightCount: 1, BuildScorer: 10000}
	if q.Type != "ConstantScoreQuery" || q.Description != "ConstantScore(genre:poetry)" || q.Time != "41.2micros" ||
		q.TimeInNanos != 41200 || q.Breakdown != wantTop || q.MaxSliceTimeInNanos != nil {
		t.Errorf("query = %+v", q)
	}
	if len(q.Children) != 1 || q.Children[0].Type != "TermQuery" || q.Children[0].Breakdown.CreateWeight != 15000 {
		t.Errorf("children = %+v", q.Children)
	}
	wantCollector := CollectorProfile{Name: "MultiCollector", Reason: "search_multi", TimeInNanos: 9000, Children: []CollectorProfile{
		{Name: "EarlyTerminatingCollector", Reason: "search_count", TimeInNanos: 1000},
		{Name: "ProfilingAggregator: [by_author]", Reason: "aggregation", TimeInNanos: 7000},
	}}
	if s.RewriteTime != 7000 || len(s.Collector) != 1 || !reflect.DeepEqual(s.Collector[0], wantCollector) {
		t.Errorf("search = %+v", s)
	}
	if len(sh.Aggregations) != 2 {
		t.Fatalf("aggregations = %+v", sh.Aggregations)
	}
	terms := sh.Aggregations[0]
	wantBreakdown := AggregationBreakdown{Initialize: 5000, InitializeCount: 1, BuildLeafCollector: 11000, BuildLeafCollectorCount: 1,
		Collect: 15000, CollectCount: 3, PostCollection: 1000, PostCollectionCount: 1, BuildAggregation: 20000, BuildAggregationCount: 1}
	if terms.Type != "GlobalOrdinalsStringTermsAggregator" || terms.Description != "by_author" || terms.TimeInNanos != 52000 || terms.Breakdown != wantBreakdown {
		t.Errorf("terms = %+v", terms)
	}
	d := terms.Debug
	if d == nil || d.CollectionStrategy != "dense" || d.ResultStrategy != "terms" || *d.SegmentsWithSingleValuedOrds != 1 ||
		*d.SegmentsWithMultiValuedOrds != 0 || *d.HasFilter || !reflect.DeepEqual(d.DeferredAggregators, []string{"pages"}) || d.TotalBuckets != nil {
		t.Errorf("terms debug = %+v", d)
	}
	if len(terms.Children) != 1 || terms.Children[0].Type != "AvgAggregator" || terms.Children[0].Debug != nil || terms.Children[0].Breakdown.CollectCount != 3 {
		t.Errorf("terms children = %+v", terms.Children)
	}
	hd := sh.Aggregations[1].Debug
	if hd == nil || *hd.OptimizedSegments != 1 || *hd.UnoptimizedSegments != 0 || *hd.LeafVisited != 1 || *hd.InnerVisited != 0 || *hd.TotalBuckets != 2 {
		t.Errorf("date_histogram debug = %+v", hd)
	}
}

// An id not in the [node][index][shard] form gives empty parts, not a panic.
func TestProfileShardIDMalformed(t *testing.T) {
	t.Parallel()
	for _, id := range []string{"", "[a][b]", "[a][b][c]", "x"} {
		s := ShardProfile{ID: id}
		if s.NodeID() != "" && id != "[a][b][c]" || s.ShardID() != -1 {
			t.Errorf("%q: %q %q %d", id, s.NodeID(), s.Index(), s.ShardID())
		}
	}
}
