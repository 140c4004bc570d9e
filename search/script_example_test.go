package search_test

import (
	"context"
	"fmt"
	"log"

	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
	"github.com/clustersearch/clustersearch-go/types"
)

// Painless scripts at search time: a script_score query ranking by age, a script field.
func ExampleSortByScript() {
	srv := newLibrary()
	defer srv.Close()
	client := srv.Client()

	resp, err := search.SearchAs[Book](context.Background(), client.Search, []string{"books"}, &search.Request{
		// every book scores 2025 minus its year: the older, the higher
		Query: query.ScriptScoreOf(query.MatchAll(), types.NewScript("params.now - doc['year'].value", map[string]any{"now": 2025})),
		// ties broken by a script on the id, descending
		Sort: []search.Sort{search.SortByScore(), search.SortByScript("string", &types.Script{Source: "doc['id'].value"}, "desc")},
		ScriptFields: map[string]search.ScriptField{
			"decade": {Script: &types.Script{Source: "doc['year'].value / 10 * 10"}},
		},
		Source: query.SourceFields("title"), // script_fields alone would leave _source out
	}, nil)
	if err != nil {
		log.Fatal(err)
	}
	for _, hit := range resp.Hits.Hits {
		fmt.Println(*hit.Score, hit.Source.Title, string(hit.Fields["decade"]))
	}
	// Output:
	// 10 Go in Action [2010]
	// 10 The Go Programming Language [2010]
	// 8 Programming Rust [2010]
}
