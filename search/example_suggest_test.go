package search_test

import (
	"context"
	"fmt"
	"log"

	"github.com/clustersearch/clustersearch-go/search"
)

// Suggest spelling corrections for each word of a query with the term
// suggester. "programming" is one insertion from "progamming" (score
// 1 - 1/10) and in two books; "language" one transposition from
// "langauge" (1 - 1/8).
func ExampleTermSuggester() {
	srv := newLibrary()
	defer srv.Close()
	resp, err := srv.Client().Search.Search(context.Background(), []string{"books"}, &search.Request{
		Suggest: map[string]any{"fix": search.TermSuggester{Text: "progamming langauge", Field: "title"}},
	}, nil)
	if err != nil {
		log.Fatal(err)
	}
	for _, e := range resp.Suggestions("fix") {
		for _, o := range e.Options {
			fmt.Printf("%s -> %s (score %v, freq %d)\n", e.Text, o.Text, o.Score, o.Freq)
		}
	}
	// Output:
	// progamming -> programming (score 0.9, freq 2)
	// langauge -> language (score 0.875, freq 1)
}
