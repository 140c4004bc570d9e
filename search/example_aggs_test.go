package search_test

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"time"

	"github.com/jarcoal/httpmock"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/aggs"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
)

// cannedCluster returns a client whose requests are answered, in turn, by
// bodies in the exact format OpenSearch 2.19 sends for the example's data.
// The examples use it until the fake serves aggregations.
func cannedCluster(bodies ...string) *clustersearch.Client {
	mock := httpmock.NewMockTransport()
	n := 0
	mock.RegisterNoResponder(func(*http.Request) (*http.Response, error) {
		resp := httpmock.NewStringResponse(200, bodies[min(n, len(bodies)-1)])
		resp.Header.Set("Content-Type", "application/json; charset=UTF-8")
		n++
		return resp, nil
	})
	c, err := clustersearch.New(clustersearch.WithAddresses("http://cluster.test:9200"), clustersearch.WithTransport(mock))
	if err != nil {
		log.Fatal(err)
	}
	return c
}

const searchHead = `{"took":2,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},` +
	`"hits":{"total":{"value":6,"relation":"eq"},"max_score":null,"hits":[]},`

// Faceted search: the hits are filtered by the user's choice (post_filter),
// while the facets count over every match of the query.
func ExampleService_Search_facets() {
	client := cannedCluster(searchHead + `"aggregations":{
		"sterms#genres":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[
			{"key":"programming","doc_count":4},{"key":"fiction","doc_count":2}]},
		"filters#price":{"buckets":{"cheap":{"doc_count":3},"expensive":{"doc_count":3}}}}}`)

	resp, err := client.Search.Search(context.Background(), []string{"books"}, &search.Request{
		Query:      query.Match("title", "go"),
		PostFilter: query.Term("genre", "programming"),
		Aggs: aggs.Aggs{
			"genres": aggs.Terms("genre").WithSize(10),
			"price": aggs.Filters(map[string]query.Query{
				"cheap":     query.Range("price").Lt(30),
				"expensive": query.Range("price").Gte(30),
			}),
		},
	}, nil)
	if err != nil {
		log.Fatal(err)
	}
	genres, err := resp.Aggregations.Terms("genres")
	if err != nil {
		log.Fatal(err)
	}
	for _, b := range genres.Buckets {
		fmt.Printf("%s (%d)\n", b.Key, b.DocCount)
	}
	price, err := resp.Aggregations.Filters("price")
	if err != nil {
		log.Fatal(err)
	}
	cheap, _ := price.Bucket("cheap")
	fmt.Println("cheap:", cheap.DocCount)
	// Output:
	// programming (4)
	// fiction (2)
	// cheap: 3
}

// A chart series: documents and average price per month, with empty months
// kept (min_doc_count 0) so the x axis has no gaps.
func ExampleService_Search_dateHistogram() {
	client := cannedCluster(searchHead + `"aggregations":{"date_histogram#per_month":{"buckets":[
		{"key_as_string":"2024-01-01T00:00:00.000Z","key":1704067200000,"doc_count":2,"avg#avg_price":{"value":25.0}},
		{"key_as_string":"2024-02-01T00:00:00.000Z","key":1706745600000,"doc_count":0,"avg#avg_price":{"value":null}},
		{"key_as_string":"2024-03-01T00:00:00.000Z","key":1709251200000,"doc_count":4,"avg#avg_price":{"value":32.5}}]}}}`)

	resp, err := client.Search.Search(context.Background(), []string{"sales"}, &search.Request{
		Size: query.Ptr(0),
		Aggs: aggs.Aggs{"per_month": aggs.DateHistogram("sold_at").
			WithCalendarInterval(aggs.Month).
			WithMinDocCount(0).
			Sub("avg_price", aggs.Avg("price"))},
	}, nil)
	if err != nil {
		log.Fatal(err)
	}
	months, err := resp.Aggregations.DateHistogram("per_month")
	if err != nil {
		log.Fatal(err)
	}
	for _, b := range months.Buckets {
		avg, err := b.Aggregations.Avg("avg_price")
		if err != nil {
			log.Fatal(err)
		}
		price := "-" // a month without sales has a null average
		if avg.Value != nil {
			price = fmt.Sprintf("%.2f", *avg.Value)
		}
		fmt.Println(b.Time().Format("2006-01"), b.DocCount, price)
	}
	// Output:
	// 2024-01 2 25.00
	// 2024-02 0 -
	// 2024-03 4 32.50
}

// Latency percentiles, looked up by percent.
func ExampleService_Search_percentiles() {
	client := cannedCluster(searchHead + `"aggregations":{"tdigest_percentiles#latency":{"values":{"50.0":120.0,"95.0":480.5,"99.0":901.0}}}}`)

	resp, err := client.Search.Search(context.Background(), []string{"requests"}, &search.Request{
		Size: query.Ptr(0),
		Aggs: aggs.Aggs{"latency": aggs.Percentiles("took_ms", 50, 95, 99)},
	}, nil)
	if err != nil {
		log.Fatal(err)
	}
	latency, err := resp.Aggregations.Percentiles("latency")
	if err != nil {
		log.Fatal(err)
	}
	p95, _ := latency.Value(95)
	fmt.Println("p95:", *p95)
	for _, p := range latency.Values {
		fmt.Printf("p%g = %g\n", p.Key, *p.Value)
	}
	// Output:
	// p95: 480.5
	// p50 = 120
	// p95 = 480.5
	// p99 = 901
}

// The newest book of each author: top_hits inside a terms aggregation, with
// the hits' _source decoded into your own type.
func ExampleService_Search_topHitsPerGroup() {
	client := cannedCluster(searchHead + `"aggregations":{"sterms#authors":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[
		{"key":"Donovan","doc_count":2,"top_hits#newest":{"hits":{"total":{"value":2,"relation":"eq"},"max_score":null,"hits":[
			{"_index":"books","_id":"1","_score":null,"_source":{"title":"The Go Programming Language","year":2015},"sort":[2015]}]}}},
		{"key":"Klabnik","doc_count":1,"top_hits#newest":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":null,"hits":[
			{"_index":"books","_id":"3","_score":null,"_source":{"title":"The Rust Programming Language","year":2018},"sort":[2018]}]}}}]}}}`)

	resp, err := client.Search.Search(context.Background(), []string{"books"}, &search.Request{
		Size: query.Ptr(0),
		Aggs: aggs.Aggs{"authors": aggs.Terms("author").
			Sub("newest", aggs.TopHits(1).WithSort(search.SortBy("year", "desc")))},
	}, nil)
	if err != nil {
		log.Fatal(err)
	}
	authors, err := resp.Aggregations.Terms("authors")
	if err != nil {
		log.Fatal(err)
	}
	type book struct {
		Title string `json:"title"`
		Year  int    `json:"year"`
	}
	for _, b := range authors.Buckets {
		top, err := b.Aggregations.TopHits("newest")
		if err != nil {
			log.Fatal(err)
		}
		books, err := aggs.Sources[book](top)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s: %s (%d)\n", b.Key, books[0].Title, books[0].Year)
	}
	// Output:
	// Donovan: The Go Programming Language (2015)
	// Klabnik: The Rust Programming Language (2018)
}

// Every (tag, year) pair, a page of composite buckets at a time.
func ExampleCompositeAll() {
	client := cannedCluster(
		searchHead+`"aggregations":{"composite#pairs":{"after_key":{"tag":"go","year":2016},"buckets":[
			{"key":{"tag":"go","year":2015},"doc_count":2},{"key":{"tag":"go","year":2016},"doc_count":1}]}}}`,
		searchHead+`"aggregations":{"composite#pairs":{"after_key":{"tag":"rust","year":2017},"buckets":[
			{"key":{"tag":"rust","year":2017},"doc_count":3}]}}}`)

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	body := &search.Request{
		Size: query.Ptr(0),
		Aggs: aggs.Aggs{"pairs": aggs.Composite(
			aggs.TermsSource("tag", "tags"),
			aggs.TermsSource("year", "year"),
		).WithSize(2)},
	}
	for b, err := range search.CompositeAll(ctx, client.Search, []string{"books"}, body, "pairs", nil) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(b.Key["tag"], b.Key["year"], b.DocCount)
	}
	// Output:
	// go 2015 2
	// go 2016 1
	// rust 2017 3
}
