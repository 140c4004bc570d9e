package search_test

import (
	"context"
	"fmt"
	"log"
	"strings"

	"github.com/clustersearch/clustersearch-go/aggs"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
)

// printQueryTree prints a profiled query tree, one node a line.
func printQueryTree(q search.QueryProfile, depth int) {
	fmt.Printf("%s%s %s (scored %d)\n", strings.Repeat("  ", depth), q.Type, q.Description, q.Breakdown.ScoreCount)
	for _, c := range q.Children {
		printQueryTree(c, depth+1)
	}
}

// Profiling a search: how the shard ran the query, which collectors took
// the matches and what the aggregations did. Timings (TimeInNanos and the
// breakdowns) vary from run to run; the structure does not.
func ExampleProfile() {
	srv := newLibrary()
	defer srv.Close()
	client := srv.Client()

	resp, err := client.Search.Search(context.Background(), []string{"books"}, &search.Request{
		Profile: query.Ptr(true),
		Query:   query.Match("title", "go programming"),
		Aggs:    aggs.Aggs{"per_year": aggs.Terms("year")},
	}, nil)
	if err != nil {
		log.Fatal(err)
	}
	for _, shard := range resp.Profile.Shards {
		fmt.Println("shard", shard.Index(), shard.ShardID())
		for _, s := range shard.Searches {
			for _, q := range s.Query {
				printQueryTree(q, 1)
			}
			for _, c := range s.Collector {
				fmt.Println("  collector", c.Name, c.Reason)
				for _, k := range c.Children {
					fmt.Println("    collector", k.Name, k.Reason)
				}
			}
		}
		for _, a := range shard.Aggregations {
			fmt.Println("  aggregation", a.Description, a.Type, a.Debug.ResultStrategy, "collected", a.Breakdown.CollectCount)
		}
	}
	// Output:
	// shard books 0
	//   BooleanQuery title:go title:programming (scored 3)
	//     TermQuery title:go (scored 2)
	//     TermQuery title:programming (scored 2)
	//   collector MultiCollector search_multi
	//     collector SimpleTopScoreDocCollector search_top_hits
	//     collector ProfilingAggregator: [per_year] aggregation
	//   aggregation per_year NumericTermsAggregator long_terms collected 3
}
