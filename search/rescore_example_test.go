package search_test

import (
	"context"
	"fmt"
	"log"
	"strings"

	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
)

// A cheap match query finds the books; a phrase query then rescores the top
// ten of each shard, lifting the exact phrase.
func ExampleQueryRescore() {
	srv := newLibrary()
	defer srv.Close()
	client := srv.Client()

	phrase := search.QueryRescore(query.MatchPhrase("title", "go programming"))
	phrase.Query.RescoreQueryWeight = query.Ptr(2.0)
	for _, rescore := range [][]search.Rescore{nil, {phrase}} {
		resp, err := client.Search.Search(context.Background(), []string{"books"}, &search.Request{
			Query:   query.Match("title", "programming"),
			Rescore: rescore,
		}, nil)
		if err != nil {
			log.Fatal(err)
		}
		var ids []string
		for _, hit := range resp.Hits.Hits {
			ids = append(ids, hit.ID)
		}
		fmt.Println(strings.Join(ids, " "))
	}
	// Output:
	// 3 1
	// 1 3
}
