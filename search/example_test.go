package search_test

import (
	"context"
	"fmt"
	"log"

	"github.com/jarcoal/httpmock"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
)

// newClient returns a client whose cluster is a canned httpmock answer.
func newClient(method, path, answer string) *clustersearch.Client {
	mock := httpmock.NewMockTransport()
	mock.RegisterResponder(method, "http://cluster.test:9200"+path, httpmock.NewStringResponder(200, answer))
	c, err := clustersearch.New(clustersearch.WithAddresses("http://cluster.test:9200"), clustersearch.WithTransport(mock))
	if err != nil {
		log.Fatal(err)
	}
	return c
}

type Book struct {
	Title string `json:"title"`
	Year  int    `json:"year"`
}

func ExampleSearchAs() {
	client := newClient("POST", "/books/_search", `{"took":2,"timed_out":false,
		"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},
		"hits":{"total":{"value":2,"relation":"eq"},"max_score":null,"hits":[
		  {"_index":"books","_id":"2","_score":null,"_source":{"title":"Go in Action","year":2015},"sort":[2015]},
		  {"_index":"books","_id":"1","_score":null,"_source":{"title":"The Go Programming Language","year":2015},"sort":[2015]}]}}`)

	resp, err := search.SearchAs[Book](context.Background(), client.Search, []string{"books"}, &search.Request{
		Query: query.Bool().
			Must(query.Match("title", "go")).
			Filter(query.Range("year").Gte(2010)),
		Sort:           []search.Sort{search.SortBy("year", "desc")},
		TrackTotalHits: search.TrackTotalHitsTrue,
	}, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("total:", resp.Hits.Total.Value)
	for _, hit := range resp.Hits.Hits {
		fmt.Println(hit.ID, hit.Source.Title, hit.Source.Year)
	}
	// Output:
	// total: 2
	// 2 Go in Action 2015
	// 1 The Go Programming Language 2015
}

func ExampleService_MultiSearch() {
	client := newClient("POST", "/_msearch", `{"took":3,"responses":[
		{"took":1,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},
		 "hits":{"total":{"value":1,"relation":"eq"},"max_score":1.0,"hits":[{"_index":"books","_id":"1","_score":1.0,"_source":{"title":"Go"}}]},"status":200},
		{"error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index [films]"}],"type":"index_not_found_exception","reason":"no such index [films]"},"status":404}]}`)

	resp, err := client.Search.MultiSearch(context.Background(), nil, []search.MultiSearchItem{
		{Header: search.MultiSearchHeader{Index: []string{"books"}}, Body: &search.Request{Query: query.MatchAll()}},
		{Header: search.MultiSearchHeader{Index: []string{"films"}}, Body: &search.Request{Query: query.MatchAll()}},
	}, nil)
	if err != nil {
		log.Fatal(err)
	}
	for i, entry := range resp.Responses {
		if entry.Failed() {
			fmt.Println(i, entry.Status, entry.Error.Type)
			continue
		}
		fmt.Println(i, entry.Status, entry.Hits.Total.Value, "hit(s)")
	}
	// Output:
	// 0 200 1 hit(s)
	// 1 404 index_not_found_exception
}

func ExampleService_Explain() {
	client := newClient("POST", "/books/_explain/1", `{"_index":"books","_id":"1","matched":true,
		"explanation":{"value":0.2876821,"description":"weight(title:go in 0) [PerFieldSimilarity], result of:","details":[]}}`)

	resp, err := client.Search.Explain(context.Background(), "books", "1", &search.ExplainRequest{Query: query.Match("title", "go")}, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(resp.Matched, resp.Explanation.Value, resp.Explanation.Description)
	// Output: true 0.2876821 weight(title:go in 0) [PerFieldSimilarity], result of:
}

func ExampleAll() {
	client := newClient("POST", "/books/_search", `{"took":1,"timed_out":false,
		"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},
		"hits":{"total":{"value":1,"relation":"eq"},"max_score":null,"hits":[
		  {"_index":"books","_id":"1","_score":null,"_source":{"title":"Go","year":2015},"sort":["1"]}]}}`)

	body := &search.Request{Query: query.MatchAll(), Sort: []search.Sort{search.SortBy("id", "asc")}}
	for hit, err := range search.All[Book](context.Background(), client.Search, []string{"books"}, body, nil) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(hit.ID, hit.Source.Title)
	}
	// Output: 1 Go
}
