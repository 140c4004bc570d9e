package search_test

import (
	"context"
	"fmt"
	"log"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
)

// Complete what a user typed from a completion field. Each option is a
// document; its score is the input's weight, multiplied for a fuzzy
// prefix by the common start of the prefix and the shortest start of the
// input within the allowed edits: "pro" for "prog" (3 letters), "pro"
// for "prgo" too, which shares only "pr" with it.
func ExampleCompletionSuggester() {
	srv, err := fake.NewServer()
	if err != nil {
		log.Fatal(err)
	}
	defer srv.Close()
	if err := srv.CreateIndex("titles", `{"mappings":{"properties":{"suggest":{"type":"completion"}}}}`); err != nil {
		log.Fatal(err)
	}
	err = srv.IndexDocuments("titles",
		fake.Doc{ID: "1", Source: map[string]any{"suggest": map[string]any{"input": []string{"Programming Rust", "Rust"}, "weight": 5}}},
		fake.Doc{ID: "2", Source: map[string]any{"suggest": map[string]any{"input": "Programming in Go", "weight": 8}}},
	)
	if err != nil {
		log.Fatal(err)
	}
	for _, prefix := range []string{"prog", "prgo"} {
		resp, err := srv.Client().Search.Search(context.Background(), []string{"titles"}, &search.Request{Suggest: map[string]any{
			"titles": search.CompletionSuggester{Prefix: prefix, Field: "suggest", Fuzzy: &search.CompletionFuzzy{Fuzziness: 1}, Size: query.Ptr(3)},
		}}, nil)
		if err != nil {
			log.Fatal(err)
		}
		for _, o := range resp.Suggestions("titles")[0].Options {
			fmt.Printf("%s: %s (doc %s, score %v)\n", prefix, o.Text, o.ID, *o.DocScore)
		}
	}
	// Output:
	// prog: Programming in Go (doc 2, score 24)
	// prog: Programming Rust (doc 1, score 15)
	// prgo: Programming in Go (doc 2, score 16)
	// prgo: Programming Rust (doc 1, score 10)
}
