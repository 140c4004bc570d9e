package fake_test

import (
	"context"
	"fmt"
	"log"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
)

// A server seeded with the direct helpers and searched through the SDK
// client it hands out. In a test, use fake.New(t) instead: it closes the
// server when the test ends.
func Example() {
	srv, err := fake.NewServer()
	if err != nil {
		log.Fatal(err)
	}
	defer srv.Close()

	if err := srv.CreateIndex("books", `{"mappings":{"properties":{"title":{"type":"text"}}}}`); err != nil {
		log.Fatal(err)
	}
	err = srv.IndexDocuments("books",
		fake.Doc{ID: "1", Source: map[string]any{"title": "The Go Programming Language"}},
		fake.Doc{ID: "2", Source: map[string]any{"title": "Learning Go the Hard Way, with Go"}},
		fake.Doc{ID: "3", Source: map[string]any{"title": "Rust in Action"}})
	if err != nil {
		log.Fatal(err)
	}

	res, err := srv.Client().Search.Search(context.Background(), []string{"books"},
		&search.Request{Query: query.Match("title", "go")}, nil)
	if err != nil {
		log.Fatal(err)
	}
	// LegacyBM25 by hand: idf = ln(1 + (3-2+0.5)/(2+0.5)) = 0.4700; book 2 has
	// "go" twice in 7 terms, book 1 once in 4, against an average of 14/3.
	fmt.Println("hits:", res.Hits.Total.Value)
	for _, h := range res.Hits.Hits {
		fmt.Printf("%s %.4f\n", h.ID, *h.Score)
	}
	// Output:
	// hits: 2
	// 2 0.5666
	// 1 0.4992
}
