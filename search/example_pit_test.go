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

// Paging through a point in time: books added after CreatePIT stay out of
// the pages, and the point in time is deleted when done.
func ExampleService_CreatePIT() {
	srv := newLibrary()
	defer srv.Close()
	client := srv.Client()
	ctx := context.Background()

	pit, err := client.Search.CreatePIT(ctx, []string{"books"}, &search.CreatePITParams{KeepAlive: types.Duration(time.Minute)})
	if err != nil {
		log.Fatal(err)
	}
	defer client.Search.DeletePIT(ctx, pit.PitID)

	// A write after the point in time: invisible to searches over it.
	if err := srv.IndexDocuments("books", fake.Doc{ID: "4", Source: Book{"4", "Learning Go", 2021}}); err != nil {
		log.Fatal(err)
	}

	body := &search.Request{
		PIT:  &search.PointInTime{ID: pit.PitID, KeepAlive: types.Duration(time.Minute)},
		Sort: []search.Sort{search.SortBy("id", types.SortAsc)}, // unique: search_after needs a tie-breaker
		Size: query.Ptr(2),
	}
	for hit, err := range search.All[Book](ctx, client.Search, nil, body, nil) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(hit.Source.ID, hit.Source.Title)
	}
	// Output:
	// 1 The Go Programming Language
	// 2 Go in Action
	// 3 Programming Rust
}
