package search_test

import (
	"context"
	"testing"

	"github.com/clustersearch/clustersearch-go/aggs"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
)

// A profiled search comes back with a typed profile: the query tree, the
// collectors and the aggregations, with measured (positive) timings.
func TestFakeProfileTyped(t *testing.T) {
	t.Parallel()
	svc := newShop(t)
	resp := searchAggs(t, svc, &search.Request{Profile: query.Ptr(true), Size: query.Ptr(0),
		Query: query.Term("tag", "go"),
		Aggs:  aggs.Aggs{"avg_price": aggs.Avg("price")}}, nil)
	if resp.Profile == nil || len(resp.Profile.Shards) != 1 {
		t.Fatalf("profile = %+v", resp.Profile)
	}
	sh := resp.Profile.Shards[0]
	if sh.Index() != "shop" || sh.ShardID() != 0 || sh.NodeID() == "" || len(sh.Searches) != 1 {
		t.Fatalf("shard = %+v", sh)
	}
	q := sh.Searches[0].Query[0]
	if q.Type != "ConstantScoreQuery" || q.Description != "ConstantScore(tag:go)" || q.TimeInNanos <= 0 ||
		len(q.Children) != 1 || q.Children[0].Type != "TermQuery" || q.Children[0].Description != "tag:go" {
		t.Errorf("query = %+v", q)
	}
	if b := q.Children[0].Breakdown; b.NextDocCount != 3 || b.AdvanceCount != 1 || b.BuildScorerCount != 1 || b.CreateWeightCount != 1 || b.ScoreCount != 0 {
		t.Errorf("term breakdown = %+v", b)
	}
	c := sh.Searches[0].Collector
	if len(c) != 1 || c[0].Name != "MultiCollector" || len(c[0].Children) != 2 ||
		c[0].Children[0].Name != "EarlyTerminatingCollector" || c[0].Children[1].Name != "ProfilingAggregator: [avg_price]" {
		t.Errorf("collectors = %+v", c)
	}
	a := sh.Aggregations
	if len(a) != 1 || a[0].Type != "AvgAggregator" || a[0].Description != "avg_price" || a[0].Breakdown.CollectCount != 3 ||
		a[0].Breakdown.Collect <= 0 || a[0].TimeInNanos <= 0 || a[0].Debug != nil {
		t.Errorf("aggregations = %+v", a)
	}
}

// Each search of a multi-search carries its own profile when it asks.
func TestFakeProfileInMultiSearch(t *testing.T) {
	t.Parallel()
	svc := newShop(t)
	resp, err := svc.MultiSearch(context.Background(), []string{"shop"}, []search.MultiSearchItem{
		{Body: &search.Request{Profile: query.Ptr(true), Query: query.Match("tag", "rust")}},
		{Body: &search.Request{Query: query.Match("tag", "rust")}},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Responses) != 2 || resp.Responses[1].Profile != nil {
		t.Fatalf("responses = %+v", resp.Responses)
	}
	p := resp.Responses[0].Profile
	if p == nil || len(p.Shards) != 1 {
		t.Fatalf("profile = %+v", p)
	}
	s := p.Shards[0].Searches[0]
	if s.Query[0].Type != "TermQuery" || s.Query[0].Breakdown.ScoreCount != 1 || s.Collector[0].Name != "SimpleTopScoreDocCollector" ||
		s.Collector[0].Reason != "search_top_hits" || s.Collector[0].TimeInNanos <= 0 {
		t.Errorf("search = %+v", s)
	}
}
