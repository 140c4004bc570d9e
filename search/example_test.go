package search_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
	"github.com/clustersearch/clustersearch-go/types"
)

type Book struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Year  int    `json:"year"`
}

// newLibrary starts the in-process fake (it answers as an OpenSearch 2.x cluster would)
// with a few books.
func newLibrary() *fake.Server {
	srv, err := fake.NewServer()
	if err != nil {
		log.Fatal(err)
	}
	err = srv.CreateIndex("books", map[string]any{"mappings": map[string]any{"properties": map[string]any{
		"id": map[string]any{"type": "keyword"}, "title": map[string]any{"type": "text"}, "year": map[string]any{"type": "integer"},
	}}})
	if err != nil {
		log.Fatal(err)
	}
	err = srv.IndexDocuments("books",
		fake.Doc{ID: "1", Source: Book{"1", "The Go Programming Language", 2015}},
		fake.Doc{ID: "2", Source: Book{"2", "Go in Action", 2015}},
		fake.Doc{ID: "3", Source: Book{"3", "Programming Rust", 2017}},
	)
	if err != nil {
		log.Fatal(err)
	}
	return srv
}

func ExampleSearchAs() {
	srv := newLibrary()
	defer srv.Close()
	client := srv.Client()

	resp, err := search.SearchAs[Book](context.Background(), client.Search, []string{"books"}, &search.Request{
		Query: query.Bool().
			Must(query.Match("title", "go")).
			Filter(query.Range("year").Gte(2010)),
		Sort:           []search.Sort{search.SortBy("year", types.SortDesc), search.SortBy("id", types.SortAsc)},
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
	// 1 The Go Programming Language 2015
	// 2 Go in Action 2015
}

func ExampleService_MultiSearch() {
	srv := newLibrary()
	defer srv.Close()
	client := srv.Client()

	resp, err := client.Search.MultiSearch(context.Background(), nil, []search.MultiSearchItem{
		{Header: search.MultiSearchHeader{Index: []string{"books"}}, Body: &search.Request{Query: query.Match("title", "rust")}},
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
	srv := newLibrary()
	defer srv.Close()
	client := srv.Client()

	resp, err := client.Search.Explain(context.Background(), "books", "3", &search.ExplainRequest{Query: query.Match("title", "rust")}, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(resp.Matched, resp.Explanation.Value > 0)
	// Output: true true
}

func ExampleAll() {
	srv := newLibrary()
	defer srv.Close()
	client := srv.Client()

	body := &search.Request{Query: query.MatchAll(), Sort: []search.Sort{search.SortBy("id", types.SortAsc)}, Size: query.Ptr(2)}
	for hit, err := range search.All[Book](context.Background(), client.Search, []string{"books"}, body, nil) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(hit.ID, hit.Source.Title)
	}
	// Output:
	// 1 The Go Programming Language
	// 2 Go in Action
	// 3 Programming Rust
}

// ScrollAll reads every hit of a scroll search, page by page, and clears the
// scroll at the end; it needs no sort.
func ExampleScrollAll() {
	srv := newLibrary()
	defer srv.Close()
	client := srv.Client()

	body := &search.Request{Query: query.MatchAll(), Size: query.Ptr(2)}
	for hit, err := range search.ScrollAll[Book](context.Background(), client.Search, []string{"books"}, body, types.Duration(time.Minute), nil) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(hit.ID, hit.Source.Title)
	}
	// Output:
	// 1 The Go Programming Language
	// 2 Go in Action
	// 3 Programming Rust
}
